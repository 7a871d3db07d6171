// The game list: start a numbered, random or winnable deal of any game with its options in
// words; the unfinished games (those with a move played), each of which can be deleted.

import { h, newGameForm } from "./dialogs.js";
import { count } from "./plural.js";
import { _, format, LANG, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(LANG, { dateStyle: "medium", timeStyle: "short" });
}

async function showUnfinished(games) {
  const mine = await (await fetch("/api/play", { credentials: "same-origin" })).json();
  const open = mine.filter((r) => r.status === "playing" && r.moves_played > 0);
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  const list = $("unfinished");
  if (!open.length) {
    list.replaceChildren(h("li", { text: _("None yet: a game is listed here once you have played a move.") }));
    return;
  }
  list.replaceChildren(...open.map((r) => {
    const game = games.find((g) => g.id === r.game);
    const differs = game ? game.options.filter((o) => String(o.default) !== String(r.options[o.name])) : [];
    const q = differs.length ? `?${new URLSearchParams(differs.map((o) => [o.name, String(r.options[o.name])]))}` : "";
    const what = { game: names[r.game] || r.game, deal: r.deal };
    const del = h("button", { type: "button", text: _("Delete"),
                              "aria-label": format(_("Delete {game}, deal {deal}"), what) });
    del.addEventListener("click", async () => {
      if (!confirm(format(_("Delete {game}, deal {deal}? It cannot be brought back."), what))) return;
      const res = await fetch(`/api/play/${r.id}`, { method: "DELETE", credentials: "same-origin" });
      if (res.ok) showUnfinished(games);
    });
    return h("li", { "data-id": r.id },
      h("a", { href: `/play/${r.game}/${r.deal}${q}`, text: format(_("{game}, deal {deal}"), what) }),
      h("span", { class: "small", text: `${count(r.moves_played, "move")} · ${when(r.updated)}` }), del);
  }));
}

const decks = (n) => format(ngettext("{n} deck", "{n} decks", n), { n });

async function main() {
  const games = await (await fetch("/api/games")).json();
  $("games").replaceChildren(...games.map((g) => h("section", { class: "game-card", id: `game-${g.id}` },
    h("h2", { text: g.name }),
    h("p", { class: "small", text: `${g.summary} (${decks(g.decks)})` }),
    newGameForm(g))));
  await showUnfinished(games);
}

main();
