// The board: the engine's state drawn in SVG with the game's layout, every card a focusable
// button with a spoken name, every card keyed by identity so that motion can follow it.

import { CW, CH, el, addDefs, drawCard, spokenName } from "./cards.js";
import { layoutFor, places, basePlace, bounds } from "./layouts.js";
import { flip } from "./motion.js";

// Keys by identity: "7H#0", "7H#1" for the two copies. A copy keeps its key while it
// stays in its pile; the others take the keys left over, in pile order.
export function assignKeys(piles, previous) {
  const left = new Map();  // code -> [{key, pile}]
  for (const [key, where] of previous) {
    const code = key.split("#")[0];
    if (!left.has(code)) left.set(code, []);
    left.get(code).push({ key, pile: where.pile });
  }
  const keys = {};
  const taken = new Set();
  const pending = [];
  for (const [pile, cards] of Object.entries(piles)) {
    keys[pile] = cards.map((code, i) => {
      const same = (left.get(code) || []).find((c) => c.pile === pile && !taken.has(c.key));
      if (same) { taken.add(same.key); return same.key; }
      pending.push([pile, i, code]);
      return null;
    });
  }
  const count = {};
  for (const [pile, i, code] of pending) {
    const spare = (left.get(code) || []).find((c) => !taken.has(c.key));
    let key;
    if (spare) key = spare.key;
    else {
      do { count[code] = (count[code] || 0) + 1; key = `${code}#${count[code] - 1}`; } while (taken.has(key));
    }
    taken.add(key);
    keys[pile][i] = key;
  }
  return keys;
}

export class Board {
  constructor(svg) {
    this.svg = svg;
    this.places = new Map();  // key -> {x, y, rot, pile}
    this.frame = null;
    this.frameKey = "";
  }

  reset() { this.places = new Map(); this.frame = null; this.frameKey = ""; }

  // view: {game, state, names, portrait, sources, targets, selected, hint, lit, look}
  draw(view, { animate = true, dealFrom = false } = {}) {
    const { state, names } = view;
    const ids = Object.keys(state.piles);
    const layout = layoutFor(view.game, ids, view.portrait);
    this.layout = layout;
    const counts = Object.fromEntries(ids.map((id) => [id, state.piles[id].length]));
    const box = bounds(layout, counts);
    const frameKey = `${view.game}/${view.portrait}`;
    if (this.frame && this.frameKey === frameKey) {  // the frame only grows within a game
      const x0 = Math.min(this.frame.x, box.x), y0 = Math.min(this.frame.y, box.y);
      const x1 = Math.max(this.frame.x + this.frame.width, box.x + box.width);
      const y1 = Math.max(this.frame.y + this.frame.height, box.y + box.height);
      this.frame = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    } else {
      this.frame = box;
    }
    this.frameKey = frameKey;
    const f = this.frame;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `${f.x} ${f.y} ${f.width} ${f.height}`);
    addDefs(svg);
    el("rect", { x: f.x, y: f.y, width: f.width, height: f.height, class: "felt", rx: 14 }, svg);
    const deco = el("g", { class: "deco", "aria-hidden": "true" }, svg);
    if (layout.deco) layout.deco(deco);
    const keys = assignKeys(state.piles, this.places);
    const before = this.places;
    const after = new Map();
    const labels = el("g", { class: "labels", "aria-hidden": "true" });
    for (const id of ids) {
      const spec = layout.piles[id];
      const cards = state.piles[id];
      const down = (state.face_down || {})[id] || 0;
      const name = names[id] || "";
      const g = el("g", { class: `pile kind-${view.kinds[id] || "other"}`, "data-pile": id }, svg);
      if (view.targets.has(id)) g.classList.add("target");
      if (view.lit === id) g.classList.add("drop-hover");
      if (view.hint && view.hint.move.to === id) g.classList.add("hint-target");
      if (state.focus === id) g.classList.add("focus");
      const base = basePlace(spec);
      const slot = el("rect", { class: "slot", x: -CW / 2, y: -CH / 2, width: CW, height: CH, rx: 5,
                                transform: `translate(${base.x},${base.y}) rotate(${base.rot})` }, g);
      if (!cards.length) {
        slot.setAttribute("role", "button");
        slot.setAttribute("tabindex", "-1");
        slot.setAttribute("aria-label", `${name}, empty`);
        slot.dataset.focus = id;
      }
      const spots = places(spec, cards.length);
      cards.forEach((code, i) => after.set(keys[id][i], { ...spots[i], pile: id }));
      let first = 0;
      if (spec.type === "squared" && cards.length > 2) {
        first = cards.length - 2;
        const depth = Math.min(4, Math.ceil(cards.length / 10));
        for (let d = depth; d > 0; d--) {
          el("rect", { class: "edge", x: -CW / 2 + d * 1.2, y: -CH / 2 + d * 1.2, width: CW,
                       height: CH, rx: 5,
                       transform: `translate(${base.x},${base.y}) rotate(${base.rot})` }, g);
        }
      }
      for (let i = first; i < cards.length; i++) {
        const { x, y, rot } = spots[i];
        const up = i >= down;
        const wrap = el("g", { class: "cardwrap", "data-pile": id, "data-index": i,
                               "data-key": keys[id][i],
                               transform: `translate(${x},${y}) rotate(${rot}) translate(${-CW / 2},${-CH / 2})` }, g);
        wrap.appendChild(drawCard(cards[i], up));
        const top = i === cards.length - 1;
        if (up || top) {
          wrap.setAttribute("role", "button");
          wrap.setAttribute("tabindex", "-1");
          const what = up ? spokenName(cards[i]) : "face-down card";
          const more = spec.type === "squared" && cards.length > 1 ? ` (${cards.length} cards)` : "";
          wrap.setAttribute("aria-label", `${what}, ${name}${more}`);
          if (top) wrap.dataset.focus = id;
        }
        if (view.sources.has(`${id}/${i}`)) wrap.classList.add("can-move");
        if (view.selected && view.selected.pile === id && view.selected.index === i) {
          wrap.classList.add("selected");
          wrap.setAttribute("aria-pressed", "true");
        }
        if (view.hint && view.hint.move.from === id && view.hint.index === i) wrap.classList.add("hint");
      }
      if (spec.type === "squared" && cards.length > 1) {
        const bx = base.x + CW / 2 - 2, by = base.y - CH / 2 + 2;
        el("circle", { cx: bx, cy: by, r: 11, class: "badge" }, labels);
        el("text", { x: bx, y: by + 4, class: "badge-text" }, labels).textContent = cards.length;
      }
      if (view.look.has(id)) {
        const lx = base.x - CW / 2 - 4, ly = base.y + CH / 2 - 10;
        const look = el("g", { class: "look", role: "button", tabindex: "-1", "data-look": id,
                               "aria-label": `Look through ${name}` }, svg);
        el("rect", { x: lx - 16, y: ly - 14, width: 32, height: 28, rx: 8 }, look);
        el("text", { x: lx, y: ly + 5 }, look).textContent = "\u2630";
      }
      const above = spec.labelAbove || (spec.type === "fan" && spec.dy > 0);
      if (spec.label) {
        const [lx, ly] = spec.labelAt || [base.x, above ? base.y - CH / 2 - 8 : base.y + CH / 2 + 15];
        el("text", { x: lx, y: ly, class: spec.hour ? "pile-label hour" : "pile-label" }, labels)
          .textContent = spec.label;
      }
      const dir = state.directions && state.directions[id];
      if (dir) {
        el("text", { x: base.x, y: base.y - CH / 2 - (spec.labelAbove ? 24 : 8), class: "pile-label dir" }, labels)
          .textContent = dir === "up" ? "\u2191 building up" : "\u2193 building down";
      }
    }
    svg.appendChild(labels);
    el("g", { class: "flying", "aria-hidden": "true" }, svg);
    this.places = after;
    if (animate) {
      let from = null;
      if (dealFrom) {
        const stock = layout.piles.stock;
        from = stock ? basePlace(stock) : { x: f.x + f.width / 2, y: f.y - CH };
      }
      flip(svg, dealFrom ? new Map() : before, after, { from });
    }
    return layout;
  }

  // Where a pile's top card (or its outline) lies, in board units.
  topPlace(id, n) {
    const spec = this.layout && this.layout.piles[id];
    if (!spec) return null;
    return n ? places(spec, n)[n - 1] : basePlace(spec);
  }
}
