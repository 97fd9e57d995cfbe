// Home: today's daily deals with the countdown, the day's totals, the live record feed,
// and the box that opens a numbered deal (by number and rule, or by a pasted code).

import {
  describeEvent, el, eventParts, eventTitle, fmt, formatDate, formatTime, gettext, ngettext,
  readJson, recordToast, setBusy, socket, startGame, strings, tryApi,
} from "./common.js";
import { showOpenGames } from "./open_games.js";
import { totalsTable } from "./tables.js";
import { chosenRuleSet, wireVariantChoice } from "./variants.js";

const boot = readJson("arena-home", {});
const $ = (id) => document.getElementById(id);

// ---- Daily deals and countdown --------------------------------------------------------------

let nextChange = null;
let clockSkew = 0; // server time minus this machine's, from the Date header

function countdown() {
  const node = $("countdown");
  if (!nextChange) return;
  let ms = nextChange - (Date.now() + clockSkew);
  if (ms <= 0) {
    node.textContent = "0:00:00";
    if (!countdown.reloading) {
      countdown.reloading = true;
      setTimeout(loadDaily, 1500); // the new day's deals
    }
    return;
  }
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  node.textContent = `${h}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  node.setAttribute("datetime", new Date(nextChange).toISOString());
}

function dailyMeta(deal) {
  const parts = [];
  if (deal.my_attempt) {
    const a = deal.my_attempt;
    if (a.won) parts.push(fmt(gettext("Won in %(moves)s moves"), { moves: a.moves }));
    else if (a.cards_left !== undefined) parts.push(fmt(ngettext("%(count)s card left", "%(count)s cards left", a.cards_left), { count: a.cards_left }));
    else parts.push(gettext("Played"));
  } else if (deal.resume) {
    parts.push(gettext("Your ranked attempt is in progress"));
  } else if (deal.ranked) {
    parts.push(gettext("Ranked attempt available"));
  } else if (deal.needs_account) {
    parts.push(gettext("Daily deals are played with an account"));
  }
  if (deal.par !== null && deal.par !== undefined) parts.push(fmt(gettext("Par %(moves)s"), { moves: deal.par }));
  return parts.join(" · ") || gettext("Ready");
}

async function loadDaily() {
  countdown.reloading = false;
  let data;
  try {
    const response = await fetch("/api/daily", { credentials: "same-origin", headers: { Accept: "application/json" } });
    const serverDate = Date.parse(response.headers.get("Date") || "");
    if (!Number.isNaN(serverDate)) clockSkew = serverDate - Date.now();
    data = response.ok ? await response.json() : null;
  } catch {
    data = null;
  }
  const cards = document.querySelectorAll(".daily-card");
  if (!data) {
    for (const card of cards) card.querySelector("[data-role=meta]").textContent = gettext("Not available right now.");
    $("totals").replaceChildren(el("p", { class: "empty", text: gettext("Not available right now.") }));
    return;
  }
  nextChange = Date.parse(data.next_change_at);
  $("today-date").textContent = formatDate(data.date);
  countdown();
  const byVariant = Object.fromEntries((data.deals || []).map((d) => [d.variant, d]));
  for (const card of cards) {
    const deal = byVariant[card.dataset.variant];
    const meta = card.querySelector("[data-role=meta]");
    const button = card.querySelector("button[type=submit]");
    const boardLink = card.querySelector("[data-role=board]");
    if (!deal) {
      meta.textContent = gettext("No deal picked yet for today.");
      button.disabled = true;
      continue;
    }
    button.disabled = false;
    meta.textContent = dailyMeta(deal);
    // Resume the open ranked attempt (the server resumes it too: same game, its clock);
    // guests are invited to sign up instead (today's dailies need an account, SPEC §8).
    if (deal.resume) button.textContent = gettext("Resume");
    else if (deal.needs_account) button.textContent = gettext("Sign up to play");
    button.dataset.needsAccount = deal.needs_account ? "1" : "";
    boardLink.href = `/deals/${encodeURIComponent(deal.ref)}/`;
  }
  if (data.streak && data.streak.current) {
    $("today-date").textContent += " · " + fmt(ngettext("streak: %(count)s day", "streak: %(count)s days", data.streak.current), { count: data.streak.current });
  }
  loadTotals(data.date);
}

async function loadTotals(day) {
  const data = await tryApi(`/api/daily/${day}/totals?limit=20`);
  const host = $("totals");
  if (!data) {
    host.replaceChildren(el("p", { class: "empty", text: gettext("Not available right now.") }));
    return;
  }
  host.replaceChildren(totalsTable(data.entries || [], { me: boot.me, emptyText: gettext("Nobody has finished today's deals yet. Be the first!") }));
}

// ---- Live feed ------------------------------------------------------------------------------

function feedItem(event, fresh = false) {
  const p = eventParts(event);
  const text = describeEvent(event);
  const item = el("li", { class: fresh ? "fresh" : "", "data-kind": p.kind },
    el("strong", { text: eventTitle(event) }), " ",
    p.code ? el("a", { href: `/deals/${encodeURIComponent(p.code)}/`, text }) : text,
    el("time", { datetime: p.when || "", text: formatTime(p.when) }));
  return item;
}

async function loadFeed() {
  const list = $("feed");
  const events = await tryApi("/api/events?limit=20");
  list.replaceChildren();
  if (!events || !events.length) {
    list.append(el("li", { class: "empty", text: gettext("No records yet. Win a deal to make the news!") }));
    return;
  }
  for (const event of events) list.append(feedItem(event));
}

function liveFeed() {
  const conn = $("feed-conn");
  socket("/ws/feed/", {
    onState(s) {
      conn.dataset.state = s === "open" ? "live" : "connecting";
      conn.textContent = s === "open" ? gettext("Live") : gettext("Connecting…");
    },
    onMessage(data) {
      if (data.type !== "record" || !data.event) return;
      const list = $("feed");
      const empty = list.querySelector(".empty");
      if (empty) empty.remove();
      list.prepend(feedItem(data.event, true));
      while (list.children.length > 30) list.lastElementChild.remove();
      recordToast(data.event);
    },
  });
}

// ---- Forms that start games -----------------------------------------------------------------

function wireDailyForms() {
  for (const form of document.querySelectorAll("form[data-daily]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button[type=submit]");
      if (button.dataset.needsAccount) {
        location.assign(`/accounts/signup/?next=${encodeURIComponent("/")}`);
        return;
      }
      setBusy(button, true);
      try {
        await startGame({ daily: form.dataset.daily });
      } catch (err) {
        setBusy(button, false);
        form.closest(".daily-card").querySelector("[data-role=meta]").textContent = err.message;
      }
    });
  }
}

function wireOpenForm() {
  const form = $("open-form");
  const error = $("open-error");
  form.addEventListener("submit", async (event) => {
    const submitter = event.submitter || form.querySelector("[type=submit]");
    // "Deal page" is a plain GET to /deals/, which names the deal and redirects.
    if (submitter && submitter.value === "deal") return;
    event.preventDefault();
    error.textContent = "";
    const data = new FormData(form);
    const code = (data.get("code") || "").trim();
    const numberText = (data.get("number") || "").trim().replace(/^#/, "");
    const variant = chosenRuleSet(data);
    let body;
    if (code) body = { code };
    else if (numberText) body = { number: Number.parseInt(numberText, 10), variant };
    else body = { number: 1 + Math.floor(Math.random() * (boot.numberedDeals || 50000)), variant };
    if (body.number !== undefined && !Number.isFinite(body.number)) {
      error.textContent = strings.rules.bad_code;
      return;
    }
    setBusy(submitter, true);
    try {
      await startGame(body);
    } catch (err) {
      error.textContent = err.message;
      setBusy(submitter, false);
    }
  });
}

wireDailyForms();
wireOpenForm();
wireVariantChoice($("open-form"));
loadDaily();
showOpenGames();
loadFeed();
liveFeed();
setInterval(countdown, 1000);
document.body.dataset.ready = "1";
