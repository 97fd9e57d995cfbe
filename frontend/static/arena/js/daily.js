// Daily archive: one day's three deals (codes once the day closed) and its totals board.

import {
  el, fmt, formatDate, gettext, readJson, setBusy, startGame, toast, tryApi, variantLabel,
} from "./common.js";
import { totalsTable } from "./tables.js";

const boot = readJson("arena-daily", {});
const $ = (id) => document.getElementById(id);
let today = null;
let day = boot.date;

function shift(iso, days) {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function dealBlock(deal) {
  const link = `/deals/${encodeURIComponent(deal.ref)}/`;
  const facts = [];
  if (deal.par !== null && deal.par !== undefined) facts.push(fmt(gettext("Par %(moves)s"), { moves: deal.par }));
  if (deal.my_attempt) facts.push(deal.my_attempt.won ? gettext("You won it") : gettext("You played it"));
  return el("article", { class: "daily-card", "data-variant": deal.variant },
    el("h3", { text: variantLabel(deal.variant) }),
    el("p", { class: "meta" }, deal.code ? el("code", { text: deal.code }) : gettext("Code revealed when the day closes")),
    facts.length ? el("p", { class: "meta", text: facts.join(" · ") }) : null,
    sealBlock(deal),
    el("div", { class: "actions" },
      deal.code ? practiceButton(deal.code) : null,
      el("a", { class: "btn btn-accent", href: link, text: gettext("Boards and replays") })));
}

/** The deal's seal (games/commitments.py): the commitment published from the start, and
 * once the day has closed the nonce and the one-line command that checks it. */
function sealBlock(deal) {
  if (!deal.commitment) return null;
  const parts = [
    el("span", { text: gettext("Commitment (SHA-256):") }), " ",
    el("code", { class: "seal", text: deal.commitment }),
  ];
  if (deal.verify) {
    parts.push(el("br"), el("span", { text: gettext("Verify: this command prints the commitment above.") }), " ",
      el("code", { class: "seal", text: deal.verify }));
  } else {
    parts.push(el("br"), el("span", { text: gettext("The code and its nonce are revealed when the day closes, to check it.") }));
  }
  return el("p", { class: "meta small seal-line" }, ...parts);
}

/** Once the day has closed its deals stay playable, unranked (SPEC §8). */
function practiceButton(code) {
  const button = el("button", { class: "btn", type: "button", text: gettext("Play (practice)") });
  button.addEventListener("click", async () => {
    setBusy(button, true);
    try {
      await startGame({ code });
    } catch (err) {
      toast(gettext("The game could not be started."), err.message, { kind: "info" });
      setBusy(button, false);
    }
  });
  return button;
}

async function load(target) {
  const data = await tryApi(target ? `/api/daily/${target}` : "/api/daily");
  const host = $("day-deals");
  if (!data) {
    host.replaceChildren(el("p", { class: "empty", text: gettext("No daily deals on this day.") }));
    $("day-totals").replaceChildren();
    return;
  }
  if (!target) today = data.date;
  day = data.date;
  if (!today) {
    const now = await tryApi("/api/daily");
    today = now ? now.date : day;
  }
  $("day-input").value = day;
  $("day-input").max = today;
  $("day-title").textContent = formatDate(day) + (day === today ? ` · ${gettext("today")}` : "");
  $("day-next").disabled = day >= today;
  host.replaceChildren(...((data.deals || []).length
    ? data.deals.map(dealBlock)
    : [el("p", { class: "empty", text: gettext("No daily deals on this day.") })]));
  const totals = await tryApi(`/api/daily/${day}/totals?limit=100`);
  $("day-totals").replaceChildren(totalsTable(totals ? totals.entries || [] : [], {
    me: boot.me,
    emptyText: gettext("Nobody finished this day's deals."),
    columns: [
      { key: "TP-E", label: variantLabel("TP-E") },
      { key: "TP-C", label: variantLabel("TP-C") },
      { key: "PY", label: variantLabel("PY") },
    ],
  }));
  const url = day === today ? "/daily/" : `/daily/${day}/`;
  if (location.pathname !== url) history.replaceState(null, "", url);
}

$("day-prev").addEventListener("click", () => load(shift(day, -1)));
$("day-next").addEventListener("click", () => { if (day < today) load(shift(day, 1)); });
$("day-input").addEventListener("change", () => { if ($("day-input").value) load($("day-input").value); });
$("day-form").addEventListener("submit", (event) => { event.preventDefault(); load($("day-input").value); });
load(day);
document.body.dataset.ready = "1";
