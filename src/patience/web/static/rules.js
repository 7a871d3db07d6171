// The rules texts serve the terminal too: before the page shows one, the part about typing
// moves goes, and option and action names in code type become the labels the page shows
// ("`wrap_marriage` = `true`" reads "**King onto ace in the packets**: yes").

import { _, format } from "./i18n.js";

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
  const value = (v) => (v === "true" ? _("yes") : v === "false" ? _("no") : v);
  const isAction = (name) => actions.includes(name);
  return withoutTerminal(markdown)
    .replace(/`([\w-]+)` = `([^`]+)`/g, (all, o, v) => (o in options ? `**${options[o]}**: ${value(v)}` : all))
    .replace(/`([\w-]+)` = /g, (all, o) => (o in options ? `**${options[o]}**: ` : all))
    .replace(/Type `([\w-]+)`/g, (all, a) => (isAction(a) ? format(_("Press **{button}**"), { button: label(a) }) : all))
    .replace(/action `([\w-]+)`/g, (all, a) => (isAction(a) ? format(_("the **{button}** button"), { button: label(a) }) : all))
    .replace(/`([^`]+)`/g, (all, w) => {
      if (w in options) return `**${options[w]}**`;
      if (isAction(w)) return `**${label(w)}**`;
      if (values.has(w)) return value(w);
      return all;
    });
}
