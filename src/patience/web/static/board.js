// The board: the engine's state drawn in SVG with the game's layout, every card a focusable
// button with a spoken name, every card keyed by identity so that motion can follow it.

import { CW, CH, el, addDefs, drawCard, faceSize, spokenName } from "./cards.js";
import { layoutFor, places, basePlace, bounds, fill } from "./layouts.js";
import { flip } from "./motion.js";
import { count } from "./plural.js";
import { _, format } from "./i18n.js";

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

// Set an attribute only when it changes: the browser then restyles and repaints only what
// changed, not the whole board.
function set(node, name, value) {
  if (value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) {
    node.setAttribute(name, value);
  }
}

const at = (p) => `translate(${p.x},${p.y}) rotate(${p.rot})`;

export class Board {
  constructor(svg) {
    this.svg = svg;
    this.places = new Map();  // key -> {x, y, rot, pile}
    this.frame = null;
    this.frameKey = "";
  }

  reset() { this.places = new Map(); this.frame = null; this.frameKey = ""; }

  // The parts that last while a game is shown: the felt, the piles' groups and every card's
  // drawing, kept by the card's key. A move then changes a few nodes, not the whole board,
  // so the frame that shows it (and each frame of the glide) is cheap to draw.
  build(ids) {
    const svg = this.svg;
    svg.replaceChildren();
    addDefs(svg);
    this.felt = el("rect", { class: "felt", rx: 14 }, svg);
    this.deco = el("g", { class: "deco", "aria-hidden": "true" }, svg);
    this.piles = new Map();
    for (const id of ids) {
      const g = el("g", { "data-pile": id }, svg);
      const room = el("rect", { class: "room", width: CW, rx: 6 }, g);
      const slot = el("rect", { class: "slot", x: -CW / 2, y: -CH / 2, width: CW, height: CH, rx: 5 }, g);
      const edges = el("g", { class: "edges" }, g);
      this.piles.set(id, { g, room, slot, edges, edgeKey: "" });
    }
    this.looks = el("g", { class: "looks" }, svg);
    this.labels = el("g", { class: "labels", "aria-hidden": "true" }, svg);
    this.flying = el("g", { class: "flying", "aria-hidden": "true" }, svg);
    this.wraps = new Map();  // key -> the card's node, with the face it shows
    this.built = ids.join(" ");
  }

  // A card's node: the one drawn before for this key when it shows the same face.
  wrapFor(key, code, up) {
    const look = `${code}/${up}/${faceSize()}`;
    let wrap = this.wraps.get(key);
    if (!wrap || wrap.dataset.face !== look) {
      if (wrap) wrap.remove();
      wrap = el("g", { "data-key": key, "data-face": look });
      wrap.appendChild(drawCard(code, up));
      this.wraps.set(key, wrap);
    }
    return wrap;
  }

  // The layout and the frame round it for `view` ({game, state, portrait, aspect}), without
  // drawing: the frame only grows within a game, so cards do not jump from move to move.
  frameFor(view) {
    const { state } = view;
    const ids = Object.keys(state.piles);
    const layout = layoutFor(view.game, ids, view.portrait, view.aspect);
    const counts = Object.fromEntries(ids.map((id) => [id, state.piles[id].length]));
    const box = fill(layout, bounds(layout, counts), view.aspect);
    const frameKey = `${view.game}/${view.portrait}/${(view.aspect || 0).toFixed(2)}`;
    if (!this.frame || this.frameKey !== frameKey) return { layout, frame: box, frameKey };
    const x0 = Math.min(this.frame.x, box.x), y0 = Math.min(this.frame.y, box.y);
    const x1 = Math.max(this.frame.x + this.frame.width, box.x + box.width);
    const y1 = Math.max(this.frame.y + this.frame.height, box.y + box.height);
    return { layout, frame: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, frameKey };
  }

  // view: {game, state, names, portrait, sources, targets, selected, hint, lit, look}
  draw(view, { animate = true, dealFrom = false } = {}) {
    const { state, names } = view;
    const ids = Object.keys(state.piles);
    const { layout, frame, frameKey } = this.frameFor(view);
    this.layout = layout;
    this.frame = frame;
    const svg = this.svg;
    if (this.frameKey !== frameKey || this.built !== ids.join(" ")) this.build(ids);
    this.frameKey = frameKey;
    const f = this.frame;
    set(svg, "viewBox", `${f.x} ${f.y} ${f.width} ${f.height}`);
    for (const [name, value] of Object.entries({ x: f.x, y: f.y, width: f.width, height: f.height })) {
      set(this.felt, name, value);
    }
    for (const old of svg.querySelectorAll(".finale")) old.remove();
    this.deco.replaceChildren();
    if (layout.deco) layout.deco(this.deco);
    this.looks.replaceChildren();
    this.labels.replaceChildren();
    const keys = assignKeys(state.piles, this.places);
    const before = this.places;
    const after = new Map();
    const labels = this.labels;
    const shown = new Set();
    for (const id of ids) {
      const spec = layout.piles[id];
      const cards = state.piles[id];
      const down = (state.face_down || {})[id] || 0;
      const name = names[id] || "";
      const { g, room, slot, edges } = this.piles.get(id);
      const cls = [`pile kind-${view.kinds[id] || "other"}`];
      if (view.targets.has(id)) cls.push("target");
      if (view.lit === id) cls.push("drop-hover");
      if (view.hint && view.hint.move.to === id) cls.push("hint-target");
      if (state.focus === id) cls.push("focus");
      set(g, "class", cls.join(" "));
      const base = basePlace(spec);
      set(slot, "transform", at(base));
      set(room, "hidden", spec.lane ? null : "");
      if (spec.lane) {  // the room a column has to grow into, seen as part of the picture
        set(room, "x", base.x - CW / 2);
        set(room, "y", base.y - CH / 2);
        set(room, "height", spec.lane - base.y + CH / 2);
      }
      const empty = !cards.length;
      set(slot, "role", empty ? "button" : null);
      set(slot, "tabindex", empty ? "-1" : null);
      set(slot, "aria-label", empty ? format(_("{pile}, empty"), { pile: name }) : null);
      set(slot, "data-focus", empty ? id : null);
      const spots = places(spec, cards.length);
      cards.forEach((code, i) => after.set(keys[id][i], { ...spots[i], pile: id }));
      let first = 0;
      const depth = spec.type === "squared" && cards.length > 2 ? Math.min(4, Math.ceil(cards.length / 10)) : 0;
      if (depth) first = cards.length - 2;
      const edgeKey = `${depth} ${at(base)}`;
      if (this.piles.get(id).edgeKey !== edgeKey) {
        this.piles.get(id).edgeKey = edgeKey;
        edges.replaceChildren();
        for (let d = depth; d > 0; d--) {
          el("rect", { class: "edge", x: -CW / 2 + d * 1.2, y: -CH / 2 + d * 1.2, width: CW,
                       height: CH, rx: 5, transform: at(base) }, edges);
        }
      }
      let next = edges.nextSibling;
      for (let i = first; i < cards.length; i++) {
        const key = keys[id][i];
        const up = i >= down;
        const wrap = this.wrapFor(key, cards[i], up);
        shown.add(key);
        const top = i === cards.length - 1;
        const c = ["cardwrap"];
        if (wrap.classList.contains("in-flight")) c.push("in-flight");
        if (view.sources.has(`${id}/${i}`)) c.push("can-move");
        const chosen = view.selected && view.selected.pile === id && view.selected.index === i;
        if (chosen) c.push("selected");
        if (view.hint && view.hint.move.from === id && view.hint.index === i) c.push("hint");
        set(wrap, "class", c.join(" "));
        set(wrap, "data-pile", id);
        set(wrap, "data-index", i);
        set(wrap, "transform", `${at(spots[i])} translate(${-CW / 2},${-CH / 2})`);
        const named = up || top;
        const what = up ? spokenName(cards[i]) : _("face-down card");
        const more = spec.type === "squared" && cards.length > 1 ? ` (${count(cards.length, "card")})` : "";
        set(wrap, "role", named ? "button" : null);
        set(wrap, "tabindex", named ? "-1" : null);
        set(wrap, "aria-label", named ? format(_("{card}, {pile}"), { card: what, pile: name }) + more : null);
        set(wrap, "data-focus", top ? id : null);
        set(wrap, "aria-pressed", chosen ? "true" : null);
        if (wrap !== next) g.insertBefore(wrap, next);
        next = wrap.nextSibling;
      }
      while (next) {  // cards no longer in this pile
        const gone = next;
        next = next.nextSibling;
        gone.remove();
      }
      if (spec.type === "squared" && cards.length > 1) {
        const bx = base.x + CW / 2 - 2, by = base.y - CH / 2 + 2;
        el("circle", { cx: bx, cy: by, r: 11, class: "badge" }, labels);
        el("text", { x: bx, y: by + 4, class: "badge-text" }, labels).textContent = cards.length;
      }
      if (view.look.has(id)) {
        // on the card's lower corner, so the button lies on the felt however near its edge
        const lx = base.x - CW / 2 + 14, ly = base.y + CH / 2 - 13;
        const look = el("g", { class: "look", role: "button", tabindex: "-1", "data-look": id,
                               "aria-label": format(_("Look through {pile}"), { pile: name }) }, this.looks);
        el("rect", { x: lx - 14, y: ly - 13, width: 28, height: 26, rx: 7 }, look);
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
          .textContent = dir === "up" ? _("\u2191 building up") : _("\u2193 building down");
      }
    }
    this.emptyFirst(ids, state.piles);
    for (const [key, wrap] of this.wraps) {  // cards that left the board (none in these games)
      if (!shown.has(key)) { wrap.remove(); this.wraps.delete(key); }
    }
    this.flying.replaceChildren();
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

  // Empty piles are drawn first, under the others: where slots overlap (Shah's rays) the
  // outline of an empty place never covers a card.
  emptyFirst(ids, piles) {
    const order = [...ids.filter((id) => !piles[id].length), ...ids.filter((id) => piles[id].length)];
    let at = this.deco;
    for (const id of order) {
      const { g } = this.piles.get(id);
      if (at.nextSibling !== g) at.after(g);
      at = g;
    }
  }

  // Where a pile's top card (or its outline) lies, in board units.
  topPlace(id, n) {
    const spec = this.layout && this.layout.piles[id];
    if (!spec) return null;
    return n ? places(spec, n)[n - 1] : basePlace(spec);
  }
}
