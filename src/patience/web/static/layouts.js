// Where each game's piles lie: pile id -> place, as the books drew them, in two shapes:
// a wide one for a desktop and a tall one for a phone held upright (`portrait`).
//
// A place is {x, y} (centre of the first card) with a type:
//   squared  one heap, the top card shown (depth drawn as edges)
//   fan      cards offset by (dx, dy) each, squeezed to at most `max` in all
//   ray      cards going out from (cx, cy) at angle `a` (degrees, 0 = right, 90 = up)
//            from radius r, `step` apart (squeezed to `max`), turned to face outwards
//            (or kept upright), with an optional squeeze of x (`kx`) for an oval picture
//   arc      cards along a circle round (cx, cy) of radius r from angle a0 clockwise,
//            `step` degrees apart (squeezed to `span`), turned to face outwards
// and an optional label. The board's frame is fitted to what is laid (see `bounds`), so a
// layout only places piles; it never sizes the felt.

import { el, CW, CH, rankText } from "./cards.js";
import { _, format } from "./i18n.js";

const rad = (deg) => (deg * Math.PI) / 180;
const polar = (cx, cy, r, deg) => [cx + r * Math.cos(rad(deg)), cy - r * Math.sin(rad(deg))];
const SUITS = "SHDC";
const SUIT_SIGN = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
// "A → K": a foundation built from ace to `rank`, in the page's card letters.
const upTo = (rank) => `${rankText("A")} \u2192 ${rankText(rank)}`;
export const ROMAN = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"];

function numbered(ids, prefix) {
  return ids.filter((id) => new RegExp(`^${prefix}\\d+$`).test(id))
    .map((id) => Number(id.slice(prefix.length))).sort((a, b) => a - b);
}

// n points spread evenly by length along the upper half of an ellipse, left to right.
function halfEllipse(rx, ry, n) {
  const steps = 720, pts = [], lengths = [0];
  for (let i = 0; i <= steps; i++) {
    const t = Math.PI - (i / steps) * Math.PI;
    pts.push([rx * Math.cos(t), ry * Math.sin(t)]);
    if (i) lengths.push(lengths[i - 1] + Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]));
  }
  const total = lengths[steps], out = [];
  for (let k = 0; k < n; k++) {
    const want = (k / (n - 1)) * total;
    const i = lengths.findIndex((l) => l >= want - 1e-9);
    out.push(pts[Math.max(0, i)]);
  }
  return out;
}

function sun(ids, portrait, aspect) {
  const piles = {};
  // On a phone the rays stand on a half-oval as tall as the screen allows (the picture is
  // about 590 wide and 420 + the oval's height tall), so no band of felt is left empty.
  const ry = Math.round(Math.max(320, Math.min(640, 590 / (aspect || 0.8) - 420)));
  const cx = portrait ? 320 : 600, cy = portrait ? 180 + ry : 470;
  const rays = portrait ? halfEllipse(140, ry, 13) : null;
  for (let k = 1; k <= 13; k++) {  // SUN-1: a semicircle, ray1 on the left
    let a = 180 - (k - 1) * 15, r = 250;
    if (portrait) {
      const [x, y] = rays[k - 1];
      a = (Math.atan2(y, x) * 180) / Math.PI;
      r = Math.hypot(x, y);
    }
    const [lx, ly] = polar(cx, cy, r - (portrait ? 52 : 45), a);
    piles[`ray${k}`] = { type: "ray", cx, cy, a, r, step: portrait ? 16 : 21,
                         max: portrait ? 96 : 190, label: String(k), labelAt: [lx, ly + 4] };
  }
  const fy = portrait ? [cy + 88, cy + 190] : [cy - 135, cy - 25];
  const fdx = portrait ? 64 : 66;
  SUITS.split("").forEach((s, i) => {
    const x = cx + (i - 1.5) * fdx;
    piles[`ace-${s}`] = { type: "squared", x, y: fy[0], label: format(_("{card} up"), { card: rankText("A") + SUIT_SIGN[s] }) };
    piles[`king-${s}`] = { type: "squared", x, y: fy[1], label: format(_("{card} down"), { card: rankText("K") + SUIT_SIGN[s] }) };
  });
  piles.stock = portrait ? { type: "squared", x: cx - 240, y: fy[0], label: _("stock") }
    : { type: "squared", x: 70, y: 540, label: _("stock") };
  const clouds = numbered(ids, "cloud");
  const perRow = portrait ? 3 : 4, top = portrait ? cy + 310 : 660, left = portrait ? 40 : 60;
  const pitch = portrait ? 205 : 290, spread = portrait ? 140 : 215;
  clouds.forEach((k) => {  // SUN-6: clouds in rows below the sun
    const col = (k - 1) % perRow, row = Math.floor((k - 1) / perRow);
    piles[`cloud${k}`] = { type: "fan", x: left + col * pitch, y: top + row * 100, dx: 20, dy: 0,
                           max: spread, label: format(_("cloud {n}"), { n: k }) };
  });
  const rows = Math.ceil(Math.max(clouds.length, 1) / perRow);
  piles.wind = { type: "fan", x: left, y: top + (clouds.length ? rows : 0) * 100, dx: 20, dy: 0,
                 max: portrait ? 540 : 1080, label: _("wind") };
  return {
    piles,
    deco(g) {
      el("circle", { cx, cy: portrait ? cy : cy - 80, r: portrait ? 150 : 190, class: "sunglow" }, g);
      for (let k = 0; k < 13; k++) {
        const ray = piles[`ray${k + 1}`];
        const a = portrait ? ray.a : 180 - k * 15;
        const [x1, y1] = polar(cx, cy, portrait ? 90 : 150, a);
        const [x2, y2] = polar(cx, cy, portrait ? ray.r + 120 : 470, a);
        el("line", { x1, y1, x2, y2, class: "deco-line" }, g);
      }
    },
    centre: [cx, cy],
  };
}

function star(ids, portrait) {
  const cx = 500, cy = 370, rx = portrait ? 150 : 255, ry = portrait ? 215 : 255;
  const piles = {};
  const at = (k, a) => [cx + k * rx * Math.cos(rad(a)), cy - k * ry * Math.sin(rad(a))];
  const base = { "base-12": 90, "base-3": 0, "base-6": 270, "base-9": 180 };
  for (const [id, a] of Object.entries(base)) {
    const [x, y] = at(1, a);
    piles[id] = { type: "squared", x, y, label: format(_("{hour} o'clock"), { hour: id.replace("base-", "") }),
                  labelAbove: a === 90 };
  }
  const cell = { "cell-1": [45, "1:30"], "cell-4": [315, "4:30"], "cell-7": [225, "7:30"],
                 "cell-10": [135, "10:30"] };
  for (const [id, [a, name]] of Object.entries(cell)) {
    const [x, y] = at(portrait ? 0.85 : 0.78, a);
    piles[id] = { type: "squared", x, y, label: name };
  }
  piles.reserve = { type: "squared", x: cx, y: cy, label: _("reserve") };
  piles.stock = portrait ? { type: "squared", x: cx + rx, y: cy + ry + 60, label: _("stock") }
    : { type: "squared", x: cx + rx + 130, y: cy + ry, label: _("stock") };
  return {
    piles,
    deco(g) {
      const points = [];
      for (let i = 0; i < 16; i++) {
        const k = i % 2 ? 0.55 : 1.25;
        points.push(at(k, 90 - i * 22.5).join(","));
      }
      el("polygon", { points: points.join(" "), class: "deco-star" }, g);
      el("ellipse", { cx, cy, rx, ry, class: "deco-ring" }, g);
    },
    centre: [cx, cy],
  };
}

function shah(ids, portrait) {
  // An oval: narrower on a phone, lower on a desktop, the cards of a ray never apart.
  const cx = 470, cy = 470, kx = portrait ? 0.6 : 1, ky = portrait ? 1 : 0.8;
  const d = portrait ? { found: 150, slots: [275, 320, 365] } : { found: 130, slots: [235, 280, 325] };
  const at = (r, a) => [cx + kx * r * Math.cos(rad(a)), cy - ky * r * Math.sin(rad(a))];
  const piles = { shah: { type: "squared", x: cx, y: cy, label: _("the Shah") } };
  for (let k = 1; k <= 8; k++) {
    const a = 90 - (k - 1) * 45;  // SHA-1, SHA-3: clockwise from the top
    const [fx, fy] = at(d.found, a);
    piles[`found${k}`] = { type: "squared", x: fx, y: fy };
    // SHA-3 and the book's picture: the slots of a ray overlap, each covering the one inside
    d.slots.forEach((r, i) => {
      const [x, y] = at(r, a);
      piles[`ray${k}.${i + 1}`] = i < 2 ? { type: "squared", x, y }
        : { type: "fan", x, y, dx: 16 * kx * Math.cos(rad(a)), dy: -16 * ky * Math.sin(rad(a)),
            max: portrait ? 60 : 100 };
    });
  }
  const edge = portrait ? { x: cx - 250, y: cy - 440 } : { x: cx - 400, y: cy - 330 };
  piles.stock = { type: "squared", x: edge.x, y: edge.y, label: _("stock") };
  piles.talon = { type: "squared", x: edge.x + 66, y: edge.y, label: _("talon") };
  piles.out = portrait ? { type: "fan", x: cx - 250, y: cy + 440, dx: 10, dy: 0, max: 60,
                           label: _("kings out") }
    : { type: "fan", x: cx - 400, y: cy + 320, dx: 14, dy: 0, max: 90, label: _("kings out") };
  return {
    piles,
    deco(g) {
      for (const r of [d.found, d.slots[0], d.slots[2]]) {
        el("ellipse", { cx, cy, rx: r * kx, ry: r * ky, class: "deco-ring" }, g);
      }
      el("circle", { cx, cy, r: 70, class: "sunglow" }, g);
      // SHA-2: the ring round the Shah holds the foundations, ace up to queen
      const [tx, ty] = at((d.found + d.slots[0]) / 2, 67.5);
      const t = el("text", { x: tx, y: ty + 4, class: "ring-caption" }, g);
      t.textContent = upTo("Q");
    },
    centre: [cx, cy],
  };
}

function blockade(ids, portrait) {
  const piles = {};
  if (portrait) {
    for (let k = 1; k <= 8; k++) {
      piles[`found${k}`] = { type: "squared", x: 136 + ((k - 1) % 4) * 70,
                             y: 50 + Math.floor((k - 1) / 4) * 104, label: upTo("K") };
    }
    piles.stock = { type: "squared", x: 36, y: 50, label: _("stock") };
    for (let k = 1; k <= 12; k++) {  // BLK-3, in two rows of six
      const tier = k <= 6 ? 0 : 1;
      piles[`col${k}`] = { type: "fan", x: 36 + ((k - 1) % 6) * 70, y: 290 + tier * 340, dx: 0,
                           dy: 22, max: 220, label: `${k}`, room: 4, grow: true };
    }
    return { piles };
  }
  for (let k = 1; k <= 8; k++) {
    piles[`found${k}`] = { type: "squared", x: 80 + (k - 1) * 78, y: 60, label: upTo("K") };
  }
  for (let k = 1; k <= 12; k++) {  // BLK-3: each column a fan going down
    piles[`col${k}`] = { type: "fan", x: 50 + (k - 1) * 80, y: 200, dx: 0, dy: 24, max: 530,
                         label: `${k}`, room: 3, grow: true };
  }
  piles.stock = { type: "squared", x: 960, y: 60, label: _("stock") };
  return { piles };
}

function clock(ids, portrait) {
  const cx = 560, cy = 500;
  // Hours on a circle on a desktop, on a tall oval on a phone (no two cards overlap).
  const h = portrait ? [118, 228] : [162, 166], p = portrait ? [176, 394] : [282, 256];
  const piles = {};
  for (let k = 1; k <= 12; k++) {
    const a = 90 - (k % 12) * 30;  // hour12 at the top, then clockwise
    const x = cx + h[0] * Math.cos(rad(a)), y = cy - h[1] * Math.sin(rad(a));
    // the numeral inside the ring of hours, towards the centre, where no card lies
    const inward = portrait ? [h[0] - 52, h[1] - 58] : [h[0] - 64, h[1] - 66];
    const labelAt = [cx + inward[0] * Math.cos(rad(a)), cy - inward[1] * Math.sin(rad(a)) + 5];
    piles[`hour${k}`] = { type: "squared", x, y, label: ROMAN[k % 12], hour: true, labelAt };
    const px = p[0] * Math.cos(rad(a)), py = p[1] * Math.sin(rad(a));
    piles[`packet${k}`] = { type: "ray", cx, cy, a: (Math.atan2(py, px) * 180) / Math.PI,
                            r: Math.hypot(px, py), step: portrait ? 14 : 22,
                            max: portrait ? 42 : 55, upright: true };
  }
  const corner = portrait ? { x: cx - 210, y: cy - 430 } : { x: cx - 340, y: cy - 300 };
  piles.stock = { type: "squared", x: corner.x, y: corner.y, label: _("stock") };
  piles.talon = { type: "squared", x: corner.x + 66, y: corner.y, label: _("talon") };
  return {
    piles,
    deco(g) {
      el("ellipse", { cx, cy, rx: (h[0] + p[0]) / 2 + 10, ry: (h[1] + p[1]) / 2 + 10,
                      class: "deco-dial" }, g);
      el("ellipse", { cx, cy, rx: h[0] - 70, ry: h[1] - 75, class: "deco-ring" }, g);
      el("line", { x1: cx, y1: cy, x2: cx, y2: cy - (h[1] - 80), class: "hand hand-minute" }, g);
      el("line", { x1: cx, y1: cy, x2: cx + (h[0] - 70) * 0.7, y2: cy, class: "hand hand-hour" }, g);
    },
    centre: [cx, cy],
  };
}

function rainbowLike(reserveId) {
  return (ids, portrait, aspect) => {
    const piles = {};
    const cx = 600, cy = portrait ? 330 : 520, r = portrait ? 225 : 430;
    const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
    if (reserveId === "rainbow") {
      piles.rainbow = portrait ? { type: "arc", cx, cy, r, a0: 172, step: 6.6, span: 164 }
        : { type: "arc", cx, cy, r, a0: 168, step: 6.2, span: 156 };
    } else {  // OPS-1: the shop is one open column
      piles.shop = portrait ? { type: "fan", x: cx - 200, y: 60, dx: 0, dy: 26, max: 680, label: _("shop"), grow: true }
        : { type: "fan", x: cx - 330, y: 60, dx: 0, dy: 30, max: 560, label: _("shop"), grow: true };
    }
    const gap = portrait ? 66 : 76;
    const fy = reserveId === "rainbow" ? (portrait ? cy - 130 : 210) : 60;
    const fx = reserveId === "rainbow" ? cx : cx + (portrait ? 45 : 0);
    founds.forEach((k, i) => {
      piles[`found${k}`] = { type: "squared", x: fx + (i - (founds.length - 1) / 2) * gap, y: fy,
                             label: k === 1 ? _("base") : "" };
    });
    const wy = reserveId === "rainbow" ? (portrait ? cy + 60 : 340) : (portrait ? 200 : 210);
    const wgap = portrait ? 66 : 86;
    // On a phone the stock and hand of Rainbow sit under the ends of the arc, so the waste
    // piles below the foundations have the height to grow into.
    // Open Shop's stock and hand go to the foot of a phone's screen, under the waste piles,
    // whose lanes end above them.
    const foot = Math.max(560, Math.min(740, 330 / (aspect || 0.8)));
    const shopReach = foot - wy - CH - 16;
    waste.forEach((k, i) => {
      piles[`pile${k}`] = { type: "fan", x: fx + (i - (waste.length - 1) / 2) * wgap, y: wy,
                            dx: 0, dy: portrait ? 22 : 20,
                            max: portrait ? (reserveId === "rainbow" ? 600 : shopReach) : 300,
                            label: format(_("pile {n}"), { n: k }), labelAbove: true, room: 4, grow: true };
    });
    const sy = reserveId === "rainbow" ? (portrait ? cy + 95 : 400) : (portrait ? foot : 60);
    const sx = reserveId === "rainbow" ? (portrait ? cx - 190 : cx - 300) : (portrait ? cx + 100 : cx + 300);
    const hx = reserveId === "rainbow" && portrait ? cx + 190 : sx + 72;
    piles.stock = { type: "squared", x: sx, y: sy, label: _("stock") };
    piles.hand = { type: "squared", x: hx, y: sy, label: _("hand") };
    return {
      piles,
      deco(g) {
        if (reserveId !== "rainbow") return;
        const colors = ["#e8574a", "#f0a33c", "#f3dc4a", "#5cbf6a", "#4a8fe0", "#7c5cd6"];
        colors.forEach((c, i) => {
          const rr = r + 70 - i * 9;
          const [x1, y1] = polar(cx, cy, rr, 174), [x2, y2] = polar(cx, cy, rr, 6);
          el("path", { d: `M${x1},${y1} A${rr},${rr} 0 0 1 ${x2},${y2}`, stroke: c,
                       class: "deco-band" }, g);
        });
      },
      centre: [cx, cy],
    };
  };
}

function toad(ids, portrait) {
  const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
  const two = ids.includes("toad1");
  const piles = {};
  if (portrait) {
    piles.stock = { type: "squared", x: 40, y: 50, label: _("stock") };
    piles.hand = { type: "squared", x: 110, y: 50, label: _("hand") };
    piles.toad = { type: "squared", x: 250, y: 50, label: _("toad") };
    piles.toad1 = { type: "squared", x: 220, y: 50, label: format(_("toad {n}"), { n: 1 }) };
    piles.toad2 = { type: "squared", x: 290, y: 50, label: format(_("toad {n}"), { n: 2 }) };
    founds.forEach((k, i) => {
      piles[`found${k}`] = { type: "squared", x: 40 + (i % 4) * 70 + (two ? 0 : 0),
                             y: 170 + Math.floor(i / 4) * 104, label: upTo("K") };
    });
    waste.forEach((k, i) => {
      piles[`pile${k}`] = { type: "fan", x: 40 + (i % 5) * 66, y: 400, dx: 0, dy: 20, max: 300,
                            label: format(_("pile {n}"), { n: k }), labelAbove: true, room: 4, grow: true };
    });
    return { piles };
  }
  piles.toad = { type: "squared", x: 70, y: 70, label: _("toad") };
  piles.toad1 = { type: "squared", x: 70, y: 70, label: format(_("toad {n}"), { n: 1 }) };
  piles.toad2 = { type: "squared", x: 70, y: 190, label: format(_("toad {n}"), { n: 2 }) };
  founds.forEach((k, i) => {
    piles[`found${k}`] = { type: "squared", x: 190 + i * 70, y: 70, label: upTo("K") };
  });
  waste.forEach((k, i) => {
    piles[`pile${k}`] = { type: "fan", x: 225 + i * 100, y: 220, dx: 0, dy: 22, max: 330,
                          label: format(_("pile {n}"), { n: k }), labelAbove: true, room: 4, grow: true };
  });
  piles.stock = { type: "squared", x: 70, y: two ? 330 : 220, label: _("stock") };
  piles.hand = { type: "squared", x: 70, y: two ? 440 : 330, label: _("hand") };
  return { piles };
}

function doubleStar(ids, portrait) {
  const cx = 470, cy = portrait ? 330 : 400, R = portrait ? 185 : 290;
  const founds = numbered(ids, "found"), waste = numbered(ids, "pile");
  // the reserve spread so that each card shows its whole index ("10", not "1")
  const piles = { reserve: { type: "fan", x: cx - (portrait ? 122 : 200), y: cy, dx: 22, dy: 0,
                             max: portrait ? 244 : 400, label: _("reserve") } };
  founds.forEach((k, i) => {
    const [x, y] = polar(cx, cy, R, 90 - i * (360 / founds.length));
    piles[`found${k}`] = { type: "squared", x, y };
  });
  if (portrait) {
    waste.forEach((k, i) => {
      piles[`pile${k}`] = { type: "fan", x: cx + (i - (waste.length - 1) / 2) * 66,
                            y: cy + R + 150, dx: 0, dy: 18, max: 200, label: format(_("pile {n}"), { n: k }),
                            labelAbove: true, room: 4 };
    });
    piles.stock = { type: "squared", x: cx - 40, y: cy - R - 120, label: _("stock") };
    piles.hand = { type: "squared", x: cx + 40, y: cy - R - 120, label: _("hand") };
  } else {
    waste.forEach((k, i) => {
      piles[`pile${k}`] = { type: "fan", x: cx + R + 110, y: 70 + i * 112, dx: 18, dy: 0,
                            max: 160, label: format(_("pile {n}"), { n: k }), room: 4 };
    });
    piles.stock = { type: "squared", x: cx - R - 60, y: cy - R + 10, label: _("stock") };
    piles.hand = { type: "squared", x: cx - R + 10, y: cy - R + 10, label: _("hand") };
  }
  return {
    piles,
    deco(g) {
      const points = [];
      for (let i = 0; i < 16; i++) points.push(polar(cx, cy, i % 2 ? R * 0.5 : R * 1.15, 90 - i * 22.5).join(","));
      el("polygon", { points: points.join(" "), class: "deco-star" }, g);
    },
    centre: [cx, cy],
  };
}

export const LAYOUTS = {
  sun, star, shah, blockade, clock,
  rainbow: rainbowLike("rainbow"),
  "open-shop": rainbowLike("shop"),
  toad,
  "double-star": doubleStar,
};

// The layout for these pile ids; piles a layout does not know (a game added later) go in
// a row along the bottom, so a new pile is never hidden.
export function layoutFor(game, ids, portrait = false, aspect = 0) {
  const make = LAYOUTS[game];
  const layout = make ? make(ids, portrait, aspect) : { piles: {} };
  for (const id of Object.keys(layout.piles)) {
    if (ids.includes(id)) layout.piles[id].id = id;
    else delete layout.piles[id];
  }
  const unknown = ids.filter((id) => !(id in layout.piles));
  if (unknown.length) {
    const box = bounds(layout, {});
    const perRow = portrait ? 4 : 8;
    unknown.forEach((id, i) => {
      layout.piles[id] = { type: "fan", x: box.x + 40 + (i % perRow) * 110,
                           y: box.y + box.height + 70 + Math.floor(i / perRow) * 130,
                           dx: 12, dy: 0, max: 40, label: "", id };
    });
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

// The box a card at a place covers (a turned card by its turned corners).
function cardBox({ x, y, rot }) {
  const c = Math.abs(Math.cos(rad(rot))), s = Math.abs(Math.sin(rad(rot)));
  const w = (CW * c + CH * s) / 2, h = (CW * s + CH * c) / 2;
  return [x - w, y - h, x + w, y + h];
}

// The frame round what is laid: every pile's cards (with `room` for a fan to grow), its
// outline and its label, and a margin. ``counts`` maps pile id -> number of cards.
export function bounds(layout, counts, margin = 14) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = ([a, b, c, d]) => { x0 = Math.min(x0, a); y0 = Math.min(y0, b); x1 = Math.max(x1, c); y1 = Math.max(y1, d); };
  for (const spec of Object.values(layout.piles)) {
    const n = Math.max(1, counts[spec.id] || 0, spec.room || 0);
    const spots = spec.type === "squared" ? [basePlace(spec)] : places(spec, n);
    spots.forEach((p) => add(cardBox(p)));
    if (spec.label) {
      const p = basePlace(spec);
      const [lx, ly] = spec.labelAt || [p.x, p.y + CH / 2 + 15];
      const above = spec.labelAbove || (spec.type === "fan" && spec.dy > 0);
      add([lx - 30, ly - (above ? CH + 34 : 12), lx + 30, ly + 4]);
    }
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 400, height: 300 };
  return { x: x0 - margin, y: y0 - margin, width: x1 - x0 + 2 * margin, height: y1 - y0 + 2 * margin };
}

// A board wider than the screen's shape would leave felt above and below it: the columns
// that grow downwards (`grow`) are given that height as room, each down to where its cards
// could reach (`max`), and the room is drawn (`lane`) as part of the picture. Returns the
// frame with that room counted in.
export function fill(layout, box, aspect, margin = 14) {
  let reach = box.y + box.height;
  if (!aspect || box.width / box.height <= aspect) return box;
  const bottom = box.y + box.width / aspect - margin;
  for (const spec of Object.values(layout.piles)) {
    if (!spec.grow || spec.type !== "fan" || spec.dy <= 0) continue;
    const end = Math.min(bottom, spec.y + spec.max + CH / 2);
    if (end <= spec.y + CH / 2) continue;
    spec.lane = end;
    reach = Math.max(reach, end + margin);
  }
  return { ...box, height: reach - box.y };
}
