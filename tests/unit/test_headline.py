"""The README's headline no-peek figures are the win-rate page's (docs/winnability.md):
each game's careful win rate, rounded to a whole per cent or as the page gives it, and
the deals it was measured on, so that regenerating the page without the README (or the reverse) fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The README's names where the page's differ.
PAGE_NAME = {"two-deck Star": "Star (two decks)"}
USUAL_DEALS = 1000  # the README names a game's deals only where they differ from this


def page_careful() -> dict[str, tuple[float, int]]:
    """Each default row's careful win % and careful deals, by the page's game name."""
    lines = (ROOT / "docs" / "winnability.md").read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("| game (options)"))
    columns = [c.strip() for c in header.strip("|").split("|")]
    rate_at, deals_at = columns.index("careful win % (95%)"), columns.index("careful deals")
    rows = {}
    for line in lines:
        named = re.match(r"\| (.+) \(defaults\) \|", line)
        cells = [c.strip() for c in line.strip("|").split("|")]
        if named and cells[rate_at] != "—":
            rows[named.group(1)] = (float(cells[rate_at].split()[0]), int(cells[deals_at]))
    return rows


def headline() -> str:
    """The README's paragraph of no-peek figures, on one line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("**How often a player who cannot peek wins them**")
    return " ".join(text[start:text.index("\n\n", start)].split())


def test_every_careful_row_is_in_the_headline() -> None:
    said = headline()
    rates = {PAGE_NAME.get(name, name): rate
             for name, rate in re.findall(r"(?:the )?([A-Z][\w-]*(?: [A-Z]\w*)*|two-deck Star)"
                                          r" (\d+(?:\.\d)?) %", said)}
    page = page_careful()
    assert len(page) == 9
    assert rates.keys() == page.keys()
    for name, written in rates.items():  # a whole per cent, or the page's one decimal
        rate = page[name][0]
        assert written == (f"{rate:.1f}" if "." in written else str(int(rate + 0.5))), name


def test_the_headline_names_every_deal_count_that_differs() -> None:
    said = headline().replace(",", "")
    assert f"{USUAL_DEALS} deals a game" in said
    for name, (_, deals) in page_careful().items():
        if deals != USUAL_DEALS:
            readme_name = next((k for k, v in PAGE_NAME.items() if v == name), name)
            assert re.search(rf"{re.escape(readme_name)}(?: and [^;)]*?)? {deals}\b", said), \
                (name, deals)
