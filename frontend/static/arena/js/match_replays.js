// A match's round replayed side by side (frontend/match_replays.py): one board per
// player, all on one clock, each at its recorded pace (the server's time of every
// action, result.timings). The views come folded by the server; nothing is replayed here.

import { el, fmt, formatDuration, gettext, readJson } from "./common.js";
import { Board } from "./board.js";
import { rebuild } from "./replay_views.js";

const boot = readJson("arena-match-replays", { players: [] });
const $ = (id) => document.getElementById(id);
const STEADY_MS = 650; // a replay without server timings (none in a match): a steady pace

function runOf(player) {
  const data = player.replay_steps;
  const steps = data && data.start ? rebuild(data.start, data.steps || []) : [];
  const recorded = (data && data.result && data.result.timings) || [];
  const at = recorded.length === steps.length - 1 ? recorded : steps.slice(1).map((_, i) => (i + 1) * STEADY_MS);
  return { player, steps, at, index: -1 };
}

function card(run) {
  const p = run.player;
  const figures = p.forfeit ? gettext("forfeit") : p.played === false ? gettext("not played")
    : fmt(gettext("%(score)s points, %(left)s cards left, %(moves)s moves, %(time)s"),
      { score: p.score, left: p.cards_left, moves: p.moves, time: formatDuration(p.time_ms) });
  run.hud = el("p", { class: "muted side-hud" });
  const felt = el("div", { class: "table-felt", dataset: { variant: boot.variant } });
  const box = el("section", { class: "panel side-player", dataset: { player: p.name }, "aria-label": p.name },
    el("h2", {}, el("span", { class: "place-rank", text: `#${p.rank}` }), " ", p.name),
    el("p", { class: "side-figures", text: figures }), run.hud, felt);
  if (run.steps.length) {
    run.board = new Board(felt, { variant: boot.variant, interactive: false });
  } else {
    felt.append(el("p", { class: "empty", text: gettext("No replay for this player.") }));
  }
  return box;
}

const runs = boot.players.map(runOf);
$("mr-players").replaceChildren(...runs.map(card));
const end = Math.max(0, ...runs.map((r) => (r.at.length ? r.at[r.at.length - 1] : 0)));
const range = $("mr-range");
range.max = String(end);
let clock = 0;
let timer = null;
let last = 0;

function show(t) {
  clock = Math.max(0, Math.min(end, t));
  range.value = String(clock);
  $("mr-clock").textContent = formatDuration(clock);
  for (const run of runs) {
    if (!run.board) continue;
    let index = 0;
    while (index < run.at.length && run.at[index] <= clock) index += 1;
    if (index === run.index) continue;
    run.index = index;
    const view = run.steps[index].view;
    run.board.render(view);
    run.hud.textContent = fmt(gettext("Score %(score)s · left %(left)s · moves %(moves)s"),
      { score: view.score, left: view.cards_left, moves: view.moves });
    run.hud.dataset.step = String(index);
  }
  document.body.dataset.clock = String(clock);
  if (clock >= end) stop();
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("mr-play").textContent = gettext("Play");
}

function play() {
  if (timer) { stop(); return; }
  if (clock >= end) show(0);
  $("mr-play").textContent = gettext("Pause");
  last = performance.now();
  timer = setInterval(() => {
    const now = performance.now();
    show(clock + (now - last));
    last = now;
  }, 100);
}

$("mr-play").addEventListener("click", play);
$("mr-first").addEventListener("click", () => { stop(); show(0); });
$("mr-last").addEventListener("click", () => { stop(); show(end); });
range.addEventListener("input", () => { stop(); show(Number(range.value)); });
show(0);
document.body.dataset.ready = "1";
