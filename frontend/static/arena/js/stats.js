// A player's statistics page: the figures the server embedded (leaderboards/player_stats.py)
// drawn as a table, a calendar of days played and an SVG chart of recent scores, by our
// own code (no chart library).

import { el, fmt, formatDate, gettext, readJson, variantLabel } from "./common.js";

const stats = readJson("arena-stats", { variants: [], calendar: { days: {} }, recent: [] });
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

function variantsTable() {
  const dash = (value, suffix = "") => (value === null || value === undefined ? "–" : `${value}${suffix}`);
  const head = el("tr", {}, [gettext("Rule"), gettext("Games"), gettext("Wins"), gettext("Win rate"), gettext("Best score"), gettext("Fewest moves to win")]
    .map((text, i) => el("th", { scope: "col", class: i ? "num" : "", text })));
  const rows = stats.variants.map((row) => el("tr", { "data-variant": row.variant },
    el("th", { scope: "row", text: variantLabel(row.variant) }),
    el("td", { class: "num", text: String(row.games) }),
    el("td", { class: "num", text: String(row.wins) }),
    el("td", { class: "num", text: dash(row.win_rate, " %") }),
    el("td", { class: "num", text: dash(row.best_score) }),
    el("td", { class: "num", text: dash(row.fewest_moves) })));
  // It scrolls sideways on a phone: a region the keyboard can reach and scroll.
  return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-labelledby": "per-variant-title" },
    el("table", { class: "board" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function isoDay(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** Weeks as columns, days as rows; each day's shade from its number of games. */
function calendar() {
  const { first, last, days } = stats.calendar;
  const start = new Date(`${first}T12:00:00`);
  const end = new Date(`${last}T12:00:00`);
  const most = Math.max(1, ...Object.values(days).map((d) => d.games));
  const grid = el("div", { class: "calendar", role: "list" });
  for (let d = new Date(start); d <= end; d.setDate(d.getDate() + 1)) {
    const key = isoDay(d);
    const day = days[key];
    const level = day ? Math.ceil((day.games / most) * 4) : 0;
    const label = day
      ? fmt(gettext("%(date)s: %(games)s games, %(wins)s won"), { date: formatDate(key), games: day.games, wins: day.wins })
      : fmt(gettext("%(date)s: no game"), { date: formatDate(key) });
    grid.append(el("span", { class: `day level-${level}`, role: "listitem", "data-day": key, title: label, "aria-label": label }));
  }
  return grid;
}

/** Recent scores as bars, scaled to the best of them; the text alternative lists them. */
function chart() {
  const recent = stats.recent;
  if (!recent.length) return el("p", { class: "empty", text: gettext("No results yet.") });
  const width = 300;
  const height = 120;
  const top = Math.max(1, ...recent.map((r) => r.score));
  const step = Math.min(24, width / recent.length);
  const bars = recent.map((r, i) => {
    const h = Math.max(2, (r.score / top) * (height - 16));
    return svg("rect", {
      x: (i * step + step * 0.15).toFixed(1), y: (height - h).toFixed(1),
      width: (step * 0.7).toFixed(1), height: h.toFixed(1),
      class: r.won ? "bar won" : "bar", "data-score": r.score,
    }, svg("title", {}, `${variantLabel(r.variant)} · ${r.score}${r.won ? ` · ${gettext("Won")}` : ""}`));
  });
  const summary = fmt(gettext("Scores of the last %(count)s results, oldest first: %(scores)s"), {
    count: recent.length, scores: recent.map((r) => r.score).join(", "),
  });
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "score-chart", role: "img", "aria-label": summary },
    svg("line", { x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5, class: "axis" }),
    svg("text", { x: 2, y: 11, class: "chart-label" }, String(top)),
    ...bars);
}

document.getElementById("stats-variants").replaceChildren(variantsTable());
document.getElementById("stats-calendar").replaceChildren(calendar());
document.getElementById("stats-chart").replaceChildren(chart());
document.body.dataset.ready = "1";
