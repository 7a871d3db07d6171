// Pointer, touch and keyboard play. Dragging lights the piles a card may go to and the one
// nearest the card takes it; a card that cannot move shakes and says why (the engine's
// reason, in words, from the server); arrow keys move between piles, Enter picks a card up
// and puts it down.

import { CH } from "./cards.js";
import { finishAll, placeTransform, slideBack } from "./motion.js";
import { ACTION_KEYS } from "./play.js";
import { h } from "./dialogs.js";
import { _, format } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// The key pressed, as on a Latin layout: with a Russian layout "u" types "г", so a letter
// that is not Latin is read from the key's place (event.code "KeyU" -> "u").
export function keyOf(evt) {
  const k = evt.key;
  if (k.length === 1 && !/[a-z0-9?]/i.test(k)) {
    const m = /^Key([A-Z])$/.exec(evt.code || "");
    if (m) return m[1].toLowerCase();
    if (evt.code === "Slash" && evt.shiftKey) return "?";
  }
  return k;
}

export function wireInput(c) {
  const { ui } = c;
  const svg = $("board");
  let drag = null;
  let tipTimer = null;

  // --- places ---------------------------------------------------------------------------

  function svgPoint(evt) {
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  function topOf(id) {
    return ui.board.topPlace(id, ui.play.state.piles[id].length);
  }

  // The pile a dragged card is let go on: the one drawn under the pointer (its cards, its
  // outline or its column's room), else the pile whose top lies nearest, within reach.
  // Only that pile may take the card; one it cannot take sends the card back.
  function pileAt(evt, point) {
    const under = document.elementsFromPoint(evt.clientX, evt.clientY)
      .map((n) => n.closest && n.closest(".pile[data-pile]")).find(Boolean);
    if (under) return under.dataset.pile;
    let best = null, bestDist = Infinity;
    for (const id of Object.keys(ui.play.state.piles)) {
      const p = topOf(id);
      if (!p) continue;
      const d = Math.hypot(p.x - point.x, p.y - point.y);
      if (d < bestDist) { best = id; bestDist = d; }
    }
    return bestDist <= CH * 0.75 ? best : null;
  }

  function mark(cls, ids) {
    for (const node of svg.querySelectorAll(`.pile.${cls}`)) node.classList.remove(cls);
    for (const id of ids) {
      const node = svg.querySelector(`.pile[data-pile="${CSS.escape(id)}"]`);
      if (node) node.classList.add(cls);
    }
  }

  // --- saying why -----------------------------------------------------------------------

  function tooltip(text, node) {
    const tip = $("tooltip");
    tip.textContent = text;
    tip.hidden = false;
    const box = node ? node.getBoundingClientRect() : svg.getBoundingClientRect();
    const wrap = $("board-wrap").getBoundingClientRect();
    const width = Math.min(300, wrap.width - 16);
    tip.style.maxWidth = `${width}px`;
    let left = box.left - wrap.left + box.width / 2 - width / 2;
    left = Math.max(8, Math.min(left, wrap.width - width - 8));
    const above = box.top - wrap.top > 90;
    tip.style.left = `${left}px`;
    tip.style.top = above ? `${box.top - wrap.top - 8}px` : `${box.bottom - wrap.top + 8}px`;
    tip.classList.toggle("above", above);
    clearTimeout(tipTimer);
    tipTimer = setTimeout(() => { tip.hidden = true; }, 3500);
  }

  async function why(pile, index, to, node) {
    c.shake(node);
    c.sound("refuse");
    try {
      const body = { from: pile };
      if (index !== null && index !== undefined) body.index = index;
      if (to) body.to = to;
      const answer = await c.api("POST", c.gamePath("/why"), body);
      if (!answer.legal) tooltip(answer.reason, node);
    } catch (err) {
      c.say(err.message, "error");
    }
  }

  // --- choosing where a card goes -------------------------------------------------------

  // The card a move takes and the pile it goes to, in the move's own words: the card is its
  // first word ("7♥", the same in every language), the pile the name the server gives it.
  const cardOf = (m) => m.words.split(" ")[0];
  const targetOf = (m) => (m.move.to && ui.play.pile_names[m.move.to]) || m.words;

  function select(pile, index, moves) {
    ui.selected = { pile, index, moves };
    c.render();
    const box = $("message");
    box.hidden = false;
    box.className = "message choose";
    box.replaceChildren(`${format(_("Where should {card} go?"), { card: cardOf(moves[0]) })} `,
      ...moves.map((m) => h("button", { type: "button", text: targetOf(m),
                                        onclick: () => c.playMove(m) })));
  }

  function clickCard(pile, index, node) {
    if (ui.selected) {
      const m = ui.selected.moves.find((mv) => mv.move.to === pile);
      if (m) return c.playMove(m);
      if (ui.selected.pile === pile) { ui.selected = null; c.render(); return null; }
    }
    const moves = c.movesFrom(pile, index);
    if (moves.length === 1) return c.playMove(moves[0]);
    if (moves.length > 1) return select(pile, index, moves);
    if (pile === "stock" && c.stockAction()) return c.playMove(c.stockAction());
    ui.selected = null;
    c.render();
    return why(pile, index, null, svg.querySelector(
      `.cardwrap[data-pile="${CSS.escape(pile)}"][data-index="${index}"]`) || node);
  }

  // --- pointer ----------------------------------------------------------------------------

  svg.addEventListener("pointerdown", (evt) => {
    if (!ui.play || evt.button !== 0) return;
    if (evt.target.closest("[data-look]")) return;  // the look-through button on a card: a click
    // a card under anything drawn over it (an outline, a label) is still the one taken
    const wrap = evt.target.closest(".cardwrap") || document.elementsFromPoint(evt.clientX, evt.clientY)
      .map((n) => n.closest && n.closest(".pile .cardwrap")).find(Boolean);
    if (!wrap) { startPan(evt); return; }
    finishAll();  // a card still gliding is taken where it was going
    c.stopAuto();
    drag = { wrap, start: svgPoint(evt), moved: false, base: wrap.getAttribute("transform"),
             pile: wrap.dataset.pile, index: Number(wrap.dataset.index),
             canMove: wrap.classList.contains("can-move"), target: null, id: evt.pointerId };
    ui.focusPile = wrap.dataset.focus || ui.focusPile;
    evt.preventDefault();
  });

  // A board wider than the screen: dragging the felt (not a card) pans it. The board takes
  // every touch itself (touch-action: none), so that a card can always be dragged.
  const scroller = $("board-scroll");
  let pan = null;
  let panned = false;  // the click that ends a pan is no tap

  function startPan(evt) {
    if (!scroller.classList.contains("scrolls")) return;
    panned = false;
    pan = { id: evt.pointerId, x: evt.clientX, y: evt.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
    try { svg.setPointerCapture(evt.pointerId); } catch { /* not captured: fine */ }
  }

  svg.addEventListener("pointermove", (evt) => {
    if (pan && evt.pointerId === pan.id) {
      scroller.scrollLeft = pan.left - (evt.clientX - pan.x);
      scroller.scrollTop = pan.top - (evt.clientY - pan.y);
      panned = panned || Math.hypot(evt.clientX - pan.x, evt.clientY - pan.y) > 6;
    }
  });
  for (const end of ["pointerup", "pointercancel"]) {
    svg.addEventListener(end, (evt) => { if (pan && evt.pointerId === pan.id) pan = null; });
  }

  svg.addEventListener("pointermove", (evt) => {
    const d = drag;
    if (!d || evt.pointerId !== d.id) return;
    const pt = svgPoint(evt);
    const dx = pt.x - d.start.x, dy = pt.y - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    if (!d.moved) {
      d.moved = true;
      if (!d.canMove || ui.busy) {
        drag = null;
        if (!ui.busy) why(d.pile, d.index, null, d.wrap);
        return;
      }
      try { svg.setPointerCapture(evt.pointerId); } catch { /* not captured: fine */ }
      d.moves = c.movesFrom(d.pile, d.index);
      d.wrap.classList.add("dragging");
      svg.querySelector(".flying").appendChild(d.wrap);  // above every pile while dragged
      mark("target", d.moves.map((m) => m.move.to));
    }
    d.dx = dx;
    d.dy = dy;
    d.wrap.setAttribute("transform", `translate(${dx},${dy}) ${d.base}`);
    const [, bx, by] = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(d.base) || [0, 0, 0];
    d.point = { x: Number(bx) + dx, y: Number(by) + dy };
    d.over = pileAt(evt, d.point);
    d.target = d.moves.find((m) => m.move.to === d.over) || null;
    mark("drop-hover", d.target ? [d.target.move.to] : []);
  });

  svg.addEventListener("pointerup", async (evt) => {
    const d = drag;
    drag = null;
    if (!d || evt.pointerId !== d.id) return;
    if (!d.moved) return clickCard(d.pile, d.index, d.wrap);
    if (d.target) {
      const key = d.wrap.dataset.key;
      const was = ui.board.places.get(key);
      if (was) ui.board.places.set(key, { ...was, x: d.point.x, y: d.point.y });
      return c.playMove(d.target);
    }
    const here = ui.board.places.get(d.wrap.dataset.key) || { x: 0, y: 0, rot: 0 };
    mark("target", []);
    mark("drop-hover", []);
    const dropped = d.over && d.over !== d.pile ? d.over : null;
    d.wrap.removeAttribute("transform");
    await slideBack(d.wrap, placeTransform({ x: here.x + d.dx, y: here.y + d.dy, rot: here.rot }),
                    placeTransform(here));
    c.render({ animate: false });
    if (dropped) why(d.pile, d.index, dropped, null);
    else c.say(_("The card went back to its place."));
  });

  svg.addEventListener("pointercancel", () => { drag = null; c.render({ animate: false }); });

  svg.addEventListener("click", (evt) => {
    if (!ui.play) return;
    if (panned) { panned = false; return; }
    const look = evt.target.closest("[data-look]");
    if (look) return c.openLook(look.dataset.look);
    if (evt.target.closest(".cardwrap") || document.elementsFromPoint(evt.clientX, evt.clientY)
      .some((n) => n.closest && n.closest(".pile .cardwrap"))) return null;  // pointer events play cards
    const pile = evt.target.closest("[data-pile]");
    if (!pile) { if (ui.selected) { ui.selected = null; c.render(); } return null; }
    const id = pile.dataset.pile;
    if (ui.selected) {
      const m = ui.selected.moves.find((mv) => mv.move.to === id);
      if (m) return c.playMove(m);
    }
    if (id === "stock" && c.stockAction()) return c.playMove(c.stockAction());
    ui.selected = null;
    c.render();
    return null;
  });

  // --- keyboard -------------------------------------------------------------------------

  let digits = "";
  let digitTimer = null;

  function playNumber() {
    const n = Number(digits);
    digits = "";
    clearTimeout(digitTimer);
    const m = ui.play.moves.find((mv) => mv.number === n);
    if (m) c.playMove(m);
    else c.say(format(_("There is no move {n}."), { n }), "error");
  }

  const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  function step(key) {
    const [ux, uy] = DIRS[key];
    const ids = Object.keys(ui.play.state.piles);
    const here = ui.focusPile && topOf(ui.focusPile);
    if (!here) { ui.focusPile = ids[0]; return; }
    let best = null, bestScore = Infinity;
    for (const id of ids) {
      if (id === ui.focusPile) continue;
      const p = topOf(id);
      if (!p) continue;
      const dx = p.x - here.x, dy = p.y - here.y;
      const along = dx * ux + dy * uy;
      if (along <= 4) continue;
      const across = Math.abs(dx * uy - dy * ux);
      const score = along + 2.2 * across;
      if (score < bestScore) { best = id; bestScore = score; }
    }
    if (best) ui.focusPile = best;
  }

  function focusNow() {
    const node = svg.querySelector(`[data-focus="${CSS.escape(ui.focusPile)}"]`);
    for (const n of svg.querySelectorAll("[tabindex='0']")) n.setAttribute("tabindex", "-1");
    if (node) { node.setAttribute("tabindex", "0"); node.focus({ preventScroll: true }); }
  }

  function enter() {
    const pile = ui.focusPile;
    if (!pile) return;
    const cards = ui.play.state.piles[pile] || [];
    const index = cards.length - 1;
    const node = svg.querySelector(`[data-focus="${CSS.escape(pile)}"]`);
    if (ui.selected) {
      const m = ui.selected.moves.find((mv) => mv.move.to === pile);
      if (m) { c.playMove(m); return; }
      if (ui.selected.pile === pile) { ui.selected = null; c.render(); c.say(_("Put back.")); return; }
      why(ui.selected.pile, ui.selected.index, pile, node);
      return;
    }
    const moves = index >= 0 ? c.movesFrom(pile, index) : [];
    if (moves.length) {
      select(pile, index, moves);
      c.say(format(_("Picked up {card}: move to a lit pile and press Enter."), { card: cardOf(moves[0]) }));
      return;
    }
    if (pile === "stock" && c.stockAction()) { c.playMove(c.stockAction()); return; }
    if (svg.querySelector(`[data-look="${CSS.escape(pile)}"]`)) { c.openLook(pile); return; }
    if (index >= 0) why(pile, index, null, node);
  }

  document.addEventListener("keydown", (evt) => {
    if (evt.ctrlKey || evt.metaKey || evt.altKey || !ui.play) return;
    if (evt.target.closest && evt.target.closest("input, textarea, select, dialog")) return;
    const k = keyOf(evt);
    if (k in DIRS) {
      if (!svg.contains(document.activeElement) && !ui.focusPile) ui.focusPile = Object.keys(ui.play.state.piles)[0];
      if (svg.contains(document.activeElement)) step(k);
      focusNow();
    } else if (/^[0-9]$/.test(k)) {
      digits += k;
      clearTimeout(digitTimer);
      if (Number(digits) * 10 > ui.play.moves.length) playNumber();
      else digitTimer = setTimeout(playNumber, 900);
    } else if (k === "Enter" && digits) {
      playNumber();
    } else if ((k === "Enter" || k === " ") && svg.contains(document.activeElement)) {
      enter();
    } else if (k === "Escape") {
      ui.selected = null; ui.hint = null; digits = ""; c.cancelHint(); c.stopAuto(); c.render();
    } else if (k === "u") c.undo();
    else if (k === "r") c.redo();
    else if (k === "h") c.hint();
    else if (k === "t") c.restart();
    else if (k === "q") c.resign();
    else if (k === "n") c.newGame();
    else if (k === "a") c.toggleAutoplay();
    else if (k === "l" && ui.focusPile && svg.querySelector(`[data-look="${CSS.escape(ui.focusPile)}"]`)) c.openLook(ui.focusPile);
    else if (k === "?") { $("drawer").hidden = false; $("keys").open = !$("keys").open; }
    else {
      const name = Object.keys(ACTION_KEYS).find((a) => ACTION_KEYS[a] === k);
      if (!name) return;
      const m = c.legalAction(name);
      if (m) c.playMove(m);
      else c.say(format(_("{action} is not possible now."), { action: c.actionLabel(name) }), "error");
    }
    evt.preventDefault();
  });

  svg.addEventListener("focusin", (evt) => {
    const node = evt.target.closest && evt.target.closest("[data-focus]");
    if (node) ui.focusPile = node.dataset.focus;
  });

  // --- buttons --------------------------------------------------------------------------

  $("undo").addEventListener("click", c.undo);
  $("redo").addEventListener("click", c.redo);
  $("hint").addEventListener("click", c.hint);
  $("restart").addEventListener("click", c.restart);
  $("resign").addEventListener("click", c.resign);
  $("new-game").addEventListener("click", c.newGame);
  $("banner-new").addEventListener("click", c.newGame);
  $("banner-undo").addEventListener("click", c.undo);
  $("finish").addEventListener("click", c.finishGame);
  $("settings").addEventListener("click", c.openSettings);
  const drawer = $("drawer");
  const toggle = (open) => {
    drawer.hidden = !open;
    $("menu").setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("drawer-open", open);
  };
  $("menu").addEventListener("click", () => toggle(drawer.hidden));
  $("drawer-close").addEventListener("click", () => toggle(false));
  $("copy").addEventListener("click", async () => {
    $("share").select();
    try { await navigator.clipboard.writeText($("share").value); } catch { document.execCommand("copy"); }
    c.say(_("Link copied."));
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => c.render({ animate: false }), 120);
  });
}
