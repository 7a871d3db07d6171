// The page's words in the player's language. The server puts the `web` catalog of the
// request's language into the page as JSON (#words, web/html.py); English is the text as
// the scripts write it. Messages are marked _("…") and ngettext("…", "…", n) so that
// Babel finds them (babel-web.cfg); placeholders are {name}, filled by `format`.

const data = JSON.parse(document.getElementById("words")?.textContent || "{}");
export const LANG = data.lang || document.documentElement.lang || "en";
const messages = data.messages || {};
// The rank letters players of the language know, by rank code (words.RANK_LETTERS).
export const RANK_LETTERS = data.ranks || { T: "10" };
// The language's plural categories in the order of its catalog's forms (i18n.py).
const categories = data.plural || ["one", "other"];
const rules = new Intl.PluralRules(LANG);

// `message` in the page's language.
export function _(message) {
  const said = messages[message];
  return typeof said === "string" ? said : message;
}

// The form for `n` (Russian has three).
export function ngettext(singular, plural, n) {
  const forms = messages[singular];
  if (!Array.isArray(forms)) return n === 1 ? singular : plural;
  const at = categories.indexOf(rules.select(n));
  return forms[at < 0 ? forms.length - 1 : Math.min(at, forms.length - 1)];
}

// "{n} moves" with {n: 3} -> "3 moves"; a placeholder without a value stays as it is.
export function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// The languages the app speaks, each named in its own words.
export const LANGUAGES = { en: "English", ru: "Русский", hu: "Magyar" };

// Speak `code` from now on: the server reads the cookie on every request (web/language.py),
// so the page is loaded again to come in that language.
export function setLanguage(code) {
  document.cookie = `lang=${code}; path=/; max-age=31536000; SameSite=Lax`;
  location.reload();
}

// The compact choice of language on the home and statistics pages (templates/languages.html).
for (const button of document.querySelectorAll("button[data-lang]")) {
  button.addEventListener("click", () => setLanguage(button.dataset.lang));
}
