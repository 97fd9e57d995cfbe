// Shared helpers of the arena pages: translations, the HTTP API, WebSockets, toasts.
// Translations come from Django's JavaScriptCatalog (window.gettext / interpolate);
// card names and rule messages come from the server in the page's language.

const dj = window;

export function gettext(text) {
  return typeof dj.gettext === "function" ? dj.gettext(text) : text;
}

export function ngettext(singular, plural, count) {
  return typeof dj.ngettext === "function"
    ? dj.ngettext(singular, plural, count)
    : count === 1 ? singular : plural;
}

/** Fill %(name)s placeholders. */
export function fmt(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}

/** The JSON a template put in <script type="application/json" id="...">. */
export function readJson(id, fallback = null) {
  const node = document.getElementById(id);
  if (!node) return fallback;
  try {
    return JSON.parse(node.textContent);
  } catch {
    return fallback;
  }
}

export const strings = readJson("arena-strings", {
  lang: "en", cards: {}, rules: {}, variants: {}, ruleNames: {}, faceDown: "face-down card",
});

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---- Cards in words ----------------------------------------------------------------------

export function cardInfo(token) {
  return strings.cards[token] || null;
}

export function cardName(token) {
  const info = cardInfo(token);
  return info ? info.name : token;
}

/** "7♠", with the localised face letter: "R♣" in French. */
export function cardSymbol(token) {
  const info = cardInfo(token);
  return info ? info.rank + info.suit : token;
}

/** A log token in symbols: "7♠", "10♣ + 3♠", "Draw", "Undo". */
export function tokenText(token) {
  if (token === "D") return gettext("Draw");
  if (token === "U") return gettext("Undo");
  if (token.includes("+")) return token.split("+").map(cardSymbol).join(" + ");
  return cardSymbol(token);
}

export function variantLabel(variant) {
  return strings.variants[variant] || variant;
}

/** A deal as people read it, in the page's language: "#12 TriPeaks Facile". */
export function dealLabel(deal) {
  if (!deal) return "";
  if (typeof deal === "string") return deal;
  if (deal.number !== null && deal.number !== undefined && deal.variant && !deal.sealed) {
    return `#${deal.number} ${variantLabel(deal.variant)}`;
  }
  const numbered = /^#(\d+)\b/.exec(deal.label || "");
  if (numbered && deal.variant) return `#${numbered[1]} ${variantLabel(deal.variant)}`;
  const day = deal.date || (/(\d{4}-\d{2}-\d{2})/.exec(deal.ref || deal.label || "") || [])[1];
  if (day && deal.variant) {
    return fmt(gettext("Daily %(variant)s, %(date)s"), { variant: variantLabel(deal.variant), date: formatDate(day) });
  }
  return deal.label || deal.code || "";
}

// ---- Numbers and times ------------------------------------------------------------------

export function formatDuration(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return "–";
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`;
}

export function formatDate(iso) {
  if (!iso) return "";
  const date = new Date(iso.length <= 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(strings.lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function formatTime(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = new Date().toDateString() === date.toDateString();
  return sameDay
    ? date.toLocaleTimeString(strings.lang, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleString(strings.lang, { dateStyle: "medium", timeStyle: "short" });
}

export function formatNumber(n) {
  return typeof n === "number" ? n.toLocaleString(strings.lang) : n ?? "–";
}

// ---- HTTP -------------------------------------------------------------------------------

export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  if (match) return decodeURIComponent(match[1]);
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

export class ApiError extends Error {
  constructor(status, reason, message, body) {
    super(message || reason || `HTTP ${status}`);
    this.status = status;
    this.reason = reason || "error";
    this.body = body;
  }
}

export async function api(path, { method = "GET", body, signal } = {}) {
  const headers = { Accept: "application/json" };
  const init = { method, headers, credentials: "same-origin", signal };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", gettext("The server cannot be reached. Check your connection."), null);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const error = (data && (data.error || data)) || {};
    const detail = typeof error.detail === "string" ? error.detail : null;
    throw new ApiError(response.status, error.reason || (response.status === 404 ? "not_found" : "error"),
      error.message || detail || fmt(gettext("The server answered %(status)s."), { status: response.status }), data);
  }
  return data;
}

/** Fetch JSON, or null when the endpoint is missing or failing (pages degrade quietly). */
export async function tryApi(path) {
  try {
    return await api(path);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return null;
  }
}

// ---- WebSockets -------------------------------------------------------------------------

/** A WebSocket that reconnects with backoff. Returns {send, close, isOpen}. */
export function socket(path, { onMessage, onState, onOpen } = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const sep = path.includes("?") ? "&" : "?";
  const url = `${scheme}//${location.host}${path}${sep}lang=${encodeURIComponent(strings.lang)}`;
  let ws = null;
  let closed = false;
  let delay = 500;
  let timer = null;
  const report = (state) => onState && onState(state);

  function connect() {
    if (closed) return;
    report("connecting");
    try {
      ws = new WebSocket(url);
    } catch {
      schedule();
      return;
    }
    ws.addEventListener("open", () => {
      delay = 500;
      report("open");
      if (onOpen) onOpen();
    });
    ws.addEventListener("message", (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      if (onMessage) onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      ws = null;
      report(event.code === 4403 || event.code === 4404 ? "refused" : "closed");
      if (event.code === 4403 || event.code === 4404) return;
      schedule();
    });
  }

  function schedule() {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 15000);
  }

  connect();
  return {
    send(data) {
      if (ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify(data));
        return true;
      }
      return false;
    },
    isOpen() { return !!ws && ws.readyState === WebSocket.OPEN; },
    close() { closed = true; clearTimeout(timer); if (ws) ws.close(); },
  };
}

// ---- Record events ----------------------------------------------------------------------

function pick(obj, ...keys) {
  for (const key of keys) {
    const parts = key.split(".");
    let value = obj;
    for (const part of parts) value = value && typeof value === "object" ? value[part] : undefined;
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}

function personName(value) {
  if (!value) return "";
  if (typeof value === "string") return value;
  return value.display_name || value.name || value.username || "";
}

export function eventParts(event) {
  const deal = pick(event, "deal") || {};
  const code = typeof deal === "string" ? deal : pick(event, "deal.code", "code", "deal_code");
  const label = typeof deal === "string" ? deal : dealLabel(deal) || code || gettext("a deal");
  return {
    kind: String(pick(event, "kind", "type") || "").toUpperCase(),
    player: personName(pick(event, "player", "holder", "player_name")) || gettext("Someone"),
    previous: personName(pick(event, "previous_holder", "previous")),
    code,
    label,
    when: pick(event, "created_at", "at"),
    cardsLeft: pick(event, "result.cards_left", "cards_left"),
    moves: pick(event, "result.moves", "moves"),
    duration: pick(event, "result.duration_ms", "duration_ms"),
  };
}

/** One sentence for a record event, in the page's language. */
export function describeEvent(event) {
  const p = eventParts(event);
  const values = { player: p.player, deal: p.label, previous: p.previous };
  switch (p.kind) {
    case "FIRST_WIN":
      return fmt(gettext("%(player)s is the first to win %(deal)s!"), values);
    case "NEW_RECORD":
      return p.previous
        ? fmt(gettext("%(player)s beat %(previous)s's record on %(deal)s"), values)
        : fmt(gettext("%(player)s set a new record on %(deal)s"), values);
    case "BEST_RESULT":
      return fmt(gettext("%(player)s holds the best result on %(deal)s"), values);
    case "PERSONAL_BEST":
      return fmt(gettext("New personal best for %(player)s on %(deal)s"), values);
    case "RECORD_INHERITED":
      return fmt(gettext("%(player)s inherits the record on %(deal)s"), values);
    default:
      return event.message || fmt(gettext("New result on %(deal)s"), values);
  }
}

export function eventTitle(event) {
  const kind = eventParts(event).kind;
  return {
    FIRST_WIN: gettext("First win!"),
    NEW_RECORD: gettext("New record!"),
    BEST_RESULT: gettext("Best result"),
    PERSONAL_BEST: gettext("Personal best"),
    RECORD_INHERITED: gettext("Record inherited"),
  }[kind] || gettext("Record");
}

// ---- Toasts -----------------------------------------------------------------------------

function toastHost() {
  let host = document.getElementById("toasts");
  if (!host) {
    host = el("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(host);
  }
  return host;
}

export function toast(title, body = "", { kind = "record", timeout = 7000, href = null } = {}) {
  const node = el("div", { class: `toast ${kind}`, "data-kind": kind },
    el("strong", { text: title }), body ? el("span", { text: body }) : null);
  if (href) {
    node.append(" ", el("a", { href, style: "color:#ffd98a" , text: gettext("See") }));
  }
  toastHost().append(node);
  setTimeout(() => {
    node.classList.add("leaving");
    setTimeout(() => node.remove(), 350);
  }, timeout);
  return node;
}

const toasted = new Set();

/** A toast for a record event (each event once, though it may come by several sockets). */
export function recordToast(event) {
  if (!event || typeof event !== "object") return;
  const key = event.id !== undefined ? `id:${event.id}` : JSON.stringify(event);
  if (toasted.has(key)) return;
  toasted.add(key);
  const p = eventParts(event);
  toast(eventTitle(event), describeEvent(event), {
    href: p.code ? `/deals/${encodeURIComponent(p.code)}/` : null,
  });
}

// ---- Small UI bits ----------------------------------------------------------------------

export function setBusy(button, busy) {
  if (!button) return;
  button.disabled = !!busy;
  button.setAttribute("aria-busy", busy ? "true" : "false");
}

/** Start a game (POST /api/games) and open its play page. */
export async function startGame(body) {
  const game = await api("/api/games", { method: "POST", body });
  const id = game && (game.id || (game.game && game.game.id));
  if (!id) throw new ApiError(500, "error", gettext("The game could not be started."), game);
  location.assign(`/play/${id}/`);
  return game;
}

/** Language switcher: submit on change (a button is there without scripts). */
export function wireLanguagePicker() {
  for (const select of document.querySelectorAll(".lang-form select")) {
    select.addEventListener("change", () => select.form.submit());
  }
}

wireLanguagePicker();
