// Series: the list (official and one's own) with a form to make one, or one series with
// its deals and its totals board.

import {
  api, dealLabel, el, fmt, formatDate, gettext, ngettext, readJson, setBusy, startGame, toast,
  tryApi,
} from "./common.js";
import { totalsTable } from "./tables.js";

const boot = readJson("arena-series", {});
const $ = (id) => document.getElementById(id);

async function showList() {
  const list = await tryApi("/api/series");
  const host = $("series-list");
  if (!list || !list.length) {
    host.replaceChildren(el("p", { class: "empty", text: list ? gettext("No series yet.") : gettext("Not available right now.") }));
    return;
  }
  host.replaceChildren(el("ul", { class: "feed" }, list.map((s) => el("li", {},
    el("a", { href: `/series/${encodeURIComponent(s.slug)}/` }, el("strong", { text: s.title })),
    s.official ? el("span", { class: "pill pill-gold", style: "margin-left:.4rem", text: gettext("Official") }) : null,
    el("time", { datetime: s.created_at, text: [fmt(ngettext("%(count)s deal", "%(count)s deals", s.deals), { count: s.deals }), s.owner ? fmt(gettext("by %(owner)s"), { owner: s.owner }) : "", formatDate(s.created_at)].filter(Boolean).join(" · ") })))));
}

function wireForm() {
  const form = $("series-form");
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    const deals = form.deals.value.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
    setBusy(button, true);
    $("series-error").textContent = "";
    try {
      const series = await api("/api/series", { method: "POST", body: { title: form.title.value.trim(), deals } });
      location.assign(`/series/${encodeURIComponent(series.slug)}/`);
    } catch (err) {
      $("series-error").textContent = err.message;
      setBusy(button, false);
    }
  });
}

async function showSeries(slug) {
  const series = await tryApi(`/api/series/${encodeURIComponent(slug)}`);
  if (!series) {
    $("series-title").textContent = gettext("This series does not exist.");
    $("series-deals").replaceChildren();
    $("series-totals").replaceChildren();
    return;
  }
  $("series-title").textContent = series.title;
  document.title = `${series.title} · Solitaire Arena`;
  $("series-meta").textContent = [series.official ? gettext("Official") : "", series.owner ? fmt(gettext("by %(owner)s"), { owner: series.owner }) : "", formatDate(series.created_at)].filter(Boolean).join(" · ");
  const rows = (series.deals || []).map((item) => {
    const deal = item.deal;
    const play = el("button", { class: "btn btn-small btn-primary", type: "button", text: gettext("Play") });
    play.addEventListener("click", async () => {
      setBusy(play, true);
      try { await startGame({ code: deal.code }); } catch (err) { setBusy(play, false); toast(gettext("The game could not be started."), err.message, { kind: "info" }); }
    });
    return el("tr", {},
      el("td", { text: String(item.position) }),
      el("td", {}, el("a", { href: `/deals/${encodeURIComponent(deal.ref)}/`, text: dealLabel(deal) })),
      el("td", { class: "num", text: item.par !== null && item.par !== undefined ? String(item.par) : "–" }),
      el("td", { class: "num" }, deal.code ? play : ""));
  });
  $("series-deals").replaceChildren(el("div", { class: "table-wrap" }, el("table", { class: "board" },
    el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: gettext("Deal") }), el("th", { class: "num", text: gettext("Par") }), el("th", {}))),
    el("tbody", {}, rows))));
  $("series-totals").replaceChildren(totalsTable(series.board || [], { me: boot.me, emptyText: gettext("No results yet.") }));
  $("series-share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); toast(gettext("Copied"), location.href, { kind: "info", timeout: 2500 }); } catch { /* ignore */ }
  });
}

if (boot.slug) showSeries(boot.slug);
else { showList(); wireForm(); }
document.body.dataset.ready = "1";
