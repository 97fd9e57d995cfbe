// A player's page: figures, daily streak, personal bests and recent results.

import {
  dealLabel, el, fmt, formatDuration, gettext, readJson, tryApi,
} from "./common.js";
import { showOpenGames } from "./open_games.js";
import { outcome, resultsTable } from "./tables.js";

const boot = readJson("arena-player", {});
const $ = (id) => document.getElementById(id);

function stat(label, value) {
  return el("div", {}, el("dt", { text: label }), el("dd", { text: String(value) }));
}

async function load() {
  const data = await tryApi(`/api/players/${encodeURIComponent(boot.name)}`);
  if (!data) {
    $("player-stats").replaceChildren();
    $("player-bests").replaceChildren(el("p", { class: "empty", text: gettext("No player has this name.") }));
    $("player-results").replaceChildren();
    return;
  }
  $("player-name").textContent = data.display_name;
  const streak = data.streak || {};
  $("player-stats").replaceChildren(
    stat(gettext("Results"), data.results_count),
    stat(gettext("Wins"), data.wins),
    stat(gettext("Records held"), data.records_held),
    stat(gettext("Daily streak"), streak.current ?? 0),
    stat(gettext("Best streak"), streak.best ?? 0),
  );
  const bests = data.personal_bests || [];
  $("player-bests").replaceChildren(bests.length
    ? el("div", { class: "table-wrap" }, el("table", { class: "board" },
      el("thead", {}, el("tr", {}, el("th", { text: gettext("Deal") }), el("th", { text: gettext("Result") }), el("th", { class: "num", text: gettext("Moves") }), el("th", { class: "num", text: gettext("Time") }), el("th", { class: "num", text: gettext("Rank") }))),
      el("tbody", {}, bests.map((b) => el("tr", {},
        el("td", {}, el("a", { href: `/deals/${encodeURIComponent(b.deal.ref)}/`, text: dealLabel(b.deal) }),
          b.holds_record ? el("span", { class: "pill pill-gold", style: "margin-left:.4rem", text: gettext("Record") }) : null),
        el("td", {}, outcome(b.result)),
        el("td", { class: "num", text: String(b.result.moves) }),
        el("td", { class: "num", text: formatDuration(b.result.duration_ms) }),
        el("td", { class: "num", text: b.rank ? fmt(gettext("#%(rank)s"), { rank: b.rank }) : "–" }))))))
    : el("p", { class: "empty", text: gettext("No results yet.") }));
  $("player-results").replaceChildren(resultsTable(data.results || []));
}

load();
if (document.getElementById("open-games-panel")) showOpenGames();
document.body.dataset.ready = "1";
