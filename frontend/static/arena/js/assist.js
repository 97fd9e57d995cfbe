// The play page's solver help (issue 15): the Hint button (POST /api/games/<id>/hint:
// the next action of a best line, shown on the board; the game is then assisted, off the
// boards), and the notice that the post-game review is ready (the "review" push that
// play.js passes on as an "arena:review" event), with a link to the replay page.

import { api, ApiError, el, gettext, readJson, tokenText } from "./common.js";

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

document.addEventListener("arena:review", (event) => {
  const deal = document.getElementById("end-deal");
  const events = document.getElementById("end-events");
  if (!deal || !events || !event.detail || event.detail.status !== "done") return;
  const href = `${deal.getAttribute("href").replace(/\/?$/, "/")}replay/${event.detail.result_id}/`;
  events.append(el("li", { class: "review-ready" },
    el("a", { href, text: gettext("The solver's review of this game is ready") })));
});
