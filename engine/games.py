"""One facade over both games, so the bot never branches on rules: it names a game kind and
passes plain data through."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from engine import bingo, mega
from engine.core.errors import IllegalAction
from engine.core.events import Event

GameKind = Literal["mega", "bingo"]
KINDS: tuple[GameKind, ...] = ("mega", "bingo")


@dataclass(frozen=True)
class Rules:
    kind: GameKind
    min_players: int
    max_players: int


RULES = {"mega": Rules("mega", 2, 8), "bingo": Rules("bingo", 2, 8)}


def options_model(kind: GameKind) -> type[BaseModel]:
    return mega.MegaRules if kind == "mega" else bingo.BingoRules


def new_game(kind: GameKind, players: list[str], seed: int, options: dict[str, Any]) -> tuple[Any, list[Event]]:
    if kind == "mega":
        return mega.new_game(players, seed, mega.MegaRules(**options))
    return bingo.new_game(players, seed, bingo.BingoRules(**options))


def load_state(kind: GameKind, text: str) -> Any:
    return (mega.MegaState if kind == "mega" else bingo.BingoState).model_validate_json(text)


def parse_action(kind: GameKind, raw: dict[str, Any]) -> Any:
    return mega.parse_action(raw) if kind == "mega" else bingo.parse_action(raw)


def apply(kind: GameKind, state: Any, actor: str | None, action: Any) -> tuple[Any, list[Event]]:
    if kind == "mega":
        return mega.apply(state, actor, action)
    return bingo.apply(state, actor, action)


def legal_actions(kind: GameKind, state: Any, player: str) -> list[Any]:
    return mega.legal_actions(state, player) if kind == "mega" else bingo.legal_actions(state, player)


def to_act(kind: GameKind, state: Any) -> list[str]:
    return mega.to_act(state) if kind == "mega" else bingo.to_act(state)


def waiting_for(kind: GameKind, state: Any) -> str:
    return mega.waiting_for(state) if kind == "mega" else bingo.waiting_for(state)


def is_over(state: Any) -> bool:
    return bool(state.over)


def winners(kind: GameKind, state: Any) -> list[str]:
    if kind == "mega":
        return list(state.winners or [])
    return [state.winner] if state.winner else []


def window_kind(kind: GameKind, state: Any) -> str | None:
    """A timed window the table is in (an auction or a claim window), closed by a system action."""
    w = waiting_for(kind, state)
    if kind == "mega" and w == "auction":
        return "auction"
    if kind == "bingo" and w == "claims":
        return "claims"
    return None


def window_identity(kind: GameKind, state: Any) -> str | None:
    """Which window is open. Mega: the lot being auctioned (bank auctions follow one another deed by
    deed). Bingo: a claim window never directly follows another (a turn without one comes between),
    so two states both in claims are in the same window."""
    if window_kind(kind, state) is None:
        return None
    if kind == "mega":
        front = state.queue[0]
        return f"{front.kind}:{front.space}"
    return "claims"


def close_window_action(kind: GameKind) -> Any:
    return mega.CloseAuction() if kind == "mega" else bingo.CloseClaims()


def end_early(kind: GameKind, state: Any) -> tuple[Any, list[Event]]:
    """The table stops the game: Mega counts assets (M-42); bingo simply ends."""
    if kind == "mega":
        return mega.apply(state, None, {"do": "end_game"})
    new = state.model_copy(deep=True)
    new.over = True
    return new, []


__all__ = ["KINDS", "RULES", "GameKind", "IllegalAction"]
