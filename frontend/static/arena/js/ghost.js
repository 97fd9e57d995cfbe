// Race the record (the "ghost"): on a play page whose deal has a public code, the record
// holder's run (GET /api/deals/<code>/ghost: score and cards left at each action's
// server time) runs beside the player's own game; when the game ends, an SVG chart
// draws both runs' cards left over time. The ghost's figures only, never a card.

import { el, fmt, formatDuration, gettext, readJson, tryApi } from "./common.js";

const boot = readJson("arena-play", {}) || {};
const game = boot.game || {};
const code = game.deal && game.deal.code;
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const started = performance.now();
const elapsed = () => (boot.elapsedMs || 0) + (performance.now() - started);

function at(points, ms) {
  let current = points[0];
  for (const point of points) {
    if (point[0] > ms) break;
    current = point;
  }
  return current;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** Both runs, cards left (28 at the top) against time, as step lines. */
export function chart(ghostPoints, minePoints) {
  const width = 320, height = 150, pad = 24;
  const span = Math.max(1, ...ghostPoints.map((p) => p[0]), ...minePoints.map((p) => p[0]));
  const x = (ms) => pad + (ms / span) * (width - 2 * pad);
  const y = (left) => pad / 2 + ((28 - left) / 28) * (height - 1.5 * pad);
  const steps = (points) => points.map((p, i) => (i ? `${x(p[0])},${y(points[i - 1][2])} ` : "") + `${x(p[0])},${y(p[2])}`).join(" ");
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "ghost-chart", role: "img",
    "aria-label": gettext("Cards left over time: you and the record") });
  root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: "axis" }));
  root.append(svg("line", { x1: pad, y1: pad / 2, x2: pad, y2: height - pad, class: "axis" }));
  const label = svg("text", { x: width - pad, y: height - 6, "text-anchor": "end", class: "axis-label" });
  label.textContent = formatDuration(span);
  root.append(label);
  root.append(svg("polyline", { points: steps(ghostPoints), class: "run run-ghost", "data-run": "ghost" }));
  root.append(svg("polyline", { points: steps(minePoints), class: "run run-me", "data-run": "me" }));
  return root;
}

async function setUp() {
  if (!code || game.finished) return;
  const ghost = await tryApi(`/api/deals/${encodeURIComponent(code)}/ghost`);
  if (!ghost || !ghost.points || !ghost.points.length) return;
  const figures = el("p", { class: "ghost-figures", id: "ghost-figures" });
  const start = el("button", { class: "btn btn-small", type: "button", id: "ghost-start",
    text: fmt(gettext("Race the record (%(player)s, %(time)s)"), { player: ghost.player || "?", time: formatDuration(ghost.duration_ms || 0) }) });
  const panel = el("aside", { class: "panel ghost-panel", id: "ghost-panel", "aria-label": gettext("Race the record") },
    el("h2", { text: gettext("Race the record") }), start, figures);
  document.querySelector("main").append(panel);
  const mine = [[0, Number($("hud-score").textContent), Number($("hud-left").textContent)]];
  let timer = null;

  function note() {
    const last = mine[mine.length - 1];
    const score = Number($("hud-score").textContent), left = Number($("hud-left").textContent);
    if (score !== last[1] || left !== last[2]) mine.push([Math.round(elapsed()), score, left]);
  }
  function show() {
    const [, score, left] = at(ghost.points, elapsed());
    figures.textContent = fmt(gettext("%(player)s: %(score)s points, %(left)s cards left"), { player: ghost.player || "?", score, left });
  }
  function end() {
    clearInterval(timer);
    note();
    panel.dataset.state = "done";
    panel.append(chart(ghost.points, mine),
      el("p", { class: "small ghost-legend" }, el("span", { class: "key key-me", text: gettext("You") }), " ",
        el("span", { class: "key key-ghost", text: fmt(gettext("the record (%(player)s)"), { player: ghost.player || "?" }) })),
      el("p", { class: "small", text: fmt(gettext("The record: %(score)s points, %(left)s cards left in %(time)s."),
        { score: ghost.score, left: ghost.cards_left, time: formatDuration(ghost.duration_ms || 0) }) }));
  }
  function race() {
    start.remove();
    panel.dataset.state = "racing";
    show();
    new MutationObserver(note).observe($("hud-left"), { childList: true, characterData: true, subtree: true });
    new MutationObserver(note).observe($("hud-score"), { childList: true, characterData: true, subtree: true });
    const dialog = $("end-dialog");
    new MutationObserver(() => { if (dialog.open && panel.dataset.state === "racing") end(); })
      .observe(dialog, { attributes: true, attributeFilter: ["open"] });
    timer = setInterval(show, 250);
  }
  start.addEventListener("click", race);
  if (new URLSearchParams(location.search).get("ghost") === "1") race();
}

setUp();
