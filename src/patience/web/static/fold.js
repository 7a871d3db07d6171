// A panel over the board (the end-of-game banner, a dialog) that folds to a slim bar, so
// the position under it can be seen, and unfolds again; mostly for a phone's small screen.

import { _ } from "./i18n.js";

const FOLD = "\u25BE", UNFOLD = "\u25B4";

// Make `button` fold and unfold `panel`; `folded` is its state at the start; `then(fold)`
// runs after each change.
export function foldable(panel, button, folded = false, then = null) {
  const set = (fold) => {
    panel.classList.toggle("folded", fold);
    button.setAttribute("aria-expanded", String(!fold));
    button.setAttribute("aria-label", fold ? _("Unfold") : _("Fold away"));
    button.title = fold ? _("Unfold") : _("Fold away, to see the cards");
    button.textContent = fold ? UNFOLD : FOLD;
    if (then) then(fold);
  };
  button.addEventListener("click", () => set(!panel.classList.contains("folded")));
  set(folded);
  return set;
}
