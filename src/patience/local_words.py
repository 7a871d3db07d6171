"""Piles and moves in Russian and Hungarian words, built from ``texts/names.toml``.

A move phrase needs a pile in three forms: its name (a board's label), where a card comes
from and where it goes: Russian «луч 2», «с луча 2», «на луч 2», a suit's foundation by
its first card, «на туза червей»; Hungarian «2. sugár», «a 2. sugárról», «a kőr ászra».
English keeps its own phrases (``words``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from patience.games.texts_i18n import names

ROMAN = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]
STAR_HOURS = {"1": "1:30", "4": "4:30", "7": "7:30", "10": "10:30"}
# pile id's word -> pile kind of names.toml
KINDS = {"ray": "ray", "base": "base", "cell": "cell", "hour": "hour", "packet": "packet",
         "found": "foundation", "col": "column", "pile": "waste", "toad": "toad",
         "cloud": "cloud"}
VOWELS = "aáeéiíoóöőuúüű"


@dataclass(frozen=True)
class PileWords:
    """A pile as a name, a source (``from``) and a target (``onto``)."""

    name: str
    source: str
    target: str


def hu_article(phrase: str) -> str:
    """Hungarian ``a``/``az`` before ``phrase`` (``az`` before a vowel: «az 5. sugárról»)."""
    roman = re.match(r"([IVX]+)\b", phrase)
    if roman:  # I (egy) and V (öt) begin with a vowel when read
        return f"{'az' if roman[1] in ('I', 'V') else 'a'} {phrase}"
    first = phrase.lower()
    vowel = first[:1] in VOWELS or re.match(r"(1|5\d*)(?:[.:]|\s|$)", first) is not None
    return f"{'az' if vowel else 'a'} {phrase}"


def _qualified(lang: str, kind: str, game_id: str, label: str) -> PileWords:
    """A pile of ``kind`` told apart by ``label`` (a number, an hour; "" for none)."""
    forms = names(lang).pile(kind, game_id)
    if lang == "ru":
        tail = f" {label}" if label else ""
        return PileWords(forms["nominative"] + tail, forms["from"] + tail, forms["onto"] + tail)
    head = f"{label}. " if label.isdigit() else (f"{label} " if label else "")
    return PileWords(head + forms["nominative"], hu_article(head + forms["from"]),
                     hu_article(head + forms["onto"]))


def _by_rank(lang: str, rank: str, suit: str) -> PileWords:
    """A foundation named by its suit's first card: «туз червей», «kőr ász»."""
    table = names(lang)
    forms, suit_forms = table.ranks[rank], table.suits[suit]
    if lang == "ru":
        of = suit_forms["genitive_plural"]
        return PileWords(f"{forms['nominative']} {of}", f"с {forms['genitive']} {of}",
                         f"на {forms['accusative']} {of}")
    word = suit_forms["nominative"]
    return PileWords(f"{word} {forms['nominative']}", hu_article(f"{word} {forms['from']}"),
                     hu_article(f"{word} {forms['onto']}"))


def pile_words(lang: str, game_id: str, pile: str, cards: list[str] | None = None) -> PileWords:
    """The pile ``pile`` of ``game_id`` in ``lang`` (``cards`` bottom to top, to name a
    suited foundation by its suit)."""
    m = re.fullmatch(r"(ace|king)-([SHDC])", pile)
    if m:
        return _by_rank(lang, "A" if m[1] == "ace" else "K", m[2])
    m = re.fullmatch(r"ray(\d+)\.(\d)", pile)
    if m:
        slot = _qualified(lang, "slot", game_id, m[2])
        ray = names(lang).pile("ray", game_id)
        if lang == "ru":
            of = f" {ray['genitive']} {m[1]}"
            return PileWords(slot.name + of, slot.source + of, slot.target + of)
        of = f" ({m[1]}. {ray['nominative']})"
        return PileWords(slot.name + of, slot.source + of, slot.target + of)
    m = re.fullmatch(r"([a-z]+)-?(\d+)", pile)
    if not m:
        kind = pile.replace("-", "_")
        return _qualified(lang, kind, game_id, "")
    word, n = m[1], m[2]
    label = n
    if word in ("hour", "packet"):
        label = ROMAN[int(n) % 12]
    elif word == "cell":
        label = STAR_HOURS.get(n, n)
    elif word == "base" and lang == "hu":
        label = f"{n} órás"  # the Star's bases by their hour: «a 12 órás alaplapra»
    said = _qualified(lang, KINDS.get(word, word), game_id, label)
    if word == "found" and game_id in ("shah", "blockade") and cards:
        suit = names(lang).suits[cards[0][1]]
        of = f" ({suit['plural']})"
        return PileWords(said.name + of, said.source + of, said.target + of)
    return said


def move_phrase(card: str, source: PileWords, target: PileWords, depth: str = "") -> str:
    """«7♥ с луча 2 на туза червей», «7♥ a 2. sugárról a kőr ászra»; ``depth`` says
    where in the source pile the card lies."""
    return f"{card} {source.source}{depth} {target.target}"
