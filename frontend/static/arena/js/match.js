// One match: the lobby (who is in, who is ready), the 3-2-1 countdown to the server's
// start instant, the button that opens my round game, the live standings, each round's
// summary and the final podium. Everything comes from /ws/matches/<id>/ snapshots.

import { api, el, fmt, gettext, ngettext, readJson, setBusy, socket, variantLabel } from "./common.js";
import { clockOffset, podium, roundSummary, standingsTable, statusText } from "./standings.js";

const boot = readJson("arena-match", {});
const $ = (id) => document.getElementById(id);
const state = { snapshot: null, offset: 0, timer: null };

function mine(snapshot) {
  return snapshot.players.find((p) => p.name === boot.me) || null;
}

async function call(path, body = {}) {
  $("match-error").textContent = "";
  try {
    render(await api(`/api/matches/${boot.id}/${path}`, { method: "POST", body }));
  } catch (err) {
    $("match-error").textContent = err.message;
  }
}

async function playRound(button) {
  setBusy(button, true);
  try {
    const game = await api("/api/games", { method: "POST", body: { match: boot.id } });
    location.assign(`/play/${game.id}/?match=${boot.id}`);
  } catch (err) {
    $("match-error").textContent = err.message;
    setBusy(button, false);
  }
}

function button(text, onclick, { primary = false, id = null } = {}) {
  return el("button", { class: primary ? "btn btn-primary" : "btn", type: "button", id, onclick, text });
}

function actions(snapshot) {
  const me = mine(snapshot);
  const match = snapshot.match;
  const out = [];
  if (match.status === "lobby") {
    if (!me && boot.me) out.push(button(gettext("Join"), () => call("join"), { primary: true, id: "btn-join" }));
    if (me) {
      out.push(button(me.ready ? gettext("Not ready") : gettext("Ready"), () => call("ready", { ready: !me.ready }),
        { primary: !me.ready, id: "btn-ready" }));
      if (me.creator) out.push(button(gettext("Start now"), () => call("start"), { id: "btn-start" }));
      out.push(button(gettext("Leave"), () => call("leave"), { id: "btn-leave" }));
    }
  } else if (match.status === "playing" && me && !me.left) {
    const round = snapshot.round;
    if (round && !round.over) {
      const play = button(fmt(gettext("Play round %(number)s"), { number: round.number }),
        () => playRound(play), { primary: true, id: "btn-play" });
      play.disabled = Date.parse(round.starts_at) > Date.now() + state.offset;
      out.push(play);
    }
    out.push(button(gettext("Leave the match"), () => {
      if (window.confirm(gettext("Leaving forfeits every round left. Leave?"))) call("leave");
    }, { id: "btn-leave" }));
  }
  return out;
}

function tick() {
  const snapshot = state.snapshot;
  const box = $("countdown");
  const round = snapshot && snapshot.match.status === "playing" ? snapshot.round : null;
  const left = round && !round.over ? Date.parse(round.starts_at) - (Date.now() + state.offset) : -1;
  if (left > 0) {
    box.hidden = false;
    box.textContent = String(Math.ceil(left / 1000));
  } else {
    box.hidden = true;
    const play = $("btn-play");
    if (play && play.disabled && play.getAttribute("aria-busy") !== "true") play.disabled = false;
  }
}

function render(snapshot) {
  if (!snapshot || !snapshot.match) return;
  state.snapshot = snapshot;
  state.offset = clockOffset(snapshot);
  const match = snapshot.match;
  $("match-title").textContent = fmt(gettext("Match: %(variant)s"), { variant: variantLabel(match.variant) });
  $("match-meta").textContent = [
    match.mode === "target"
      ? fmt(gettext("first to %(target)s points"), { target: match.target_score })
      : fmt(ngettext("%(rounds)s round", "%(rounds)s rounds", match.rounds), { rounds: match.rounds }),
    match.time_limit_s ? fmt(gettext("%(minutes)s min per round"), { minutes: match.time_limit_s / 60 }) : gettext("no time limit"),
  ].join(" · ");
  $("match-code").textContent = match.code;
  $("match-status").textContent = statusText(snapshot);
  document.body.dataset.matchStatus = match.status;
  $("match-actions").replaceChildren(...actions(snapshot));
  $("standings").replaceChildren(standingsTable(snapshot, { me: boot.me }));
  const ended = snapshot.rounds.slice().reverse();
  $("round-summaries").replaceChildren(...(ended.length
    ? ended.map(roundSummary)
    : [el("p", { class: "empty", text: gettext("No round played yet.") })]));
  const podiumBox = $("podium");
  podiumBox.hidden = !snapshot.podium;
  if (snapshot.podium) podiumBox.replaceChildren(el("h2", { text: gettext("Podium") }), podium(snapshot));
  tick();
}

$("match-share").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText(location.href); } catch { /* not allowed: the URL is on screen */ }
});

socket(`/ws/matches/${boot.id}/`, {
  onMessage: (frame) => {
    if (frame.type === "error") return;
    if (frame.type === "no_deal") {
      $("match-error").textContent = gettext("No winnable deal was found for the first round: the match has not started. Try again.");
    }
    render(frame);
  },
  onState: (s) => { $("conn").dataset.state = s === "open" ? "live" : s; $("conn").textContent = s === "open" ? gettext("Live") : gettext("Connecting…"); },
});
state.timer = setInterval(tick, 200);
document.body.dataset.ready = "1";
