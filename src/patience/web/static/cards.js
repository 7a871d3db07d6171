// Cards drawn as SVG: rank and suit in two opposite corners, a large suit or a framed
// court letter in the middle; a face-down card shows a patterned back.

import { _, format, RANK_LETTERS } from "./i18n.js";

export const CW = 56;
export const CH = 80;
export const SVGNS = "http://www.w3.org/2000/svg";
export const SUIT_CHAR = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
// The rank's letter in the page's language (Russian В Д К Т, Hungarian B D K Á); digits stay.
export const rankText = (rank) => RANK_LETTERS[rank] || rank;
const RED = "#c0182d";
const BLACK = "#161616";

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export function isRed(code) {
  return code[1] === "H" || code[1] === "D";
}

export function cardName(code) {
  return rankText(code[0]) + SUIT_CHAR[code[1]];
}

// The words as the server's moves say them (names.toml): the rank in the nominative, the
// suit as "of hearts" takes it (Russian genitive plural «червей», Hungarian «kőr» before
// the rank, by the order of "{rank} of {suit}").
const RANK_WORD = { A: _("ace"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six"),
                    7: _("seven"), 8: _("eight"), 9: _("nine"), T: _("ten"), J: _("jack"),
                    Q: _("queen"), K: _("king") };
const SUIT_WORD = { S: _("spades"), H: _("hearts"), D: _("diamonds"), C: _("clubs") };

// "7H" -> "seven of hearts", as a screen reader says it.
export function spokenName(code) {
  return format(_("{rank} of {suit}"), { rank: RANK_WORD[code[0]], suit: SUIT_WORD[code[1]] });
}

// Corner index size: "normal" or "large" (a setting; large reads well on a small screen).
let face = { rank: 16, suit: 12.5 };
export function setCardSize(size) {
  face = size === "large" ? { rank: 19.5, suit: 15 } : { rank: 16, suit: 12.5 };
}
// The corner size a card is drawn with, so that a card drawn earlier can be kept or redrawn.
export const faceSize = () => face.rank;

// Suit shapes in a 100 x 100 box.
const SUIT_SHAPES = {
  H: '<path d="M50,92 C22,68 2,50 2,29 C2,13 14,3 28,3 C38,3 46,9 50,19 C54,9 62,3 72,3 C86,3 98,13 98,29 C98,50 78,68 50,92 Z"/>',
  D: '<path d="M50,2 L88,50 L50,98 L12,50 Z"/>',
  S: '<path d="M50,2 C40,24 2,40 2,63 C2,79 14,89 28,89 C37,89 44,85 47,79 C46,89 41,95 32,99 L68,99 C59,95 54,89 53,79 C56,85 63,89 72,89 C86,89 98,79 98,63 C98,40 60,24 50,2 Z"/>',
  C: '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/>' +
     '<path d="M45,55 C45,78 40,91 31,99 L69,99 C60,91 55,78 55,55 Z"/>',
};

export function addDefs(svg) {
  const defs = el("defs", {}, svg);
  for (const [suit, shape] of Object.entries(SUIT_SHAPES)) {
    const sym = el("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" }, defs);
    sym.innerHTML = shape;
    sym.setAttribute("fill", suit === "H" || suit === "D" ? RED : BLACK);
  }
  const back = el("pattern", { id: "card-back", width: 8, height: 8,
                               patternUnits: "userSpaceOnUse" }, defs);
  back.innerHTML = '<rect width="8" height="8" fill="#23427a"/>' +
    '<path d="M0,4 L4,0 L8,4 L4,8 Z" fill="#2f5699"/><circle cx="4" cy="4" r="1" fill="#c9a74a"/>';
  const felt = el("radialGradient", { id: "felt", cx: "50%", cy: "45%", r: "75%" }, defs);
  felt.innerHTML = '<stop offset="0" stop-color="#2f7a45"/><stop offset="1" stop-color="#1c4d2b"/>';
  const sun = el("radialGradient", { id: "sunglow" }, defs);
  sun.innerHTML = '<stop offset="0" stop-color="#ffe79a" stop-opacity="0.55"/>' +
    '<stop offset="1" stop-color="#ffcf4a" stop-opacity="0"/>';
  return defs;
}

// The wide indices (a ten's two figures, A, K, Q) are pressed into the width of a narrow
// one, so that a tight fan (the reserve of the two-deck Star) shows each whole: "10", not "1".
const WIDE = new Set(["10", "A", "K", "Q", "D", "\u00c1", "\u0412", "\u0414", "\u041a", "\u0422"]);

function corner(g, code, color) {
  const rank = rankText(code[0]);
  const wide = WIDE.has(rank), f = face.rank;
  const text = el("text", { x: wide ? 2 : 2.5, y: f * 0.86 + 1.5, "font-size": f, "font-weight": 700,
                            fill: color, "font-family": "DejaVu Sans Condensed, DejaVu Sans, Arial, sans-serif" }, g);
  if (wide) {
    text.setAttribute("textLength", (f * 0.62).toFixed(1));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  text.textContent = rank;
  el("use", { href: `#suit-${code[1]}`, x: 2.5 + f * 0.68, y: 3, width: face.suit, height: face.suit }, g);
}

// A card as a group in its own coordinates (0,0)-(CW,CH).
export function drawCard(code, faceUp) {
  const g = el("g", { class: "card" });
  el("rect", { class: "outline", x: -3, y: -3, width: CW + 6, height: CH + 6, rx: 7 }, g);
  if (!faceUp) {
    el("rect", { width: CW, height: CH, rx: 5, fill: "#fdfaf2", stroke: "#2b2b2b",
                 "stroke-width": 0.7 }, g);
    el("rect", { x: 3.5, y: 3.5, width: CW - 7, height: CH - 7, rx: 3,
                 fill: "url(#card-back)" }, g);
    g.classList.add("down");
    return g;
  }
  const color = isRed(code) ? RED : BLACK;
  g.dataset.card = code;
  el("rect", { width: CW, height: CH, rx: 5, fill: "#fffdf8", stroke: "#2b2b2b",
               "stroke-width": 0.7 }, g);
  corner(g, code, color);
  corner(el("g", { transform: `rotate(180 ${CW / 2} ${CH / 2})` }, g), code, color);
  const rank = code[0];
  if ("JQK".includes(rank)) {
    el("rect", { x: 11, y: 19, width: CW - 22, height: CH - 38, rx: 2, fill: "#f7ecd2",
                 stroke: color, "stroke-width": 0.8 }, g);
    el("text", { x: CW / 2, y: 47, "text-anchor": "middle", "font-size": 22, fill: color,
                 "font-family": "DejaVu Serif, Georgia, serif", "font-weight": 700 },
       g).textContent = rankText(rank);
    el("use", { href: `#suit-${code[1]}`, x: CW / 2 - 5, y: 50, width: 10, height: 10 }, g);
  } else {
    const size = rank === "A" ? 30 : 22;
    el("use", { href: `#suit-${code[1]}`, x: (CW - size) / 2, y: (CH - size) / 2,
                width: size, height: size }, g);
  }
  return g;
}
