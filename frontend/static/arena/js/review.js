// The solver's review on the replay page (issue 15): fetched from the API (polled while
// the task computes it), drawn as an SVG timeline of "best still possible" after each
// action, the marked actions as clickable points that jump the replay to the position
// before them, where the better move is shown on the board.

import { el, fmt, gettext, tokenText } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 640;
const H = 160;
const PAD = 28;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function bestText(best) {
  if (!best.known) return gettext("unknown (search cut short)");
  if (best.cards_left === 0) return fmt(gettext("a win in %(moves)s moves"), { moves: best.moves });
  return fmt(gettext("%(cards)s cards left at best, in %(moves)s moves"), { cards: best.cards_left, moves: best.moves });
}

function describe(step) {
  return fmt(gettext("Move %(n)s, %(move)s: from %(before)s to %(after)s"), {
    n: step.index + 1, move: tokenText(step.token), before: bestText(step.before), after: bestText(step.after),
  });
}

// Points: position 0 (the deal) then after each action.
function chart(review, jump) {
  const points = [review.start, ...review.steps.map((s) => s.after)];
  const most = Math.max(1, ...points.map((p) => p.cards_left));
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, points.length - 1);
  const y = (cards) => PAD / 2 + ((H - PAD) * cards) / most;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img" });
  root.setAttribute("aria-label", gettext("Best still possible after each move (cards left at best)"));
  root.append(svg("line", { x1: PAD, y1: y(0), x2: W - PAD, y2: y(0), class: "axis" }));
  const zero = svg("text", { x: 2, y: y(0) + 4, class: "axis-label" });
  zero.textContent = "0";
  const top = svg("text", { x: 2, y: y(most) + 4, class: "axis-label" });
  top.textContent = String(most);
  root.append(zero, top);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.cards_left).toFixed(1)}`).join(" ");
  root.append(svg("path", { d: line, class: "best-line" }));
  const cursor = svg("line", { x1: x(0), y1: PAD / 4, x2: x(0), y2: H - PAD / 4, class: "cursor" });
  root.append(cursor);
  review.steps.filter((s) => s.mark).forEach((step) => {
    const dot = svg("circle", {
      cx: x(step.index + 1), cy: y(step.after.cards_left), r: 6,
      class: `mark ${step.mark}`, tabindex: 0, role: "button", "data-step": step.index,
    });
    const title = svg("title");
    title.textContent = describe(step);
    dot.append(title);
    dot.addEventListener("click", () => jump(step));
    dot.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); jump(step); } });
    root.append(dot);
  });
  return { root, moveCursor: (i) => { cursor.setAttribute("x1", x(i)); cursor.setAttribute("x2", x(i)); } };
}

function showBetter(board, token) {
  board.querySelectorAll(".card.better").forEach((n) => n.classList.remove("better"));
  if (!token) return;
  if (token === "D") { board.querySelector("#stock")?.classList.add("better"); return; }
  for (const card of token.split("+")) board.querySelector(`.card[data-card="${card}"]`)?.classList.add("better");
}

function render(panel, review, { go, boardNode }) {
  const marked = review.steps.filter((s) => s.mark);
  const byStep = new Map(marked.map((s) => [s.index, s]));
  const note = el("p", { class: "review-note", id: "review-note", "aria-live": "polite" });
  const { root, moveCursor } = chart(review, (step) => go(step.index));
  const list = el("ol", { class: "review-marks" }, ...marked.map((step) => {
    const button = el("button", { type: "button", class: `btn-link mark-${step.mark}`, text: describe(step) });
    button.dataset.step = String(step.index);
    button.addEventListener("click", () => go(step.index));
    return el("li", {}, button);
  }));
  const summary = marked.length
    ? fmt(gettext("At the deal: %(best)s."), { best: bestText(review.start) })
    : gettext("No move lost ground: every move kept the best result still possible.");
  panel.replaceChildren(el("h2", { text: gettext("Review") }), el("p", { text: summary }), root, list, note);
  document.addEventListener("replay:step", (event) => {
    const index = event.detail.index;
    moveCursor(index);
    const step = byStep.get(index);
    showBetter(boardNode, step ? step.better : null);
    note.textContent = step
      ? fmt(gettext("Better here: %(move)s (%(best)s)."), { move: tokenText(step.better), best: bestText(step.before) })
      : "";
  });
  panel.dataset.ready = "1";
}

export function mountReview({ resultId, panel, go, boardNode }) {
  if (!panel || !resultId) return;
  let tries = 0;
  const load = async () => {
    const response = await fetch(`/api/results/${resultId}/review`, { headers: { Accept: "application/json" } });
    if (response.status === 202 && tries < 30) {
      tries += 1;
      panel.querySelector("p").textContent = gettext("The review is being computed…");
      setTimeout(load, 2000);
      return;
    }
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      panel.querySelector("p").textContent = (body.error && body.error.message) || gettext("No review for this game.");
      return;
    }
    const body = await response.json();
    if (body.review) render(panel, body.review, { go, boardNode });
  };
  load().catch(() => { panel.querySelector("p").textContent = gettext("No review for this game."); });
}
