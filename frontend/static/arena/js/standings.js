// A live match's standings, drawn from the snapshot every /ws/matches/<id>/ frame and
// GET /api/matches/<ref> answer carry (docs/matches.md). Shared by the match page and
// the play page's panel. The snapshot never names a card; neither does this.

import { el, fmt, formatDuration, gettext } from "./common.js";

/** Server time minus this browser's clock, from a snapshot's server_time. */
export function clockOffset(snapshot) {
  const server = Date.parse(snapshot.server_time);
  return Number.isNaN(server) ? 0 : server - Date.now();
}

export function statusText(snapshot) {
  const match = snapshot.match;
  if (match.status === "lobby") return gettext("In the lobby: waiting for players.");
  if (match.status === "expired") return gettext("Nobody started this match in time: it expired.");
  if (match.status === "cancelled") return gettext("The creator cancelled this match.");
  if (match.status === "finished") {
    return match.end_reason === "no_deal"
      ? gettext("The match is over: no winnable deal was found for the next round, so the rounds played decide.")
      : gettext("The match is over.");
  }
  const round = snapshot.round;
  if (!round) return gettext("The next round is being dealt…");
  if (round.over) return gettext("Round over.");
  return fmt(gettext("Round %(number)s of %(rounds)s"), { number: round.number, rounds: match.max_rounds });
}

function cell(text, cls = "num") {
  return el("td", { class: cls, text: text === null || text === undefined ? "–" : String(text) });
}

/** The ranked players: total, cards left and time, and the current round's figures. */
export function standingsTable(snapshot, { me = null, compact = false } = {}) {
  const lobby = snapshot.match.status === "lobby";
  const headers = lobby
    ? [gettext("Player"), gettext("Ready")]
    : compact
      ? ["#", gettext("Player"), gettext("Total"), gettext("Left"), gettext("Moves"), gettext("Time")]
      : ["#", gettext("Player"), gettext("Total"), gettext("Cards left"), gettext("Time"),
        gettext("This round"), gettext("Left"), gettext("Moves"), ""];
  const rows = snapshot.players.map((p) => {
    const now = p.current;
    const name = el("td", {}, p.name,
      p.creator && !compact ? el("span", { class: "pill", text: gettext("creator") }) : null,
      p.left ? el("span", { class: "pill pill-muted", text: gettext("left") }) : null);
    let cells;
    if (lobby) {
      cells = [name, el("td", { text: p.ready ? gettext("Ready") : gettext("Not ready") })];
    } else if (compact) {
      cells = [cell(p.rank, ""), name, cell(p.total), cell(now ? now.cards_left : p.cards_left),
        cell(now ? now.moves : null), cell(formatDuration(now ? now.elapsed_ms : p.time_ms))];
    } else {
      cells = [cell(p.rank, ""), name, el("td", { class: "num" }, el("strong", { text: String(p.total) })),
        cell(p.cards_left), cell(formatDuration(p.time_ms)), cell(now ? now.score : null),
        cell(now ? now.cards_left : null), cell(now ? now.moves : null),
        el("td", { text: now && now.finished ? "✓" : "" })];
    }
    return el("tr", { class: me && p.name === me ? "me" : "", dataset: { player: p.name } }, cells);
  });
  const head = el("tr", {}, headers.map((text) => el("th", { scope: "col", text })));
  return el("div", { class: "table-wrap" },
    el("table", { class: "board standings" }, el("thead", {}, head), el("tbody", {}, rows)));
}

/** One ended round: each player's score, cards left, moves and time (the deal's code
 *  once the match is over). */
export function roundSummary(round) {
  const title = fmt(gettext("Round %(number)s"), { number: round.number });
  const rows = round.results.map((r) => el("tr", {},
    cell(r.rank, ""), el("td", { text: r.name }), cell(r.forfeit ? gettext("forfeit") : r.played === false ? gettext("not played") : r.score),
    cell(r.cards_left), cell(r.moves), cell(formatDuration(r.time_ms)),
    el("td", {}, r.replay ? el("a", { href: r.replay, class: "replay-link", text: gettext("Replay") }) : "")));
  const head = el("tr", {}, ["#", gettext("Player"), gettext("Score"), gettext("Left"), gettext("Moves"),
    gettext("Time"), ""].map((text) => el("th", { scope: "col", text })));
  return el("section", { class: "round-summary", dataset: { round: String(round.number) } },
    el("h3", {}, title, round.deal ? el("code", { class: "round-code", text: round.deal }) : null,
      round.replays ? el("a", { href: round.replays, class: "replays-link", text: gettext("All replays side by side") }) : null),
    el("div", { class: "table-wrap" }, el("table", { class: "board" }, el("thead", {}, head), el("tbody", {}, rows))));
}

/** The podium: ranks 1 to 3 (shared ranks may put more there). */
export function podium(snapshot) {
  const places = snapshot.podium || [];
  return el("ol", { class: "podium-steps" }, places.map((p) => el("li", { class: `place place-${p.rank}`, dataset: { rank: String(p.rank) } },
    el("span", { class: "place-rank", text: String(p.rank) }),
    el("strong", { class: "place-name", text: p.name }),
    el("span", { class: "place-total", text: fmt(gettext("%(total)s points"), { total: p.total }) }))));
}
