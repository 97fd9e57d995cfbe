"""A deal drawn as cards for the admin pages (the Deal admin and the DailyDeal admin):
its tableau as the rule books draw it, then its first discard card and its stock in order.

Admins are trusted with every card: face-down cards are drawn too, marked as such.
"""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.engine import card_symbol, dealt_cards, suit
from games.engine.layouts import PYRAMID_ROWS, TRIPEAKS_ROWS

CARD_W = 2.6  # em: one card's width; positions are in half-card steps
CARD_H = 3.4  # em
ROW_STEP = 2.0  # em between rows, so rows overlap like the real layouts

_CARD_STYLE = (
    "position:absolute;left:{left}em;top:{top}em;width:{w}em;height:{h}em;"
    "border:1px {border} #555;border-radius:.3em;background:{bg};color:{color};"
    "font:600 1.05em/1 sans-serif;text-align:center;padding-top:.35em;box-sizing:border-box"
)


def _card(card: int, left: float, top: float, face_down: bool = False) -> SafeString:
    style = _CARD_STYLE.format(
        left=left, top=top, w=CARD_W, h=CARD_H,
        border="dashed" if face_down else "solid",
        bg="#eef" if face_down else "#fff",
        color="#c00" if suit(card) in (1, 2) else "#111",
    )  # fmt: skip
    title = "face down at the start" if face_down else "face up"
    return format_html('<span style="{}" title="{}">{}</span>', style, title, card_symbol(card))


def _positions(code: str) -> list[tuple[int, float, int]]:
    """(tableau index, x in half-cards, row) of each card, as the rule books draw them."""
    placed: list[tuple[int, float, int]] = []
    if code.startswith("PY"):
        for row, positions in enumerate(PYRAMID_ROWS):
            for i, pos in enumerate(positions):
                placed.append((pos, 6 - row + 2 * i, row))
        return placed
    x_of_row: list[list[float]] = [
        [3 + 6 * p for p in range(3)],  # peak tops
        [2 + 6 * p + 2 * j for p in range(3) for j in range(2)],
        [1 + 2 * k for k in range(9)],
        [2 * k for k in range(10)],
    ]
    for row, positions in enumerate(TRIPEAKS_ROWS):
        placed.extend((pos, x, row) for pos, x in zip(positions, x_of_row[row], strict=True))
    return placed


def layout_html(code: str) -> SafeString:
    """The deal's tableau as cards, then its first discard card and its stock in order."""
    dealt = dealt_cards(code)
    tripeaks = not code.startswith("PY")
    placed = _positions(code)
    cards = [
        _card(dealt.tableau[pos], x * CARD_W / 2, row * ROW_STEP, tripeaks and row < 3)
        for pos, x, row in placed
    ]
    width = (max(x for _, x, _ in placed) + 2) * CARD_W / 2
    height = max(row for _, _, row in placed) * ROW_STEP + CARD_H
    stock = dealt.stock
    return format_html(
        '<div style="position:relative;width:{}em;height:{}em;margin:.5em 0">{}</div>'
        "<p>Discard: {} · Stock ({} cards, first drawn first): {}</p>",
        width,
        height,
        format_html_join("", "{}", ((card,) for card in cards)),
        card_symbol(dealt.discard[-1]) if dealt.discard else "none",  # empty-discard variant
        len(stock),
        " ".join(card_symbol(card) for card in stock),
    )
