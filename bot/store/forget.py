"""Forgetting a user (Discord's Developer Policy): their id becomes a pseudonym everywhere a game
keeps it — the lobby (with the name "a former player"), the state, every logged move, the packed
log and the game's story — consistently, so a replay of the log still reaches the stored end.
Pure text transforms: each store applies them inside one transaction of its own."""

from __future__ import annotations

import zlib

from bot.store.models import Lobby

FORMER_NAME = "Former player"


def alias_of(user_id: int) -> int:
    """The pseudonym of a forgotten user: negative like a computer seat (never a Discord id), far
    below the computer seats' -1 … -8, the same for the same user."""
    return -(10**12 + zlib.crc32(str(user_id).encode()))


def swap_ids(text: str, user_id: int) -> str:
    """The id as a seat's name (a JSON string: states, moves, events, stories) as the pseudonym.
    Bare numbers are left alone: an amount may equal a small id; lobbies are rewritten as models."""
    return text.replace(f'"{user_id}"', f'"{alias_of(user_id)}"')


def forget_in_lobby(lobby_json: str, user_id: int) -> str:
    """The seat (id and name), who stopped the game, and the seat names in its counters."""
    lobby = Lobby.model_validate_json(swap_ids(lobby_json, user_id))
    alias = alias_of(user_id)
    former = {"id": alias, "name": FORMER_NAME, "forgotten": True}
    players = [p.model_copy(update=former) if p.id == user_id else p for p in lobby.players]
    stopper = {"stopped_by": alias, "stopped_by_name": FORMER_NAME} if lobby.stopped_by == user_id else {}
    return lobby.model_copy(update={"players": players, **stopper}).model_dump_json()


def forget_in_archive(data: bytes, user_id: int) -> bytes:
    return zlib.compress(swap_ids(zlib.decompress(data).decode(), user_id).encode(), 9)


def mentions(user_id: int) -> str:
    """A LIKE pattern for lobbies that seat the user (the compact JSON of a seat starts with its id)."""
    return f'%"id":{user_id},%'
