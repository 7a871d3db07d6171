"""The JSON API's request and response bodies (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr


class ErrorOut(BaseModel):
    detail: str = Field(description="What went wrong, in words.")


class OptionOut(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    help: str
    label: str = Field("", description="The option in a player's words.")
    choices_words: dict[str, str] = Field(
        default_factory=dict, description="One line per choice, keyed by the choice as text.")


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


class StartIn(BaseModel):
    """Exactly one way to pick the deal: ``deal``, ``random`` or ``winnable``."""

    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    deal: StrictInt | None = Field(None, ge=0, description="A deal number.")
    random: StrictBool = False
    winnable: StrictBool = Field(False, description="A deal the solver proved winnable.")
    options: dict[str, Any] = Field(default_factory=dict)
    resume: StrictBool = Field(
        False, description="With a deal number: resume this browser's unfinished game of it.")


class MoveIn(BaseModel):
    """A move dict: ``{"from", "to"[, "card", "index"]}`` or ``{"action"}``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: StrictStr | None = Field(None, alias="from")
    to: StrictStr | None = None
    card: StrictStr | None = None
    index: StrictInt | None = Field(None, ge=0)
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
    status: Literal["move", "lost", "unknown"]
    move: MoveOut | None
    message: str


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
