// Forms and dialogs built from the server's descriptions: a new game (deal number, random,
// winnable, the game's options with their labels and one line per choice), the settings.
// No HTML strings: every node is made with the DOM, so nothing needs an inline style.

import { CHOICES } from "./settings.js";
import { foldable } from "./fold.js";
import { _, format, LANG, setLanguage, LANGUAGES } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const asText = (v) => (typeof v === "boolean" ? String(v) : String(v));

// The options of `game` as radio groups; `current` maps option name -> value in force.
export function optionFields(game, current = {}) {
  return game.options.map((o) => {
    const value = asText(o.name in current ? current[o.name] : o.default);
    const many = o.choices.length > 6;
    const id = `opt-${game.id}-${o.name}`;
    if (many) {
      const select = h("select", { name: o.name, id },
        o.choices.map((c) => h("option", { value: asText(c), selected: asText(c) === value,
                                           text: asText(c) })));
      return h("div", { class: "option" }, h("label", { for: id, class: "option-label", text: o.label }),
               select, h("p", { class: "small", text: o.help }));
    }
    return h("fieldset", { class: "option" }, h("legend", { text: o.label }),
      o.choices.map((c) => {
        const text = asText(c);
        const line = o.choices_words[text] || text;
        // a choice's code is an English word: another language says its short name
        const named = (LANG !== "en" && (o.choices_names || {})[text]) || text;
        const shown = typeof c === "boolean" ? (c ? _("Yes") : _("No")) : named;
        return h("label", { class: "choice" },
          h("input", { type: "radio", name: o.name, value: text, checked: text === value }),
          h("span", { class: "choice-name", text: text === asText(o.default) ? format(_("{choice} (usual)"), { choice: shown }) : shown }),
          h("span", { class: "choice-line", text: line }));
      }));
  });
}

export function optionQuery(form, game) {
  const params = new URLSearchParams();
  for (const o of game.options) {
    const field = form.elements[o.name];
    const value = field ? field.value : asText(o.default);
    if (value !== asText(o.default)) params.set(o.name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

// A form that starts a game: where it goes is /play/GAME/(DEAL|random|winnable)?options.
export function newGameForm(game, { current = {}, deal = "" } = {}) {
  const dealId = `deal-${game.id}`;
  const form = h("form", { class: "new-game", "data-game": game.id },
    h("div", { class: "deal-row" },
      h("label", { for: dealId, text: _("Deal number") }),
      h("input", { id: dealId, name: "deal", type: "text", inputmode: "numeric", pattern: "[0-9]*",
                   autocomplete: "off", value: deal, placeholder: _("e.g. 42") }),
      h("button", { type: "submit", name: "how", value: "deal", text: _("Play this deal") })),
    h("div", { class: "deal-row" },
      h("button", { type: "submit", name: "how", value: "random", class: "primary", text: _("Random deal") }),
      h("button", { type: "submit", name: "how", value: "winnable", text: _("Winnable deal"),
                    title: _("A deal the solver has proved can be won") })),
    game.options.length ? h("div", { class: "options" }, optionFields(game, current)) : null,
    h("p", { class: "form-error", role: "alert" }));
  form.addEventListener("submit", (evt) => {
    evt.preventDefault();
    let how = evt.submitter ? evt.submitter.value : "random";
    const dealText = form.elements.deal.value.trim();
    if (how === "deal") {
      if (!/^\d+$/.test(dealText)) {
        form.querySelector(".form-error").textContent = _("A deal number is a whole number: 0, 1, 2 …");
        form.elements.deal.focus();
        return;
      }
      how = dealText;
    }
    sessionStorage.setItem("patience.fresh", "1");  // a new game, not the one last played here
    location.href = `/play/${game.id}/${how}${optionQuery(form, game)}`;
  });
  return form;
}

// The language, each named in its own words; a choice reloads the page in it (i18n.js).
export function languageField() {
  return h("fieldset", { class: "option" }, h("legend", { text: _("Language") }),
    Object.entries(LANGUAGES).map(([code, name]) => h("label", { class: "choice", lang: code },
      h("input", { type: "radio", name: "lang", value: code, checked: code === LANG,
                   onchange: () => setLanguage(code) }),
      h("span", { class: "choice-name", text: name }))));
}

export function settingsForm(settings, onChange) {
  const radios = (name) => {
    const spec = CHOICES[name];
    return h("fieldset", { class: "option" }, h("legend", { text: spec.label }),
      Object.entries(spec.options).map(([value, text]) => h("label", { class: "choice" },
        h("input", { type: "radio", name, value, checked: settings[name] === value }),
        h("span", { class: "choice-name", text }))));
  };
  const check = (name, text) => h("label", { class: "check" },
    h("input", { type: "checkbox", name, checked: settings[name] }), h("span", { text }));
  const form = h("form", { class: "settings", method: "dialog" },
    languageField(),
    check("autoplay", _("Auto-play safe cards to the foundations")),
    radios("speed"), radios("cards"), radios("theme"),
    check("sound", _("Sound")),
    check("peekingHints", _("Hints may look at face-down cards")));
  form.addEventListener("change", (evt) => {
    if (evt.target.name === "lang") return;  // its own handler reloads the page
    const next = { ...settings };
    for (const name of ["autoplay", "sound", "peekingHints"]) next[name] = form.elements[name].checked;
    for (const name of Object.keys(CHOICES)) next[name] = form.elements[name].value;
    onChange(next);
  });
  return form;
}

// A modal dialog with a title, a fold button (it folds to a bar at the foot of the screen,
// so the board can be seen) and a close button; returns the <dialog>.
export function openDialog(id, title, body) {
  let dialog = document.getElementById(id);
  if (dialog) dialog.remove();
  const fold = h("button", { type: "button", class: "fold" });
  dialog = h("dialog", { id, "aria-labelledby": `${id}-title` },
    h("div", { class: "dialog-head" },
      h("h2", { id: `${id}-title`, text: title }),
      fold,
      h("button", { type: "button", class: "close", "aria-label": _("Close"), text: "\u2715",
                    onclick: () => dialog.close() })),
    body);
  // folded, the dialog stops being modal: the board under it is seen (and may be played)
  let reopened = 0;  // "close" events of a refold, which come later, not a closing
  const reopen = (folded) => {
    if (!dialog.open) return;
    reopened++;
    dialog.close();
    if (folded) dialog.show(); else dialog.showModal();
  };
  foldable(dialog, fold, false, reopen);
  dialog.addEventListener("close", () => {
    if (reopened) reopened--;
    else dialog.remove();
  });
  document.body.appendChild(dialog);
  dialog.showModal();
  return dialog;
}
