"""The page speaks French, Romanian and English: the rule books' words, word for word, the
cards' accessible names from the engine, and complete translation catalogs."""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.errors import message
from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.helpers import card, set_language, start_from_home, wait_ready

LOCALE = Path(__file__).resolve().parents[2] / "frontend" / "locale"


@pytest.mark.browser
def test_romanian_blocked_card(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 1, "TP-E")
    set_language(page, "ro")
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    expect(page.locator("#btn-new")).to_have_text("Partidă nouă")
    expect(page.locator("#btn-undo")).to_contain_text("Anulează")
    # The piles shown (a hidden "Under the top" pile exists for Pyramid's variant D only).
    labels = page.locator("#board .pile:not([hidden]) .pile-label")
    expect(labels).to_have_text(["Teanc de tragere", "Teanc de decartare"])
    expect(page.locator("h1")).to_contain_text("TriPeaks Ușor")
    face_down = page.locator('#board .tableau .card[aria-label="carte ascunsă"]')
    expect(face_down).to_have_count(18)
    first_up = page.locator("#board .tableau .card.up").first
    assert re.search(r" de (treflă|caro|cupă|pică)$", first_up.get_attribute("aria-label") or "")

    face_down.last.click(position={"x": 10, "y": 6})
    expect(page.locator("#help-line")).to_have_text("Această carte este blocată")
    screenshot(page, "play-tripeaks-desktop-ro")

    # A visible card that does not follow the discard: the other rule-book message.
    view = page.evaluate("JSON.parse(document.getElementById('arena-play').textContent).game.view")
    misfit = next(
        entry["card"]
        for entry in view["tableau"]
        if entry and entry["free"] and entry["card"] not in view["legal"]
    )
    card(page, misfit, "ro").click()
    expect(page.locator("#help-line")).to_have_text(
        "Trebuie să aibă o valoare cu o treaptă mai mare sau mai mică"
    )


@pytest.mark.browser
def test_french_pages_and_rule_names(new_page: Any) -> None:
    page = new_page(DESKTOP, locale="fr-FR")  # Accept-Language picks French
    page.goto("/")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    picker = page.locator("#open-form .seg")
    expect(picker).to_contain_text("TriPeaks Facile")
    expect(picker).to_contain_text("TriPeaks Classique")
    expect(picker).to_contain_text("Pyramide")
    expect(page.locator("#open-form")).to_contain_text("Code de partie")
    page.locator("#open-form input[name=code]").fill("TP1-C-AAAAAAB")
    page.locator('#open-form button[value="play"]').click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator("h1")).to_contain_text("TriPeaks Classique")
    expect(page.locator("#deal-code")).to_have_text("TP1-C-AAAAAAB")
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Pioche : 23 cartes")
    expect(page.locator("#discard")).to_have_attribute("aria-label", re.compile(r"^Défausse : "))
    # A bad code gets the server's message in French, and no game starts.
    page.goto("/")
    wait_ready(page)
    page.locator("#open-form input[name=code]").fill("TP1-X-AAAAAAB")
    page.locator('#open-form button[value="play"]').click()
    expect(page.locator("#open-error")).to_have_text(
        "Code de partie invalide : la règle est E (Facile) ou C (Classique) pour TP, N pour PY"
    )


def _entries(path: Path) -> list[tuple[str, list[str], bool]]:
    """(msgid, msgstrs, fuzzy) of every entry but the header."""
    text = path.read_text(encoding="utf-8")
    entries = []
    for block in re.split(r"\n\s*\n", text):
        if block.lstrip().startswith("#~"):
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if line.startswith('"') and key is not None:
                fields[key] += line[1:-1]
            elif " " in line:
                key, value = line.split(" ", 1)
                fields[key] = value[1:-1]
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        strs = [v for k, v in fields.items() if k.startswith("msgstr")]
        msgid = fields["msgid"]
        if "msgctxt" in fields:
            msgid = f"{fields['msgctxt']}\x04{msgid}"  # how .mo files key a context
        entries.append((msgid, strs, "#, fuzzy" in block))
    return entries


@pytest.mark.parametrize("lang", ["fr", "ro", "en"])
@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_catalogs_are_complete_and_compiled(lang: str, domain: str) -> None:
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    mo = po.with_suffix(".mo")
    entries = _entries(po)
    assert len(entries) > 20
    untranslated = [msgid for msgid, strs, _ in entries if not strs or not all(strs)]
    fuzzy = [msgid for msgid, _, is_fuzzy in entries if is_fuzzy]
    assert untranslated == [] and fuzzy == []
    # The compiled catalog is the current one (a stale .mo would show old words).
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for msgid, strs, _ in entries:
        if len(strs) == 1 and "\\" not in msgid and '\\"' not in strs[0]:
            assert compiled.gettext(msgid) == strs[0], msgid


@pytest.mark.parametrize("lang", ["fr", "ro"])
def test_rule_book_words_reach_the_page_word_for_word(lang: str) -> None:
    """The page shows the engine's messages (fr/ro from the rule books) as they are."""
    from django.utils import translation

    from frontend.cards import client_strings

    with translation.override(lang):
        strings = client_strings()
    for reason in ("blocked", "blocked_by_another", "not_adjacent", "sum_not_13", "no_moves"):
        assert strings["rules"][reason] == message(reason, lang)
    expected = {
        "fr": ("Plus aucun coup possible", "carte cachée", "7 de pique", "TriPeaks Facile"),
        "ro": (
            "Nu mai există nicio mutare posibilă",
            "carte ascunsă",
            "7 de pică",
            "TriPeaks Ușor",
        ),
    }[lang]
    assert strings["rules"]["no_moves"] == expected[0]
    assert strings["faceDown"] == expected[1]
    assert strings["cards"]["7S"]["name"] == expected[2]
    assert strings["variants"]["TP-E"] == expected[3]
