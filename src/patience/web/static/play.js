// The play page: draws the state the server sends and sends back the moves it lists.
// No rule is known here: a card can move when the server lists a move for it, and every
// word a player reads about piles and moves comes from the server (`words`, `pile_names`).

import { CW, cardName, setCardSize } from "./cards.js";
import { Board } from "./board.js";
import { layoutFor } from "./layouts.js";
import { api, beacon, onConnection } from "./api.js";
import { finishAll, setSpeed, settled, duration, shake } from "./motion.js";
import { renderMarkdown } from "./markdown.js";
import { rulesForPage } from "./rules.js";
import { celebrate } from "./finale.js";
import { play as sound, setSound } from "./sound.js";
import { loadSettings, saveSettings } from "./settings.js";
import { h, newGameForm, openDialog, settingsForm } from "./dialogs.js";
import { wireInput } from "./input.js";
import { count, word } from "./plural.js";
import { foldable } from "./fold.js";
import { _, format } from "./i18n.js";
import { closeReview, wireReview } from "./review.js";

export const ACTION_KEYS = {
  deal: "d", draw: "w", redeal: "e", "next-stage": "s", "next-ray": "y", scatter: "c",
  wind: "i", fill: "f",
};
const STOCK_ACTIONS = ["deal", "draw", "fill"];
const $ = (id) => document.getElementById(id);

export const ui = {
  game: null, play: null, selected: null, hint: null, busy: false, kinds: {},
  settings: loadSettings(), focusPile: null, lit: null, autoToken: 0, hintCtl: null,
  turn: 0, hintNote: null,
  clock: { base: 0, since: null, sent: 0 }, board: null, portrait: false,
};

let sayTimer = null;

// A message over the board; plain news fades after a few seconds, the rest stays.
export function say(text, kind = "info") {
  const box = $("message");
  box.replaceChildren(text);
  box.className = `message ${kind}`;
  box.hidden = false;
  clearTimeout(sayTimer);
  if (kind === "info") sayTimer = setTimeout(() => { box.hidden = true; }, 3500);
}

function setBusy(busy) {
  ui.busy = busy;
  document.body.dataset.ready = busy ? "0" : "1";
}

const gamePath = (tail = "") => `/api/play/${ui.play.id}${tail}`;

// --- talking to the server -------------------------------------------------------------

// Run one server call; `fn` returns a new game state, or null when it changes none.
async function run(fn, { after = null } = {}) {
  if (ui.busy) return false;
  finishAll();
  setBusy(true);
  let ok = true;
  try {
    const next = await fn();
    if (next) accept(next);
    else render();
  } catch (err) {
    ok = false;
    ui.selected = null;
    render();
    if (err.name !== "AbortError") failed(err);
  } finally {
    setBusy(false);
  }
  if (ok && after) after();
  return ok;
}

// A refusal in words. A saved game that no longer replays comes with a way back: the
// server keeps the part that still replays and puts the rest aside (nothing is thrown away).
function failed(err) {
  if (!err.recover) { say(capital(err.message), "error"); return; }
  const button = h("button", { type: "button", id: "recover", class: "primary", text: _("Recover the game"),
                               onclick: () => recoverGame(err.recover) });
  say(h("span", {}, `${capital(err.message)} `, button), "error");
}

const recovered = (p) => format(_("Game recovered: {moves} kept, the rest put aside."),
  { moves: count(p.moves_played, "move") });

async function recoverGame(path) {
  if (ui.play) {  // damaged while it was being played
    run(() => api("POST", path).then((p) => { say(recovered(p)); return p; }));
    return;
  }
  if (ui.busy) return;
  setBusy(true);
  try {
    const p = await api("POST", path);
    begin(p, recovered(p));
  } catch (err) {
    failed(err);
  } finally {
    setBusy(false);
  }
}

function accept(next) {
  const before = ui.play ? ui.play.status : null;
  const gained = ui.play && next.moves_played !== ui.play.moves_played;
  if (ui.play && JSON.stringify(next.state) !== JSON.stringify(ui.play.state)) {
    ui.turn++;
    leaveHint(next);
  }
  ui.play = next;
  ui.selected = null;
  ui.hint = null;
  ui.lit = null;
  delete document.body.dataset.hint;
  rememberGame();
  tickClock();
  render();
  if (gained) sound("move");
  if (before === "playing" && next.status === "won") {
    celebrate(ui.game.id, ui.board.svg, ui.board.layout.centre);
  }
}

// `keep`: a move or an undo on its way leaves a hint being sought to `accept`, which puts
// it away with a word once the position has changed (a refused move changes nothing).
function cancelHint({ keep = false } = {}) {
  if (ui.hintCtl && !keep) { ui.hintCtl.abort(); ui.hintCtl = null; }
  closeReview();
}

export function stopAuto() { ui.autoToken++; delete document.body.dataset.auto; }

export function playMove(m, { auto = false } = {}) {
  cancelHint({ keep: true });
  if (!auto) { stopAuto(); ui.hintNote = null; }
  return run(() => api("POST", gamePath("/move"), m.move).then((p) => {
    say(withNote(`${m.words}.`), ui.hintNote ? "hint" : "info");
    return p;
  }), { after: auto ? null : () => autoplay() });
}

function command(name, message) {
  cancelHint({ keep: true });
  stopAuto();
  ui.hintNote = null;
  return run(() => api("POST", gamePath(`/${name}`)).then((p) => { say(message); return p; }));
}

export const undo = () => command("undo", _("Move taken back."));
export const redo = () => command("redo", _("Move played again."));
export const restart = () => command("restart", _("Back to the deal; redo replays your moves."));
export function resign() {
  if (ui.play.status !== "playing" && ui.play.status !== "lost") return;
  if (!confirm(_("Give up this game? It counts as lost."))) return;
  command("resign", _("You resigned this game. Undo takes it back."));
}

// A hint is the careful player's move with its chance, from what the player sees, in one
// step. With the setting "Hints may look at face-down cards" it is the exact solver's, in
// two: a glance answers at once (a proved move, a proved loss, or a careful player's guess
// lit on the board), and where it decided nothing the full search goes on while the player
// sees the guess; its answer replaces the guess. The words come whole from the server.
export async function hint() {
  if (!ui.play || ui.play.status !== "playing") return;
  cancelHint();
  ui.hintNote = null;
  const ctl = new AbortController();
  ui.hintCtl = ctl;
  const cancel = () => h("button", { type: "button", class: "link", text: _("Cancel"),
                                     onclick: () => { cancelHint(); say(_("Hint cancelled.")); } });
  say(h("span", {}, `${_("Thinking… (keep playing if you like)")} `, cancel()), "thinking");
  document.body.dataset.thinking = "1";
  const turn = ui.turn;
  const peek = ui.settings.peekingHints ? "&peek=true" : "";
  const stale = () => ctl.signal.aborted || ui.turn !== turn;
  try {
    let found = await api("POST", gamePath(`/hint?deep=false${peek}`), undefined, { signal: ctl.signal });
    if (stale()) return;
    if (found.deeper) {
      showHint(found, h("span", {}, ` ${_("Looking further for a proved line…")} `, cancel()));
      found = await api("POST", gamePath(`/hint?deep=true${peek}`), undefined, { signal: ctl.signal });
      if (stale()) return;
    }
    showHint(found);
  } catch (err) {
    if (err.name !== "AbortError") failed(err);
  } finally {
    if (ui.hintCtl === ctl) ui.hintCtl = null;
    if (!ui.hintCtl) delete document.body.dataset.thinking;  // none asked since
  }
}

// Say a hint and light its move; `more` follows the words while the search goes on.
function showHint(found, more = null) {
  document.body.dataset.hint = found.status;
  document.body.dataset.hintSource = found.source;
  ui.hint = found.move ? { ...found.move, index: moveIndex(found.move) } : null;
  const kind = found.status === "lost" ? "error" : found.move ? "hint" : "info";
  say(more ? h("span", {}, found.words, more) : found.words, more ? "thinking" : kind);
  render();
}

// The player moved on (a move, an undo, a move made elsewhere): a hint being sought or
// shown was for the position before. It is put away with a word, none when the player
// played the hinted move; the word stays with the moves auto-play makes next.
function leaveHint(next) {
  const pending = Boolean(ui.hintCtl);
  const shown = Boolean(document.body.dataset.hint);
  const followed = shown && ui.hint && next.last_move === ui.hint.text
    && next.moves_played === ui.play.moves_played + 1;
  if (pending) {
    ui.hintCtl.abort();
    ui.hintCtl = null;
    delete document.body.dataset.thinking;
  }
  delete document.body.dataset.hintSource;
  if (!pending && (!shown || followed)) return;
  ui.hintNote = pending ? _("The hint you asked for was for the position before: ask again for this one.")
    : _("The hint shown was for the position before.");
  const box = $("message");
  const said = box.hidden || box.classList.contains("thinking") || box.classList.contains("hint") && shown
    ? "" : box.textContent.trim();
  say(said ? `${said} ${ui.hintNote}` : ui.hintNote, "hint");
}

const withNote = (text) => (ui.hintNote ? `${text} ${ui.hintNote}` : text);

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function newGame() {
  stopAuto();
  const current = Object.fromEntries(ui.play.options_shown.map((o) => [o.name, o.value]));
  openDialog("new-game-dialog", format(_("New game of {game}"), { game: ui.game.name }), newGameForm(ui.game, { current }));
}

export function openSettings() {
  openDialog("settings-dialog", _("Settings"), settingsForm(ui.settings, (next) => {
    const wasAuto = ui.settings.autoplay;
    ui.settings = next;
    saveSettings(next);
    applySettings();
    render();
    if (next.autoplay && !wasAuto) autoplay();
  }));
}

function applySettings() {
  setSpeed(ui.settings.speed);
  setCardSize(ui.settings.cards);
  setSound(ui.settings.sound);
}

export function toggleAutoplay() {
  ui.settings = { ...ui.settings, autoplay: !ui.settings.autoplay };
  saveSettings(ui.settings);
  say(ui.settings.autoplay ? _("Auto-play is on.") : _("Auto-play is off."));
  if (ui.settings.autoplay) autoplay();
}

// --- sequences the player can watch (auto-play, finishing) ------------------------------

const pause = () => new Promise((r) => setTimeout(r, Math.max(duration(230), 30)));

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

async function sequence(next) {
  const token = ++ui.autoToken;
  document.body.dataset.auto = "1";
  try {
    for (let n = 0; n < 200 && ui.play.status === "playing"; n++) {
      await settled();
      await pause();
      if (token !== ui.autoToken) return;
      const m = next();
      if (!m || !(await playMove(m, { auto: true }))) return;
    }
  } finally {
    if (token === ui.autoToken) delete document.body.dataset.auto;
  }
}

function autoplay() {
  if (ui.settings.autoplay && ui.play.status === "playing") sequence(safeMove);
}

export function finishGame() {
  say(_("Finishing: every card goes home."));
  sequence(() => (ui.play.finish.length ? ui.play.finish[0] : null));
}

// --- what the server lists --------------------------------------------------------------

export const isFoundation = (id) => ui.kinds[id] === "foundation";

export function moveIndex(m) {
  if (m.move.action) return null;
  if (m.move.index !== undefined && m.move.index !== null) return m.move.index;
  return ui.play.state.piles[m.move.from].length - 1;
}

export function movesFrom(pile, index) {
  return ui.play.moves.filter((m) => !m.move.action && m.move.from === pile && moveIndex(m) === index);
}

export function legalAction(name) {
  return ui.play.moves.find((m) => m.move.action === name) || null;
}

export function stockAction() {
  return STOCK_ACTIONS.map(legalAction).find(Boolean) || null;
}

// Squared piles from which a listed move takes a card below the top (Toad's ace, TOD-3):
// the player may look through them.
function lookThrough() {
  const out = new Set();
  const piles = ui.play.state.piles;
  const layout = layoutFor(ui.play.game, Object.keys(piles), ui.portrait).piles;
  for (const m of ui.play.moves) {
    const mv = m.move;
    if (mv.action || mv.index === undefined || mv.index === null) continue;
    if (layout[mv.from] && layout[mv.from].type === "squared" && mv.index < piles[mv.from].length - 1) {
      out.add(mv.from);
    }
  }
  return out;
}

export function openLook(pile) {
  const cards = ui.play.state.piles[pile];
  const list = h("ol", { class: "look-list", reversed: true });
  for (let i = cards.length - 1; i >= 0; i--) {
    const moves = movesFrom(pile, i);
    const item = h("li", {}, h("span", { class: `look-card ${"HD".includes(cards[i][1]) ? "red" : ""}`,
                                         text: cardName(cards[i]) }));
    for (const m of moves) {
      item.append(h("button", { type: "button", class: "primary", text: m.words,
                                onclick: () => { dialog.close(); playMove(m); } }));
    }
    if (i === cards.length - 1) item.append(h("span", { class: "small", text: ` ${_("(top)")}` }));
    list.append(item);
  }
  const dialog = openDialog("look-dialog", format(_("The cards of {pile}"), { pile: ui.play.pile_names[pile] }), h("div", {},
    h("p", { class: "small", text: _("From the top down. A card that may be taken now has a button.") }), list));
}


// --- drawing ---------------------------------------------------------------------------

export function render({ animate = true, dealFrom = false } = {}) {
  const p = ui.play;
  if (!p) return;
  const started = performance.now();
  const sources = new Set();
  for (const m of p.moves) if (!m.move.action) sources.add(`${m.move.from}/${moveIndex(m)}`);
  const hadFocus = ui.board.svg.contains(document.activeElement);
  drawBoard(ui.view ? ui.view.board() : {  // ui.view: a position of the game review (review.js)
    game: p.game, state: p.state, names: p.pile_names, kinds: ui.kinds,
    sources, targets: new Set(ui.selected ? ui.selected.moves.map((m) => m.move.to) : []),
    selected: ui.selected, hint: ui.hint, lit: ui.lit,
  }, { animate, dealFrom });
  placeFocus(hadFocus);
  document.title = format(_("{game} — deal {deal} · patience"), { game: p.name, deal: p.deal });
  $("deal").textContent = p.deal;
  $("share").value = location.origin + p.share;
  $("moves-played").textContent = p.moves_played;
  $("moves-unit").textContent = word(p.moves_played, "move");
  $("undo").disabled = !p.can_undo;
  $("redo").disabled = !p.can_redo;
  $("hint").disabled = p.status !== "playing";
  $("restart").disabled = !p.can_undo || p.status === "resigned";
  $("resign").disabled = !(p.status === "playing" || p.status === "lost");
  $("finish").hidden = !(p.finish && p.finish.length && p.status === "playing");
  for (const button of document.querySelectorAll("#actions button[data-action]")) {
    const legal = Boolean(legalAction(button.dataset.action));
    button.disabled = !legal;
    button.hidden = !legal;
  }
  const list = $("moves");
  list.replaceChildren();
  for (const m of p.moves) {
    const b = h("button", { type: "button", "data-number": m.number, text: `${m.number}. ${m.words}`,
                            onclick: () => playMove(m) });
    if (ui.hint && ui.hint.text === m.text) b.classList.add("hint");
    list.append(h("li", {}, b));
  }
  $("no-moves").hidden = p.moves.length > 0;
  banner(p);
  document.body.dataset.status = p.status;
  document.body.dataset.gameId = p.id;
  document.body.dataset.movesPlayed = p.moves_played;
  performance.measure("render", { start: started });
}

// A card narrower than this (in CSS pixels) is hard to read and to take with a finger.
const MIN_CARD = 44;

// Draw the board as large as the table allows, and never with cards narrower than
// MIN_CARD: a picture too wide for a narrow screen is drawn wider than the table, which
// then scrolls sideways (and, if it must, up and down). Within a game the board only widens,
// so the picture does not jump from move to move.
function drawBoard(view, how) {
  if (ui.view) { drawWhole(view, how); return; }
  const scroller = $("board-scroll");
  const W = Math.max(1, scroller.clientWidth), H = Math.max(1, scroller.clientHeight);
  const key = `${W}x${H}/${ui.play.id}`;
  if (ui.stretchKey !== key) { ui.stretch = 1; ui.stretchKey = key; }
  ui.portrait = W / H < 0.9;
  const least = (MIN_CARD + 0.3) / CW;  // a little over, for rounding
  const wanted = { ...view, portrait: ui.portrait };
  let f = null;
  for (let tries = 0; tries < 4; tries++) {  // widen the board until its cards are wide enough
    f = ui.board.frameFor({ ...wanted, aspect: (W * ui.stretch) / H }).frame;
    if ((W * ui.stretch) / f.width >= least) break;
    ui.stretch = Math.max(ui.stretch * 1.001, (f.width * least) / W);
  }
  ui.board.draw({ ...wanted, aspect: (W * ui.stretch) / H, look: lookThrough() }, how);
  f = ui.board.frame;
  const width = Math.max(W * ui.stretch, f.width * least);
  const height = Math.max(H, Math.min(f.height * least, f.height * (width / f.width)));
  const scrolls = width > W + 1 || height > H + 1;
  const started = scrolls && !scroller.classList.contains("scrolls");
  scroller.classList.toggle("scrolls", scrolls);
  ui.board.svg.style.width = scrolls ? `${Math.ceil(width)}px` : "";
  ui.board.svg.style.height = scrolls ? `${Math.floor(height)}px` : "";
  if (started) scroller.scrollLeft = (scroller.scrollWidth - W) / 2;  // the middle in sight
}

// A position of the game review (review.js), read-only: the whole board in sight, however
// small its cards, so the better move's card and where it goes are both seen.
function drawWhole(view, how) {
  const scroller = $("board-scroll");
  const W = Math.max(1, scroller.clientWidth), H = Math.max(1, scroller.clientHeight);
  ui.portrait = W / H < 0.9;
  scroller.classList.remove("scrolls");
  ui.board.svg.style.width = "";
  ui.board.svg.style.height = "";
  ui.board.draw({ ...view, portrait: ui.portrait, aspect: W / H }, how);
}

let foldBanner = null;

// The end of a game said over the board; it folds to a slim bar to show the last position.
function banner(p) {
  const minutes = clockText(elapsed());
  const words = {
    won: format(_("You won {game}, deal {deal}, in {moves} and {time}."),
                { game: p.name, deal: p.deal, moves: count(p.moves_played, "move"), time: minutes }),
    lost: _("No move is left: this game is lost. Undo to try another way, or deal again."),
    resigned: _("You gave up this game. Undo takes the resignation back."),
  };
  const box = $("banner");
  if (!foldBanner) foldBanner = foldable(box, $("banner-fold"));
  const shown = p.status in words;
  if (shown && box.hidden) foldBanner(false);  // a new ending opens unfolded
  box.hidden = !shown;
  $("banner-text").textContent = words[p.status] || "";
  for (const status of Object.keys(words)) box.classList.toggle(status, status === p.status);
  $("banner-undo").disabled = !p.can_undo;
}

function placeFocus(hadFocus) {
  const svg = ui.board.svg;
  const all = [...svg.querySelectorAll("[data-focus]")];
  if (!all.length) return;
  let node = ui.focusPile && svg.querySelector(`[data-focus="${CSS.escape(ui.focusPile)}"]`);
  if (!node) {
    node = svg.querySelector(".cardwrap.can-move[data-focus]") || all[0];
    ui.focusPile = node.dataset.focus;
  }
  node.setAttribute("tabindex", "0");
  if (hadFocus) node.focus({ preventScroll: true });
}

// --- the clock -------------------------------------------------------------------------

function elapsed() {
  const c = ui.clock;
  return c.base + (c.since !== null ? (performance.now() - c.since) / 1000 : 0);
}

function clockText(seconds) {
  const s = Math.floor(seconds), m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
    : `${m}:${String(s % 60).padStart(2, "0")}`;
}

function startClock() {
  ui.clock.base = ui.play.elapsed || 0;
  ui.clock.since = null;
  tickClock();
  setInterval(() => { $("timer").textContent = clockText(elapsed()); }, 1000);
  setInterval(() => sendClock(false), 15000);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { sendClock(true); pauseClock(); } else tickClock();
  });
  window.addEventListener("pagehide", () => sendClock(true));
}

function pauseClock() {
  const c = ui.clock;
  if (c.since !== null) { c.base = elapsed(); c.since = null; }
}

// The clock runs while the game is being played and the page is seen.
function tickClock() {
  const playing = ui.play.status === "playing" && !document.hidden;
  if (!playing) { pauseClock(); sendClock(true); } else if (ui.clock.since === null) ui.clock.since = performance.now();
  $("timer").textContent = clockText(elapsed());
}

function sendClock(force) {
  if (!ui.play || ui.play.moves_played === 0) return;
  const now = Math.round(elapsed() * 10) / 10;
  if (!force && now - ui.clock.sent < 5) return;
  if (now === ui.clock.sent) return;
  ui.clock.sent = now;
  beacon(gamePath("/clock"), { elapsed: now });
}

// --- start -----------------------------------------------------------------------------

function rememberGame() {
  sessionStorage.setItem(`patience.game:${ui.play.share}`, ui.play.id);
}

function optionsFromQuery() {
  const out = {};
  for (const [k, v] of new URLSearchParams(location.search)) out[k] = v;
  return out;
}

function buildActions() {
  const box = $("actions");
  for (const name of ui.game.actions) {
    const key = ACTION_KEYS[name] || "";
    const b = h("button", { type: "button", "data-action": name, class: "action",
                            title: key ? `(${key})` : null,
                            onclick: () => { const m = legalAction(name); if (m) playMove(m); } },
      h("span", { class: "label", text: actionLabel(name) }));
    box.append(b);
    if (key) $("key-table").append(h("tr", {}, h("td", {}, h("kbd", { text: key })), h("td", { text: actionLabel(name) })));
  }
}

const ACTION_WORDS = {
  deal: _("Deal"), draw: _("Draw"), redeal: _("Redeal"), "next-stage": _("Next stage"),
  "next-ray": _("Next ray"), scatter: _("Scatter"), wind: _("Wind"), fill: _("Fill"),
};
const GAME_WORDS = {
  sun: { deal: _("Deal arc") }, shah: { deal: _("Deal circle") }, blockade: { deal: _("Deal row") },
};
export const actionLabel = (name) => ((GAME_WORDS[ui.game.id] || {})[name]) || ACTION_WORDS[name] || name;

// The options in force, under the title: those that differ from the book's, each in a few
// words ("When the next row may be dealt: whenever you like"), or "Standard rules".
function showOptions() {
  const shown = ui.play.options_shown;
  const usual = Object.fromEntries(ui.game.options.map((o) => [o.name, String(o.default)]));
  const changed = shown.filter((o) => String(o.value) !== usual[o.name]);
  const short = (o) => `${o.label.replace(/\s*\(.*\)$/, "")}: ${o.value_words.split(":")[0]}`;
  const line = changed.length ? changed.map(short).join(" · ") : _("Standard rules");
  $("options-line").textContent = line;
  $("options-line").title = changed.length ? changed.map((o) => `${o.label}: ${o.value_words}`).join("\n") : line;
  $("options-list").replaceChildren(...(shown.length ? shown.map((o) => h("li", {},
    h("strong", { text: `${o.label}: ` }), o.value_words)) : [h("li", { text: _("The book's rules; this game has no options.") })]));
}

async function load(gameId, dealText) {
  const saved = sessionStorage.getItem(`patience.game:${location.pathname}${location.search}`);
  const fresh = sessionStorage.getItem("patience.fresh") === "1";
  sessionStorage.removeItem("patience.fresh");
  if (saved && !fresh && /^\d+$/.test(dealText)) {
    try { return await api("GET", `/api/play/${saved}`); } catch { /* start afresh */ }
  }
  const body = { game: gameId, options: optionsFromQuery() };
  if (/^\d+$/.test(dealText)) Object.assign(body, { deal: Number(dealText), resume: true });
  else if (dealText === "winnable") { body.winnable = true; say(_("Looking for a deal the solver can win…")); }
  else body.random = true;
  return api("POST", "/api/play", body);
}

async function start() {
  setBusy(true);
  applySettings();
  ui.board = new Board($("board"));
  const [, , gameId, dealText = "random"] = location.pathname.split("/");
  try {
    const games = await api("GET", "/api/games");
    ui.game = games.find((g) => g.id === gameId);
    for (const p of ui.game.piles) ui.kinds[p.id] = p.kind;
    $("game-name").textContent = ui.game.name;
    $("rules-title").textContent = format(_("Rules of {game}"), { game: ui.game.name });
    buildActions();
    api("GET", `/api/games/${gameId}/rules`).then((r) => {
      const actions = [...new Set([...ui.game.actions, ...Object.keys(ACTION_WORDS)])];
      $("rules-text").innerHTML = renderMarkdown(rulesForPage(r.markdown, ui.game, actions, actionLabel));
    });
    const p = await load(gameId, dealText);
    begin(p, p.status === "won" ? _("This game is won.") : p.status === "resigned" ? _("You resigned this game.")
      : p.moves_played ? _("Game resumed where you left it.") : _("Good luck!"));
  } catch (err) {
    failed(err);
  } finally {
    setBusy(false);
  }
}

// The first game the page shows (loaded, started, or recovered after a damaged load).
function begin(p, message) {
  ui.play = p;
  for (const k of Object.keys(p.state.piles)) if (!(k in ui.kinds)) ui.kinds[k] = kindOf(k);
  history.replaceState(null, "", p.share);
  rememberGame();
  showOptions();
  say(message);
  startClock();
  render({ dealFrom: p.moves_played === 0 });
}

function kindOf(id) {
  return /^(found\d+|ace-|king-|base-|hour\d+)/.test(id) ? "foundation" : "other";
}

onConnection({
  lost: () => { $("connection").hidden = false; },
  back: async () => {
    $("connection").hidden = true;
    say(_("The connection is back."));
    if (ui.play) { try { accept(await api("GET", gamePath())); } catch { /* shown */ } }
  },
});

export const control = {
  ui, say, render, playMove, undo, redo, hint, restart, resign, newGame, openSettings,
  toggleAutoplay, finishGame, movesFrom, legalAction, stockAction, moveIndex, openLook,
  cancelHint, stopAuto, actionLabel, shake, api, gamePath, sound,
};

wireInput(control);
wireReview(control);
start();
