// Motion on the table: a card travelling to the discard, a bonus rising where a peak fell,
// the win's shower of suits. Pure decoration: nothing here decides anything, and under
// `prefers-reduced-motion: reduce` nothing moves (cards simply disappear and appear).

const FLIGHT_MS = 200;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where `node` is, in the coordinates of `layer` (a positioned ancestor, the table). */
function rectIn(layer, node) {
  const outer = layer.getBoundingClientRect();
  const r = node.getBoundingClientRect();
  return {
    left: r.left - outer.left - layer.clientLeft,
    top: r.top - outer.top - layer.clientTop,
    width: r.width,
    height: r.height,
  };
}

/**
 * A card on its way from `from` to `to` (both on the table `layer`). The source is hidden
 * at once (unless `keep`: the stock stays where it is) and a copy travels; `back()` sends it home (a refused move), `landed` resolves
 * when it arrived (or at once without motion). The copy is removed on the frame after it
 * landed, so a listener on the animation's `finished` can still measure it.
 */
export class Flight {
  constructor(layer, from, to, { fade = false, keep = false, duration = FLIGHT_MS } = {}) {
    this.from = from;
    this.clone = null;
    this.animation = null;
    if (!keep) from.classList.add("in-flight");
    if (reducedMotion() || !to) {
      this.landed = Promise.resolve();
      return;
    }
    const a = rectIn(layer, from);
    const b = rectIn(layer, to);
    const clone = from.cloneNode(true);
    clone.removeAttribute("id");
    clone.classList.remove("in-flight", "shake", "flip");
    clone.classList.add("flying");
    clone.setAttribute("aria-hidden", "true");
    clone.tabIndex = -1;
    Object.assign(clone.style, {
      position: "absolute", left: `${a.left}px`, top: `${a.top}px`, margin: "0",
      width: `${a.width}px`, height: `${a.height}px`, zIndex: "40", pointerEvents: "none",
    });
    clone.style.setProperty("--cw", `${a.width}px`);
    clone.style.setProperty("--ch", `${a.height}px`);
    layer.append(clone);
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    const scale = b.width / a.width;
    this.clone = clone;
    this.animation = clone.animate(
      [
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fade ? 0 : 1 },
      ],
      { duration, easing: "cubic-bezier(.25, .7, .35, 1)", fill: "forwards" },
    );
    this.landed = this.animation.finished.then(() => this.cleanUp(), () => this.cleanUp());
  }

  cleanUp() {
    const clone = this.clone;
    if (clone) requestAnimationFrame(() => clone.remove());
  }

  /** The move was refused: the card goes back where it was. */
  back() {
    const done = () => this.from.classList.remove("in-flight");
    if (!this.animation) { done(); return Promise.resolve(); }
    this.animation.reverse();
    return this.animation.finished.then(done, done);
  }

  /** The server answered: once the copy landed, the board's own drawing takes over. */
  settle() {
    const done = () => this.from.classList.remove("in-flight");
    this.landed.then(done, done);
  }
}

/** A short label (the peak bonus) rising from `node` on the table `layer`. */
export function floatLabel(layer, node, text) {
  const r = rectIn(layer, node);
  const label = document.createElement("span");
  label.className = "float-label";
  label.textContent = text;
  label.setAttribute("aria-hidden", "true");
  label.style.left = `${r.left + r.width / 2}px`;
  label.style.top = `${r.top}px`;
  layer.append(label);
  const keyframes = reducedMotion()
    ? [{ opacity: 1 }, { opacity: 1 }]
    : [
      { transform: "translate(-50%, 0) scale(.7)", opacity: 0 },
      { transform: "translate(-50%, -60%) scale(1.15)", opacity: 1, offset: 0.25 },
      { transform: "translate(-50%, -160%) scale(1)", opacity: 0 },
    ];
  label.animate(keyframes, { duration: 1300, easing: "ease-out", fill: "forwards" })
    .finished.then(() => label.remove(), () => label.remove());
  return label;
}

/** The win: suits rain over the table for a moment. Resolves when it is over. */
export function celebrate(layer) {
  if (reducedMotion()) return Promise.resolve();
  const suits = ["♠", "♥", "♦", "♣"];
  const shower = document.createElement("div");
  shower.className = "celebration";
  shower.setAttribute("aria-hidden", "true");
  layer.append(shower);
  const height = layer.clientHeight;
  const runs = [];
  for (let i = 0; i < 36; i += 1) {
    const bit = document.createElement("span");
    bit.textContent = suits[i % 4];
    bit.className = i % 4 === 1 || i % 4 === 2 ? "red" : "";
    bit.style.left = `${(i * 37) % 100}%`;
    shower.append(bit);
    const spin = (i % 2 ? 1 : -1) * (180 + ((i * 53) % 360));
    runs.push(bit.animate(
      [
        { transform: "translateY(-2rem) rotate(0deg)", opacity: 1 },
        { transform: `translateY(${height + 32}px) rotate(${spin}deg)`, opacity: 0.9 },
      ],
      { duration: 1100 + ((i * 71) % 700), delay: (i * 29) % 400, easing: "cubic-bezier(.3, .1, .7, 1)", fill: "forwards" },
    ).finished);
  }
  return Promise.all(runs).then(() => shower.remove(), () => shower.remove());
}
