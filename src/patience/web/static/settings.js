// The player's settings, kept in this browser (localStorage): auto-play, animation speed,
// card size, light or dark (the system's choice by default), sound (off by default) and
// whether hints may look at the face-down cards (off by default: a hint then says only
// what can be told from the cards the player sees).

import { _ } from "./i18n.js";

const KEY = "patience.settings";
export const DEFAULTS = {
  autoplay: false, speed: "normal", cards: "normal", theme: "system", sound: false, peekingHints: false,
};

export const CHOICES = {
  speed: { label: _("Animation speed"),
           options: { off: _("Off"), slow: _("Slow"), normal: _("Normal"), fast: _("Fast") } },
  cards: { label: _("Card size"), options: { normal: _("Normal"), large: _("Large corner indices") } },
  theme: { label: _("Colours"), options: { system: _("As the system"), light: _("Light"), dark: _("Dark") } },
};

export function loadSettings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  if (localStorage.getItem("patience.autoplay") === "1" && saved.autoplay === undefined) saved.autoplay = true;
  const out = { ...DEFAULTS };
  for (const k of Object.keys(DEFAULTS)) {
    if (typeof saved[k] === typeof DEFAULTS[k] && (!CHOICES[k] || saved[k] in CHOICES[k].options)) out[k] = saved[k];
  }
  return out;
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
  applyTheme(settings);
}

export function applyTheme(settings = loadSettings()) {
  const root = document.documentElement;
  if (settings.theme === "system") delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
}
