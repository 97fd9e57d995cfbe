// The play page's solver help (issue 15): the Hint button (POST /api/games/<id>/hint:
// the next action of a best line, shown on the board; the game is then assisted, off the
// boards), the par pacer (a toggle, off by default and remembered in localStorage: it asks
// the play socket for {"type": "pace"} frames, the best result still possible after each
// action, which play.js passes on as "arena:pace" events; the game is then assisted), and
// the notice that the post-game review is ready (the "review" push, "arena:review"), with
// a link to the replay page.

import { api, ApiError, el, fmt, gettext, readJson, tokenText } from "./common.js";

const boot = readJson("arena-play", {});
const button = document.getElementById("btn-hint");
const line = document.getElementById("help-line");

function showOnBoard(token) {
  const board = document.getElementById("board");
  board.querySelectorAll(".card.better").forEach((n) => n.classList.remove("better"));
  if (!token) return;
  if (token === "D") { board.querySelector("#stock")?.classList.add("better"); return; }
  for (const card of token.split("+")) board.querySelector(`.card[data-card="${card}"]`)?.classList.add("better");
}

async function hint() {
  button.disabled = true;
  try {
    const answer = await api(`/api/games/${boot.gameId}/hint`, { method: "POST", body: {} });
    line.textContent = answer.action
      ? `${gettext("Hint")}: ${tokenText(answer.action)}`
      : gettext("Nothing more can be gained from here.");
    showOnBoard(answer.action);
    document.getElementById("assisted-badge")?.removeAttribute("hidden");
  } catch (err) {
    line.textContent = err instanceof ApiError && err.body && err.body.error ? err.body.error.message : String(err.message || err);
  } finally {
    button.disabled = false;
  }
}

if (button) button.addEventListener("click", hint);

// ---- The par pacer ----------------------------------------------------------------------

const PACE_KEY = "arena.pace";
const paceToggle = document.getElementById("pace-toggle");
const paceBox = document.getElementById("hud-pace-box");
const paceValue = document.getElementById("hud-pace");
let paceStep = -1;

function paceText(pace) {
  const behind = pace.behind_cards > 0
    ? fmt(gettext("+%(cards)s cards"), { cards: pace.behind_cards })
    : pace.behind_moves > 0
      ? fmt(gettext("+%(moves)s moves"), { moves: pace.behind_moves })
      : gettext("on par");
  const best = pace.best_cards_left === 0
    ? fmt(gettext("win in %(moves)s"), { moves: pace.best_total_moves })
    : fmt(gettext("%(cards)s left at best"), { cards: pace.best_cards_left });
  return `${behind} · ${best}${pace.known ? "" : " ?"}`;
}

function askPace(on) {
  document.dispatchEvent(new CustomEvent("arena:send", { detail: { pace: on } }));
}

function setPace(on) {
  localStorage.setItem(PACE_KEY, on ? "1" : "0");
  paceBox.hidden = !on;
  paceStep = -1;
  if (on) {
    paceValue.textContent = "…";
    document.getElementById("assisted-badge")?.removeAttribute("hidden");
  }
  askPace(on);
}

if (paceToggle && paceBox && paceValue) {
  paceToggle.checked = localStorage.getItem(PACE_KEY) === "1";
  paceBox.hidden = !paceToggle.checked;
  paceToggle.addEventListener("change", () => setPace(paceToggle.checked));
  // Each (re)connection starts a socket with the pacer off: ask again if it is on.
  document.addEventListener("arena:live", () => { if (paceToggle.checked) setPace(true); });
  document.addEventListener("arena:pace", (event) => {
    const pace = event.detail;
    if (!paceToggle.checked || !pace || pace.step < paceStep) return; // an older position's
    paceStep = pace.step;
    paceValue.textContent = paceText(pace);
    paceValue.dataset.step = String(pace.step);
  });
}

document.addEventListener("arena:review", (event) => {
  const deal = document.getElementById("end-deal");
  const events = document.getElementById("end-events");
  if (!deal || !events || !event.detail || event.detail.status !== "done") return;
  const href = `${deal.getAttribute("href").replace(/\/?$/, "/")}replay/${event.detail.result_id}/`;
  events.append(el("li", { class: "review-ready" },
    el("a", { href, text: gettext("The solver's review of this game is ready") })));
});
