"""The one registry of game kinds and a thin facade over it: callers name a kind and pass plain
data; each function looks the game up in `GAMES` (see `engine.game.Game`), none branches on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from engine.bingo.game import BINGO
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.game import Game
from engine.mega.game import MEGA
from engine.story import Move, Story

GameKind = Literal["mega", "bingo"]
GAMES: dict[str, Game] = {MEGA.kind: MEGA, BINGO.kind: BINGO}
KINDS: tuple[str, ...] = tuple(GAMES)


@dataclass(frozen=True)
class Rules:
    kind: str
    min_players: int
    max_players: int


RULES = {kind: Rules(kind, g.min_players, g.max_players) for kind, g in GAMES.items()}


def game(kind: str) -> Game:
    try:
        return GAMES[kind]
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}") from None


def options_model(kind: str) -> type[BaseModel]:
    return game(kind).options_model


def new_game(kind: str, players: list[str], seed: int, options: dict[str, Any]) -> tuple[Any, list[Event]]:
    return game(kind).new_game(players, seed, options)


def load_state(kind: str, text: str) -> Any:
    return game(kind).load_state(text)


def parse_action(kind: str, raw: dict[str, Any]) -> Any:
    return game(kind).parse_action(raw)


def apply(kind: str, state: Any, actor: str | None, action: Any) -> tuple[Any, list[Event]]:
    return game(kind).apply(state, actor, action)


def legal_actions(kind: str, state: Any, player: str) -> list[Any]:
    return game(kind).legal_actions(state, player)


def to_act(kind: str, state: Any) -> list[str]:
    return game(kind).to_act(state)


def waiting_for(kind: str, state: Any) -> str:
    return game(kind).waiting_for(state)


def is_over(state: Any) -> bool:
    return bool(state.over)


def winners(kind: str, state: Any) -> list[str]:
    return game(kind).winners(state)


def window_kind(kind: str, state: Any) -> str | None:
    return game(kind).window_kind(state)


def window_identity(kind: str, state: Any) -> str | None:
    return game(kind).window_identity(state)


def window_seconds(kind: str, state: Any) -> int:
    return int(getattr(state.rules, game(kind).window_option))


def close_window_action(kind: str) -> Any:
    return game(kind).close_window_action()


def end_early(kind: str, state: Any) -> tuple[Any, list[Event]]:
    return game(kind).end_early(state)


def story(kind: str, players: list[str], seed: int, options: dict[str, Any], moves: Sequence[Move]) -> Story:
    return game(kind).story(players, seed, options, moves)


__all__ = ["GAMES", "KINDS", "RULES", "Game", "GameKind", "IllegalAction", "game"]
