"""Plain words for what a player sees: pile names, moves, actions and option labels.

Shared by the front ends so that a player never meets a pile id or the move notation
("QS:ray3>king-S" reads "Q♠ from ray 3 to the spades' king pile"). It reads piles and moves
and holds no rule logic: what is legal is always the engine's answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from patience import local_words
from patience.cards import code as _code
from patience.engine.moves import Move
from patience.engine.state import State
from patience.i18n import N_, _, language, ngettext

if TYPE_CHECKING:  # words read the solver's answer; they never run the solver
    from patience.solver.review import Review
    from patience.solver.slip import Slip

SUIT_SIGN = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# The rank letters players of each language know, here and on the page's card faces (the
# page reads them from web.html.words): Russian В Д К Т (валет, дама, король, туз),
# Hungarian B D K Á (bubi, dáma, király, ász); ten is written 10 everywhere.
RANK_LETTERS = {
    "en": {"T": "10"},
    "ru": {"T": "10", "J": "\u0412", "Q": "\u0414", "K": "\u041a", "A": "\u0422"},
    "hu": {"T": "10", "J": "B", "Q": "D", "K": "K", "A": "\u00c1"},
}
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORD = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
             "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
             "K": "king"}
ROMAN = ["XII", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]
SLOT = {"1": "inner", "2": "middle", "3": "outer"}
ORDINAL = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
           "ninth", "tenth", "eleventh", "twelfth", "thirteenth"]
STAR_HOURS = {"1": "1:30", "4": "4:30", "7": "7:30", "10": "10:30"}

# Actions in the words of each game's book (the generic label first).
ACTION_WORDS = {
    "deal": N_("Deal"), "draw": N_("Draw a card"), "redeal": N_("Redeal"),
    "next-stage": N_("Next stage"), "next-ray": N_("Next ray"), "scatter": N_("Scatter a ray"),
    "wind": N_("Blow the wind"), "fill": N_("Fill the packets"),
}
GAME_ACTION_WORDS = {
    "sun": {"deal": N_("Deal the next arc")},
    "shah": {"deal": N_("Deal the next circle")},
    "blockade": {"deal": N_("Deal a row")},
}


@dataclass(frozen=True)
class OptionWords:
    """A rule option as a player reads it: a label and one line per choice, and the short
    name of each worded choice, for where a sentence names the choice ("default: stay")."""

    label: str
    choices: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)


# The short names of the choices that are words: in English the choice as written; in
# another language the catalog's word for it here (an option's "any" is a time, another's
# a card).
CHOICE_NAMES: dict[str, dict[str, str]] = {
    "transfers": {"purposeful": N_("purposeful"), "free": N_("free")},
    "deal_when": {"stuck": N_("when stuck"), "any": N_("any time")},
    "direction": {"free": N_("free"), "first-fit": N_("first fit")},
    "empty_columns": {"stay": N_("stay empty"), "any": N_("any card")},
    "phases": {"strict": N_("strict"), "free": N_("free")},
}


def _k(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


OPTION_WORDS: dict[str, dict[str, OptionWords]] = {
    "sun": {
        "transfers": OptionWords(N_("Moves between the ace and king piles"), {
            "purposeful": N_("only as steps towards a free card of a ray, which then goes up"),
            "free": N_("whenever the top card continues the other pile")}),
        "deal_when": OptionWords(N_("When the next arc may be dealt"), {
            "stuck": N_("only when no card can go up and no card can cross over"),
            "any": N_("whenever you like")}),
    },
    "star": {
        "direction": OptionWords(N_("When a base's direction is fixed"), {
            "free": N_("you decide when to build a base up or down"),
            "first-fit": N_("the first card that fits a base fixes its direction at once")}),
    },
    "blockade": {
        "move_sequences": OptionWords(N_("Moving runs of cards"), {
            "false": N_("one card at a time, as in the original rules"),
            "true": N_("a run of one suit going down moves as a unit")}),
        "empty_columns": OptionWords(N_("Empty columns after the deal"), {
            "stay": N_("an emptied column stays empty"),
            "any": N_("any free card may move into it (not a card alone in its column)")}),
        "deal_when": OptionWords(N_("When the next row may be dealt"), {
            "stuck": N_("only when no card can be played or married, as the text says"),
            "any": N_("whenever you like")}),
    },
    "clock": {
        "wrap_marriage": OptionWords(N_("King onto ace in the packets"), {
            "false": N_("no: the packets run from ace up to king and stop"),
            "true": N_("yes: a king may be married onto an ace of its suit")}),
        "phases": OptionWords(N_("Plays after a marriage"), {
            "strict": N_("wait for the refill: once you marry, no card goes to a foundation "
                      "until the packets are filled"),
            "free": N_("any time: plays and marriages mix freely before the refill")}),
    },
    "rainbow": {
        "redeals": OptionWords(N_("Redeals of the waste piles"), {
            "3": N_("three, as the book plays it"), "5": N_("five, the book's easier variant")}),
    },
    "open-shop": {
        "redeals": OptionWords(N_("Redeals of the waste piles"), {
            "0": N_("none: one pass through the stock"), "1": N_("one more pass after shuffling")}),
    },
    "toad": {
        "reserve_piles": OptionWords(N_("Toad piles"), {
            "1": N_("one toad pile"), "2": N_("two toad piles side by side")}),
        "ace_extraction": OptionWords(N_("Taking an ace out of the toad"), {
            "true": N_("allowed once per game"), "false": N_("not allowed")}),
        "reserve_size": OptionWords(
            N_("Cards in each toad pile (13 in the text; other sizes are this project's own "
            "variant)"), {}),
        "foundations": OptionWords(N_("Foundations"), {
            "8": N_("eight, each from ace to king"),
            "4": N_("four, each from ace to king and then again from ace to king")}),
    },
    "double-star": {
        "foundations": OptionWords(N_("Foundations"), {
            "8": N_("eight of 13 cards each"), "4": N_("four of 26 cards that go round twice")}),
        "piles": OptionWords(N_("Waste piles"), {}),
    },
}


def option_words(game_id: str, name: str, choices: list[Any], help_text: str) -> OptionWords:
    """The option's label and a line per choice; unknown ones get readable defaults."""
    known = OPTION_WORDS.get(game_id, {}).get(name)
    label = _(known.label) if known else name.replace("_", " ").capitalize()
    lines = {}
    for choice in choices:
        key = _k(choice)
        line = known.choices.get(key) if known else None
        lines[key] = _(line) if line else _choice_line(key, help_text)
    english = language() == "en"
    names = {key: key if english else _(said)
             for key, said in CHOICE_NAMES.get(name, {}).items() if key in lines}
    return OptionWords(label, lines, names)


def option_help(help_text: str) -> str:
    """An option's help (the engine's, in English) in the language spoken now; in another
    language, empty where the catalog does not translate it (its label and choices say it)."""
    if language() == "en":
        return help_text
    translated = _(help_text)
    return translated if translated != help_text else ""


def _choice_line(key: str, help_text: str) -> str:
    """A choice's line from the engine's help ("a: …; b: …"), else the value itself."""
    if language() != "en":  # the engine's help is English: the value, or yes and no
        return {"true": _("yes"), "false": _("no")}.get(key, key)
    for part in re.split(r";\s*", help_text):
        head, _sep, rest = part.partition(":")
        if head.strip().split(" ")[-1] == key and rest.strip():
            return rest.strip()
    return {"true": "yes", "false": "no"}.get(key, key)


def card_words(code: str) -> str:
    """``"TH"`` -> ``"10♥"``; ``"AS"`` -> ``"A♠"``, in Russian ``"Т♠"``."""
    letters = RANK_LETTERS.get(language(), RANK_LETTERS["en"])
    return letters.get(code[0], code[0]) + SUIT_SIGN[code[1]]


def said_card(code: str) -> str:
    """A card in a dead-end rule's sentence (``Rules.why_dead``): in English its code, which
    ``plain`` turns into words as it names the piles; elsewhere ``card_words``."""
    return code if language() == "en" else card_words(code)


def said_rank(rank: str) -> str:
    """A rank character (``A``, ``T``, ``7``) in a dead-end rule's sentence: ``A``, ``10``;
    in Russian ``Т``, in Hungarian ``Á``."""
    letters = RANK_LETTERS.get(language(), RANK_LETTERS["en"])
    return letters.get(rank, rank)


def said_pile(state: State, pile: str, form: str = "name") -> str:
    """A pile in a dead-end rule's sentence: in English its id, which ``plain`` turns into
    words; elsewhere its words in ``form``: ``"name"`` (the subject, in Hungarian with its
    article: «az 1. oszlop»), ``"bare"`` (a label, with no article) or ``"target"`` (where
    a card goes: «на туза пик», «a pikk ászra»)."""
    lang = language()
    if lang == "en":
        return pile
    cards = next((state.piles[i] for i, p in enumerate(state.rules.layout) if p.id == pile), [])
    said = local_words.pile_words(lang, state.game.id, pile, [_code(c) for c in cards])
    if form == "target":
        return said.target
    return local_words.hu_article(said.name) if form == "name" and lang == "hu" else said.name


def spoken_card(code: str) -> str:
    """``"7H"`` -> ``"seven of hearts"``, as a screen reader says it."""
    return f"{RANK_WORD[code[0]]} of {SUIT_WORD[code[1]]}"


def action_words(game_id: str, action: str) -> str:
    """An action in the words of the game's book, in the language spoken now."""
    known = GAME_ACTION_WORDS.get(game_id, {}).get(action) or ACTION_WORDS.get(action)
    return _(known) if known else action.replace("-", " ").capitalize()


def pile_name(game_id: str, pile: str, cards: list[str] | None = None) -> str:
    """What a player calls the pile (``cards`` bottom to top, to name a suited foundation)."""
    if language() != "en":
        return local_words.pile_words(language(), game_id, pile, cards).name
    fixed = {"stock": "the stock", "talon": "the talon", "hand": "the hand",
             "reserve": "the reserve", "shah": "the Shah", "out": "the kings set aside",
             "wind": "the wind", "rainbow": "the rainbow", "shop": "the shop",
             "toad": "the toad pile"}
    if pile in fixed:
        return fixed[pile]
    m = re.fullmatch(r"(ace|king)-([SHDC])", pile)
    if m:
        return f"the {SUIT_WORD[m[2]]}' {m[1]} pile"
    m = re.fullmatch(r"ray(\d+)\.(\d)", pile)
    if m:
        return f"the {SLOT.get(m[2], m[2])} slot of ray {m[1]}"
    m = re.fullmatch(r"([a-z]+)-?(\d+)", pile)
    if not m:
        return pile.replace("-", " ")
    word, n = m[1], m[2]
    if word == "base":
        return f"the {n} o'clock base"
    if word == "cell":
        return f"the {STAR_HOURS.get(n, n)} cell"
    if word == "hour":
        return f"the {ROMAN[int(n) % 12]} o'clock foundation"
    if word == "packet":
        return f"the {ROMAN[int(n) % 12]} o'clock packet"
    if word == "found":
        if game_id in ("shah", "blockade") and cards:
            return f"the {SUIT_WORD[cards[0][1]]} foundation {n}"
        return f"foundation {n}"
    if word == "col":
        return f"column {n}"
    if word == "pile":
        return f"waste pile {n}"
    if word == "toad":
        return f"toad pile {n}"
    return f"{word} {n}"


def pile_names(state: State) -> dict[str, str]:
    """Every pile of the state by its player-facing name."""
    piles = state.to_dict()["piles"]
    game_id = state.game.id
    return {p.id: pile_name(game_id, p.id, piles.get(p.id)) for p in state.rules.layout}


def ordinal(number: int) -> str:
    """``1`` -> ``"first"`` … ``13`` -> ``"thirteenth"``, then ``"21st"``, ``"22nd"``."""
    if 1 <= number <= len(ORDINAL):
        return ORDINAL[number - 1]
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


def from_top(index: int, size: int) -> int:
    """The place of card ``index`` (counted from 0 at the bottom) counted from the top, 1
    being the top card: how a player counts into a pile they leaf through."""
    return size - index


def _depth(index: int, size: int) -> str:
    place = from_top(index, size)
    if place <= 1:
        return ""
    if language() != "en":
        return _(" (card {place} from the top)").format(place=place)
    return f" ({ordinal(place)} from the top)"


def describe(state: State, move: Move) -> str:
    """A move as a player says it: "7♥ from ray 2 to the hearts' ace pile"."""
    game_id = state.game.id
    if move.action is not None:
        return action_words(game_id, move.action)
    piles = state.to_dict()["piles"]
    src, dst = move.from_pile or "", move.to_pile or ""
    kinds = {p.id: str(p.kind) for p in state.rules.layout}
    card = card_words(move.card) if move.card else _("a card")
    depth = ""
    if move.index is not None and kinds.get(src) == "reserve" and src in piles:
        depth = _depth(move.index, len(piles[src]))
    if language() != "en":
        lang = language()
        source = local_words.pile_words(lang, game_id, src, piles.get(src))
        target = local_words.pile_words(lang, game_id, dst, piles.get(dst))
        return local_words.move_phrase(card, source, target, depth)
    where = pile_name(game_id, src, piles.get(src)) + depth
    onto = "to" if kinds.get(dst) == "foundation" else "onto"
    return f"{card} from {where} {onto} {pile_name(game_id, dst, piles.get(dst))}"


_NOTATION = r"(?:([A2-9TJQK][SHDC]):)?([A-Za-z][\w.-]*?)(?:\[(\d+)\])?>([\w.-]+)"
_CARD = r"[A2-9TJQK][SHDC]"
_ASIDES = re.compile(r"\s*\((?:legal from|actions legal now|no action is legal|no card of)[^)]*\)"
                     r"|\s*\(repetition rule\)")


def plain(state: State, text: str) -> str:
    """An engine message (which names piles by id and moves in notation) in plain words."""
    names = pile_names(state)
    game_id = state.game.id
    ids = "|".join(re.escape(p) for p in sorted(names, key=len, reverse=True))
    actions = "|".join(re.escape(a) for a in state.rules.actions)
    named = rf"'(?P<action>{actions})'|" if actions else ""  # an action is quoted: 'deal'
    token = re.compile(rf"(?<![\w.-])(?:{_NOTATION}|{named}(?P<pile>{ids})|(?P<card>{_CARD}))"
                       r"(?![\w-]|\.\d)")

    def swap(m: re.Match[str]) -> str:
        action = m.groupdict().get("action")
        if action:
            return f'"{action_words(game_id, action)}"'
        if m["pile"]:
            name = names[m["pile"]]
            after_the = m.string[:m.start()].lower().endswith("the ")  # "the stock" as is
            return name.removeprefix("the ") if after_the else name
        if m["card"]:
            return card_words(m["card"])
        index = int(m[3]) if m[3] is not None else None
        return describe(state, Move(m[2], m[4], m[1], index))

    return token.sub(swap, _ASIDES.sub("", text))


def why_lost(state: State) -> str | None:
    """Why the position is lost at once (a dead-end rule's proof, ``Rules.why_dead``) in
    plain words in the language spoken now, or None. The rules build it in that language;
    in English it names piles by id and cards by code, and ``plain`` says them."""
    why = state.rules.why_dead(state)
    if why is None:
        return None
    return plain(state, why) if language() == "en" else why


def line_words(state: State, moves: Sequence[Move]) -> list[str]:
    """Each move of a line played on from ``state``, in words read on the position it is
    played from; ``state`` itself is not changed."""
    work = state.copy()
    out = []
    for move in moves:
        out.append(describe(work, move))
        work.play(move)
    return out


# A verdict's word, and how many of them a game made (``verdict_count``).
VERDICT_WORDS = {"good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
                 "blunder": N_("blunder")}


def verdict_word(verdict: str) -> str:
    """A move's verdict ("inaccuracy", "mistake", "blunder", "good") in the language spoken."""
    known = VERDICT_WORDS.get(verdict)
    return _(known) if known else verdict


def verdict_count(verdict: str, n: int) -> str:
    """``"2 mistakes"`` in the language spoken now (Russian has three forms)."""
    if verdict == "inaccuracy":
        said = ngettext("{n} inaccuracy", "{n} inaccuracies", n)
    elif verdict == "mistake":
        said = ngettext("{n} mistake", "{n} mistakes", n)
    else:
        said = ngettext("{n} blunder", "{n} blunders", n)
    return said.format(n=n)


def chance_words(chance: float) -> str:
    """A chance as a player reads it: "about 6 deals in 10"."""
    tenths = round(chance * 10)
    if chance >= 0.995:
        return _("every way the cards could lie")
    if chance <= 0.005:
        return _("no way the cards could lie")
    if tenths == 0:
        return _("fewer than 1 deal in 10")
    if tenths == 10:
        return _("more than 9 deals in 10")
    return ngettext("about {n} deal in 10", "about {n} deals in 10", tenths).format(n=tenths)


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def review_lines(start: State, found: Review, every_move: bool = False) -> list[str]:
    """The game review in a player's words (``solver.review``): a summary, then each move
    that gave chances away (with ``every_move``, every move) and the better move there.
    ``start`` is the deal, before the first move."""
    counts = {v: sum(m.verdict == v for m in found.moves)
              for v in ("inaccuracy", "mistake", "blunder")}
    end = found.moves[-1].chance_after if found.moves else found.start_chance
    played = len(found.moves)
    lines = [ngettext("Game review, {n} move: from what you could see, the deal came out "
                      "{start} at the start, and {end} after the last move.",
                      "Game review, {n} moves: from what you could see, the deal came out "
                      "{start} at the start, and {end} after the last move.", played).format(
                 n=played, start=chance_words(found.start_chance), end=chance_words(end)),
             ", ".join(verdict_count(name, n) for name, n in counts.items()) + "."]
    state = start.copy()
    for entry in found.moves:
        if every_move or entry.verdict != "good":
            said = describe(state, entry.move)
            line = (f"{entry.number:>4}. {said}: {percent(entry.chance_before)} → "
                    f"{percent(entry.chance_after)}")
            if entry.verdict != "good":
                line += _(", {verdict}; better: {move} ({chance})").format(
                    verdict=verdict_word(entry.verdict), move=describe(state, entry.best),
                    chance=percent(entry.best_chance))
            lines.append(line)
        state.play(entry.move)
    return lines


def every_card(slip: Slip) -> str | None:
    """What a player who could see every card would have known, where the exact search
    decided it; None where it did not."""
    at = slip.position
    if slip.verdict == "never":
        return _("With every card known, the deal could never be won.")
    if slip.verdict == "stopped":
        return _("With every card known, the game could still be won when it stopped.")
    if slip.verdict == "slipped" and at is not None:
        return _("With every card known, the deal was winnable until move {number}.").format(
            number=at + 1)
    return None
