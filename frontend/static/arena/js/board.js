// Draws the player's view (docs/architecture.md, "The player's view") as CSS cards.
// It knows the shape of the layouts (where each tableau index sits on the table) and
// nothing of the rules: which card is free and what is legal always comes from the server.

import {
  cardInfo, el, fmt, gettext, ngettext, strings,
} from "./common.js";

// TriPeaks (SPEC §4): rows of 3, 6, 9, 10; x in card widths, row r at half-card steps.
const TRIPEAKS_X = [
  1.5, 4.5, 7.5,
  1, 2, 4, 5, 7, 8,
  0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
];
const TRIPEAKS_ROW = [0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];

function pyramidPlace(index) {
  let row = 0;
  while (((row + 1) * (row + 2)) / 2 <= index) row += 1;
  const i = index - (row * (row + 1)) / 2;
  return { x: 3 - row / 2 + i, row };
}

export function place(game, index) {
  if (game === "PY") return pyramidPlace(index);
  return { x: TRIPEAKS_X[index], row: TRIPEAKS_ROW[index] };
}

export function gameOf(variant) {
  // "PY", or a Pyramid variant such as "PY+SR1" (issue 17).
  return variant && variant.split("+")[0] === "PY" ? "PY" : "TP";
}

/** A card face (or back) as a <button>; `token` null means face down. */
export function cardFace(token, { tag = "button", extraClass = "" } = {}) {
  const info = token ? cardInfo(token) : null;
  const node = el(tag, { class: `card ${extraClass}`.trim() });
  if (tag === "button") node.type = "button";
  fillCard(node, token, info);
  return node;
}

function fillCard(node, token, info) {
  node.replaceChildren();
  node.classList.remove("back", "red", "face", "up", "empty-pile", "recycle");
  delete node.dataset.card;
  if (!token || !info) {
    node.classList.add("back");
    node.setAttribute("aria-label", strings.faceDown);
    return;
  }
  node.dataset.card = token;
  node.classList.add("up");
  if (info.red) node.classList.add("red");
  if (info.value > 10) node.classList.add("face");
  node.setAttribute("aria-label", info.name);
  // The face is a picture of the card: its rank and suit glyphs are drawn by CSS from
  // `data-glyph` (arena.css), not text, so that the card's one label is its name (the
  // engine's, localised), never "J♠ J♠ J♠" read off the picture (WCAG 2.5.3, axe's
  // label-content-name-mismatch, on in tests/browser/test_every_page.py).
  const glyph = (cls, text) => el("span", { class: cls, "data-glyph": text });
  const corner = (where) =>
    el("span", { class: `corner ${where}`, "aria-hidden": "true" },
      glyph("r", info.rank), glyph("s", info.suit));
  const pip = info.value > 10
    ? el("span", { class: "pip", "aria-hidden": "true" }, glyph("fl", info.rank), glyph("fs", info.suit))
    : el("span", { class: "pip", "aria-hidden": "true" }, glyph("ps", info.suit));
  node.append(corner("tl"), pip, corner("br"));
}

/**
 * A board bound to a container. `render(view, {selected})` updates it in place, keeping the
 * same element for each tableau position so that keyboard focus survives a move.
 */
/** Does one of the server's legal pairs take ``token``? Under the literature's two new
 * pairings (a card with its last covering card, the stock against the discard) a card
 * that is not free may still be picked: which, the server's legal actions say. */
export function inLegalPair(view, token) {
  return !!token && (view.legal || []).some((action) => action.includes("+") && action.split("+").includes(token));
}

export class Board {
  constructor(root, { variant, interactive = true, onCard, onStock, onDiscard, onUnder } = {}) {
    this.root = root;
    this.variant = variant;
    this.game = gameOf(variant);
    this.interactive = interactive;
    this.onCard = onCard;
    this.onStock = onStock;
    this.onDiscard = onDiscard;
    this.onUnder = onUnder;
    this.slots = [];
    this.view = null;
    this.build();
  }

  build() {
    const game = this.game;
    this.area = el("div", { class: "board-area", "data-game": game });
    this.tableau = el("div", { class: "tableau", role: "group", "aria-label": game === "PY" ? gettext("Pyramid") : gettext("Peaks") });
    for (let index = 0; index < 28; index += 1) {
      const { x, row } = place(game, index);
      const slot = el("div", { class: "slot", style: `--x:${x};--y:${row};--z:${row + 1}`, "data-pos": index });
      const button = cardFace(null);
      button.dataset.pos = String(index);
      if (this.interactive) {
        button.addEventListener("click", () => this.onCard && this.onCard(index, button));
      } else {
        button.tabIndex = -1;
        button.setAttribute("aria-disabled", "true");
      }
      slot.append(button);
      this.tableau.append(slot);
      this.slots.push({ slot, button });
    }

    // Stock and discard.
    this.stockButton = el("button", { type: "button", class: "card back", id: "stock" });
    this.stockCount = el("span", { class: "count-badge", "aria-hidden": "true" });
    this.stockWrap = el("div", { class: "stock-wrap" },
      el("span", { class: "stack-2", "aria-hidden": "true" }),
      el("span", { class: "stack-1", "aria-hidden": "true" }),
      this.stockButton, this.stockCount);
    this.discardButton = cardFace(null);
    this.discardButton.id = "discard";
    this.discardCount = el("span", { class: "count-badge", "aria-hidden": "true" });
    this.discardWrap = el("div", { class: "discard-wrap" },
      el("span", { class: "under", "aria-hidden": "true" }), this.discardButton, this.discardCount);
    // Stock against discard (Pyramid variant D): the card under the top, which the view
    // shows as ``discard_under`` only under that rule; hidden otherwise.
    this.underButton = cardFace(null);
    this.underButton.id = "discard-under";
    this.underPile = el("div", { class: "pile", hidden: "" },
      this.underButton, el("span", { class: "pile-label", "aria-hidden": "true", text: gettext("Under the top") }));
    if (this.interactive) {
      this.stockButton.addEventListener("click", () => this.onStock && this.onStock());
      this.discardButton.addEventListener("click", () => this.onDiscard && this.onDiscard(this.discardButton));
      this.underButton.addEventListener("click", () => this.onUnder && this.onUnder());
    } else {
      for (const b of [this.stockButton, this.discardButton, this.underButton]) { b.tabIndex = -1; b.setAttribute("aria-disabled", "true"); }
    }
    const piles = el("div", { class: "piles" },
      el("div", { class: "pile" }, this.stockWrap, el("span", { class: "pile-label", "aria-hidden": "true", text: gettext("Stock") })),
      el("div", { class: "pile" }, this.discardWrap, el("span", { class: "pile-label", "aria-hidden": "true", text: gettext("Discard") })),
      this.underPile);
    this.area.append(this.tableau, piles);
    this.root.replaceChildren(this.area);
  }

  /** Elements a keyboard player may land on: free face-up cards (and covered ones a
   * legal pair takes), then the piles. */
  playable() {
    const cards = this.slots
      .filter(({ button, slot }) => !slot.classList.contains("gone") && (button.classList.contains("free") || button.classList.contains("pairable")))
      .map(({ button }) => button);
    const piles = [this.stockButton];
    if (this.game === "PY" && this.discardButton.dataset.card) piles.push(this.discardButton);
    if (this.game === "PY" && !this.underPile.hidden && this.underButton.dataset.card) piles.push(this.underButton);
    return [...cards, ...piles.filter((b) => !b.disabled)];
  }

  render(view, { selected = new Set() } = {}) {
    this.view = view;
    const game = this.game;
    view.tableau.forEach((entry, index) => {
      const { slot, button } = this.slots[index];
      const gone = entry === null;
      slot.classList.toggle("gone", gone);
      if (gone) {
        button.tabIndex = -1;
        button.classList.remove("free", "covered", "pairable");
        button.removeAttribute("aria-pressed");
        return;
      }
      const token = entry.face_up ? entry.card : null;
      if (button.dataset.card !== token || (!token && !button.classList.contains("back"))) {
        const turning = !!token && button.classList.contains("back") && this.rendered;
        fillCard(button, token, token ? cardInfo(token) : null);
        if (turning) {
          button.classList.remove("flip");
          void button.offsetWidth;
          button.classList.add("flip");
        }
      }
      const free = !!(entry.face_up && entry.free);
      const pairable = !free && !!token && inLegalPair(view, token);
      button.classList.toggle("free", free);
      button.classList.toggle("covered", !free);
      button.classList.toggle("pairable", pairable);
      if (this.interactive) button.tabIndex = free || pairable ? 0 : -1;
      if (game === "PY") {
        button.setAttribute("aria-pressed", selected.has(index) ? "true" : "false");
      }
    });

    this.rendered = true;

    // Stock.
    const stock = view.stock ?? 0;
    // The server's view says whether a draw is allowed (limited redeals included): one
    // offered on an empty stock can only be a recycle.
    const canRecycle = stock === 0 && (view.legal || []).includes("D");
    this.stockButton.className = stock > 0 ? "card back" : `card empty-pile${canRecycle ? " recycle" : ""}`;
    this.stockButton.textContent = stock > 0 ? "" : canRecycle ? "↻" : "";
    this.stockCount.textContent = String(stock);
    this.stockCount.hidden = stock === 0;
    for (const node of this.stockWrap.querySelectorAll(".stack-1, .stack-2")) {
      node.hidden = stock < (node.classList.contains("stack-2") ? 3 : 2);
    }
    const stockLabel = canRecycle
      ? gettext("Stock: empty, recycle the discard")
      : fmt(ngettext("Stock: %(count)s card", "Stock: %(count)s cards", stock), { count: stock });
    this.stockButton.setAttribute("aria-label", stockLabel);
    this.stockButton.title = stockLabel;
    if (this.interactive) this.stockButton.disabled = stock === 0 && !canRecycle;

    // Discard: only its top card is known.
    const top = view.discard;
    if (this.discardButton.dataset.card !== (top || undefined)) {
      fillCard(this.discardButton, top, top ? cardInfo(top) : null);
    }
    if (!top) {
      this.discardButton.className = "card empty-pile";
    }
    const count = view.discard_count ?? (top ? 1 : 0);
    this.discardCount.textContent = String(count);
    this.discardCount.hidden = count < 2;
    this.discardWrap.querySelector(".under").hidden = count < 2;
    const discardLabel = top
      ? fmt(gettext("Discard: %(card)s"), { card: cardInfo(top) ? cardInfo(top).name : top })
      : gettext("Discard: empty");
    this.discardButton.setAttribute("aria-label", discardLabel);
    if (game === "PY") {
      this.discardButton.classList.toggle("free", !!top);
      if (this.interactive) this.discardButton.tabIndex = top ? 0 : -1;
      this.discardButton.setAttribute("aria-pressed", selected.has("discard") ? "true" : "false");
      if (this.interactive) this.discardButton.disabled = !top;
      this.renderUnder(view, selected);
    } else {
      // TriPeaks: the discard is not something one plays.
      this.discardButton.tabIndex = -1;
      this.discardButton.classList.add("pile-only");
      this.discardButton.style.cursor = "default";
    }
  }

  /** The card under the discard's top, where the view has it (stock against discard). */
  renderUnder(view, selected) {
    const shown = "discard_under" in view;
    this.underPile.hidden = !shown;
    if (!shown) return;
    const under = view.discard_under;
    if (this.underButton.dataset.card !== (under || undefined)) {
      fillCard(this.underButton, under, under ? cardInfo(under) : null);
    }
    if (!under) this.underButton.className = "card empty-pile";
    this.underButton.setAttribute("aria-label", under
      ? fmt(gettext("Under the top: %(card)s"), { card: cardInfo(under) ? cardInfo(under).name : under })
      : gettext("Under the top: none"));
    this.underButton.classList.toggle("free", !!under);
    this.underButton.setAttribute("aria-pressed", selected.has("under") ? "true" : "false");
    if (this.interactive) {
      this.underButton.disabled = !under;
      this.underButton.tabIndex = under ? 0 : -1;
    }
  }

  buttonAt(pos) {
    if (pos === "discard") return this.discardButton;
    if (pos === "under") return this.underButton;
    if (pos === "stock") return this.stockButton;
    return this.slots[pos] ? this.slots[pos].button : null;
  }

  shake(pos) {
    const button = this.buttonAt(pos);
    if (!button) return;
    button.classList.remove("shake");
    void button.offsetWidth; // restart the animation
    button.classList.add("shake");
  }
}

/** Arrow-key neighbour: the closest element in that direction, by on-screen centre. */
export function neighbour(from, candidates, key) {
  const center = (node) => {
    const r = node.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const a = center(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of candidates) {
    if (node === from) continue;
    const b = center(node);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    let along;
    let across;
    if (key === "ArrowRight") { along = dx; across = dy; }
    else if (key === "ArrowLeft") { along = -dx; across = dy; }
    else if (key === "ArrowDown") { along = dy; across = dx; }
    else { along = -dy; across = dx; }
    if (along <= 2) continue;
    const score = along + Math.abs(across) * 2.2;
    if (score < bestScore) { bestScore = score; best = node; }
  }
  return best;
}
