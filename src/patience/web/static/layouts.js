// Where each game's piles lie: pile id -> place, as the books drew them.
//
// A place is {x, y} (centre of the first card) with a type:
//   squared  one heap, the top card shown (depth drawn as edges)
//   fan      cards offset by (dx, dy) each, squeezed to at most `max` in all
//   ray      cards going out from (cx, cy) at angle `a` (degrees, 0 = right, 90 = up)
//            from radius r, `step` apart (squeezed to `max`), turned to face outwards
//   arc      cards along a circle round (cx, cy) of radius r from angle a0 clockwise,
//            `step` degrees apart (squeezed to `span`), turned to face outwards
// and an optional label. Each game gives a function of the pile ids in its state, so
// piles that depend on options or appear in play (Sun's clouds) find their place.

import { el } from "./cards.js";

const rad = (deg) => (deg * Math.PI) / 180;
const polar = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy - r * Math.sin(rad(deg))];
const SUITS = "SHDC";
const SUIT_WORD = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const ROMAN = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"];

function numbered(ids, prefix) {
  return ids.filter((id) => new RegExp(`^${prefix}\\d+$`).test(id))
    .map((id) => Number(id.slice(prefix.length))).sort((a, b) => a - b);
}

function sun(ids) {
  const cx = 600, cy = 470;
  const piles = {};
  for (let k = 1; k <= 13; k++) {
    const a = 180 - (k - 1) * 15;  // SUN-1: a semicircle, ray1 on the left
    const [lx, ly] = polar(cx, cy, 205, a);
    piles[`ray${k}`] = { type: "ray", cx, cy, a, r: 250, step: 21, max: 190,
                         label: String(k), labelAt: [lx, ly + 4] };
  }
  SUITS.split("").forEach((s, i) => {
    const x = cx + (i - 1.5) * 66;
    piles[`ace-${s}`] = { type: "squared", x, y: cy - 135, label: `A${SUIT_WORD[s]} up` };
    piles[`king-${s}`] = { type: "squared", x, y: cy - 25, label: `K${SUIT_WORD[s]} down` };
  });
  piles.stock = { type: "squared", x: 70, y: 540, label: "stock" };
  const clouds = numbered(ids, "cloud");
  const stormy = clouds.length > 0 || ids.includes("wind");
  clouds.forEach((k) => {  // SUN-6: clouds in rows below the sun, four to a line
    const col = (k - 1) % 4, row = Math.floor((k - 1) / 4);
    piles[`cloud${k}`] = { type: "fan", x: 60 + col * 290, y: 660 + row * 100, dx: 22, dy: 0,
                           max: 215, label: `cloud ${k}` };
  });
  piles.wind = { type: "fan", x: 60, y: clouds.length > 8 ? 660 + 3 * 100 : 660 + 2 * 100,
                 dx: 22, dy: 0, max: 1080, label: "wind" };
  return {
    width: 1200, height: stormy ? 1030 : 620, piles,
    deco(g) {
      el("circle", { cx, cy: cy - 80, r: 190, fill: "url(#sunglow)" }, g);
      for (let k = 0; k < 13; k++) {
        const [x1, y1] = polar(cx, cy, 150, 180 - k * 15);
        const [x2, y2] = polar(cx, cy, 470, 180 - k * 15);
        el("line", { x1, y1, x2, y2, class: "deco-line" }, g);
      }
    },
  };
}

function star() {
  const cx = 500, cy = 370, R = 255;
  const piles = {};
  const base = { "base-12": 90, "base-3": 0, "base-6": 270, "base-9": 180 };
  for (const [id, a] of Object.entries(base)) {
    const [x, y] = polar(cx, cy, R, a);
    piles[id] = { type: "squared", x, y, label: id.replace("base-", "") + " o'clock" };
  }
  const cell = { "cell-1": 45, "cell-4": 315, "cell-7": 225, "cell-10": 135 };
  for (const [id, a] of Object.entries(cell)) {
    const [x, y] = polar(cx, cy, R * 0.78, a);
    piles[id] = { type: "squared", x, y, label: id };
  }
  piles.reserve = { type: "squared", x: cx, y: cy, label: "reserve" };
  piles.stock = { type: "squared", x: 900, y: 660, label: "stock" };
  return {
    width: 1000, height: 740, piles,
    deco(g) {
      const points = [];
      for (let i = 0; i < 16; i++) points.push(polar(cx, cy, i % 2 ? 150 : 330, 90 - i * 22.5).join(","));
      el("polygon", { points: points.join(" "), class: "deco-star" }, g);
      el("circle", { cx, cy, r: R, class: "deco-ring" }, g);
    },
  };
}

function shah() {
  const cx = 560, cy = 540;
  const piles = { shah: { type: "squared", x: cx, y: cy, label: "the Shah" } };
  for (let k = 1; k <= 8; k++) {
    const a = 90 - (k - 1) * 45;  // SHA-1, SHA-3: clockwise from the top
    const [fx, fy] = polar(cx, cy, 128, a);
    piles[`found${k}`] = { type: "squared", x: fx, y: fy };
    [222, 305].forEach((r, i) => {
      const [x, y] = polar(cx, cy, r, a);
      piles[`ray${k}.${i + 1}`] = { type: "squared", x, y };
    });
    const [x, y] = polar(cx, cy, 388, a);
    piles[`ray${k}.3`] = { type: "fan", x, y, dx: 16 * Math.cos(rad(a)),
                           dy: -16 * Math.sin(rad(a)), max: 110 };
  }
  piles.stock = { type: "squared", x: 70, y: 70, label: "stock" };
  piles.talon = { type: "squared", x: 150, y: 70, label: "talon" };
  piles.out = { type: "fan", x: 70, y: 1010, dx: 14, dy: 0, max: 120, label: "kings out" };
  return {
    width: 1120, height: 1080, piles,
    deco(g) {
      for (const r of [128, 222, 305, 388]) el("circle", { cx, cy, r, class: "deco-ring" }, g);
      el("circle", { cx, cy, r: 70, fill: "url(#sunglow)" }, g);
    },
  };
}

function blockade(ids) {
  const piles = {};
  for (let k = 1; k <= 8; k++) {
    piles[`found${k}`] = { type: "squared", x: 80 + (k - 1) * 78, y: 60 };
  }
  for (let k = 1; k <= 12; k++) {  // BLK-3: each column a fan going down
    piles[`col${k}`] = { type: "fan", x: 50 + (k - 1) * 80, y: 190, dx: 0, dy: 24, max: 530,
                         label: `${k}` };
  }
  piles.stock = { type: "squared", x: 960, y: 60, label: "stock" };
  return { width: 1010, height: 800, piles };
}

function clock() {
  const cx = 560, cy = 500;
  const piles = {};
  for (let k = 1; k <= 12; k++) {
    const a = 90 - (k % 12) * 30;  // hour12 at the top, then clockwise
    const [x, y] = polar(cx, cy, 168, a);
    piles[`hour${k}`] = { type: "squared", x, y };
    piles[`packet${k}`] = { type: "ray", cx, cy, a, r: 315, step: 22, max: 110, upright: true };
  }
  piles.stock = { type: "squared", x: 70, y: 70, label: "stock" };
  piles.talon = { type: "squared", x: 150, y: 70, label: "talon" };
  return {
    width: 1120, height: 1000, piles,
    deco(g) {
      el("circle", { cx, cy, r: 250, class: "deco-dial" }, g);
      el("circle", { cx, cy, r: 92, class: "deco-ring" }, g);
      for (let k = 0; k < 12; k++) {
        const [x, y] = polar(cx, cy, 250, 90 - k * 30);
        const t = el("text", { x, y: y + 7, class: "deco-numeral" }, g);
        t.textContent = ROMAN[k];
      }
    },
  };
}

function rainbowLike(reserveId) {
  return (ids) => {
    const piles = {};
    const cx = 600, cy = 520;
    piles[reserveId] = { type: "arc", cx, cy, r: 430, a0: 168, step: 6.2, span: 156 };
    const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
    founds.forEach((k, i) => {
      piles[`found${k}`] = { type: "squared", x: cx + (i - (founds.length - 1) / 2) * 76, y: 210 };
    });
    waste.forEach((k, i) => {
      piles[`pile${k}`] = { type: "fan", x: cx + (i - (waste.length - 1) / 2) * 86, y: 340,
                            dx: 0, dy: 18, max: 150, label: `pile ${k}` };
    });
    piles.stock = { type: "squared", x: 80, y: 620, label: "stock" };
    piles.hand = { type: "squared", x: 160, y: 620, label: "hand" };
    return {
      width: 1200, height: 690, piles,
      deco(g) {
        const colors = ["#e8574a", "#f0a33c", "#f3dc4a", "#5cbf6a", "#4a8fe0", "#7c5cd6"];
        colors.forEach((c, i) => {
          const r = 500 - i * 9;
          const [x1, y1] = polar(cx, cy, r, 172), [x2, y2] = polar(cx, cy, r, 8);
          el("path", { d: `M${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2}`, stroke: c,
                       class: "deco-band" }, g);
        });
      },
    };
  };
}

function openShop(ids) {
  const piles = { shop: { type: "fan", x: 70, y: 60, dx: 0, dy: 30, max: 640, label: "shop" } };
  const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
  founds.forEach((k, i) => { piles[`found${k}`] = { type: "squared", x: 260 + i * 90, y: 60 }; });
  waste.forEach((k, i) => {
    piles[`pile${k}`] = { type: "fan", x: 260 + i * 90, y: 210, dx: 0, dy: 22, max: 520,
                          label: `pile ${k}` };
  });
  piles.stock = { type: "squared", x: 760, y: 60, label: "stock" };
  piles.hand = { type: "squared", x: 840, y: 60, label: "hand" };
  return { width: 900, height: 800, piles };
}

function toad(ids) {
  const piles = {
    toad: { type: "squared", x: 80, y: 90, label: "toad", depth: true },
    toad1: { type: "squared", x: 80, y: 90, label: "toad 1", depth: true },
    toad2: { type: "squared", x: 80, y: 250, label: "toad 2", depth: true },
  };
  const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
  founds.forEach((k, i) => { piles[`found${k}`] = { type: "squared", x: 230 + i * 78, y: 90 }; });
  waste.forEach((k, i) => {
    piles[`pile${k}`] = { type: "fan", x: 270 + i * 110, y: 250, dx: 0, dy: 22, max: 360,
                          label: `pile ${k}` };
  });
  piles.stock = { type: "squared", x: 80, y: 560, label: "stock" };
  piles.hand = { type: "squared", x: 160, y: 560, label: "hand" };
  return { width: Math.max(880, 230 + founds.length * 78), height: 680, piles };
}

function doubleStar(ids) {
  const cx = 470, cy = 400;
  const piles = { reserve: { type: "fan", x: cx - 209, y: cy, dx: 22, dy: 0, max: 420,
                             label: "reserve" } };
  const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
  founds.forEach((k, i) => {
    const [x, y] = polar(cx, cy, 300, 90 - i * (360 / founds.length));
    piles[`found${k}`] = { type: "squared", x, y };
  });
  waste.forEach((k, i) => {
    piles[`pile${k}`] = { type: "fan", x: 880, y: 70 + i * 112, dx: 16, dy: 0, max: 110,
                          label: `pile ${k}` };
  });
  piles.stock = { type: "squared", x: 70, y: 70, label: "stock" };
  piles.hand = { type: "squared", x: 150, y: 70, label: "hand" };
  return {
    width: 1040, height: Math.max(790, 70 + waste.length * 112), piles,
    deco(g) {
      const points = [];
      for (let i = 0; i < 16; i++) points.push(polar(cx, cy, i % 2 ? 150 : 340, 90 - i * 22.5).join(","));
      el("polygon", { points: points.join(" "), class: "deco-star" }, g);
    },
  };
}

export const LAYOUTS = {
  sun, star, shah, blockade, clock,
  rainbow: rainbowLike("rainbow"),
  "open-shop": openShop,
  toad,
  "double-star": doubleStar,
};

// A place for piles a layout does not know (a game added later): a row along the bottom.
export function layoutFor(game, ids) {
  const make = LAYOUTS[game];
  const layout = make ? make(ids) : { width: 1000, height: 200, piles: {} };
  const unknown = ids.filter((id) => !(id in layout.piles));
  if (unknown.length) {
    const y0 = layout.height + 60;
    unknown.forEach((id, i) => {
      layout.piles[id] = { type: "fan", x: 60 + (i % 8) * 120, y: y0 + Math.floor(i / 8) * 130,
                           dx: 12, dy: 0, max: 60, label: id };
    });
    layout.height = y0 + Math.ceil(unknown.length / 8) * 130;
    layout.width = Math.max(layout.width, 1000);
  }
  return layout;
}

// Centre and turn of each of n cards of a pile.
export function places(spec, n) {
  const out = [];
  if (spec.type === "squared") {
    for (let i = 0; i < n; i++) out.push({ x: spec.x, y: spec.y, rot: spec.rot || 0 });
  } else if (spec.type === "fan") {
    const len = Math.hypot(spec.dx, spec.dy);
    const k = n > 1 ? Math.min(1, spec.max / (len * (n - 1))) : 1;
    for (let i = 0; i < n; i++) {
      out.push({ x: spec.x + i * spec.dx * k, y: spec.y + i * spec.dy * k, rot: spec.rot || 0 });
    }
  } else if (spec.type === "ray") {
    const step = n > 1 ? Math.min(spec.step, spec.max / (n - 1)) : spec.step;
    for (let i = 0; i < n; i++) {
      const [x, y] = polar(spec.cx, spec.cy, spec.r + i * step, spec.a);
      out.push({ x, y, rot: spec.upright ? 0 : 90 - spec.a });
    }
  } else if (spec.type === "arc") {
    const step = n > 1 ? Math.min(spec.step, spec.span / (n - 1)) : spec.step;
    for (let i = 0; i < n; i++) {
      const a = spec.a0 - i * step;
      const [x, y] = polar(spec.cx, spec.cy, spec.r, a);
      out.push({ x, y, rot: 90 - a });
    }
  }
  return out;
}

// Where an empty pile's outline goes: its first card's place.
export function basePlace(spec) {
  if (spec.type === "squared" || spec.type === "fan") return { x: spec.x, y: spec.y, rot: spec.rot || 0 };
  return places(spec, 1)[0];
}
