"""The one registry of game kinds: `game(kind)` hands the caller the game object (see
`engine.core.game.Game`), which it then calls directly; nothing here branches on a kind. A game
outside this package (a test's toy game, an installed plug-in) joins with `register`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bingo.game import BINGO
from engine.core.errors import IllegalAction
from engine.core.game import AnyGame, Game, State, Storied, missing_members
from engine.core.jsondata import JsonObject
from engine.core.story import Move, Story, plain_story
from engine.mega.game import MEGA

GameKind = str
GAMES: dict[str, AnyGame] = {}


def register(new: AnyGame) -> None:
    """Add a game kind (once; the same object again is a no-op)."""
    lacking = missing_members(new, Game)
    if lacking:
        raise ValueError(f"{new!r} is no game: it has no {', '.join(lacking)} (engine.core.game.Game)")
    if GAMES.get(new.kind, new) is not new:
        raise ValueError(f"another game is registered as {new.kind!r}")
    GAMES[new.kind] = new


def unregister(kind: str) -> None:
    GAMES.pop(kind, None)


register(MEGA)
register(BINGO)
KINDS: tuple[str, ...] = tuple(GAMES)  # the games this package ships


def game(kind: str) -> AnyGame:
    try:
        return GAMES[kind]
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}") from None


def seeded(state: State, player: str) -> random.Random:
    """The computer's dice for a decision made outside a table (tools, tests): seeded from the
    state's version and the seat, so the same position gets the same move."""
    return random.Random(f"{state.version}:{player}")


def tell(told: AnyGame, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
    """The game told from its log; a game that tells no story of its own gets its places from its
    winners (`plain_story`), so its results, ratings and leaderboard are kept like any other's."""
    if isinstance(told, Storied):
        return told.story(players, seed, options, moves)
    return plain_story(told, players, seed, options, moves)


__all__ = ["GAMES", "KINDS", "Game", "GameKind", "IllegalAction", "game", "register"]
