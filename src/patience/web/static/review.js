// The game review: the server weighs every move (a minute at most, on its own worker
// processes) while a bar shows how far it has got; then a graph of the chance of winning
// over the game, the moves that gave chances away, each with the better move, in the
// server's words. A point of the graph, or a listed move, shows the position before that
// move on the board, read-only, with the better move lit; "Play on from here" starts a new
// game of the deal at that position.

import { h } from "./dialogs.js";
import { foldable } from "./fold.js";
import { _, format } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POLL = 400;  // ms between two asks while the server works

let c = null;
let asking = null;   // the AbortController of the review being asked for
let shown = null;    // { id, moves, result }: the review on the panel, of that game as it was
let viewing = 0;     // the move whose position is on the board (0: none)
let foldPanel = null;

export function wireReview(control) {
  c = control;
  $("banner-review").addEventListener("click", openReview);
  $("review-open").addEventListener("click", () => {
    if (!$("drawer").hidden) $("drawer-close").click();
    openReview();
  });
  $("review-close").addEventListener("click", closeReview);
  foldPanel = foldable($("review"), $("review-fold"), false, (folded) => {
    if ($("review").hidden) return;
    document.body.dataset.review = folded ? "folded" : "open";
    c.render({ animate: false });
  });
}

// The verdict of a move as the server names it ("good", "inaccuracy" …), in words; one this
// page does not know is shown as it comes.
const VERDICTS = { good: _("good"), inaccuracy: _("inaccuracy"), mistake: _("mistake"), blunder: _("blunder") };
const verdictWord = (verdict) => VERDICTS[verdict] || verdict;

const percent = (x) => `${Math.round(x * 100)}%`;
const svgNode = (tag, attrs = {}) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

// The panel: open (on a phone it can fold to its title, so the board stays in sight).
function panel(open) {
  $("review").hidden = !open;
  if (open) foldPanel(false);
  else { delete document.body.dataset.review; c.render({ animate: false }); }
}

// Put the review away: the game changed (a move, an undo …) or the player closed it.
export function closeReview() {
  if (asking) { asking.abort(); asking = null; }
  leaveView(false);
  if (!$("review").hidden) panel(false);
}

export async function openReview() {
  const { ui } = c;
  if (!ui.play) return;
  if (!ui.play.moves_played) { c.say(_("No move has been played yet: there is nothing to review."), "error"); return; }
  const { id, moves_played: moves } = ui.play;
  panel(true);
  if (shown && shown.id === id && shown.moves === moves) { draw(shown.result); return; }
  if (asking) asking.abort();
  const ctl = new AbortController();
  asking = ctl;
  const bar = h("progress", { id: "review-progress", max: moves, value: 0 });
  const line = h("p", { class: "review-stage", text: _("Weighing each move…") });
  $("review-body").replaceChildren(h("div", { class: "review-working" }, line, bar,
    h("button", { type: "button", class: "link", text: _("Cancel"), onclick: closeReview })));
  document.body.dataset.reviewing = "1";
  try {
    for (;;) {
      const r = await c.api("POST", `/api/play/${id}/review`, undefined, { signal: ctl.signal });
      if (ctl.signal.aborted) return;
      if (r.result) { shown = { id, moves, result: r.result }; break; }
      bar.max = r.total;
      bar.value = r.done;
      line.textContent = r.stage === "every card" ? _("Asking what every card known would have said…")
        : format(_("Weighing each move… {done} of {total}"), { done: r.done, total: r.total });
      await new Promise((done) => setTimeout(done, POLL));
    }
    draw(shown.result);
  } catch (err) {
    if (err.name !== "AbortError") {
      $("review-body").replaceChildren(h("p", { class: "review-error", text: err.message }));
    }
  } finally {
    if (asking === ctl) asking = null;
    delete document.body.dataset.reviewing;
  }
}

function draw(result) {
  const body = $("review-body");
  const summary = h("div", { class: "review-summary" },
    h("p", { text: result.summary[0] }),
    h("p", { class: "review-counts", text: result.summary[1] }));
  if (result.every_card) summary.append(h("p", { class: "review-every-card", text: result.every_card }));
  const given = result.moves.filter((m) => m.verdict !== "good");
  const list = h("ol", { class: "review-moves" }, ...given.map((m) => h("li", {},
    h("button", { type: "button", class: `review-move ${m.verdict}`, "data-move": m.number,
                  onclick: () => showPosition(m.number) },
      h("span", { class: "review-move-head", text: `${format(_("Move {n}"), { n: m.number })} · ${verdictWord(m.verdict)}` }),
      h("span", { text: `${m.move.words}: ${percent(m.chance_before)} → ${percent(m.chance_after)}` }),
      h("span", { class: "review-better", text: format(_("Better: {move} ({chance})"), { move: m.best.words, chance: percent(m.best_chance) }) })))));
  body.replaceChildren(graph(result), h("div", { id: "review-view", class: "review-view", hidden: true }), summary,
    given.length ? h("h3", { text: _("Moves that gave chances away") }) : h("p", { text: _("No move gave chances away.") }),
    list);
}

// The chance of winning after each move (0: the deal), the moves marked by their verdict.
// Each move owns a column of the graph: a tap anywhere in it shows that move.
function graph(result) {
  const W = 400, H = 150, L = 40, R = 6, T = 10, B = 20;
  const n = result.moves.length;
  const x = (k) => L + (k / Math.max(n, 1)) * (W - L - R);
  const y = (p) => T + (1 - p) * (H - T - B);
  const svg = svgNode("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", role: "img",
                               "aria-label": _("The chance of winning over the game") });
  for (const p of [0, 0.5, 1]) {
    svg.append(svgNode("line", { x1: L, x2: W - R, y1: y(p), y2: y(p), class: "grid" }));
    const label = svgNode("text", { x: L - 4, y: y(p) + 4, class: "axis", "text-anchor": "end" });
    label.textContent = percent(p);
    svg.append(label);
  }
  const moveLabel = svgNode("text", { x: W - R, y: H - 4, class: "axis", "text-anchor": "end" });
  moveLabel.textContent = format(_("move {n}"), { n });
  svg.append(moveLabel);
  const points = [[x(0), y(result.start_chance)], ...result.moves.map((m) => [x(m.number), y(m.chance_after)])];
  const line = points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
  svg.append(svgNode("polygon", { points: `${x(0)},${y(0)} ${line} ${x(n)},${y(0)}`, class: "area" }),
             svgNode("polyline", { points: line, class: "chance" }),
             svgNode("line", { id: "review-marker", x1: 0, x2: 0, y1: T, y2: H - B, class: "marker", visibility: "hidden" }));
  const step = (W - L - R) / Math.max(n, 1);
  for (const m of result.moves) {
    const dot = svgNode("circle", { cx: x(m.number), cy: y(m.chance_after), r: m.verdict === "good" ? 2.2 : 5,
                                    class: `dot ${m.verdict}` });
    const hit = svgNode("rect", { x: x(m.number) - step / 2, y: T, width: step, height: H - T - B,
                                  class: "hit", "data-move": m.number });
    const title = svgNode("title");
    title.textContent = format(_("Move {n}: {move} ({chance})"), { n: m.number, move: m.move.words, chance: percent(m.chance_after) });
    hit.append(title);
    hit.addEventListener("click", () => showPosition(m.number));
    svg.append(dot, hit);
  }
  return svg;
}

// The position before move `number` on the board, read-only, with the better move lit.
async function showPosition(number) {
  const result = shown && shown.result;
  if (!result) return;
  const entry = result.moves[number - 1];
  let at;
  try {
    at = await c.api("GET", `/api/play/${shown.id}/position?moves=${number - 1}`);
  } catch (err) {
    c.say(err.message, "error");
    return;
  }
  viewing = number;
  const best = entry.best;
  const from = best.move.from;
  const index = best.move.action ? null
    : (best.move.index ?? at.state.piles[from].length - 1);
  const hint = { ...best, index };
  c.ui.view = {
    board: () => ({
      game: c.ui.play.game, state: at.state, names: at.pile_names, kinds: c.ui.kinds,
      sources: new Set(), targets: new Set(), selected: null, hint, lit: null, look: new Set(),
    }),
  };
  document.body.dataset.reviewView = String(number);
  $("board-wrap").inert = true;
  const marker = $("review-marker");
  const dot = document.querySelector(`.review-graph .hit[data-move="${number}"]`);
  if (marker && dot) {
    const mid = Number(dot.getAttribute("x")) + Number(dot.getAttribute("width")) / 2;
    marker.setAttribute("x1", mid);
    marker.setAttribute("x2", mid);
    marker.setAttribute("visibility", "visible");
  }
  for (const b of document.querySelectorAll(".review-move.current")) b.classList.remove("current");
  const item = document.querySelector(`.review-move[data-move="${number}"]`);
  if (item) item.classList.add("current");
  const same = entry.best.text === entry.move.text;
  const box = $("review-view");
  box.hidden = false;
  box.replaceChildren(
    h("p", { class: "review-view-head", text: format(_("Before move {n} of {total} · chance {chance}"),
      { n: number, total: result.moves.length, chance: percent(entry.chance_before) }) }),
    h("p", { text: format(_("Played: {move} ({chance})."), { move: entry.move.words, chance: percent(entry.chance_after) }) }),
    h("p", { class: "review-better", text: same ? _("That was the best move here.")
      : format(_("Better: {move} ({chance})."), { move: best.words, chance: percent(entry.best_chance) }) }),
    h("div", { class: "review-view-buttons" },
      h("button", { type: "button", id: "review-play-on", class: "primary", text: _("Play on from here"),
                    onclick: () => playOn(number - 1) }),
      h("button", { type: "button", text: _("Back to the game"), onclick: () => leaveView(true) })));
  c.render({ animate: false });
  box.scrollIntoView({ block: "nearest" });
}

// Back to the game's own position (`redraw`: draw it now).
export function leaveView(redraw = true) {
  if (!viewing) return;
  viewing = 0;
  delete c.ui.view;
  delete document.body.dataset.reviewView;
  $("board-wrap").inert = false;
  const box = $("review-view");
  if (box) box.hidden = true;
  const marker = $("review-marker");
  if (marker) marker.setAttribute("visibility", "hidden");
  for (const b of document.querySelectorAll(".review-move.current")) b.classList.remove("current");
  if (redraw) c.render({ animate: false });
}

// A new game of this deal with the first `moves` moves of the one reviewed; the page opens
// it (the reviewed game stays among the player's games as it was).
async function playOn(moves) {
  try {
    const p = await c.api("POST", `/api/play/${shown.id}/play-on?moves=${moves}`);
    sessionStorage.setItem(`patience.game:${p.share}`, p.id);
    location.assign(p.share);
  } catch (err) {
    c.say(err.message, "error");
  }
}
