"""Every refusal of the platform has its French and Romanian words in the gettext catalogs,
the engine's catalog says word for word what the engine's table says (the rule books'
sentences; the engine cannot read gettext itself), and every reason the engine raises
reaches the player in French and Romanian: the rule books' sentences word for word, the
others (worded in English by the engine) through the platform's catalogs."""

from __future__ import annotations

import ast
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
from games.engine import errors as engine_errors
from games.engine.errors import ENGLISH, LANGUAGES, MESSAGES, REASONS, EngineError
from games.services.errors import (
    ENGINE_MESSAGES,
    GameServiceError,
    NumberOutOfRange,
    engine_message,
)
from leaderboards.services.series import SeriesRefused

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "frontend" / "locale"
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


def _engine_error_names() -> set[str]:
    names = {"unseen_card_error"}
    for name, value in vars(engine_errors).items():
        if isinstance(value, type) and issubclass(value, EngineError):
            names.add(name)
    return names


def reasons_raised() -> set[str]:
    """Every reason or wording code written in the engine's source: the class defaults
    (``reason = "bad_card"``) and the literal codes given to an engine error's
    constructor (``IllegalActionError(detail, "stock_empty")``, ``wording="bad_code_game"``)."""
    names = _engine_error_names()
    found: set[str] = set()
    for path in (ROOT / "games" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name in names:
                for item in node.body:
                    if isinstance(item, ast.AnnAssign | ast.Assign) and isinstance(
                        item.value, ast.Constant
                    ):
                        found.add(item.value.value)
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in names:
                continue
            codes = node.args if node.func.id == "unseen_card_error" else node.args[1:]
            codes = [*codes, *(k.value for k in node.keywords if k.arg in ("reason", "wording"))]
            found |= {c.value for c in codes if isinstance(c, ast.Constant)}
    found.discard("error")  # EngineError's own default, never raised bare
    return found


def test_the_engine_words_every_reason_it_raises_once() -> None:
    assert reasons_raised() <= set(REASONS)
    assert {"stock_empty", "card_fits", "bad_code_game", "blocked_by_another"} <= reasons_raised()
    assert not set(MESSAGES) & set(ENGLISH)


def test_the_platform_translates_the_engines_english_word_for_word() -> None:
    """The catalogs' msgids of the engine's other reasons are the engine's English."""
    assert set(ENGINE_MESSAGES) == set(ENGLISH)
    for reason, english in ENGLISH.items():
        assert translated(ENGINE_MESSAGES[reason], "en") == english, reason
        assert engine_message(reason, "en") == english


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_every_engine_reason_reaches_the_player_in_their_language(lang: str) -> None:
    for reason in REASONS:
        words = engine_message(reason, lang)
        assert words.strip() and words != engine_message(reason, "en"), reason
    for reason, texts in MESSAGES.items():  # the rule books' sentences, word for word
        assert engine_message(reason, lang) == texts[LANGUAGES.index(lang)]
