"""The JSON API's request and response bodies (they make the OpenAPI schema).

The start body's schema is built from the game registry (``start_schema``), so it says
exactly what the server accepts: a registered game, that game's options and values, and
at most one way to pick the deal.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_validator,
)

import patience
from patience.engine.game import Option

CARD_CODE = r"^[A2-9TJQK][SHDC]$"


def _whole(value: object) -> object:
    """JSON's integers: ``7`` or ``7.0`` (JSON Schema counts both), never ``"7"`` or ``true``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


DealNumber = Annotated[StrictInt, Field(ge=0, le=2**64 - 1), BeforeValidator(_whole)]
CardIndex = Annotated[StrictInt, Field(ge=0), BeforeValidator(_whole)]


class ErrorOut(BaseModel):
    detail: str = Field(description="What went wrong, in words.")
    recover: str | None = Field(
        None, description="Only when a saved game is damaged (409): the path to POST to "
        "keep its longest part that still replays.")


class OptionOut(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    help: str
    label: str = Field("", description="The option in a player's words.")
    choices_words: dict[str, str] = Field(
        default_factory=dict, description="One line per choice, keyed by the choice as text.")
    choices_names: dict[str, str] = Field(
        default_factory=dict, description="A short name per choice that is a word, keyed by "
        "the choice: the choice itself in English, a word of the request's language else.")


class PileOut(BaseModel):
    id: str
    kind: str


class GameOut(BaseModel):
    id: str
    name: str
    decks: int
    summary: str
    options: list[OptionOut]
    actions: list[str] = Field(description="Action names of the default option set.")
    piles: list[PileOut] = Field(description="Piles of the default option set, in order.")


class RulesOut(BaseModel):
    game: str
    markdown: str


def _option_values(option: Option) -> dict[str, Any]:
    """A value the option allows, or (for a choice that is not text) its CLI spelling."""
    words = [w for w in option.words() if w not in option.choices]
    return {"enum": [*option.choices, *words], "description": option.help}


def game_schema(schema: dict[str, Any]) -> None:
    """A body naming a game as the server reads it: a registered game, and only that game's
    options with their allowed values."""
    games = patience.list_games()
    schema["properties"]["game"] = {"type": "string", "enum": [g.id for g in games],
                                    "description": "A game id (GET /api/games)."}
    schema["oneOf"] = [
        {"properties": {"game": {"const": g.id},
                        "options": {"type": "object", "additionalProperties": False,
                                    "properties": {o.name: _option_values(o)
                                                   for o in g.option_specs}}}}
        for g in games
    ]


def saved_game_schema(schema: dict[str, Any]) -> None:
    """``game_schema``, and in each game's branch only the rules versions that game has."""
    game_schema(schema)
    for branch, game in zip(schema["oneOf"], patience.list_games(), strict=True):
        branch["properties"]["rules_version"] = {"enum": list(game.versions)}


def start_schema(schema: dict[str, Any]) -> None:
    """The start body: ``game_schema``, and at most one of ``deal``, ``random: true`` and
    ``winnable: true`` (none means a random deal)."""
    game_schema(schema)
    deal = {"type": "integer"}
    chosen = {"const": True}
    schema["not"] = {"anyOf": [
        {"required": ["deal", "random"], "properties": {"deal": deal, "random": chosen}},
        {"required": ["deal", "winnable"], "properties": {"deal": deal, "winnable": chosen}},
        {"required": ["random", "winnable"],
         "properties": {"random": chosen, "winnable": chosen}},
    ]}


class StartIn(BaseModel):
    """At most one way to pick the deal: ``deal``, ``random`` or ``winnable`` (none: random)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=start_schema)
    game: StrictStr
    deal: DealNumber | None = Field(None, description="A deal number.")
    random: StrictBool = False
    winnable: StrictBool = Field(False, description="A deal the solver proved winnable.")
    options: dict[str, Any] = Field(default_factory=dict)
    resume: StrictBool = Field(
        False, description="With a deal number: resume this browser's unfinished game of it.")

    @model_validator(mode="after")
    def one_way(self) -> StartIn:
        if sum([self.deal is not None, self.random, self.winnable]) > 1:
            raise ValueError("give only one of deal, random and winnable")
        return self


class MoveIn(BaseModel):
    """A move dict: ``{"from", "to"[, "card", "index"]}`` or ``{"action"}``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: StrictStr | None = Field(None, alias="from")
    to: StrictStr | None = None
    card: StrictStr | None = Field(None, pattern=CARD_CODE, description="A card code: QS.")
    index: CardIndex | None = None
    action: StrictStr | None = None

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)


class MoveOut(BaseModel):
    number: int = Field(description="1-based position in the list of legal moves.")
    move: dict[str, Any]
    text: str = Field(description="The move in notation (for the API and records).")
    words: str = Field("", description="The move as a player says it.")


class OptionShownOut(BaseModel):
    name: str
    label: str
    value: Any
    value_words: str


class PlayOut(BaseModel):
    """A game in progress: the engine's ``to_dict()`` plus its legal moves."""

    id: str
    game: str
    name: str
    deal: int
    options: dict[str, Any]
    status: Literal["playing", "won", "lost", "resigned"]
    state: dict[str, Any]
    moves: list[MoveOut]
    moves_played: int
    last_move: str | None
    can_undo: bool
    can_redo: bool
    share: str = Field(description="The page path that deals this game again.")
    last_words: str | None = Field(None, description="The last move in words.")
    pile_names: dict[str, str] = Field(default_factory=dict,
                                       description="Each pile's name in a player's words.")
    options_shown: list[OptionShownOut] = Field(default_factory=list)
    elapsed: float | None = Field(None, description="Seconds of play counted so far.")
    finish: list[MoveOut] = Field(
        default_factory=list,
        description="When only plays to the foundations remain: moves that finish the game.")


class HintOut(BaseModel):
    source: Literal["careful", "exact"] = Field(
        default="exact", description="careful (the default): the careful player's, from "
        "what the player sees; exact (`peek=true`): the solver's, which looks at the "
        "face-down cards.")
    status: Literal["move", "unsure", "forced", "hopeless", "lost", "guess", "unknown"] = Field(
        description="Careful: move, `move` with its `chance`; unsure, a move though no way "
        "the cards could lie was decided; forced, the only legal move; hopeless, no way the "
        "cards could lie lets the game come out (a move to play on with, nothing proved); "
        "lost, proved however the cards lie. Exact: move, `move` starts a winning line; "
        "lost, proved, every line was searched; guess, no winning line found in time, "
        "`move` is what a careful player would try (nothing proved); unknown, neither a "
        "line nor a guess.")
    move: MoveOut | None
    words: str = Field(
        default="", description="The whole hint as a player reads it, the move included.")
    chance: float | None = Field(
        default=None, description="Careful: the share of the ways the face-down cards could "
        "lie from which the game still comes out after `move` (None: forced, or exact).")
    low: float | None = Field(default=None, description="Careful: 95 % bound under `chance`.")
    high: float | None = Field(default=None, description="Careful: 95 % bound over `chance`.")
    message: str = Field(
        default="", description="Exact: why, in words. With a move: what the move does for "
        "the game (\"it starts a winning line of 136 moves\"), never the move itself: that "
        "is `move.words`.")
    deeper: bool = Field(
        default=False, description="Exact: only a glance was taken (`deep=false`): the full "
        "search may still decide this position, so ask again with `deep=true`.")


class MoveReviewOut(BaseModel):
    """One move of a reviewed game. Chances are shares of the ways the face-down cards could
    lie (as the player saw them) from which the game can still be won, 0 to 1."""

    number: int = Field(description="The move's number in the game (1: the first move); "
                        "the position before it is the board after `number` - 1 moves.")
    move: MoveOut = Field(description="The move played (`number` here: its place among the "
                          "moves legal there).")
    chance_before: float
    chance_after: float
    best: MoveOut = Field(description="The move with the best chance there.")
    best_chance: float
    verdict: Literal["good", "inaccuracy", "mistake", "blunder"] = Field(
        description="From the chance given away against `best`: at least 0.05 an "
        "inaccuracy, 0.10 a mistake, 0.20 a blunder.")
    verdict_words: str = Field("", description="The verdict in the page's language.")
    forced: bool = Field(description="It was the only legal move.")


class ReviewResultOut(BaseModel):
    moves: list[MoveReviewOut] = Field(description="One entry per move of the game.")
    start_chance: float = Field(description="The deal's chance before the first move.")
    summary: list[str] = Field(description="The review in a player's words: the chances at "
                               "the start and the end, then the counts of each verdict.")
    counts: dict[str, int] = Field(description="Inaccuracies, mistakes and blunders.")
    every_card: str | None = Field(
        description="What the exact search, seeing every card, adds where it decided "
        "(\"With every card known, the deal was winnable until move 57.\").")
    samples: int
    seconds: float


class ReviewOut(BaseModel):
    """The game review as far as it has got: ask again until `result` is there."""

    stage: Literal["chances", "every card", "done"] = Field(
        description="chances: weighing the positions (`done` of `total`); every card: the "
        "exact search's second opinion; done: `result` is there.")
    done: int
    total: int
    result: ReviewResultOut | None


class PositionOut(BaseModel):
    """A position of the game, read-only: the board after its first `moves_played` moves."""

    moves_played: int
    state: dict[str, Any]
    pile_names: dict[str, str]


class GameSummaryOut(BaseModel):
    id: str
    game: str
    deal: int
    status: str
    moves_played: int
    updated: float
    options: dict[str, Any] = Field(default_factory=dict)
    elapsed: float | None = None


class GameStatsOut(BaseModel):
    game: str
    name: str
    played: int
    won: int
    win_percent: float | None
    current_streak: int
    best_streak: int
    best_seconds: float | None = None
    average_seconds: float | None = None


class ResultOut(BaseModel):
    game: str
    deal: int
    status: str
    finished: float
    moves: int
    elapsed: float | None = None


class StatsOut(BaseModel):
    games: list[GameStatsOut]
    history: list[ResultOut]


# --- housekeeping: the play clock, why a card cannot move, statistics files ------------

FORMAT: Literal["patience-statistics"] = "patience-statistics"
MAX_SECONDS = 10_000_000.0  # about 115 days of play: more is a broken clock
Seconds = Annotated[StrictFloat, Field(ge=0, le=MAX_SECONDS)]


class ClockIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    elapsed: Seconds = Field(description="Seconds of play so far.")


class WhyIn(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: StrictStr = Field(alias="from", description="The pile the card is on.")
    index: CardIndex | None = Field(None, description="The card's place in the pile "
                                    "(0 at the bottom); the top card when left out.")
    to: StrictStr | None = Field(None, description="The pile it should go to; left out: "
                                 "why it cannot move at all.")


class WhyOut(BaseModel):
    legal: bool
    reason: str = Field(description="Why the card cannot move there (or at all), in words.")


class SavedGame(BaseModel):
    """One finished game as exported: enough to replay it and to count it."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=saved_game_schema)
    game: StrictStr
    options: dict[str, Any]
    deal: DealNumber
    moves: list[dict[str, Any]]
    status: Literal["won", "lost", "resigned"]
    created: StrictFloat
    finished: StrictFloat
    elapsed: Seconds | None = None
    # rules versions: a game exported before rules versions were named followed version "1"
    rules_version: StrictStr = Field("1", max_length=16)


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["patience-statistics"]
    version: Literal[1]
    exported: StrictFloat | None = None
    games: list[SavedGame] = Field(max_length=100_000)


class ImportOut(BaseModel):
    added: int
    skipped: int = Field(description="Games already held (an earlier import of the same file).")
