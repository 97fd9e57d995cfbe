// The matches page: create a match, join one by its code, the list of mine.

import { api, el, gettext, setBusy, tryApi, variantLabel, formatDate } from "./common.js";

const $ = (id) => document.getElementById(id);

async function showMine() {
  const host = $("my-matches");
  if (!host) return;
  const mine = await tryApi("/api/matches");
  if (!mine || !mine.length) {
    host.replaceChildren(el("p", { class: "empty", text: mine ? gettext("No match yet.") : gettext("Not available right now.") }));
    return;
  }
  host.replaceChildren(el("ul", { class: "feed" }, mine.map((m) => el("li", {},
    el("a", { href: m.url }, el("strong", { text: m.code })), " ",
    el("span", { text: variantLabel(m.variant) }), " ",
    el("time", { datetime: m.created_at, text: formatDate(m.created_at) }), " ",
    el("span", { class: "pill", text: m.status })))));
}

function wire(formId, errorId, submit) {
  const form = $(formId);
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    setBusy(button, true);
    $(errorId).textContent = "";
    try {
      const snapshot = await submit(form);
      location.assign(snapshot.match.url);
    } catch (err) {
      $(errorId).textContent = err.message;
      setBusy(button, false);
    }
  });
}

wire("match-form", "match-error", (form) => {
  const count = Number(form.count.value);
  const body = {
    variant: form.variant.value,
    time_limit_s: Math.round(Number(form.limit.value || 0) * 60),
    max_players: Number(form.seats.value),
  };
  if (form.mode.value === "target") body.target_score = count;
  else body.rounds = count;
  return api("/api/matches", { method: "POST", body });
});
wire("join-form", "join-error", (form) =>
  api(`/api/matches/${encodeURIComponent(form.code.value.trim())}/join`, { method: "POST", body: {} }));

showMine();
document.body.dataset.ready = "1";
