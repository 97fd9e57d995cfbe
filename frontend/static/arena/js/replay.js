// Replay page: the server folded the result's log through the engine and embedded the
// player's starting view and, per token, what changed (frontend/replays.py); this script
// rebuilds the view after each token from those changes and steps through them.

import {
  el, fmt, gettext, readJson, tokenText,
} from "./common.js";
import { Board } from "./board.js";
import { rebuild } from "./replay_views.js";
import { mountReview } from "./review.js";

const boot = readJson("arena-replay", { start: null, steps: [] });
const $ = (id) => document.getElementById(id);


const steps = boot.start ? rebuild(boot.start, boot.steps || []) : [];
const board = new Board($("board"), { variant: boot.variant, interactive: false });
const range = $("rp-range");
let index = 0;
let timer = null;

const logButtons = steps.slice(1).map((step, i) => {
  const button = el("button", { type: "button", text: tokenText(step.token) });
  button.addEventListener("click", () => go(i + 1));
  return button;
});
$("rp-log").append(...logButtons.flatMap((b) => [b, " "]));

function go(i) {
  index = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[index];
  board.render(step.view);
  range.value = String(index);
  $("hud-score").textContent = String(step.view.score);
  $("hud-moves").textContent = String(step.view.moves);
  $("hud-left").textContent = String(step.view.cards_left);
  $("rp-label").textContent = index === 0
    ? gettext("The deal")
    : fmt(gettext("Step %(step)s of %(total)s: %(move)s"), { step: index, total: steps.length - 1, move: tokenText(step.token) });
  logButtons.forEach((b, j) => (j + 1 === index ? b.setAttribute("aria-current", "step") : b.removeAttribute("aria-current")));
  $("rp-prev").disabled = index === 0;
  $("rp-first").disabled = index === 0;
  $("rp-next").disabled = index === steps.length - 1;
  $("rp-last").disabled = index === steps.length - 1;
  if (index === steps.length - 1) stop();
  document.dispatchEvent(new CustomEvent("replay:step", { detail: { index } }));
}

function stop() {
  clearTimeout(timer);
  timer = null;
  $("rp-play").textContent = gettext("Play");
}

// The recorded pace: the server's time of each action (result.timings, ms from the
// game's start), when the result has them (live games); otherwise a steady 650 ms.
const timings = (boot.result && boot.result.timings) || [];
const paced = $("rp-pace");
if (paced && timings.length !== steps.length - 1) paced.closest("label").hidden = true;

function delayBefore(i) {
  if (!paced || !paced.checked || timings.length !== steps.length - 1) return 650;
  const previous = i > 1 ? timings[i - 2] : 0;
  return Math.max(0, timings[i - 1] - previous);
}

function schedule() {
  timer = setTimeout(() => {
    go(index + 1);
    if (timer && index < steps.length - 1) schedule();
  }, delayBefore(index + 1));
}

function toggle() {
  if (timer) { stop(); return; }
  if (index === steps.length - 1) go(0);
  $("rp-play").textContent = gettext("Pause");
  schedule();
}

range.max = String(Math.max(0, steps.length - 1));
range.addEventListener("input", () => { stop(); go(Number(range.value)); });
$("rp-first").addEventListener("click", () => { stop(); go(0); });
$("rp-prev").addEventListener("click", () => { stop(); go(index - 1); });
$("rp-next").addEventListener("click", () => { stop(); go(index + 1); });
$("rp-last").addEventListener("click", () => { stop(); go(steps.length - 1); });
$("rp-play").addEventListener("click", toggle);
document.addEventListener("keydown", (event) => {
  if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if (event.key === "ArrowRight") { stop(); go(index + 1); }
  else if (event.key === "ArrowLeft") { stop(); go(index - 1); }
  else if (event.key === " ") { event.preventDefault(); toggle(); }
});
go(0);
mountReview({
  resultId: boot.result && boot.result.id,
  panel: $("review"),
  go: (i) => { stop(); go(i); },
  boardNode: $("board"),
});
document.body.dataset.ready = "1";
