"""The rewards on the play page: the peak bonus rises where a peak fell (the figure the
server's answer pays, Hogue's scoring included), the win's shower
of suits plays before the end dialog (none under prefers-reduced-motion), and the
optional sounds: off by default, on when toggled, remembered across reloads. The page's
WebAudio calls are spied on (each tone started is recorded with its frequency); the
tunes are told apart by their notes (frontend/static/arena/js/sound.js)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant, new_game
from games.engine.layouts import TRIPEAKS_PEAK_MASKS
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import card, click_token, start_from_home, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser

# Every tone the page starts, recorded before the page's own script runs.
AUDIO_SPY = """(() => {
  window.__tones = [];
  const Real = window.AudioContext || window.webkitAudioContext;
  class Spy extends Real {
    createOscillator() {
      const osc = super.createOscillator();
      const start = osc.start.bind(osc);
      osc.start = (when) => { window.__tones.push(osc.frequency.value); start(when); };
      return osc;
    }
  }
  window.AudioContext = Spy;
  window.webkitAudioContext = Spy;
})()"""

# Labels rising on the table and the win's shower, as they appear and go.
REWARD_WATCH = """() => {
  window.__rewards = [];
  const felt = document.querySelector('.table-felt');
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.classList && node.classList.contains('float-label')) {
          const box = node.getBoundingClientRect();
          window.__rewards.push({ kind: 'label', text: node.textContent,
            x: box.left + box.width / 2, moves: document.getElementById('hud-moves').textContent });
        } else if (node.classList && node.classList.contains('celebration')) {
          window.__rewards.push({ kind: 'shower', bits: node.children.length,
            dialog: document.getElementById('end-dialog').open });
        }
      }
      for (const node of r.removedNodes) {
        if (node.classList && node.classList.contains('celebration')) {
          window.__rewards.push({ kind: 'shower-gone' });
        }
      }
    }
  }).observe(felt, { childList: true, subtree: true });
}"""

MOVE, DRAW, REFUSED = [660], [440], [220]
BONUS, WIN = [784, 988, 1319], [523, 659, 784, 1047]


def tones(page: Any) -> list[float]:
    return [round(f) for f in page.evaluate("window.__tones")]


def peak_falls(code: str, line: list[str]) -> list[int]:
    """The moves (1-based) after which one more peak is empty (the engine's state)."""
    game, falls, emptied = new_game(code), [], 0
    for index, token in enumerate(line, start=1):
        game.apply(token)
        now = sum(game.removed & mask == mask for mask in TRIPEAKS_PEAK_MASKS)
        if now > emptied:
            falls.append(index)
        emptied = now
    return falls


@pytest.mark.parametrize(
    ("viewport", "touch", "motion"),
    [(DESKTOP, False, "no-preference"), (PHONE, True, "no-preference"),
     (DESKTOP, False, "reduce")],
    ids=["1366x768", "390x844", "reduced-motion"],
)
def test_peak_bonuses_rise_where_peaks_fall_then_the_win_showers(
    new_page: Any, viewport: dict[str, int], touch: bool, motion: str
) -> None:
    code = DealCode(Variant.TP_E, 2).text
    line = find_win(code)
    assert line is not None
    falls = peak_falls(code, line)
    assert len(falls) == 3 and falls[-1] == len(line)
    page = new_page(viewport, touch=touch, reduced_motion=motion)
    page.add_init_script(AUDIO_SPY)
    page.add_init_script("localStorage.setItem('arena.sounds', 'on')")
    start_from_home(page, 2, "TP-E")
    page.evaluate(REWARD_WATCH)
    centres, shown = {}, []
    for token in line:
        if token != "D":
            box = card(page, token).bounding_box()
            centres[token] = box["x"] + box["width"] / 2
        click_token(page, token, touch=touch)
        shown.append(page.evaluate("window.__rewards.filter((r) => r.kind === 'label').length"))
    expect(page.locator("#end-title")).to_have_text("You won!")
    rewards = page.evaluate("window.__rewards")

    labels = [r for r in rewards if r["kind"] == "label"]
    assert [r["text"] for r in labels] == ["+100 peak bonus"] * 3, rewards
    # Each as its peak fell (counted once each move's answer is drawn), not before.
    assert shown == [sum(fall <= move for fall in falls) for move in range(1, len(line) + 1)]
    for label, move in zip(labels, falls, strict=True):
        # Over the card whose removal emptied the peak.
        assert abs(label["x"] - centres[line[move - 1]]) < 2, (label, line[move - 1])

    showers = [r for r in rewards if r["kind"] == "shower"]
    if motion == "reduce":
        assert showers == []
    else:
        assert len(showers) == 1 and showers[0]["bits"] == 36
        assert showers[0]["dialog"] is False  # the end dialog waits for the shower
        assert rewards[-1]["kind"] == "shower-gone"
    expect(page.locator("#end-dialog")).to_be_visible()
    # The sounds were on: one bonus tune per peak (the last one with the win's tune).
    heard = tones(page)
    assert sum(heard[i : i + 3] == BONUS for i in range(len(heard))) == 3, heard
    assert heard[-4:] == WIN, heard
    screenshot(page, f"play-won-rewards-{viewport['width']}x{viewport['height']}-{motion}")
    assert page.js_errors == []


def bonuses_paid(code: str, line: list[str]) -> list[int]:
    """What the engine's steps pay for each peak emptied along ``line``."""
    game = new_game(code)
    return [step.bonus for step in map(game.apply, line) if step.peak_cleared]


@pytest.mark.parametrize(
    ("viewport", "touch"), [(DESKTOP, False), (PHONE, True)], ids=["1366x768", "390x844"]
)
def test_the_peak_bonus_shown_is_the_one_the_server_paid_under_hogues_scoring(
    new_page: Any, viewport: dict[str, int], touch: bool
) -> None:
    # Deal 2 under Hogue's scoring (H): a peak pays 15, 15 or 30 plus the run's points,
    # so the bonus is none of the rules' peak bonuses; the page shows the step's figure.
    code = "TP1-EH-AAAAAAC"
    line = find_win(code)
    assert line is not None
    first = peak_falls(code, line)[0]
    paid = bonuses_paid(code, line[:first])
    assert len(paid) == 1 and paid[0] not in (15, 30), paid
    page = new_page(viewport, touch=touch)
    answers: list[Any] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda text: answers.append(json.loads(text)))

    page.on("websocket", on_socket)
    page.goto("/")
    wait_ready(page)
    page.locator("#open-form input[name=code]").fill(code)
    page.locator('#open-form button[value="play"]').click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    wait_ready(page)
    expect(page.locator("#deal-code")).to_have_text(code)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    page.evaluate(REWARD_WATCH)
    for token in line[:first]:
        click_token(page, token, touch=touch)
    page.wait_for_function("window.__rewards.some((r) => r.kind === 'label')")
    labels = [r["text"] for r in page.evaluate("window.__rewards") if r["kind"] == "label"]
    from_server = [
        frame["game"]["peak_bonus"]
        for frame in answers
        if frame.get("type") == "state" and frame["game"].get("peak_bonus") is not None
    ]
    assert from_server == paid, answers[-1]
    assert labels == [f"+{paid[0]} peak bonus"], labels
    assert page.js_errors == []


def refused_card(code: str, log: list[str]) -> str:
    """A free face-up card that does not fit the discard after ``log`` (the engine's view)."""
    game = new_game(code)
    for token in log:
        game.apply(token)
    view = game.view()
    return next(
        slot["card"]
        for slot in view["tableau"]
        if slot and slot.get("free") and slot.get("card") and slot["card"] not in view["legal"]
    )


def test_sounds_are_off_by_default_on_when_toggled_and_remembered(new_page: Any) -> None:
    code = DealCode(Variant.TP_E, 2).text
    page = new_page(DESKTOP)
    page.add_init_script(AUDIO_SPY)
    start_from_home(page, 2, "TP-E")
    toggle = page.get_by_label("Sounds")
    expect(toggle).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('arena.sounds')") is None
    click_token(page, "D")
    card(page, refused_card(code, ["D"])).click()
    expect(page.locator("#help-line")).not_to_be_empty()
    assert tones(page) == []  # nothing at all while off

    toggle.check()
    assert tones(page) == MOVE  # the toggle answers with a blip
    assert page.evaluate("localStorage.getItem('arena.sounds')") == "on"
    page.reload()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.get_by_label("Sounds")).to_be_checked()  # remembered
    assert tones(page) == []
    click_token(page, "D")
    assert tones(page) == DRAW
    card(page, refused_card(code, ["D", "D"])).click()
    page.wait_for_function("window.__tones.length === 2")
    assert tones(page) == DRAW + REFUSED
    legal = new_game(code)
    legal.apply("D")
    legal.apply("D")
    playable = next(t for t in legal.view()["legal"] if t != "D")
    click_token(page, playable)
    assert tones(page) == DRAW + REFUSED + MOVE

    page.get_by_label("Sounds").uncheck()
    page.reload()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.get_by_label("Sounds")).not_to_be_checked()
    click_token(page, "D")
    page.wait_for_timeout(300)
    assert tones(page) == []
    assert page.js_errors == []
