// "Your open games" (home page, your own profile): the games you left before they ended,
// from GET /api/games (this account's, or this browser session's as a guest), each with
// Resume: the game goes on where it was, its clock the server's.

import { api, el, fmt, formatTime, gettext, ngettext, variantLabel } from "./common.js";

export async function showOpenGames() {
  const panel = document.getElementById("open-games-panel");
  const list = document.getElementById("open-games");
  if (!panel || !list) return;
  let games;
  try {
    games = await api("/api/games");
  } catch {
    return; // the list is a convenience: the page works without it
  }
  list.replaceChildren(...games.map((game) => el("li", { "data-game": game.id },
    el("div", { class: "open-game-what" },
      el("strong", { text: game.label || variantLabel(game.variant) }),
      el("span", { class: "muted small", text: [
        fmt(ngettext("%(count)s move", "%(count)s moves", game.moves), { count: game.moves }),
        fmt(gettext("Score %(score)s"), { score: game.score }),
        fmt(gettext("started %(time)s"), { time: formatTime(game.started_at) }),
      ].join(" · ") })),
    el("a", { class: "btn btn-small btn-primary", href: game.url, text: gettext("Resume") }))));
  panel.hidden = games.length === 0;
}
