"""The one registry of game kinds and a thin facade over it: callers name a kind and pass plain
data; each function looks the game up in `GAMES` (see `engine.core.game.Game`), none branches on
it. A game outside this package (a test's toy game) joins with `register`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.bingo.game import BINGO
from engine.core.errors import IllegalAction
from engine.core.events import AnyEvent
from engine.core.game import AnyGame, Game, Storied, missing_members
from engine.core.story import Move, Story, plain_story
from engine.core.window import Window
from engine.mega.game import MEGA

GameKind = str
GAMES: dict[str, AnyGame] = {}


@dataclass(frozen=True)
class Rules:
    kind: str
    min_players: int
    max_players: int


RULES: dict[str, Rules] = {}


def register(new: AnyGame) -> None:
    """Add a game kind (once; the same object again is a no-op)."""
    lacking = missing_members(new, Game)
    if lacking:
        raise ValueError(f"{new!r} is no game: it has no {', '.join(lacking)} (engine.core.game.Game)")
    if GAMES.get(new.kind, new) is not new:
        raise ValueError(f"another game is registered as {new.kind!r}")
    GAMES[new.kind] = new
    RULES[new.kind] = Rules(new.kind, new.min_players, new.max_players)


def unregister(kind: str) -> None:
    GAMES.pop(kind, None)
    RULES.pop(kind, None)


register(MEGA)
register(BINGO)
KINDS: tuple[str, ...] = tuple(GAMES)  # the games this package ships


def game(kind: str) -> AnyGame:
    try:
        return GAMES[kind]
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}") from None


def options_model(kind: str) -> type[BaseModel]:
    return game(kind).options_model


def new_game(kind: str, players: list[str], seed: int, options: dict[str, Any]) -> tuple[Any, list[AnyEvent]]:
    return game(kind).new_game(players, seed, options)


def load_state(kind: str, text: str) -> Any:
    return game(kind).load_state(text)


def parse_action(kind: str, raw: dict[str, Any]) -> Any:
    return game(kind).parse_action(raw)


def parse_events(kind: str, raw: list[dict[str, Any]]) -> list[Any]:
    return game(kind).parse_events(raw)


def apply(kind: str, state: Any, actor: str | None, action: Any) -> tuple[Any, list[AnyEvent]]:
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


def window(kind: str, state: Any) -> Window[Any] | None:
    return game(kind).window(state)


def end_early(kind: str, state: Any) -> tuple[Any, list[AnyEvent]]:
    return game(kind).end_early(state)


def computer(kind: str, state: Any, player: str, level: str = "normal", rng: random.Random | None = None) -> Any | None:
    """A computer seat's move (`Game.computer`); without `rng`, one seeded from the state and seat,
    so the same position gets the same move (replays, tests)."""
    chance = rng or random.Random(f"{state.version}:{player}")
    return game(kind).computer(state, player, level, chance)


def safe_action(kind: str, state: Any, player: str) -> Any | None:
    """What a timer plays for a player who does not act: never gives anything away."""
    return game(kind).safe_action(state, player)


def story(kind: str, players: list[str], seed: int, options: dict[str, Any], moves: Sequence[Move]) -> Story:
    """The game told from its log; a game that tells no story of its own gets its places from its
    winners (`plain_story`), so its results, ratings and leaderboard are kept like any other's."""
    told = game(kind)
    return (
        told.story(players, seed, options, moves)
        if isinstance(told, Storied)
        else plain_story(told, players, seed, options, moves)
    )


__all__ = ["GAMES", "KINDS", "RULES", "Game", "GameKind", "IllegalAction", "game", "register"]
