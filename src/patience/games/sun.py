"""Sun: thirteen rays round eight foundations, in three stages and a wind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.deals import chance_shuffle
from patience.engine.game import Game, Option
from patience.engine.piles import Kind, Pile, pile_ids
from patience.engine.rules import ACTION, RawMove, Rules
from patience.engine.state import State
from patience.i18n import N_

RAYS = 13
SUITS = "SHDC"
ACE0 = RAYS  # ace-S … ace-C are piles 13–16, king-S … king-C are 17–20 (SUN-1)
KING0 = ACE0 + 4
STOCK = KING0 + 4
CLOUD0 = STOCK + 1  # cloud1 … cloud13 (a scatter makes at most one cloud)
WIND = CLOUD0 + RAYS

DEAL, NEXT_STAGE, NEXT_RAY, SCATTER, BLOW = range(5)
DEAL_MOVE: RawMove = (ACTION, DEAL, 0, False)
# State.vars
STAGE, FOCUS, SCATTERED, CLOUDS, WIND_DONE = range(5)


class SunRules(Rules):
    piles = (
        tuple(Pile(p, Kind.TABLEAU) for p in pile_ids("ray", RAYS))
        + tuple(Pile(f"ace-{s}", Kind.FOUNDATION, 13) for s in SUITS)
        + tuple(Pile(f"king-{s}", Kind.FOUNDATION, 13) for s in SUITS)
        + (Pile("stock", Kind.STOCK),)
        + tuple(Pile(p, Kind.TABLEAU) for p in pile_ids("cloud", RAYS))
        + (Pile("wind", Kind.TABLEAU),)
    )
    actions = ("deal", "next-stage", "next-ray", "scatter", "wind")
    var_names = ("stage", "focus", "scattered", "clouds", "wind")

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        super().__init__(options, version)
        # SUN-3: a crossing must be a step towards an available card of a ray; rules
        # versions 1 and 2 read it as one step: an available card goes up at once
        self.purposeful = self.options["transfers"] == "purposeful"
        self.one_step = self.purposeful and int(version) < 3
        # SUN-4, deal_when=stuck: deal only when no play and no crossing is legal
        self.reads_legal_moves = self.options["deal_when"] == "stuck"

    def setup(self, state: State, deck: list[int]) -> None:
        # SUN-4: the game starts with the first arc dealt, ray1 -> ray13.
        state.piles[STOCK] = deck[::-1]
        for ray in range(RAYS):
            state.piles[ray].append(state.piles[STOCK].pop())
        state.vars[STAGE] = 1

    def generate(self, state: State) -> list[RawMove]:
        piles = state.piles
        stage, focus, scattered, clouds, wind = state.vars
        wanted = _wanted(piles)
        out: list[RawMove] = []
        for ray in range(RAYS):
            cards = piles[ray]
            if not cards:
                continue
            if stage == 2 and ray == focus:  # SUN-5, SUN-10: the whole ray in focus is open
                for i, card in enumerate(cards):
                    for found in wanted[card]:
                        out.append((ray, found, i, False))
            else:  # SUN-4, SUN-8: only the outer card
                for found in wanted[cards[-1]]:
                    out.append((ray, found, len(cards) - 1, False))
        last = WIND + 1 if wind else CLOUD0 + clouds
        for cloud in range(CLOUD0, last):  # SUN-7: both ends of a cloud
            cards = piles[cloud]
            if cards:
                for found in wanted[cards[-1]]:
                    out.append((cloud, found, len(cards) - 1, False))
                if len(cards) > 1:
                    for found in wanted[cards[0]]:
                        out.append((cloud, found, 0, False))
        ray_ranks: tuple[list[int], list[int]] | None = None
        available: set[int] | None = None
        for suit in range(4):  # SUN-3: crossings where ace-X and king-X meet
            up, down = len(piles[ACE0 + suit]), len(piles[KING0 + suit])
            if up + down != 13:
                continue
            # ace-X holds A…up and wants up+1, king-X holds K…up+1 and wants up. A
            # crossing down (up onto king-X) lets king-X go on down to the ranks below up;
            # a crossing up (up+1 onto ace-X) lets ace-X go on up to the ranks above up+1.
            down_ok = up > 1  # a base card never moves
            up_ok = down > 1
            if self.one_step:
                # version 2: the card newly wanted (up-1 on king-X, up+2 on ace-X) must
                # be available now, in a ray or a cloud
                if available is None:
                    available = self.available(state)
                down_ok = down_ok and (up - 1) << 2 | suit in available
                up_ok = up_ok and (up + 2) << 2 | suit in available
            elif self.purposeful:
                # a step towards an available card of a ray of that suit (not a cloud's)
                if ray_ranks is None:
                    ray_ranks = self.ray_ranks(state)
                lowest, highest = ray_ranks
                down_ok = down_ok and lowest[suit] < up
                up_ok = up_ok and highest[suit] > up + 1
            if down_ok:
                out.append((ACE0 + suit, KING0 + suit, up - 1, True))
            if up_ok:
                out.append((KING0 + suit, ACE0 + suit, down - 1, True))
        if stage == 1:
            out.append((ACTION, DEAL if piles[STOCK] else NEXT_STAGE, 0, False))
        elif stage == 2:
            out.append((ACTION, NEXT_RAY, 0, False))
        elif scattered < RAYS:
            out.append((ACTION, SCATTER, 0, False))
        elif not wind and any(piles[CLOUD0:CLOUD0 + clouds]):  # SUN-9
            out.append((ACTION, BLOW, 0, False))
        return out

    def after_repetition(self, state: State, legal: list[RawMove]) -> list[RawMove]:
        """SUN-4, ``deal_when = "stuck"``: the next arc only "after all possible moves",
        so ``deal`` only when no card can go up and no crossing is legal. Read once the
        repetition rule has refused what it refuses, so crossings that could only go
        round in circles do not keep the arc back, and the deal is withheld only while
        some other move is legal: with cards in the stock the game is never stuck. In
        stage 1 every card move is a play or a crossing, and ``deal`` comes last."""
        if len(legal) > 1 and legal[-1] == DEAL_MOVE:
            return legal[:-1]
        return legal

    def legal_reads_memory(self, state: State) -> bool:
        """SUN-4 with ``deal_when = "stuck"``: in stage 1 where the deal is offered depends
        on the line of crossings that led there (two suits' crossings can walk round a
        position and shut it in), not on the board alone."""
        return self.reads_legal_moves and state.vars[STAGE] == 1 and bool(state.piles[STOCK])

    def ray_ranks(self, state: State) -> tuple[list[int], list[int]]:
        """SUN-3: per suit, the lowest and the highest rank of an available card of a
        ray (the outer card of each ray, every card of the ray in focus); 14 and 0 where
        there is none."""
        piles = state.piles
        stage, focus = state.vars[STAGE], state.vars[FOCUS]
        lowest, highest = [14] * 4, [0] * 4
        for ray in range(RAYS):
            cards = piles[ray]
            if not cards:
                continue
            for card in cards if stage == 2 and ray == focus else (cards[-1],):
                rank, suit = card >> 2, card & 3
                if rank < lowest[suit]:
                    lowest[suit] = rank
                if rank > highest[suit]:
                    highest[suit] = rank
        return lowest, highest

    def available(self, state: State) -> set[int]:
        """The cards that may be moved now off the foundations: the outer card of each
        ray, every card of the ray in focus (SUN-4, SUN-5, SUN-8, SUN-10), both ends of
        each cloud (SUN-7)."""
        piles = state.piles
        stage, focus, _, clouds, wind = state.vars
        out: set[int] = set()
        for ray in range(RAYS):
            cards = piles[ray]
            if cards:
                if stage == 2 and ray == focus:
                    out.update(cards)
                else:
                    out.add(cards[-1])
        for cloud in range(CLOUD0, WIND + 1 if wind else CLOUD0 + clouds):
            cards = piles[cloud]
            if cards:
                out.add(cards[0])
                out.add(cards[-1])
        return out

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, index, _ = move
        if src != ACTION:
            if index == len(state.piles[src]) - 1:
                state.move_top(src, dst)
            else:
                state.take_at(src, index, dst)
        elif dst == DEAL:  # SUN-4: one card on every ray, empty ones too
            for ray in range(RAYS):
                state.move_top(STOCK, ray)
        elif dst == NEXT_STAGE:  # SUN-5
            state.set_var(STAGE, 2)
            state.set_var(FOCUS, 0)
        elif dst == NEXT_RAY:
            focus = state.vars[FOCUS]
            if focus < RAYS - 1:
                state.set_var(FOCUS, focus + 1)
            else:
                state.set_var(STAGE, 3)
        elif dst == SCATTER:
            _scatter(state)
        else:
            _blow(state)

    def listed(self, state: State) -> list[int]:
        made = list(range(CLOUD0, CLOUD0 + state.vars[CLOUDS]))
        return list(range(CLOUD0)) + made + ([WIND] if state.vars[WIND_DONE] else [])

    def why_not(self, state: State, action: str) -> str | None:
        stage = state.vars[STAGE]
        reasons = {
            "deal": (N_("the stock is empty (SUN-4)") if not state.piles[STOCK]
                     else N_("the next arc waits until no card can go up and no crossing "
                             "is legal (SUN-4, deal_when=stuck)")) if stage == 1
            else N_("dealing is stage 1 (SUN-4)"),
            "next-stage": N_("stage 2 opens when the stock is empty (SUN-5)") if stage == 1
            else N_("stage 1 is over"),
            "next-ray": N_("the focus moves only in stage 2 (SUN-5)"),
            "scatter": N_("rays are scattered in stage 3 (SUN-6)") if stage < 3
            else N_("every ray has been scattered (SUN-8)"),
            "wind": N_("the wind blows once, after all thirteen rays are scattered, while "
                       "clouds hold cards (SUN-9)"),
        }
        return reasons.get(action)

    def shows_index(self, state: State, pile: int) -> bool:
        if pile < RAYS:
            return state.vars[STAGE] == 2 and state.vars[FOCUS] == pile
        return pile >= CLOUD0 and len(state.piles[pile]) > 1

    def why_dead(self, state: State) -> str | None:
        """After the wind (SUN-9), a card walled in on both sides by cards its foundation
        wants after it (``sun_dead_end``)."""
        from patience.games.sun_dead_end import why_dead  # it reads this module's names

        return why_dead(state)

    def counters(self, state: State) -> dict[str, Any]:
        stage, focus, scattered, _, wind = state.vars
        return {
            "stage": stage,
            "focus": f"ray{focus + 1}" if stage == 2 else None,
            "rays_scattered": scattered,
            "wind_blown": bool(wind),
        }


NOWHERE: tuple[int, ...] = ()


def _wanted(piles: list[list[int]]) -> list[tuple[int, ...]]:
    """SUN-2: the foundations each card could go to now, indexed by card.

    ace-X holds A…n, so it wants rank n+1; king-X holds K…(14-m), so it wants 13-m.
    """
    wanted = [NOWHERE] * 56
    for suit in range(4):
        up = len(piles[ACE0 + suit])
        if up < 13:
            wanted[(up + 1) << 2 | suit] = (ACE0 + suit,)
        down = len(piles[KING0 + suit])
        if down < 13:
            card = (13 - down) << 2 | suit
            wanted[card] = (*wanted[card], KING0 + suit)
    return wanted


def _scatter(state: State) -> None:
    """SUN-6: ray k turned over, innermost card first, onto rays k+1…13; the rest a cloud."""
    ray = state.vars[SCATTERED]
    cards = state.piles[ray]
    for target in range(ray + 1, RAYS):
        if not cards:
            break
        state.take_at(ray, 0, target)
    if cards:
        cloud = CLOUD0 + state.vars[CLOUDS]
        state.move_top(ray, cloud, len(cards))
        state.set_var(CLOUDS, state.vars[CLOUDS] + 1)
    state.set_var(SCATTERED, ray + 1)


def _blow(state: State) -> None:
    """SUN-9: gather the clouds in order, shuffle them (chance event 0), one row ``wind``."""
    gathered: list[int] = []
    for cloud in range(CLOUD0, CLOUD0 + state.vars[CLOUDS]):
        gathered += state.piles[cloud]
        state.replace(cloud, [])
    state.replace(WIND, chance_shuffle(gathered, state.chance, 0))
    state.set_var(WIND_DONE, 1)


SUN = Game(
    id="sun",
    name="Sun",
    decks=2,
    rules_class=SunRules,
    option_specs=(
        Option("transfers", "purposeful", ("purposeful", "free"),
               "purposeful: a card crosses between a suit's ace and king piles only as a "
               "step towards an available card of a ray, as the text says; free: whenever "
               "it continues the other pile"),
        Option("deal_when", "stuck", ("stuck", "any"),
               "stuck: the next arc is dealt only when no card can go up and no card can "
               "cross, as the text says; any: whenever the player likes"),
    ),
    # rules version 3: SUN-3's crossings may be several steps towards a card of a ray,
    # and SUN-4 deals only when stuck (option deal_when, default stuck); version 2 took
    # a crossing only when a card (of a ray or a cloud) could go up at once, and dealt at
    # any time; version 1 played crossings freely
    rules_version="3",
    earlier_defaults={"1": {"transfers": "free", "deal_when": "any"},
                      "2": {"deal_when": "any"}},
    same_rules_since="3",
    summary="Thirteen rays in a semicircle feed eight foundations built up from aces and "
            "down from kings, through sunrise, the sun at play, clouds and one wind.",
)
