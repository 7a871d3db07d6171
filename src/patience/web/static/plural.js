// Counted words ("1 move", "2 moves"): every count the page shows goes through `count`, so
// each form is a catalog entry (ngettext) and Russian gets its three (1 ход, 2 хода, 5 ходов).

import { format, ngettext } from "./i18n.js";

// "{n} move" etc. for `n` of `noun`; each a literal, so that Babel finds it.
const COUNTED = {
  move: (n) => ngettext("{n} move", "{n} moves", n),
  card: (n) => ngettext("{n} card", "{n} cards", n),
  game: (n) => ngettext("{n} game", "{n} games", n),
  deal: (n) => ngettext("{n} deal", "{n} deals", n),
};

// The word alone, beside a number shown apart (the move counter).
const WORDS = {
  move: (n) => ngettext("move", "moves", n),
};

// The word for `n` of `noun`, without the number.
export function word(n, noun) {
  return WORDS[noun] ? WORDS[noun](n) : format(COUNTED[noun](n), { n: "" }).trim();
}

// "1 move", "3 moves".
export const count = (n, noun) => format(COUNTED[noun](n), { n });
