// "Where did it slip away?" after a finished game: the server searches (several solves,
// off the page's way: the page stays usable and the search can be cancelled) and the answer
// opens in a dialog with the position drawn on a board of its own, read-only, the move that
// lost the win and a winning line from there, all in the server's words.

import { Board } from "./board.js";
import { h, openDialog } from "./dialogs.js";
import { count } from "./plural.js";

let pending = null;

export function cancelSlip() {
  if (pending) { pending.abort(); pending = null; }
}

const after = (n) => (n === 0 ? "at the deal" : `after ${count(n, "move")}`);

export async function whereItSlipped(c) {
  const { ui } = c;
  if (!ui.play || !["won", "lost", "resigned"].includes(ui.play.status)) return;
  cancelSlip();
  const ctl = new AbortController();
  pending = ctl;
  const { id, moves_played: moves, status } = ui.play;
  const cancel = h("button", { type: "button", class: "link", text: "Cancel",
                               onclick: () => { cancelSlip(); c.say("Search cancelled."); } });
  c.say(h("span", {}, "Looking for where it slipped away; this takes a few seconds… ", cancel), "thinking");
  document.body.dataset.thinking = "1";
  $slip().disabled = true;
  try {
    const found = await c.api("POST", c.gamePath("/slip"), undefined, { signal: ctl.signal });
    const same = ui.play && ui.play.id === id && ui.play.moves_played === moves && ui.play.status === status;
    if (ctl.signal.aborted || !same) return;
    document.body.dataset.slip = found.verdict;
    c.say("Here is where it slipped away.");
    show(c, found);
  } catch (err) {
    if (err.name !== "AbortError") c.say(err.message, "error");
  } finally {
    if (pending === ctl) pending = null;
    delete document.body.dataset.thinking;
    $slip().disabled = false;
  }
}

const $slip = () => document.getElementById("banner-slip");

function show(c, found) {
  const body = h("div", { class: "slip" }, h("p", { class: "slip-story", text: found.story }));
  if (found.state) {
    body.append(h("h3", { text: `The position ${after(found.position)}` }));
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "slip-board");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `The layout ${after(found.position)}`);
    body.append(svg);
    if (found.lost_move) {
      body.append(h("p", { class: "slip-lost" }, h("strong", { text: "The move that lost it: " }),
                    `${found.lost_move.words}.`));
    }
    if (found.continuation.length) {
      body.append(h("h3", { text: `A winning line from there (${count(found.continuation.length, "move")})` }),
                  h("ol", { class: "slip-line" }, ...found.continuation.map((m) => h("li", { text: m.words }))));
    }
    openDialog("slip-dialog", "Where did it slip away?", body);
    new Board(svg).draw({
      game: c.ui.play.game, state: found.state, names: found.pile_names, kinds: c.ui.kinds,
      portrait: c.ui.portrait, sources: new Set(), targets: new Set(), selected: null,
      hint: null, lit: null, look: new Set(),
    }, { animate: false });
    return;
  }
  openDialog("slip-dialog", "Where did it slip away?", body);
}
