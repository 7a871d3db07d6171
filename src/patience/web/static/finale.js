// A short celebration when a game is won, in the spirit of its picture: the sun rises over
// its rays, the Shah shines among his queens, the clock strikes twelve, the star turns,
// the rainbow glows, Blockade's columns open one after another like gates, the shop's
// shelves light up row by row, and a toad leaps along the foundations. Each is short, and
// none runs when motion is off (`duration` is then 0).

import { el } from "./cards.js";
import { duration, track } from "./motion.js";
import { play } from "./sound.js";

function layer(svg) {
  const g = el("g", { class: "finale", "aria-hidden": "true" }, svg);
  return g;
}

function animate(node, frames, options) {
  const ms = duration(options.duration);
  if (!ms) return null;
  return track(node.animate(frames, { ...options, duration: ms, delay: duration(options.delay || 0) }));
}

function sunrise(svg, [cx, cy]) {
  const g = layer(svg);
  const sun = el("circle", { cx, cy, r: 120, class: "finale-sun" }, g);
  for (let k = 0; k < 13; k++) {
    const a = Math.PI - (k * Math.PI) / 12;
    const ray = el("line", { x1: cx + 140 * Math.cos(a), y1: cy - 140 * Math.sin(a),
                             x2: cx + 520 * Math.cos(a), y2: cy - 520 * Math.sin(a),
                             class: "finale-ray" }, g);
    animate(ray, [{ opacity: 0 }, { opacity: 1 }, { opacity: 0.6 }],
            { duration: 1200, delay: 300 + k * 60, easing: "ease-out", fill: "both" });
  }
  animate(sun, [{ transform: "translateY(240px)", opacity: 0 }, { transform: "translateY(0)", opacity: 1 }],
          { duration: 1600, easing: "cubic-bezier(.2,.7,.2,1)", fill: "both" });
}

function halo(svg, [cx, cy], { rings = 3, cls = "finale-halo" } = {}) {
  const g = layer(svg);
  for (let i = 0; i < rings; i++) {
    const ring = el("circle", { cx, cy, r: 60, class: cls }, g);
    animate(ring, [{ r: 60, opacity: 0.9 }, { r: 520, opacity: 0 }],
            { duration: 1800, delay: i * 450, easing: "ease-out", iterations: 2, fill: "both" });
  }
}

function strike(svg, [cx, cy]) {
  play("chime");
  const minute = svg.querySelector(".hand-minute"), hour = svg.querySelector(".hand-hour");
  const origin = `${cx}px ${cy}px`;
  for (const hand of [minute, hour]) if (hand) hand.style.transformOrigin = origin;
  if (minute) animate(minute, [{ rotate: "0deg" }, { rotate: "720deg" }], { duration: 2200, easing: "ease-in-out" });
  if (hour) animate(hour, [{ rotate: "0deg" }, { rotate: "-90deg" }], { duration: 2200, easing: "ease-in-out", fill: "forwards" });
  halo(svg, [cx, cy], { rings: 12, cls: "finale-chime" });
}

function turnStar(svg, [cx, cy]) {
  const star = svg.querySelector(".deco-star");
  if (star) {
    star.style.transformOrigin = `${cx}px ${cy}px`;
    star.classList.add("shining");
    animate(star, [{ rotate: "0deg" }, { rotate: "45deg" }], { duration: 1800, easing: "ease-in-out", fill: "forwards" });
  }
  halo(svg, [cx, cy]);
}

function glowBands(svg) {
  svg.querySelectorAll(".deco-band").forEach((band, i) => {
    animate(band, [{ opacity: 0.35, strokeWidth: 9 }, { opacity: 1, strokeWidth: 16 }, { opacity: 0.8, strokeWidth: 12 }],
            { duration: 1400, delay: i * 120, easing: "ease-out", fill: "forwards" });
  });
}

// Blockade: the twelve columns, left to right, light up from top to foot like gates
// opening, then the eight kings on the foundations bow in turn.
function openGates(svg) {
  const g = layer(svg);
  [...svg.querySelectorAll(".pile[data-pile^='col']")].forEach((pile, i) => {
    const room = pile.querySelector(".room:not([hidden])") || pile.querySelector(".slot");
    const box = room.getBBox();
    const bar = el("rect", { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6,
                             class: "finale-gate" }, g);
    const m = room.getAttribute("transform");
    if (m) bar.setAttribute("transform", m);
    animate(bar, [{ opacity: 0, scale: "1 0.15" }, { opacity: 0.9, scale: "1 1", offset: 0.5 }, { opacity: 0, scale: "1 1" }],
            { duration: 1000, delay: i * 80, easing: "ease-out", fill: "both" });
  });
}

// Open Shop: the goods are on the shelves; each foundation lights up in turn, left to
// right, like the shop's lamps coming on at closing time.
function shopLamps(svg) {
  const g = layer(svg);
  [...svg.querySelectorAll(".kind-foundation")].forEach((pile, i) => {
    const node = [...pile.querySelectorAll(".cardwrap")].pop() || pile.querySelector(".slot");
    const box = node.getBBox();
    const m = node.getAttribute("transform") || "";
    const lamp = el("rect", { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8, rx: 9,
                              class: "finale-lamp", transform: m }, g);
    animate(lamp, [{ opacity: 0 }, { opacity: 1 }, { opacity: 0.35 }],
            { duration: 1000, delay: 200 + i * 150, easing: "ease-out", fill: "both" });
  });
}

// Toad: a toad (the top card of each foundation in turn) leaps from one to the next.
function toadHops(svg) {
  const tops = [...svg.querySelectorAll(".kind-foundation")]
    .map((pile) => [...pile.querySelectorAll(".cardwrap")].pop()).filter(Boolean);
  tops.forEach((wrap, i) => {
    animate(wrap, [{ translate: "0 0" }, { translate: "0 -44px", offset: 0.45 }, { translate: "0 4px", offset: 0.8 },
                   { translate: "0 0" }], { duration: 520, delay: i * 180, easing: "ease-in-out" });
  });
}

function shower(svg) {
  const cards = [...svg.querySelectorAll(".kind-foundation .cardwrap")];
  cards.forEach((wrap, i) => {
    animate(wrap, [{ translate: "0 0" }, { translate: "0 -26px" }, { translate: "0 0" }],
            { duration: 700, delay: i * 70, easing: "ease-in-out" });
  });
}

export function celebrate(game, svg, centre) {
  play("win");
  const c = centre || [0, 0];
  if (game === "sun") sunrise(svg, c);
  else if (game === "shah") halo(svg, c, { rings: 4, cls: "finale-queens" });
  else if (game === "clock") strike(svg, c);
  else if (game === "star" || game === "double-star") turnStar(svg, c);
  else if (game === "rainbow") glowBands(svg);
  else if (game === "blockade") openGates(svg);
  else if (game === "open-shop") shopLamps(svg);
  else if (game === "toad") toadHops(svg);
  if (game !== "toad") shower(svg);
}
