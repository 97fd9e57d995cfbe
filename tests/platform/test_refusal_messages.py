"""Every refusal of the platform has its French and Romanian words in the gettext catalogs,
and the engine's catalog says word for word what the engine's table says (the rule books'
sentences; the engine cannot read gettext itself)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils.functional import Promise

import core.ratelimit
import games.services.errors
import leaderboards.errors
import leaderboards.reviews
import leaderboards.services.series
import leaderboards.services.submissions
import matches.errors
from core.errors import REFUSAL, Refusal, all_refusal_types, translated
from core.ratelimit import RateLimited, Verdict
from games.engine.errors import LANGUAGES, MESSAGES
from games.services.errors import GameServiceError, NumberOutOfRange
from leaderboards.services.series import SeriesRefused

LOCALE = Path(__file__).resolve().parents[2] / "frontend" / "locale"
FAMILIES = (
    core.ratelimit.RateLimited,
    games.services.errors.GameServiceError,
    leaderboards.errors.LeaderboardsRefusal,
    leaderboards.reviews.ReviewUnavailable,
    leaderboards.services.submissions.SubmissionRefused,
    leaderboards.services.series.SeriesRefused,
    matches.errors.MatchError,
)


def wordings() -> dict[str, Promise]:
    """(family, code) -> wording, over every refusal type the apps define."""
    found: dict[str, Promise] = {}
    for klass in all_refusal_types():
        for code, wording in vars(klass).get("messages", {}).items():
            found[f"{klass.__module__}.{klass.__name__}:{code}"] = wording
    return found


def test_every_refusal_family_is_a_platform_refusal() -> None:
    assert all(issubclass(family, Refusal) for family in FAMILIES)
    assert set(FAMILIES) <= set(all_refusal_types())
    assert len(wordings()) >= 40


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_every_refusal_code_has_words_in_the_catalog(lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / "django.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    missing = []
    for name, wording in wordings().items():
        english = translated(wording, "en")
        words = compiled.pgettext(REFUSAL, english)
        if words == english or not words.strip():
            missing.append(name)
        else:
            assert translated(wording, lang) == words, name
    assert missing == []


def test_a_refusal_speaks_the_language_asked_with_its_parameters() -> None:
    out_of_range = NumberOutOfRange(9, 7)
    assert out_of_range.message("fr") == (
        "Ce numéro de partie n'existe pas : les parties vont de 1 à 7"
    )
    assert out_of_range.message("ro-RO").endswith("de la 1 la 7")
    assert out_of_range.message("de") == "No deal has this number: deals go from 1 to 7"
    limited = RateLimited(Verdict(False, 4, 3, retry_after=12))
    assert limited.payload("ro") == {
        "reason": "rate_limited",
        "message": "Prea multe cereri: reîncercați peste 12 s",
        "retry_after": 12,
    }
    assert SeriesRefused("a series needs a title").payload("fr") == {
        "reason": "bad_series",
        "message": "Série invalide",
        "detail": "a series needs a title",
    }
    assert GameServiceError("no_such_code").message("fr") == "no_such_code"


@pytest.mark.django_db
def test_the_api_answers_a_refusal_in_the_requests_language() -> None:
    answer = Client().get("/api/deals/TP1-E-AAAAAAB0", HTTP_ACCEPT_LANGUAGE="ro")
    assert answer.status_code == 400
    assert answer.json()["error"]["reason"] == "bad_code"
    assert answer.json()["error"]["message"].startswith("Cod de partidă invalid")


_ENTRY = re.compile(r'^msgctxt "(.*)"\nmsgid "(.*)"\nmsgstr "(.*)"$', re.MULTILINE)


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_the_engine_catalog_says_what_the_engine_says(lang: str) -> None:
    text = (LOCALE / lang / "LC_MESSAGES" / "engine.po").read_text(encoding="utf-8")
    catalog = {code: (msgid, msgstr) for code, msgid, msgstr in _ENTRY.findall(text)}
    index = LANGUAGES.index(lang)
    expected = {code: (texts[2], texts[index]) for code, texts in MESSAGES.items()}
    assert catalog == expected
