// Tables shared by the pages: daily/series totals, deal boards, result lists.

import {
  dealLabel, el, fmt, formatDuration, formatTime, gettext,
} from "./common.js";

function playerLink(name) {
  if (!name) return el("span", { class: "muted", text: gettext("Someone") });
  return el("a", { href: `/players/${encodeURIComponent(name)}/`, text: name });
}

function table(headers, rows, emptyText) {
  if (!rows.length) return el("p", { class: "empty", text: emptyText });
  const head = el("tr", {}, headers.map(([text, cls]) => el("th", { class: cls || "", scope: "col", text })));
  return el("div", { class: "table-wrap" }, el("table", { class: "board" }, el("thead", {}, head), el("tbody", {}, rows)));
}

const rankCell = (rank) => el("td", {}, el("span", { class: "rank-badge", text: String(rank) }));

/** Totals of a day or a series: rank, player, total, games played. */
export function totalsTable(entries, { me = null, emptyText = "", columns = null } = {}) {
  const headers = [["#"], [gettext("Player")], [gettext("Total"), "num"], [gettext("Games"), "num"]];
  if (columns) for (const column of columns) headers.push([column.label, "num"]);
  const rows = entries.map((entry) => {
    const cells = [
      rankCell(entry.rank),
      el("td", {}, playerLink(entry.player)),
      el("td", { class: "num" }, el("strong", { text: String(entry.total) })),
      el("td", { class: "num", text: String(entry.played ?? "") }),
    ];
    if (columns) {
      for (const column of columns) {
        const value = entry.scores ? entry.scores[column.key] : undefined;
        cells.push(el("td", { class: "num", text: value === null || value === undefined ? "–" : String(value) }));
      }
    }
    return el("tr", { class: me && entry.player === me ? "me" : "" }, cells);
  });
  return table(headers, rows, emptyText || gettext("No results yet."));
}

export function outcome(row) {
  if (row.won) return el("span", { class: "pill pill-won", text: gettext("Won") });
  return el("span", { class: "pill pill-lost", text: fmt(gettext("%(count)s left"), { count: row.cards_left }) });
}

/** A deal's board (best ever or first tries). */
export function boardTable(board, { me = null, replayBase = null } = {}) {
  const rows = (board.entries || []).map((row) => el("tr", { class: me && row.player === me ? "me" : "" },
    rankCell(row.rank),
    el("td", {}, playerLink(row.player), row.perfect ? el("span", { class: "pill pill-gold", style: "margin-left:.4rem", text: gettext("Par") }) : null),
    el("td", {}, outcome(row)),
    el("td", { class: "num", text: String(row.moves) }),
    el("td", { class: "num" }, row.duration_ms === null || row.duration_ms === undefined
      ? el("span", { class: "untimed", title: gettext("Untimed: a submitted log"), text: gettext("untimed") })
      : formatDuration(row.duration_ms)),
    el("td", { class: "num" }, replayBase && row.result_id
      ? el("a", { href: `${replayBase}${row.result_id}/`, "aria-label": fmt(gettext("Replay %(player)s's game"), { player: row.player || "" }), text: gettext("Replay") })
      : ""),
  ));
  const shown = table([["#"], [gettext("Player")], [gettext("Result")], [gettext("Moves"), "num"], [gettext("Time"), "num"], ["", "num"]],
    rows, gettext("Nobody has played this deal yet."));
  // Why an equal result ranks lower: said on the board itself whenever one is untimed.
  const entries = board.entries || [];
  if (!entries.some((row) => row.duration_ms === null || row.duration_ms === undefined)) return shown;
  return el("div", {}, shown, el("p", { class: "small muted board-note", text: gettext(
    "Equal cards left and moves: the faster time ranks first. A submitted log has no time the server measured, so it ranks after an equal timed game.") }));
}

/** A player's results. */
export function resultsTable(results, { emptyText = "" } = {}) {
  const rows = results.map((row) => {
    const deal = row.deal || {};
    const ref = deal.ref || deal.code;
    return el("tr", {},
      el("td", {}, ref ? el("a", { href: `/deals/${encodeURIComponent(ref)}/`, text: localDealLabel(deal) }) : localDealLabel(deal)),
      el("td", {}, outcome(row), row.ranked ? el("span", { class: "pill", style: "margin-left:.35rem", text: gettext("Ranked") }) : null),
      el("td", { class: "num", text: String(row.score) }),
      el("td", { class: "num", text: String(row.moves) }),
      el("td", { class: "num", text: formatDuration(row.duration_ms) }),
      el("td", { class: "num", text: formatTime(row.created_at) }),
    );
  });
  return table([[gettext("Deal")], [gettext("Result")], [gettext("Score"), "num"], [gettext("Moves"), "num"], [gettext("Time"), "num"], [gettext("When"), "num"]],
    rows, emptyText || gettext("No results yet."));
}

export const localDealLabel = dealLabel;
