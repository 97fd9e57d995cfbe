// The play page of a match's round game (/play/<id>/?match=<match id>): the live
// standings beside the board, from /ws/matches/<id>/, and a link back to the match's
// page for the round summary and the podium.

import { el, fmt, gettext, readJson, socket } from "./common.js";
import { standingsTable, statusText } from "./standings.js";

const matchId = new URLSearchParams(location.search).get("match");
const me = (readJson("arena-play", {}) || {}).me || null;

if (matchId && /^[0-9a-f-]{36}$/i.test(matchId)) {
  const page = document.querySelector("main");
  const body = el("div", { id: "match-standings" });
  const status = el("p", { class: "match-status small", id: "match-panel-status" });
  const back = el("a", { class: "btn btn-small", id: "match-back", href: `/matches/${matchId}/`, text: gettext("Match page") });
  const panel = el("aside", { class: "panel match-panel", id: "match-panel", "aria-label": gettext("Match standings") },
    el("h2", { text: gettext("Standings") }), status, body, back);
  const sealedNote = document.querySelector(".code-line > span");
  if (sealedNote && !document.getElementById("deal-code")) {
    sealedNote.textContent = gettext("Sealed deal: its code is shown when the match ends.");
  }
  page.classList.add("has-match");
  page.append(panel);
  socket(`/ws/matches/${matchId}/`, {
    onMessage: (frame) => {
      if (frame.type === "error" || !frame.match) return;
      status.textContent = statusText(frame);
      body.replaceChildren(standingsTable(frame, { me, compact: true }));
      const over = frame.match.status === "finished";
      panel.dataset.matchStatus = frame.match.status;
      back.textContent = over ? gettext("See the podium") : frame.type === "round_over"
        ? fmt(gettext("Round %(number)s summary"), { number: frame.rounds.length }) : gettext("Match page");
      back.classList.toggle("btn-primary", over || frame.type === "round_over");
    },
  });
}
