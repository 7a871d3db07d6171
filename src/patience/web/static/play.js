// The play page: draws the state the server sends and sends back the moves it lists.
// No rule is known here: a card can move when the server lists a move for it.

import { CW, CH, el, addDefs, drawCard, cardName, SUIT_CHAR } from "./cards.js";
import { layoutFor, places, basePlace } from "./layouts.js";
import { renderMarkdown } from "./markdown.js";

export const ACTIONS = {
  deal: { label: "Deal", key: "d" },
  draw: { label: "Draw a card", key: "w" },
  redeal: { label: "Redeal", key: "e" },
  "next-stage": { label: "Next stage", key: "s" },
  "next-ray": { label: "Next ray", key: "y" },
  scatter: { label: "Scatter a ray", key: "c" },
  wind: { label: "Blow the wind", key: "i" },
  fill: { label: "Fill the packets", key: "f" },
};
// The same action in the words of each game's book.
const GAME_LABELS = {
  sun: { deal: "Deal the next arc" },
  shah: { deal: "Deal the next circle" },
  blockade: { deal: "Deal a row" },
};
const actionLabel = (name) =>
  ((GAME_LABELS[ui.game ? ui.game.id : ""] || {})[name]) || (ACTIONS[name] || { label: name }).label;
const STOCK_ACTIONS = ["deal", "draw", "fill"];
const FOUNDATION = /^(found\d+|ace-[SHDC]|king-[SHDC]|base-\d+|hour\d+)$/;
const $ = (id) => document.getElementById(id);

const ui = {
  game: null, play: null, selected: null, hint: null, busy: false, digits: "",
  digitTimer: null, drag: null, kinds: {},
  autoplay: localStorage.getItem("patience.autoplay") === "1",
};

async function api(method, path, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({ detail: `${r.status} ${r.statusText}` }));
  if (!r.ok) throw Object.assign(new Error(data.detail || `error ${r.status}`), { recover: data.recover });
  return data;
}

// A saved game that no longer replays: the server says from which move, and offers to keep
// the part that still does (the rest is kept aside in the database).
function failed(err) {
  say(err.message, "error");
  if (!err.recover) return;
  const b = document.createElement("button");
  b.type = "button";
  b.id = "recover";
  b.textContent = "Recover the game";
  b.addEventListener("click", () => run(() => api("POST", err.recover).then((p) => {
    say(`Game recovered: ${p.moves_played} moves kept.`);
    return p;
  })));
  $("message").append(" ", b);
}

function say(text, kind = "info") {
  const box = $("message");
  box.textContent = text;
  box.className = kind;
}

function setBusy(busy) {
  ui.busy = busy;
  document.body.dataset.ready = busy ? "0" : "1";
}

// Run one server call; `fn` returns a new game state, or null when it changes none.
async function run(fn, { auto = false } = {}) {
  if (ui.busy) return;
  setBusy(true);
  try {
    const next = await fn();
    if (next) {
      ui.play = next;
      ui.selected = null;
      ui.hint = null;
    }
    render();
    if (auto && ui.autoplay) await autoplay();
  } catch (err) {
    ui.selected = null;
    render();
    failed(err);
  } finally {
    setBusy(false);
  }
}

const gamePath = (tail = "") => `/api/play/${ui.play.id}${tail}`;

function playMove(m) {
  return run(() => api("POST", gamePath("/move"), m.move).then((p) => {
    say(`Played: ${describe(m)}.`);
    return p;
  }), { auto: true });
}

function command(name, message) {
  return run(() => api("POST", gamePath(`/${name}`)).then((p) => {
    say(message(p));
    return p;
  }));
}

const undo = () => command("undo", () => "Move taken back.");
const redo = () => command("redo", () => "Move played again.");
const restart = () => command("restart", () => "Back to the deal; redo replays your moves.");
const resign = () => {
  if (ui.play.status !== "playing" && ui.play.status !== "lost") return;
  if (!confirm("Give up this game? It counts as lost.")) return;
  command("resign", () => "You resigned this game.");
};

function hint() {
  return run(async () => {
    say("Thinking…");
    const h = await api("POST", gamePath("/hint"));
    if (h.status === "move" && h.move) {
      ui.hint = h.move;
      say(`Hint: ${h.move.number ? h.move.number + ". " : ""}${describe(h.move)}. ${h.message}`, "hint");
    } else if (h.status === "lost") {
      say(`This game can no longer be won from here. ${h.message}`.trim(), "error");
    } else {
      say(`No hint found in time. ${h.message}`.trim(), "info");
    }
    return null;
  });
}

function newDeal() {
  location.href = `/play/${ui.game.id}/random${optionQuery()}`;
}

// A move to a foundation is played automatically only when it is the card's single listed
// move and the foundation already holds two cards or more (so it never starts a
// foundation or fixes a direction: those are the player's choices).
function safeMove() {
  const piles = ui.play.state.piles;
  for (const m of ui.play.moves) {
    const mv = m.move;
    if (mv.action || !isFoundation(mv.to) || isFoundation(mv.from)) continue;
    if ((piles[mv.to] || []).length < 2) continue;
    if (movesFrom(mv.from, moveIndex(m)).length !== 1) continue;
    return m;
  }
  return null;
}

async function autoplay() {
  for (let n = 0; n < 400 && ui.play.status === "playing"; n++) {
    const m = safeMove();
    if (!m) return;
    ui.play = await api("POST", gamePath("/move"), m.move);
    render();
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

const isFoundation = (id) => ui.kinds[id] === "foundation" || FOUNDATION.test(id);

export function pileName(id) {
  return id.replace(/-([SHDC])$/, (_, s) => ` ${SUIT_CHAR[s]}`).replace(/^([a-z]+)(\d)/, "$1 $2");
}

export function describe(m) {
  const mv = m.move;
  if (mv.action) return actionLabel(mv.action);
  return `${cardName(mv.card)} ${pileName(mv.from)} \u2192 ${pileName(mv.to)}`;
}

function moveIndex(m) {
  if (m.move.index !== undefined && m.move.index !== null) return m.move.index;
  return ui.play.state.piles[m.move.from].length - 1;
}

function movesFrom(pile, index) {
  return ui.play.moves.filter((m) => !m.move.action && m.move.from === pile && moveIndex(m) === index);
}

function legalAction(name) {
  return ui.play.moves.find((m) => m.move.action === name) || null;
}

// --- drawing ---------------------------------------------------------------------------

function render() {
  const p = ui.play;
  if (!p) return;
  drawBoard();
  document.title = `${p.name} — deal ${p.deal} · patience`;
  $("deal").textContent = p.deal;
  $("share").value = location.origin + p.share;
  $("moves-played").textContent = p.moves_played;
  const shown = counters(p.state);
  $("status-line").textContent = shown ? ` · ${shown}` : "";
  $("undo").disabled = !p.can_undo;
  $("redo").disabled = !p.can_redo;
  $("hint").disabled = p.status !== "playing";
  $("restart").disabled = !p.can_undo;
  $("resign").disabled = !(p.status === "playing" || p.status === "lost");
  for (const button of document.querySelectorAll("#actions button[data-action]")) {
    button.disabled = !legalAction(button.dataset.action);
  }
  const list = $("moves");
  list.replaceChildren();
  for (const m of p.moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.number = m.number;
    b.textContent = `${m.number}. ${describe(m)}`;
    if (ui.hint && ui.hint.text === m.text) b.classList.add("hint");
    b.addEventListener("click", () => playMove(m));
    li.appendChild(b);
    list.appendChild(li);
  }
  $("no-moves").hidden = p.moves.length > 0;
  const banner = $("banner");
  const words = {
    won: `You won! ${p.name}, deal ${p.deal}, in ${p.moves_played} moves.`,
    lost: "No move is left: the game is lost. Undo to try another way, or deal again.",
    resigned: "You gave up this game.",
  };
  banner.hidden = !(p.status in words);
  $("banner-text").textContent = words[p.status] || "";
  banner.className = p.status;
  document.body.dataset.status = p.status;
  document.body.dataset.gameId = p.id;
  document.body.dataset.movesPlayed = p.moves_played;
}

function counters(state) {
  const skip = new Set(["game", "options", "deal", "deck", "status", "piles", "face_down"]);
  const parts = [];
  for (const [key, value] of Object.entries(state)) {
    if (skip.has(key) || value === null || value === false) continue;
    if (typeof value === "object") {
      const inner = Object.entries(value).filter(([, v]) => v !== null)
        .map(([k, v]) => `${pileName(k)} ${v}`);
      if (inner.length) parts.push(`${key.replace(/_/g, " ")}: ${inner.join(", ")}`);
    } else {
      parts.push(`${key.replace(/_/g, " ")} ${value === true ? "yes" : value}`);
    }
  }
  return parts.join(" · ");
}

function drawBoard() {
  const state = ui.play.state;
  const ids = Object.keys(state.piles);
  const layout = layoutFor(ui.play.game, ids);
  const svg = $("board");
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  addDefs(svg);
  el("rect", { width: layout.width, height: layout.height, fill: "url(#felt)", rx: 12 }, svg);
  if (layout.deco) layout.deco(el("g", { class: "deco" }, svg));
  const sources = new Set();
  for (const m of ui.play.moves) if (!m.move.action) sources.add(`${m.move.from}/${moveIndex(m)}`);
  const targets = new Set(ui.selected ? ui.selected.moves.map((m) => m.move.to) : []);
  const labels = el("g", { class: "labels" });
  for (const id of ids) {
    const spec = layout.piles[id];
    const cards = state.piles[id];
    const down = (state.face_down || {})[id] || 0;
    const g = el("g", { class: "pile", "data-pile": id }, svg);
    if (targets.has(id)) g.classList.add("target");
    if (ui.hint && ui.hint.move.to === id) g.classList.add("hint-target");
    if (state.focus === id) g.classList.add("focus");
    const base = basePlace(spec);
    el("rect", { class: "slot", x: -CW / 2, y: -CH / 2, width: CW, height: CH, rx: 5,
                 transform: `translate(${base.x},${base.y}) rotate(${base.rot})` }, g);
    const spots = places(spec, cards.length);
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
      const wrap = el("g", { class: "cardwrap", "data-pile": id, "data-index": i,
                             transform: `translate(${x},${y}) rotate(${rot}) translate(${-CW / 2},${-CH / 2})` }, g);
      const card = drawCard(cards[i], i >= down);
      wrap.appendChild(card);
      if (sources.has(`${id}/${i}`)) wrap.classList.add("can-move");
      if (ui.selected && ui.selected.pile === id && ui.selected.index === i) wrap.classList.add("selected");
      if (ui.hint && ui.hint.move.from === id && moveIndex(ui.hint) === i) wrap.classList.add("hint");
    }
    if (spec.type === "squared" && cards.length > 1) {
      const bx = base.x + CW / 2 - 2, by = base.y - CH / 2 + 2;
      el("circle", { cx: bx, cy: by, r: 10, class: "badge" }, labels);
      el("text", { x: bx, y: by + 4, class: "badge-text" }, labels).textContent = cards.length;
    }
    const label = spec.label;
    if (label) {
      const above = spec.type === "fan" && spec.dy > 0;  // a downward fan hides what is below
      const [lx, ly] = spec.labelAt || [base.x, above ? base.y - CH / 2 - 7 : base.y + CH / 2 + 15];
      el("text", { x: lx, y: ly, class: "pile-label" }, labels).textContent = label;
    }
    const dir = state.directions && state.directions[id];
    if (dir) {
      el("text", { x: base.x, y: base.y - CH / 2 - 8, class: "pile-label dir" }, labels)
        .textContent = dir === "up" ? "\u2191 building up" : "\u2193 building down";
    }
  }
  svg.appendChild(labels);
}

// --- pointer play ----------------------------------------------------------------------

function svgPoint(evt) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = evt.clientX;
  pt.y = evt.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function pileAt(evt, ignore) {
  for (const node of document.elementsFromPoint(evt.clientX, evt.clientY)) {
    if (ignore && ignore.contains(node)) continue;
    const pile = node.closest && node.closest("[data-pile]");
    if (pile) return pile.dataset.pile;
  }
  return null;
}

function onPointerDown(evt) {
  if (ui.busy || !ui.play || evt.button !== 0) return;
  const wrap = evt.target.closest(".cardwrap.can-move");
  if (!wrap) return;
  ui.drag = { wrap, start: svgPoint(evt), moved: false, base: wrap.getAttribute("transform"),
              pile: wrap.dataset.pile, index: Number(wrap.dataset.index) };
  wrap.setPointerCapture(evt.pointerId);
  evt.preventDefault();
}

function onPointerMove(evt) {
  const d = ui.drag;
  if (!d) return;
  const pt = svgPoint(evt);
  const dx = pt.x - d.start.x, dy = pt.y - d.start.y;
  if (!d.moved && Math.hypot(dx, dy) < 5) return;
  if (!d.moved) {
    d.moved = true;
    d.wrap.classList.add("dragging");
    $("board").appendChild(d.wrap.parentNode);  // lift its pile above the others
    d.wrap.parentNode.appendChild(d.wrap);
  }
  d.wrap.setAttribute("transform", `translate(${dx},${dy}) ${d.base}`);
}

function onPointerUp(evt) {
  const d = ui.drag;
  ui.drag = null;
  if (!d) return;
  if (!d.moved) return clickCard(d.pile, d.index);
  const target = pileAt(evt, d.wrap);
  const m = movesFrom(d.pile, d.index).find((mv) => mv.move.to === target);
  if (m) return playMove(m);
  if (target && target !== d.pile) say(`${cardName(cardAt(d.pile, d.index))} cannot go to ${pileName(target)} now.`, "error");
  render();
}

const cardAt = (pile, index) => ui.play.state.piles[pile][index];

function clickCard(pile, index) {
  if (ui.selected) {
    const m = ui.selected.moves.find((mv) => mv.move.to === pile);
    if (m) return playMove(m);
  }
  const moves = movesFrom(pile, index);
  if (moves.length === 1) return playMove(moves[0]);
  if (moves.length > 1) {
    ui.selected = { pile, index, moves };
    render();
    chooser(moves);
    return;
  }
  ui.selected = null;
  render();
}

function chooser(moves) {
  const box = $("message");
  box.className = "choose";
  box.textContent = `Where should ${cardName(moves[0].move.card)} go? `;
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${m.number}. to ${pileName(m.move.to)}`;
    b.addEventListener("click", () => playMove(m));
    box.appendChild(b);
  }
}

function onBoardClick(evt) {
  if (ui.busy || !ui.play) return;
  if (evt.target.closest(".cardwrap.can-move")) return;  // handled by pointer events
  const pile = evt.target.closest("[data-pile]");
  if (!pile) { ui.selected = null; render(); return; }
  const id = pile.dataset.pile;
  if (ui.selected) {
    const m = ui.selected.moves.find((mv) => mv.move.to === id);
    if (m) return playMove(m);
  }
  if (id === "stock") {
    const action = STOCK_ACTIONS.map(legalAction).find(Boolean);
    if (action) return playMove(action);
  }
  ui.selected = null;
  render();
}

// --- keyboard --------------------------------------------------------------------------

function playNumber() {
  const n = Number(ui.digits);
  ui.digits = "";
  $("typed").textContent = "";
  clearTimeout(ui.digitTimer);
  const m = ui.play.moves.find((mv) => mv.number === n);
  if (m) playMove(m);
  else say(`There is no move ${n}.`, "error");
}

function onKey(evt) {
  if (evt.ctrlKey || evt.metaKey || evt.altKey || !ui.play) return;
  if (evt.target.closest && evt.target.closest("input, textarea, select")) return;
  const k = evt.key;
  if (/^[0-9]$/.test(k)) {
    ui.digits += k;
    $("typed").textContent = `move ${ui.digits}…`;
    clearTimeout(ui.digitTimer);
    if (Number(ui.digits) * 10 > ui.play.moves.length) playNumber();
    else ui.digitTimer = setTimeout(playNumber, 900);
  } else if (k === "Enter" && ui.digits) {
    playNumber();
  } else if (k === "Escape") {
    ui.selected = null; ui.hint = null; ui.digits = ""; $("typed").textContent = ""; render();
  } else if (k === "u") undo();
  else if (k === "r") redo();
  else if (k === "h") hint();
  else if (k === "t") restart();
  else if (k === "q") resign();
  else if (k === "n") newDeal();
  else if (k === "a") { $("autoplay").checked = !$("autoplay").checked; setAutoplay(); }
  else if (k === "?") $("keys").open = !$("keys").open;
  else {
    const name = Object.keys(ACTIONS).find((a) => ACTIONS[a].key === k);
    if (!name) return;
    const m = legalAction(name);
    if (m) playMove(m);
    else say(`${actionLabel(name)} is not possible now.`, "error");
  }
  evt.preventDefault();
}

function setAutoplay() {
  ui.autoplay = $("autoplay").checked;
  localStorage.setItem("patience.autoplay", ui.autoplay ? "1" : "0");
  if (ui.autoplay) run(async () => null, { auto: true });
}

// --- start -----------------------------------------------------------------------------

function optionQuery() {
  return location.search || "";
}

function optionsFromQuery() {
  const out = {};
  for (const [k, v] of new URLSearchParams(location.search)) out[k] = v;
  return out;
}

function buildActions() {
  const box = $("actions");
  for (const name of ui.game.actions) {
    const spec = { key: "", ...ACTIONS[name], label: actionLabel(name) };
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = name;
    b.innerHTML = `${spec.label} <kbd>${spec.key}</kbd>`;
    b.addEventListener("click", () => { const m = legalAction(name); if (m) playMove(m); });
    box.appendChild(b);
    const row = document.createElement("tr");
    row.innerHTML = `<td><kbd>${spec.key}</kbd></td><td>${spec.label}</td>`;
    $("key-table").appendChild(row);
  }
}

async function start() {
  setBusy(true);
  const [, , gameId, dealText = "random"] = location.pathname.split("/");
  try {
    const games = await api("GET", "/api/games");
    ui.game = games.find((g) => g.id === gameId);
    if (!ui.game) throw new Error(`no game ${gameId}`);
    for (const p of ui.game.piles) ui.kinds[p.id] = p.kind;
    $("game-name").textContent = ui.game.name;
    $("rules-title").textContent = `Rules of ${ui.game.name}`;
    buildActions();
    api("GET", `/api/games/${gameId}/rules`).then((r) => { $("rules-text").innerHTML = renderMarkdown(r.markdown); });
    const body = { game: gameId, options: optionsFromQuery() };
    if (/^\d+$/.test(dealText)) Object.assign(body, { deal: Number(dealText), resume: true });
    else if (dealText === "winnable") { body.winnable = true; say("Looking for a deal the solver can win…"); }
    else body.random = true;
    ui.play = await api("POST", "/api/play", body);
    history.replaceState(null, "", ui.play.share);
    say(ui.play.moves_played ? "Game resumed where you left it." : "Good luck!");
    render();
  } catch (err) {
    failed(err);
  } finally {
    setBusy(false);
  }
}

function wire() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { ui.drag = null; render(); });
  board.addEventListener("click", onBoardClick);
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("restart").addEventListener("click", restart);
  $("resign").addEventListener("click", resign);
  $("new-deal").addEventListener("click", newDeal);
  $("banner-new").addEventListener("click", newDeal);
  $("banner-undo").addEventListener("click", undo);
  $("autoplay").checked = ui.autoplay;
  $("autoplay").addEventListener("change", setAutoplay);
  $("copy").addEventListener("click", async () => {
    $("share").select();
    try { await navigator.clipboard.writeText($("share").value); say("Link copied."); }
    catch { document.execCommand("copy"); say("Link copied."); }
  });
}

wire();
start();
