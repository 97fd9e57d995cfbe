// The play page: draws the server's view of one live game and sends the player's clicks
// and keys to the server (WebSocket /ws/play/<id>/, HTTP as a fallback). The browser never
// decides whether a move is legal: it shows what the server answers.

import {
  api, ApiError, dealLabel, describeEvent, el, fmt, formatDuration, gettext, readJson,
  recordToast, setBusy, socket, startGame, strings, toast,
} from "./common.js";
import { Board, gameOf, inLegalPair, neighbour } from "./board.js";
import { celebrate, Flight, floatLabel } from "./motion.js";
import { play as playSound, setSounds, soundsOn } from "./sound.js";

const boot = readJson("arena-play");
const ERROR_HELP_KEY = "arena.errorHelp";

const state = {
  game: null,            // the last payload from the server
  selected: [],          // Pyramid: the chosen card(s), as positions or "discard"
  pending: [],           // actions sent and not answered yet (answers come in order)
  clock: { base: 0, since: performance.now(), running: false },
  shownEnd: null,        // the game status whose dialog was shown already
  flying: 0,             // cards travelling: the board is redrawn when they have landed
  dirty: false,          // an answer came while cards were travelling
  celebrating: false,    // the win's shower is on: the end dialog waits for it
};

const $ = (id) => document.getElementById(id);
const boardRoot = $("board");
const felt = boardRoot.closest(".table-felt");
const variant = boot.variant;
const isPyramid = gameOf(variant) === "PY";
let board = null;
let conn = null;

// ---- Error help ---------------------------------------------------------------------------

function errorHelpOn() {
  return localStorage.getItem(ERROR_HELP_KEY) !== "off";
}

function showHelp(message) {
  const line = $("help-line");
  line.replaceChildren();
  if (!message) return;
  line.append(el("p", { class: "msg", text: message }));
  clearTimeout(showHelp.timer);
  showHelp.timer = setTimeout(() => line.replaceChildren(), 4500);
}

// ---- First game ---------------------------------------------------------------------------

// The rules in short, over the table, until the player's first move or "Got it"; shown
// once per game (TriPeaks, Pyramid) per browser. Clicks go through it to the cards.
const FIRST_GAME_KEY = `arena.seenRules.${isPyramid ? "pyramid" : "tripeaks"}`;

function showFirstGame() {
  if (localStorage.getItem(FIRST_GAME_KEY) === "1") return;
  $("first-game").hidden = false;
}

function hideFirstGame() {
  if ($("first-game").hidden) return;
  $("first-game").hidden = true;
  localStorage.setItem(FIRST_GAME_KEY, "1");
}

// ---- Rendering ----------------------------------------------------------------------------

function selectedSet() {
  return new Set(state.selected);
}

/** Redraw now, or when the cards in the air have landed (they land on the old board). */
function renderSoon() {
  if (state.flying > 0) { state.dirty = true; return; }
  state.dirty = false;
  render();
}

/**
 * Start the travel of a card the server's view says is playable, before the server
 * answers; `from` is a board element, `fade` for cards that leave the table (Pyramid).
 */
function launch(from, { fade = false, keep = false } = {}) {
  const flight = new Flight(felt, from, board.discardButton, { fade, keep });
  state.flying += 1;
  flight.landed.then(() => {
    state.flying -= 1;
    if (state.flying === 0 && state.dirty) renderSoon();
  });
  return flight;
}

function render() {
  const game = state.game;
  if (!game) return;
  const view = game.view;
  const focusedPos = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.pos ?? (document.activeElement.id === "discard" ? "discard" : null)
    : null;
  const hadFocus = boardRoot.contains(document.activeElement);
  const focusRect = hadFocus ? document.activeElement.getBoundingClientRect() : null;

  board.render(view, { selected: selectedSet() });

  $("hud-score").textContent = String(game.score);
  $("hud-moves").textContent = String(game.moves);
  $("hud-left").textContent = String(game.cards_left);
  const over = game.finished || game.status !== "playing";
  $("btn-draw").disabled = over || !view.legal.includes("D");
  $("btn-undo").disabled = !view.can_undo || game.finished;
  $("play-status").textContent = statusText(game);

  // Timer: the server measures; the page only counts between answers.
  if (game.finished && game.duration_ms !== null && game.duration_ms !== undefined) {
    state.clock = { base: game.duration_ms, since: performance.now(), running: false };
  }
  tick();

  // Keep keyboard focus on the board after a move.
  if (hadFocus && !boardRoot.contains(document.activeElement)) {
    const playable = board.playable();
    let target = null;
    if (focusedPos !== null) {
      const again = board.buttonAt(focusedPos === "discard" ? "discard" : Number(focusedPos));
      if (again && playable.includes(again)) target = again;
    }
    if (!target && playable.length && focusRect) {
      target = nearestTo(focusRect, playable);
    }
    (target || board.stockButton).focus({ preventScroll: true });
  }

  maybeShowEnd();
}

function nearestTo(rect, nodes) {
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  let best = null;
  let bestD = Infinity;
  for (const node of nodes) {
    const r = node.getBoundingClientRect();
    const d = Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
    if (d < bestD) { bestD = d; best = node; }
  }
  return best;
}

function statusText(game) {
  if (game.status === "won") return gettext("Won!");
  if (game.status === "blocked") return strings.rules.no_moves;
  if (game.status === "abandoned") return gettext("Abandoned");
  return "";
}

function currentMs() {
  const c = state.clock;
  return c.running ? c.base + (performance.now() - c.since) : c.base;
}

function tick() {
  $("hud-time").textContent = formatDuration(currentMs());
}

// ---- Talking to the server ----------------------------------------------------------------

function send(body, intent = {}) {
  if (conn && conn.isOpen()) {
    state.pending.push(intent);
    if (conn.send(body)) return;
    state.pending.pop();
  }
  // HTTP fallback: the answer belongs to this request alone.
  setConn("http");
  api(`/api/games/${boot.gameId}/actions`, { method: "POST", body })
    .then((game) => onState(game, intent))
    .catch((err) => {
      if (err instanceof ApiError && err.body && err.body.error) onError(err.body.error, intent);
      else onError({ reason: err.reason || "network", message: err.message }, intent);
    });
}

function onState(game, intent = state.pending.shift()) {
  const first = !state.game;
  const before = state.game;
  state.game = game;
  if (intent && intent.onState) intent.onState(game);
  for (const flight of (intent && intent.flights) || []) flight.settle();
  if (before && game.moves > before.moves) hideFirstGame();
  if (before && !first) celebrateChanges(before, game, intent);
  if (game.finished || game.status !== "playing") state.selected = [];
  // Drop a selection the server no longer shows as free (after an undo, for example).
  state.selected = state.selected.filter((pos) => selectable(game.view, pos));
  if (game.finished) {
    state.clock = { base: game.duration_ms ?? currentMs(), since: performance.now(), running: false };
  } else if (first || !state.clock.running) {
    state.clock = { base: currentMs(), since: performance.now(), running: true };
  }
  if (game.result && game.result.events) {
    for (const event of game.result.events) if (event && typeof event === "object") recordToast(event);
  }
  renderSoon();
}

/**
 * What the answer changed, shown: the peak bonus where the peak fell (the server's
 * ``peak_bonus``, the engine's step: what the deal's scoring paid, Hogue's included), the win.
 */
function celebrateChanges(before, game, intent) {
  const moved = game.moves > before.moves;
  const bonus = game.peak_bonus;
  if (moved && Number.isInteger(bonus) && bonus > 0 && intent && intent.pos !== undefined) {
    floatLabel(felt, board.buttonAt(intent.pos), fmt(gettext("+%(points)s peak bonus"), { points: bonus }));
    playSound("bonus");
  } else if (moved) {
    playSound(intent && intent.draw ? "draw" : "move");
  }
  if (before.status === "playing" && game.status === "won") {
    playSound("win");
    state.celebrating = true;
    celebrate(felt).then(() => { state.celebrating = false; maybeShowEnd(); });
  }
}

function onError(error, intent = state.pending.shift()) {
  if (intent && intent.onError) intent.onError(error);
  const flights = (intent && intent.flights) || [];
  for (const flight of flights) flight.back();
  if (intent && intent.shake !== undefined) board.shake(intent.shake);
  playSound("refused");
  if (errorHelpOn() || !["blocked", "not_adjacent", "sum_not_13"].includes(error.reason)) {
    showHelp(error.message || error.reason);
  }
  renderSoon();
}

function setConn(mode) {
  const node = $("conn");
  const text = mode === "live" ? gettext("Live") : mode === "http" ? gettext("Connected (HTTP)") : gettext("Connecting…");
  node.dataset.state = mode;
  node.title = text; // the dot's name where the word is hidden (a phone in landscape)
  node.querySelector(".conn-text").textContent = text;
}

// assist.js sends its own frames ({"pace": true}) on this page's one socket.
document.addEventListener("arena:send", (event) => { if (conn) conn.send(event.detail); });

function connect() {
  conn = socket(`/ws/play/${boot.gameId}/`, {
    onState(s) {
      if (s === "open") setConn("live");
      else if (s === "refused") { setConn("http"); conn.close(); }
      // While the socket retries, a page already playing over HTTP still is.
      else if (conn && conn.isOpen()) setConn("live");
      else setConn($("conn").dataset.state === "http" ? "http" : "connecting");
    },
    onOpen() {
      // The server greets with the current state; actions sent before were answered by HTTP.
      state.greeting = true;
      document.dispatchEvent(new CustomEvent("arena:live")); // assist.js asks for the pacer again
    },
    onMessage(data) {
      if (data.type === "state") {
        if (state.greeting) {
          state.greeting = false;
          // The greeting answers no action of ours; anything sent on a lost socket is void.
          state.pending = [];
          state.game = data.game;
          if (!state.clock.running && !data.game.finished) {
            state.clock = { base: data.game.duration_ms || 0, since: performance.now(), running: true };
          }
          render();
          return;
        }
        // A push: the game played from another tab; it answers none of our actions.
        if (data.pushed) onState(data.game, null);
        else onState(data.game);
      } else if (data.type === "error") {
        if (state.greeting && (data.reason === "not_found" || data.reason === "forbidden")) {
          showHelp(data.message);
          return;
        }
        onError(data);
      } else if (data.type === "record") {
        recordToast(data.event);
      } else if (data.type === "review") {
        document.dispatchEvent(new CustomEvent("arena:review", { detail: data })); // assist.js
      } else if (data.type === "pace") {
        document.dispatchEvent(new CustomEvent("arena:pace", { detail: data.pace })); // assist.js
      }
    },
  });
}

// ---- Playing ------------------------------------------------------------------------------

function playable() {
  return state.game && !state.game.finished && state.game.status === "playing";
}

function tokenAt(pos) {
  if (pos === "discard") return state.game.view.discard;
  if (pos === "under") return state.game.view.discard_under || null;
  const entry = state.game.view.tableau[pos];
  return entry && entry.face_up ? entry.card : null;
}

// A card the server lists alone among the legal actions goes alone (a Pyramid King):
// the rule is the engine's, the page only reads its answer.
function removedAlone(token) {
  return !!token && state.game.view.legal.includes(token);
}

function clickCard(pos) {
  if (!state.game) return;
  if (state.game.finished) {
    showHelp(strings.rules.game_over);
    return;
  }
  if (!isPyramid) {
    // TriPeaks: the server answers for any card, even a face-down one. A card the
    // server's view lists as legal starts for the discard at once.
    const token = tokenAt(pos);
    const flights = token && state.game.view.legal.includes(token) ? [launch(board.buttonAt(pos))] : [];
    send({ position: pos }, { shake: pos, pos, flights });
    return;
  }
  clickPyramid(pos);
}

/** Is the card at ``pos`` one to pick for a pair? A free card or the discard's top; and,
 * under the literature's two pairings (stock against discard, a card with its last
 * covering card), any card the server's legal actions pair: the rule stays the server's. */
function selectable(view, pos) {
  if (pos === "discard") return !!view.discard;
  const token = pos === "under" ? view.discard_under : view.tableau[pos] && view.tableau[pos].card;
  if (!token) return false;
  if (pos !== "under" && view.tableau[pos].free) return true;
  return inLegalPair(view, token);
}

function clickPyramid(pos) {
  const view = state.game.view;
  const token = tokenAt(pos);
  const free = selectable(view, pos);
  const body = (p) => (p === "discard" || p === "under" ? { action: tokenAt(p) } : { position: p });

  // Clicking the selected card again puts it down.
  if (state.selected.includes(pos)) {
    state.selected = state.selected.filter((p) => p !== pos);
    render();
    return;
  }
  // A King goes alone, in one click; so does any card still covered (the server says why).
  if (removedAlone(token) || !free) {
    const flights = token && view.legal.includes(token) ? [launch(board.buttonAt(pos), { fade: true })] : [];
    send(body(pos), {
      shake: pos,
      flights,
      onState() { state.selected = []; },
    });
    return;
  }
  const first = state.selected[0];
  if (first === undefined) {
    state.selected = [pos];
    render();
    return;
  }
  // Second card: ask the server for the pair.
  const firstToken = tokenAt(first);
  state.selected = [first, pos];
  render();
  const pair = `${firstToken}+${token}`;
  const legal = view.legal.includes(pair) || view.legal.includes(`${token}+${firstToken}`);
  const flights = legal ? [first, pos].map((p) => launch(board.buttonAt(p), { fade: true })) : [];
  send({ action: pair }, {
    shake: pos,
    flights,
    onState() { state.selected = []; },
    onError(error) {
      // Rule book: on a wrong sum the second card stays selected.
      state.selected = error.reason === "sum_not_13" ? [pos] : [first];
    },
  });
}

function draw() {
  if (!state.game || state.game.finished) return;
  state.selected = [];
  const view = state.game.view;
  // A drawn card travels face down: its face is the server's to reveal.
  const flights = view.legal.includes("D") && view.stock > 0 ? [launch(board.stockButton, { keep: true })] : [];
  send({ action: "D" }, { shake: "stock", draw: true, flights });
}

function undo() {
  if (!state.game || state.game.finished) return;
  state.selected = [];
  send({ action: "U" }, {});
}

function finish() {
  send({ action: "finish" }, {});
}

// ---- End of game ----------------------------------------------------------------------------

function maybeShowEnd() {
  const game = state.game;
  if (!game) return;
  const key = `${game.status}:${game.finished}:${game.moves}`;
  if (game.status === "playing") { state.shownEnd = null; return; }
  if (state.celebrating || state.shownEnd === key) return;
  state.shownEnd = key;
  if (game.status === "won") showEndDialog(true);
  else if (game.status === "blocked" || game.status === "abandoned") showEndDialog(false);
}

function resultLines(game) {
  const result = game.result || {};
  const lines = [];
  const add = (label, value) => lines.push(el("div", {}, el("dt", { text: label }), el("dd", { text: value })));
  add(gettext("Score"), String(game.score));
  add(gettext("Moves"), String(game.moves));
  if (game.status !== "won") add(gettext("Cards left"), String(game.cards_left));
  if (game.duration_ms !== null && game.duration_ms !== undefined) add(gettext("Time"), formatDuration(game.duration_ms));
  if (result.rank !== undefined && result.rank !== null) {
    add(gettext("Rank"), fmt(gettext("#%(rank)s"), { rank: result.rank }) + (result.of ? ` / ${result.of}` : ""));
  }
  if (result.par !== undefined && result.par !== null) add(gettext("Par"), fmt(gettext("%(moves)s moves"), { moves: result.par }));
  return lines;
}

function showEndDialog(won) {
  const game = state.game;
  const dialog = $("end-dialog");
  dialog.classList.toggle("lost", !won);
  // Abandoned: ended from another tab, or by the server (its daily closed, or it was idle).
  const ended = game.status === "abandoned";
  $("end-title").textContent = won ? gettext("You won!") : (ended ? gettext("Game ended") : strings.rules.no_moves);
  const result = game.result || {};
  let subtitle;
  if (won) {
    subtitle = result.perfect ? gettext("A perfect game: par reached.") : dealLabel(game.deal);
  } else {
    subtitle = game.finished
      ? fmt(gettext("%(count)s cards left in the peaks."), { count: game.cards_left })
      : gettext("Undo a few moves to try another way, or end the game to record it.");
  }
  if (!won && isPyramid) subtitle = game.finished ? fmt(gettext("%(count)s cards left in the pyramid."), { count: game.cards_left }) : subtitle;
  if (ended) subtitle = gettext("This game is over: it was ended and recorded as abandoned.");
  $("end-subtitle").textContent = subtitle;
  $("end-stats").replaceChildren(...resultLines(game));
  const events = $("end-events");
  events.replaceChildren();
  for (const event of result.events || []) {
    const text = typeof event === "string" ? event : describeEvent(event);
    events.append(el("li", { text }));
  }
  // A guest's finished game carries a `result` whose fields are all null: nothing is kept.
  if (!boot.me && game.finished) {
    events.append(el("li", { class: "hint", text: gettext("Sign up or log in to put your results on the boards.") }));
  }
  if (result.ranked === false && game.daily) {
    events.append(el("li", { text: gettext("Practice: only your first attempt at a daily deal is ranked.") }));
  }
  $("end-undo").hidden = won || game.finished;
  $("end-finish").hidden = won || game.finished;
  $("end-deal").hidden = !(game.deal && game.deal.code);
  if (game.deal && game.deal.code) $("end-deal").href = `/deals/${encodeURIComponent(game.deal.code)}/`;
  if (!dialog.open) dialog.showModal();
  (won ? $("end-new") : (game.finished ? $("end-new") : $("end-undo"))).focus();
}


// ---- New game dialog ----------------------------------------------------------------------

function openNewGame() {
  const dialog = $("new-dialog");
  $("new-error").textContent = "";
  if ($("end-dialog").open) $("end-dialog").close();
  dialog.showModal();
  const number = dialog.querySelector("input[name=number]");
  if (number) number.focus();
}

async function submitNewGame(form, submitter) {
  const data = new FormData(form);
  const code = (data.get("code") || "").trim();
  const numberText = (data.get("number") || "").trim();
  let body;
  if (code) body = { code };
  else if (numberText) body = { number: Number.parseInt(numberText.replace(/^#/, ""), 10), variant: data.get("variant") };
  else body = { number: 1 + Math.floor(Math.random() * boot.numberedDeals), variant: data.get("variant") };
  if (body.number !== undefined && !Number.isFinite(body.number)) {
    $("new-error").textContent = strings.rules.bad_code;
    return;
  }
  setBusy(submitter, true);
  try {
    await startGame(body);
  } catch (err) {
    $("new-error").textContent = err.message;
    setBusy(submitter, false);
  }
}

function replaySameDeal() {
  const game = state.game;
  if (!game) return;
  const body = game.daily && !game.deal.code ? { daily: game.deal.variant } : { code: game.deal.code };
  startGame(body).catch((err) => showHelp(err.message));
}

// ---- Keyboard -----------------------------------------------------------------------------

function onKey(event) {
  if (event.defaultPrevented) return;
  if (document.querySelector("dialog[open]")) return;
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && (key === "z" || key === "Z")) {
    event.preventDefault();
    undo();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (key === "d" || key === "D") { event.preventDefault(); draw(); return; }
  if (key === "u" || key === "U") { event.preventDefault(); undo(); return; }
  if (key === "n" || key === "N") { event.preventDefault(); openNewGame(); return; }
  if (key === "Escape" && state.selected.length) { state.selected = []; render(); return; }
  if (key.startsWith("Arrow")) {
    const candidates = board.playable();
    if (!candidates.length) return;
    event.preventDefault();
    const current = document.activeElement;
    if (!candidates.includes(current)) {
      candidates[0].focus();
      return;
    }
    const next = neighbour(current, candidates, key);
    if (next) next.focus();
  }
}

/** A game opens with the keyboard on the board: its first playable card (or the stock). */
function focusBoard() {
  const first = board.playable()[0];
  if (first) first.focus({ preventScroll: true });
}

// The skip link lands on the board itself, then Tab reaches its cards.
boardRoot.tabIndex = -1;

// ---- Start --------------------------------------------------------------------------------

function init() {
  board = new Board(boardRoot, {
    variant,
    onCard: (pos) => clickCard(pos),
    onStock: () => draw(),
    onDiscard: () => { if (isPyramid) clickCard("discard"); },
    onUnder: () => { if (isPyramid) clickCard("under"); },
  });

  const toggle = $("error-help");
  toggle.checked = errorHelpOn();
  toggle.addEventListener("change", () => {
    localStorage.setItem(ERROR_HELP_KEY, toggle.checked ? "on" : "off");
    if (!toggle.checked) showHelp(null);
  });

  const sounds = $("sounds");
  sounds.checked = soundsOn();
  sounds.addEventListener("change", () => { setSounds(sounds.checked); if (sounds.checked) playSound("move"); });

  $("first-game-ok").addEventListener("click", hideFirstGame);
  showFirstGame();

  $("btn-draw").addEventListener("click", draw);
  $("btn-undo").addEventListener("click", undo);
  $("btn-new").addEventListener("click", openNewGame);
  $("end-new").addEventListener("click", openNewGame);
  $("end-again").addEventListener("click", replaySameDeal);
  $("end-undo").addEventListener("click", () => { $("end-dialog").close(); undo(); });
  $("end-finish").addEventListener("click", () => { finish(); });
  $("end-close").addEventListener("click", () => $("end-dialog").close());
  $("new-close").addEventListener("click", () => $("new-dialog").close());
  const newForm = $("new-form");
  newForm.addEventListener("submit", (event) => {
    event.preventDefault();
    submitNewGame(newForm, event.submitter || newForm.querySelector("[type=submit]"));
  });
  const copy = $("copy-code");
  if (copy) {
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(copy.dataset.code);
        toast(gettext("Copied"), copy.dataset.code, { kind: "info", timeout: 2500 });
      } catch { /* clipboard refused: the code is selectable anyway */ }
    });
  }
  document.addEventListener("keydown", onKey);
  setInterval(tick, 500);

  if (boot.game) {
    state.game = boot.game;
    state.clock = { base: boot.game.duration_ms || boot.elapsedMs || 0, since: performance.now(), running: !boot.game.finished };
    render();
    focusBoard();
  }
  connect();
  if (!boot.game) {
    api(`/api/games/${boot.gameId}`).then((game) => {
      if (!state.game) { state.game = game; render(); }
    }).catch((err) => showHelp(err.message));
  }
  document.body.dataset.ready = "1";
}

init();
