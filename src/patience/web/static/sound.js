// Short, soft sounds made with the Web Audio API (off unless the player turns them on).

let ctx = null;
let on = false;

export function setSound(enabled) { on = enabled; }

function tone(freq, start, length, gain = 0.05, type = "sine") {
  ctx ||= new AudioContext();
  const t = ctx.currentTime + start;
  const osc = ctx.createOscillator(), amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(0, t);
  amp.gain.linearRampToValueAtTime(gain, t + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

export function play(kind) {
  if (!on) return;
  try {
    if (kind === "move") tone(520, 0, 0.08, 0.04, "triangle");
    else if (kind === "refuse") tone(180, 0, 0.12, 0.04, "sine");
    else if (kind === "deal") [0, 0.05, 0.1].forEach((s) => tone(420 + s * 400, s, 0.06, 0.03, "triangle"));
    else if (kind === "win") [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.14, 0.5, 0.05));
    else if (kind === "chime") for (let i = 0; i < 12; i++) tone(880, i * 0.18, 0.3, 0.03);
  } catch { /* no audio here */ }
}
