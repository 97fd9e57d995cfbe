// Deal page: facts, the deal as dealt, the best-ever and first-try boards and the record
// history, kept live by /ws/deals/<ref>/.

import {
  el, fmt, formatDuration, formatTime, gettext, readJson, recordToast, setBusy, socket,
  startGame, toast, tryApi,
} from "./common.js";
import { Board } from "./board.js";
import { boardTable } from "./tables.js";
import { wireVariantChoice } from "./variants.js";

const boot = readJson("arena-deal", {});
const $ = (id) => document.getElementById(id);
const ref = boot.ref;
const replayBase = boot.code ? `/deals/${encodeURIComponent(boot.code)}/replay/` : null;

function yesNo(value) {
  if (value === true) return gettext("Yes");
  if (value === false) return gettext("No");
  return gettext("Not solved yet");
}

// Winnable and par: the server solves a numbered deal the first time they are asked for
// and pushes them over the deal's socket when its worker is done ({"type": "facts"}).
async function loadFacts() {
  const facts = await tryApi(`/api/deals/${encodeURIComponent(ref)}`);
  if (facts) showFacts(facts);
}

function showFacts(facts) {
  $("fact-winnable").textContent = yesNo(facts.winnable);
  if (facts.par !== null && facts.par !== undefined) $("fact-par").textContent = fmt(gettext("%(moves)s moves"), { moves: facts.par });
}

function showBoard(kind, board) {
  const host = $(kind === "first" ? "board-first" : "board-best");
  host.replaceChildren(boardTable(board, { me: boot.me, replayBase }));
  if (board.me && !(board.entries || []).some((row) => row.player === board.me.player)) {
    host.append(el("p", { class: "small muted", text: fmt(gettext("Your rank: #%(rank)s"), { rank: board.me.rank }) }));
  }
  if (kind === "best") {
    $("fact-players").textContent = String(board.players ?? (board.entries || []).length);
    $("best-players").textContent = "";
    const top = (board.entries || [])[0];
    $("fact-record").textContent = top
      ? `${top.player || gettext("Someone")} — ${top.won ? fmt(gettext("won in %(moves)s moves"), { moves: top.moves }) : fmt(gettext("%(count)s left"), { count: top.cards_left })}, ${formatDuration(top.duration_ms)}`
      : gettext("None yet");
    if (board.par !== null && board.par !== undefined && $("fact-par").textContent === "–") {
      $("fact-par").textContent = fmt(gettext("%(moves)s moves"), { moves: board.par });
    }
  }
}

async function loadBoards() {
  for (const kind of ["best", "first"]) {
    const board = await tryApi(`/api/deals/${encodeURIComponent(ref)}/leaderboard?board=${kind}&limit=20`);
    if (board) showBoard(kind, board);
    else $(kind === "first" ? "board-first" : "board-best").replaceChildren(el("p", { class: "empty", text: gettext("Not available right now.") }));
  }
}

const REASONS = () => ({
  first: gettext("First result on the deal"),
  beaten: gettext("Record beaten"),
  improved: gettext("Record improved by its holder"),
  disqualification: gettext("Previous record disqualified"),
});

async function loadHistory() {
  const data = await tryApi(`/api/deals/${encodeURIComponent(ref)}/records`);
  const list = $("history");
  list.replaceChildren();
  const changes = data ? data.changes || [] : [];
  if (!changes.length) {
    list.append(el("li", { class: "empty", text: data ? gettext("No record yet.") : gettext("Not available right now.") }));
    return;
  }
  for (const change of changes) {
    const result = change.result;
    const what = result
      ? (result.won ? fmt(gettext("won in %(moves)s moves"), { moves: result.moves }) : fmt(gettext("%(count)s left"), { count: result.cards_left }))
      : "";
    list.append(el("li", {},
      el("strong", { text: REASONS()[change.reason] || change.reason }), " — ",
      change.holder ? el("a", { href: `/players/${encodeURIComponent(change.holder)}/`, text: change.holder }) : gettext("nobody"),
      what ? `, ${what}` : "",
      result && replayBase ? [" · ", el("a", { href: `${replayBase}${result.result_id}/`, text: gettext("Replay") })] : null,
      el("time", { datetime: change.at, text: formatTime(change.at) })));
  }
}

function live() {
  const conn = $("deal-conn");
  socket(`/ws/deals/${encodeURIComponent(ref)}/`, {
    onState(s) {
      conn.dataset.state = s === "open" ? "live" : "connecting";
      conn.textContent = s === "open" ? gettext("Live") : gettext("Connecting…");
    },
    onMessage(data) {
      if (data.type === "record" && data.event) {
        recordToast(data.event);
        loadBoards();
        loadHistory();
      } else if (data.type === "facts" && data.facts) {
        showFacts(data.facts);
      } else if (data.type === "board" && Array.isArray(data.entries)) {
        showBoard(data.board === "first" ? "first" : "best", data);
      }
    },
  });
}

function startingLayout() {
  const host = $("start-board");
  if (!host || !boot.startView) return;
  const board = new Board(host, { variant: boot.variant, interactive: false });
  board.render(boot.startView);
}

const form = $("play-form");
if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    setBusy(button, true);
    try {
      await startGame({ code: boot.code });
    } catch (err) {
      setBusy(button, false);
      toast(gettext("The game could not be started."), err.message, { kind: "info" });
    }
  });
}

startingLayout();
loadFacts();
loadBoards();
loadHistory();
live();
const variantForm = document.getElementById("variant-form");
if (variantForm) wireVariantChoice(variantForm);
document.body.dataset.ready = "1";
