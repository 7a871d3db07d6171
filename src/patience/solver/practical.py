"""A practical player: how a careful person does without seeing hidden cards.

The policy reads only what a player at the table sees: the face-up part of each pile in
``State.to_dict()`` (face-down counts, foundation tops), the counters shown to the player
and the list of legal moves. It lays that picture out again with every hidden card
replaced by an unknown one (``practical_knowledge.UNKNOWN``), so a card a move would turn
up (a refill from the stock, the rainbow's next card) stays unknown to it. Each turn it
looks one move ahead:

- every card move is tried on the picture and the position after it is scored: 100 per
  card on the foundations; minus, for each known card lying under cards needed later than
  itself, ``14 - n`` times the number of those cards (at most 4), where ``n`` is its
  *need*: how many cards must reach a foundation before it can; minus 2 per face-down
  card outside the stock (turning cards up pays); plus 1 per card out of the stock (a
  refill that buries nothing is progress); plus 50 for a move that is not itself a play
  but opens a play to a foundation that was not on offer (a marriage, a transfer), plus
  10 for a play that does (of two plays, the one that goes on);
- per-game weights (``practical_knowledge.Knowledge``), each measured over deals 1-1000:
  plus 30 for a play from a reserve (Rainbow, Open Shop, two-deck Star: of two plays,
  the one that digs into the reserve, whose cards only leave from one end); minus 30 per
  card on Shah's talon (so a gap is filled, or a marriage made, from the talon rather
  than the stock); plus the squared length of each Blockade column (of two marriages,
  the one onto the deeper column, keeping short columns short);
- a card's need comes from the foundation tops and per-game data (in suit or not, wrap,
  base rank, direction): the nearest foundation that takes it for games built in suit
  and for Rainbow, the furthest for the other games built regardless of suit, where
  every foundation must take every rank. Needs are those of the position before the
  move, so all moves are scored on one scale; between plays of equal score, the needs
  after the play decide (which foundation, which direction);
- the best card move is played when it improves the score; otherwise the game's action
  (deal, draw, fill, redeal, next stage or ray, scatter, wind), so plays and useful
  marriages come before each deal, draw or fill; with no action legal (a hand card must
  be placed) the best card move is played anyway;
- a card move back to a picture seen since the last play or action is never chosen; when
  no action is legal and the best card move is such a loop, or after 200 undoable moves
  that gained nothing since the last play (BLK-8's empty columns once the stock is
  spent), the player gives the game up as lost instead of wandering.

Only strict improvements are played besides actions, and loops are refused, so every
game ends well before the step cap, which stays as a safety net.

Star (policy 4) adds memory: the reserve lies face up, so once the first round's stock
is spent the player knows every card's place, and the stock of the later rounds in
order. From then on it follows a winning line found by a bounded look-ahead over what it
remembers (``practical_star``), or gives up a game that look-ahead proves lost; the
one-move policy above plays the first round and whatever the look-ahead leaves open.

Shah and Blockade (policy 5) add a plan (``practical_plan``): every card but the stock's
lies face up, so between two stock cards the player searches the moves it sees (plays,
marriages, Shah's gaps filled from the talon) for the best position in which to turn the
next card, scored like the solver's dives with each unknown card by its odds, and once
the stock is spent, when nothing is hidden any more, it searches the endgame exactly:
it follows a win found and gives up a loss proved. The one-move policy plays whatever the
plan leaves open. While a Shah gap waits (SHA-8), the stock's top card may also go up or
be married, which only a player who has turned it knows: the policy decides without those
moves whether to turn it into the gap, and a card so turned that a foundation takes goes
up instead. Toad's ace extraction (TOD-3) is a card move like the others: the player sees
the whole toad pile (it lies face up) and takes the ace whose move scores best.

Every game gets two win rates: this player's, and the solver's "thoughtful" one.
"""

from __future__ import annotations

from typing import Any, Literal

from patience.cards import CARDS
from patience.engine.moves import Move
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import shah
from patience.games.shah import ShahRules
from patience.solver.practical_knowledge import FAR, UNKNOWN, Layout, needs
from patience.solver.practical_plan import PLANS, StagePlanner
from patience.solver.practical_star import StarPlanner

PracticalOutcome = Literal["won", "lost"]
POLICY = "3"  # stored with each practical result: change it whenever the policy changes
# A game whose play changed alone gets its own version, so only its stored games replay.
# Shah and Blockade 5: their plans' endgame search is the plain reference search since it
# lost the per-game strategies (December 2026), which ends some endgames differently
# within its 2,000 positions; games stored under 4 were played before.
GAME_POLICY: dict[str, str] = {"star": "4", "shah": "5", "blockade": "5"}
STEP_CAP = 100_000  # a safety net; the repetition rule makes every game finite anyway


def policy_for(game_id: str) -> str:
    """The policy version a practical result of ``game_id`` is stored with."""
    return GAME_POLICY.get(game_id, POLICY)


ON_FOUNDATION = 100
HORIZON = 14  # a buried card n cards from its foundation costs HORIZON - n per blocker
BLOCKED = [max(0, HORIZON - n) for n in range(32)]
FACE_DOWN = 2
FROM_STOCK = 1
DEPTH_CAP = 4  # blockers counted above one buried card
LOOP = -10_000  # the gain of a move back to a picture seen since the last play
IDLE_CAP = 200  # undoable moves gaining nothing, with no action left, before giving up
ENABLES = 50  # a move that is no play but opens a new play to a foundation
OPENS_NEXT = 10  # a play that opens another play: among plays, the one that goes on


class Lookahead:
    """The player's picture of the position (hidden cards unknown) and its score."""

    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.layout = Layout(state.game.id, state.rules)
        self.picture = state.copy()
        self.raws: list[RawMove] = []
        self.vars: list[int] = []
        self.known_needs: dict[tuple[tuple[int, int, int], ...], list[int]] = {}
        self.seen: set[bytes] = set()  # pictures since the last play or action
        self.progress: tuple[int, int] = (-1, -1)
        self.stuck = False  # no action, and every card move goes round in a loop
        self.idle = 0  # card moves since the last play or action that gained nothing
        # Star: memory of the reserve and a look-ahead over it (practical_star)
        self.planner: StarPlanner | StagePlanner | None = None
        if state.game.id == "star":
            self.planner = StarPlanner()
        elif state.game.id in PLANS:  # Shah, Blockade: practical_plan
            self.planner = StagePlanner(state.game.id)

    def forget_plan(self) -> None:
        """Drop the planner's plan: another move than its own was played."""
        if self.planner is not None:
            self.planner.plan = []

    def look_at(self, view: dict[str, Any]) -> None:
        """Lay out the visible ``view`` with an unknown card for each face-down one.

        Reading: SHA-8 lets a gap be filled from the stock, and that legal move names the
        stock's top card (the player turns it up as the card is laid). Choosing by that
        name would be choosing by a face-down card, so the picture keeps it unknown and
        the policy never reads the cards named in the moves. TOD-1's squared toad pile lies
        face up, its cards seen as they were dealt: the view shows them all, and so they
        count as known.
        """
        layout, down, shown = self.layout, view["face_down"], view["piles"]
        piles = [[UNKNOWN] * down.get(pid, 0) + [CARDS[c] for c in shown.get(pid, ())]
                 for pid in layout.ids]
        self.picture.load_position(piles, self.vars)
        progress = (sum(len(piles[f]) for f in layout.foundations),
                    sum(len(piles[s]) for s in layout.stocks))
        if progress != self.progress:
            self.seen.clear()
            self.idle = 0
            self.progress = progress
        self.seen.add(self.picture.key())

    def weigh(self) -> None:
        """Score the picture ``look_at`` laid out, for the one-move policy."""
        self.need = self.needs_now()
        self.costs = [self.stack_cost(stack, self.need) for stack in self.layout.stacks]
        self.base = self.score(self.costs)
        self.plays_before = self.plays(self.raws)

    def needs_now(self) -> list[int]:
        """``needs`` for the picture, kept per foundation state: within one game the
        foundations' lengths, tops and second cards (a direction, STR-3) decide it."""
        piles = self.picture.piles
        key = tuple((len(piles[f]), piles[f][-1] if piles[f] else 0,
                     piles[f][1] if len(piles[f]) > 1 else 0) for f in self.layout.foundations)
        need = self.known_needs.get(key)
        if need is None:
            need = needs(self.layout, piles, self.rules.counters(self.picture))
            self.known_needs[key] = need
        return need

    def stack_cost(self, stack: tuple[int, ...], need: list[int]) -> int:
        """What burying costs in one stack: each known card under a card needed later
        counts by how soon it is needed itself."""
        piles = self.picture.piles
        cost = 0
        above = -1  # the largest need among the cards above
        counts = [0] * (FAR + 1)  # cards above, by need
        for pile in reversed(stack):
            for card in reversed(piles[pile]):
                n = need[card]
                if n < above and card != UNKNOWN:
                    later = sum(counts[n + 1:])  # the cards that must leave before it can
                    cost += BLOCKED[n] * (later if later < DEPTH_CAP else DEPTH_CAP)
                elif n > above:
                    above = n
                counts[n] += 1
        return cost

    def new_plays(self) -> bool:
        """Whether the picture, just after a move, offers a play to a foundation that was
        not on offer before it (a card, a foundation)."""
        return bool(self.plays(self.rules.generate(self.picture)) - self.plays_before)

    def plays(self, raws: list[RawMove]) -> set[tuple[int, int]]:
        foundations, piles = self.layout.capacity, self.picture.piles
        return {(piles[src][index], dst) for src, dst, index, _ in raws
                if src >= 0 and foundations[dst] and not foundations[src]}

    def score(self, costs: list[int]) -> int:
        layout, piles = self.layout, self.picture.piles
        found = sum(len(piles[f]) for f in layout.foundations)
        stock = sum(len(piles[s]) for s in layout.stocks)
        down = sum(n for i, n in self.rules.face_down(self.picture).items()
                   if i not in layout.stocks)
        know = layout.knowledge
        held = know.talon_card * sum(len(piles[t]) for t in layout.talons)
        if know.pile_up:
            held -= know.pile_up * sum(len(piles[t]) ** 2 for t in layout.tableaux)
        return (ON_FOUNDATION * found - sum(costs) - FACE_DOWN * down - FROM_STOCK * stock
                - held)

    def gain(self, raw: RawMove) -> tuple[int, int]:
        """How much the score changes when ``raw`` is played on the picture: first with
        every card's need as it is now (so positions compare on one scale), then, for a
        play to a foundation, with the needs that play makes (which foundation to build)."""
        layout, picture = self.layout, self.picture
        piles = picture.piles
        lengths = [len(p) for p in piles]
        src, dst = raw[0], raw[1]
        picture.push(raw)
        if not layout.capacity[dst] and picture.key() in self.seen:
            picture.pop()  # back to a picture seen since the last play: a loop
            return LOOP, 0
        costs = self.costs[:]
        changed = {src, dst} | {i for i, n in enumerate(lengths) if len(piles[i]) != n}
        for pile in changed:
            k = layout.stack_of.get(pile)
            if k is not None:
                costs[k] = self.stack_cost(layout.stacks[k], self.need)
        now = self.score(costs) - self.base
        if src in layout.reserves and layout.capacity[dst]:
            now += layout.knowledge.reserve_play
        if self.new_plays():  # a play that opens the next, a marriage, SUN-3
            now += OPENS_NEXT if layout.capacity[dst] and not layout.capacity[src] else ENABLES
        later = 0
        if layout.capacity[dst]:
            need = self.needs_now()
            later = -sum(self.stack_cost(stack, need) for stack in layout.stacks)
        picture.pop()
        return now, later


def choose(view: dict[str, Any], moves: list[Move], look: Lookahead) -> Move:
    """The policy itself, on the visible view: pile ids to their face-up cards."""
    look.look_at(view)
    if look.planner is not None:
        planned = look.planner.move(view, look.picture, look.raws)
        look.stuck = look.planner.lost  # the remembered or seen position is proved lost
        if planned is not None:
            return moves[look.raws.index(planned)]
        if look.stuck:
            return moves[0]
    look.weigh()
    best: Move | None = None
    best_gain = (0, 0)
    reversible = False
    action: Move | None = None
    for raw, move in zip(look.raws, moves, strict=True):
        if move.action is not None:
            action = move
            continue
        gain = look.gain(raw)
        if best is None or gain > best_gain:
            best, best_gain, reversible = move, gain, raw[3]
    # with no action left, a move that gains nothing and could be undone only wanders
    # (BLK-8's empty columns once the stock is spent): the player gives the game up
    if action is None and best_gain[0] <= 0 and reversible:
        look.idle += 1
    look.stuck = action is None and (best_gain[0] <= LOOP or look.idle > IDLE_CAP)
    if best is not None and (best_gain[0] > 0 or action is None):
        return best
    return action if action is not None else moves[0]


def visible(state: State) -> dict[str, Any]:
    """``to_dict`` with every face-down card removed: what the player can see."""
    data = state.to_dict()
    down = data["face_down"]
    data["piles"] = {pid: cards[down.get(pid, 0):] for pid, cards in data["piles"].items()}
    return data


def next_move(state: State, look: Lookahead | None = None) -> Move:
    """The move the policy plays in ``state`` (which must still be playing)."""
    look = look or Lookahead(state)
    raws = state.legal_raw()
    blind = [m for m in raws if not _reads_the_turned_card(state, m)]
    look.raws, look.vars = blind, state.vars
    chosen = choose(visible(state), [state.to_move(m) for m in blind], look)
    return _turned_card_home(state, raws, chosen)


def _reads_the_turned_card(state: State, raw: RawMove) -> bool:
    """Shah, SHA-8: while a gap waits, the stock's top card may go up or be married as well
    as fill the gap, but only the player who has turned it knows which it can do. The
    policy decides whether to turn it (to fill the gap) without those moves."""
    rules = state.rules
    if not isinstance(rules, ShahRules) or not rules.turned_card_plays or raw[0] != shah.STOCK:
        return False
    return raw[1] < shah.RAYS or bool(state.piles[raw[1]])  # up, or onto an outer packet


def _turned_card_home(state: State, raws: list[RawMove], chosen: Move) -> Move:
    """Shah, SHA-8: the card the policy turned to fill a gap goes up instead where it can
    (one card home, and the gap still waits for the next)."""
    if chosen.from_pile != "stock" or not isinstance(state.rules, ShahRules):
        return chosen
    for raw in raws:
        if raw[0] == shah.STOCK and raw[1] < shah.RAYS:
            return state.to_move(raw)
    return chosen


def play_practical(state: State) -> PracticalOutcome:
    """Play ``state`` (a copy of it) to the end with the practical policy."""
    work = state.copy()
    look = Lookahead(work)
    for _ in range(STEP_CAP):
        if work.status != "playing":
            break
        move = next_move(work, look)
        if look.stuck:
            break  # the player sees nothing new to try: the game is lost
        work.play(move)
    return "won" if work.status == "won" else "lost"
