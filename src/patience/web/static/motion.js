// Cards that glide: FLIP by card identity with the Web Animations API.
//
// Each render records where every card (by key: code and copy number) lay; the next
// render animates a copy of each card that moved from its old place to its new one, in a
// layer above the board, while the card itself waits hidden in its pile. A new move
// finishes running animations at once (`finishAll`), so motion never delays input, and
// `prefers-reduced-motion` (or the speed setting "off") turns motion off.

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
const SPEED = { off: 0, slow: 1.6, normal: 1, fast: 0.55 };
let speed = "normal";
const running = new Set();

export const EASE = "cubic-bezier(.25,.8,.3,1)";

export function setSpeed(name) {
  speed = name in SPEED ? name : "normal";
}

// Milliseconds for a base duration, 0 when motion is off.
export function duration(ms) {
  if (reduced.matches) return 0;
  return Math.round(ms * SPEED[speed]);
}

export function finishAll() {
  for (const anim of [...running]) {
    try { anim.finish(); } catch { anim.cancel(); }
  }
  running.clear();
}

export function track(anim, done) {
  running.add(anim);
  const end = () => { running.delete(anim); if (done) done(); };
  anim.addEventListener("finish", end);
  anim.addEventListener("cancel", end);
  return anim;
}

export function busy() {
  return running.size > 0;
}

// Resolves when every running animation has ended (at once when none runs).
export function settled() {
  return Promise.all([...running].map((a) => a.finished.catch(() => null)));
}

const at = (p) => `translate(${p.x}px, ${p.y}px) rotate(${p.rot}deg) translate(-28px, -40px)`;

// Animate the cards drawn in `svg` (elements with data-key) from `before` (key -> place)
// to `after`. Many cards moving at once (a deal) go one after another.
export function flip(svg, before, after, { from = null } = {}) {
  const base = duration(210);
  if (!base) return;
  const layer = svg.querySelector(".flying");
  const moving = [];
  for (const wrap of svg.querySelectorAll(".cardwrap[data-key]")) {
    const key = wrap.dataset.key;
    const now = after.get(key);
    const then = before.get(key) || (from && { ...from, rot: 0 });
    if (!now || !then) continue;
    if (Math.hypot(now.x - then.x, now.y - then.y) < 0.5 && Math.abs(now.rot - then.rot) < 0.5) continue;
    moving.push({ wrap, then, now });
  }
  if (!moving.length) return;
  const many = moving.length > 3;
  const gap = many ? Math.min(45, 700 / moving.length) * (base / 210) : 0;
  moving.forEach(({ wrap, then, now }, i) => {
    const ghost = wrap.cloneNode(true);
    for (const name of ["transform", "tabindex", "role", "aria-label", "aria-pressed", "data-pile",
                        "data-index", "data-focus", "data-key", "data-face"]) ghost.removeAttribute(name);
    ghost.setAttribute("class", "ghost");
    ghost.setAttribute("aria-hidden", "true");
    layer.appendChild(ghost);
    wrap.classList.add("in-flight");
    const anim = ghost.animate([{ transform: at(then) }, { transform: at(now) }],
                               { duration: base, delay: i * gap, easing: EASE, fill: "backwards" });
    track(anim, () => { ghost.remove(); wrap.classList.remove("in-flight"); });
  });
}

// A card that cannot move: a short shake in place.
export function shake(node) {
  if (!node || !duration(1)) return;
  track(node.animate([{ translate: "0 0" }, { translate: "-5px 0" }, { translate: "5px 0" },
                      { translate: "-3px 0" }, { translate: "0 0" }],
                     { duration: 320, easing: "ease-in-out" }));
}

// A refused drop: the card slides back from where it was let go.
export function slideBack(node, fromTransform, toTransform) {
  const ms = duration(200);
  if (!ms) return Promise.resolve();
  const anim = node.animate([{ transform: fromTransform }, { transform: toTransform }],
                            { duration: ms, easing: EASE });
  track(anim);
  return anim.finished.catch(() => null);
}

export const placeTransform = at;
