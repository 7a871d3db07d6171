// The rules texts serve the terminal too: before the page shows one, the part about typing
// moves goes, and option and action names in code type become the labels the page shows
// ("`wrap_marriage` = `true`" reads "**King onto ace in the packets**: yes"). In another
// language than English a choice's code (an English word) reads as its short name there.

import { _, format, LANG } from "./i18n.js";

// The terminal's sections in each language's texts: "terminal", «терминал», „terminál”.
const TERMINAL = /terminal|терминал|terminál/i;

// Sections ("## …") about the terminal left out.
function withoutTerminal(markdown) {
  const out = [];
  let skip = false;
  for (const line of markdown.split("\n")) {
    if (/^#{1,2}\s/.test(line)) skip = TERMINAL.test(line);
    if (!skip) out.push(line);
  }
  return out.join("\n");
}

// `game`: {options: [{name, label, choices}]}; `actions`: action names; `label(action)`:
// the words on its button.
export function rulesForPage(markdown, game, actions, label) {
  const options = Object.fromEntries(game.options.map((o) => [o.name, o.label.replace(/\s*\(.*\)$/, "")]));
  const values = new Set(game.options.flatMap((o) => o.choices.map(String)));
  // the short name of the choice `v` of option `o` (or of the one option that has such a
  // choice): "stay empty" for `stay`
  const said = (v, o) => {
    const of = game.options.filter((x) => x.choices.map(String).includes(v)
                                        && (x.name === o || !o));
    return of.length === 1 ? (of[0].choices_names || {})[v] : undefined;
  };
  const value = (v, o) => (v === "true" ? _("yes") : v === "false" ? _("no")
    : (LANG !== "en" && said(v, o)) || v);
  // a choice named inside a sentence, quoted in another language ("при «любая карта»")
  const quoted = (v, o) => (LANG === "en" || /^\d+$/.test(v) ? value(v, o)
    : format(_("“{choice}”"), { choice: value(v, o) }));
  const isAction = (name) => actions.includes(name);
  let named = null;
  return withoutTerminal(markdown)
    .replace(/`([\w-]+)` = `([^`]+)`/g, (all, o, v) => (o in options ? `**${options[o]}**: ${value(v, o)}` : all))
    .replace(/`([\w-]+)` = /g, (all, o) => (o in options ? `**${options[o]}**: ` : all))
    .replace(/Type `([\w-]+)`/g, (all, a) => (isAction(a) ? format(_("Press **{button}**"), { button: label(a) }) : all))
    .replace(/action `([\w-]+)`/g, (all, a) => (isAction(a) ? format(_("the **{button}** button"), { button: label(a) }) : all))
    .split("\n").map((line) => {
      // the option a list item or paragraph last named: the choices it then names are its
      if (!line.trim() || /^\s*([-*#]|\d+\.)\s/.test(line)) named = null;
      return line.replace(/`([^`]+)`/g, (all, w) => {
        if (w in options) {
          named = w;
          return `**${options[w]}**`;
        }
        if (isAction(w)) return `**${label(w)}**`;
        if (values.has(w)) return quoted(w, named);
        return all;
      });
    }).join("\n");
}
