// Optional sounds, off by default (localStorage["arena.sounds"] = "on" turns them on).
// Generated with WebAudio: short tones, no sound files to download.

const KEY = "arena.sounds";

// Each sound: a list of [frequency Hz, start s, length s], played as soft sine blips.
const TUNES = {
  move: [[660, 0, 0.07]],
  draw: [[440, 0, 0.06]],
  bonus: [[784, 0, 0.09], [988, 0.08, 0.09], [1319, 0.16, 0.14]],
  refused: [[220, 0, 0.12]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.3]],
};

let context = null;

export function soundsOn() {
  return localStorage.getItem(KEY) === "on";
}

export function setSounds(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

export function play(name) {
  if (!soundsOn() || !TUNES[name]) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context = context || new Audio();
  const now = context.currentTime;
  for (const [freq, start, length] of TUNES[name]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(context.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}
