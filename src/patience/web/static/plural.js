// Counted words ("1 move", "2 moves"): every count the page shows goes through `count`, so
// the forms of a language live in one table and its plural rules come from the browser.

const LANG = document.documentElement.lang || "en";
const rules = new Intl.PluralRules(LANG);

// English forms by plural category; another language adds its own table (few, many …).
const FORMS = {
  en: {
    move: { one: "move", other: "moves" },
    card: { one: "card", other: "cards" },
    game: { one: "game", other: "games" },
    deal: { one: "deal", other: "deals" },
  },
};

// The word for `n` of `noun` (a key of FORMS), without the number.
export function word(n, noun) {
  const forms = (FORMS[LANG] || FORMS.en)[noun];
  return forms[rules.select(n)] || forms.other;
}

// "1 move", "3 moves".
export const count = (n, noun) => `${n} ${word(n, noun)}`;
