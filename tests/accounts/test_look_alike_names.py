"""Display names are stored NFKC-normalised, and a name that looks like one already taken
(same TR39 confusable skeleton, accounts/names.py) is refused as taken.

The attack (issue 12): Cyrillic "\\u0430dmin" was accepted beside "admin" on the boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile
from accounts.names import normalise, skeleton

pytestmark = pytest.mark.django_db

PASSWORD = "tripeaks-Sunrise-42"


def signup(username: str, display_name: str) -> Any:
    return Client().post("/accounts/signup/", {
        "username": username, "display_name": display_name, "email": f"{username}@example.com",
        "password1": PASSWORD, "password2": PASSWORD,
    })  # fmt: skip


@pytest.mark.parametrize(
    "look_alike",
    [
        "\u0430dmin",  # Cyrillic a
        "\uff41\uff44\uff4d\uff49\uff4e",  # full width
        "ADMIN",
        "adrnin",  # r n for m
        "adm\u0456n",  # Cyrillic i
        "a\u0501min",  # Cyrillic komi de
    ],
)
def test_a_look_alike_of_a_taken_name_is_refused_as_taken(look_alike: str) -> None:
    assert signup("first", "admin").status_code == 302
    answer = signup("second", look_alike)
    assert answer.status_code == 400
    assert answer.context["form"].errors["display_name"] == ["This display name is taken."]
    assert not User.objects.filter(username="second").exists()
    assert list(Profile.objects.values_list("display_name", flat=True)) == ["admin"]


def test_names_are_stored_nfkc_normalised() -> None:
    assert signup("wide", "\uff22\uff4f\uff42  \uff34\uff57\uff4f").status_code == 302
    assert Profile.objects.get(user__username="wide").display_name == "Bob Two"


def test_different_names_stay_different() -> None:
    for i, name in enumerate(["Jose", "Jos\u00e9", "alice", "alicia", "Zoe"]):
        assert signup(f"u{i}", name).status_code == 302, name
    assert Profile.objects.count() == 5


def test_users_created_elsewhere_get_a_name_no_one_looks_like() -> None:
    signup("gina", "r\u043eot")  # Cyrillic o: "root" to the eye
    root = User.objects.create_superuser("root", password=PASSWORD)
    assert skeleton(root.profile.display_name) != skeleton("root")


@pytest.mark.parametrize(
    ("a", "b"), [("\u0430dmin", "admin"), ("b0b", "bob"), ("adm1n", "admln"), ("m", "rn")]
)
def test_skeletons_of_look_alikes_are_equal(a: str, b: str) -> None:
    assert skeleton(a) == skeleton(b)
    assert normalise(f"  {a}\t ") == a


def test_the_admin_refuses_renaming_a_player_to_a_look_alike() -> None:
    signup("first", "admin")
    signup("second", "Eve")
    staff = User.objects.create_superuser("root", password=PASSWORD)
    client = Client()
    client.force_login(staff)
    eve = Profile.objects.get(user__username="second")
    answer = client.post(f"/admin/accounts/profile/{eve.pk}/change/",
                         {"user": eve.user_id, "display_name": "\u0430dmin"})  # fmt: skip
    assert answer.status_code == 200  # the form again, with the error
    assert "This display name is taken." in answer.content.decode()
    eve.refresh_from_db()
    assert eve.display_name == "Eve"
