// A player's page, "Matches": their finished live matches with their rank and total
// (GET /api/players/<name>/matches).

import { el, fmt, formatDate, gettext, readJson, tryApi, variantLabel } from "./common.js";

const boot = readJson("arena-player", {});

async function show() {
  if (!boot.name) return;
  const rows = await tryApi(`/api/players/${encodeURIComponent(boot.name)}/matches`);
  if (!rows) return;
  const list = rows.length
    ? el("ul", { class: "feed", id: "player-matches" }, rows.map((m) => el("li", {},
      el("a", { href: m.url }, el("strong", { text: fmt(gettext("Rank %(rank)s of %(players)s"), { rank: m.rank, players: m.players }) })),
      " ", el("span", { text: fmt(gettext("%(total)s points"), { total: m.total }) }),
      " · ", el("span", { text: variantLabel(m.variant) }),
      m.finished_at ? el("time", { datetime: m.finished_at, text: ` · ${formatDate(m.finished_at)}` }) : null)))
    : el("p", { class: "empty", id: "player-matches", text: gettext("No match yet.") });
  const panel = el("section", { class: "panel", style: "margin-top:1rem", "aria-label": gettext("Matches") },
    el("h2", { text: gettext("Matches") }), list);
  document.querySelector("main").append(panel);
}

show();
