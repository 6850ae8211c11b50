"""Watch links: who may watch a game in the browser. A link carries the game, its sharing round and
an HMAC of both under `WEB_SECRET`, so only those who saw it in the channel can open the page and
nobody can make one for another game. `/monopoly watch off` starts a new round: every link given out
before stops working (and open pages close); `on` shares the game again under that new round.

Each game's round and whether it is shared live in its server's settings (`watch.<game id>`), so a
restart keeps them and removing the bot from the server deletes them with the rest."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Any, Protocol

KEY_PREFIX = "watch."
TOKEN = re.compile(r"^(\d{1,20})\.(\d{1,9})\.([A-Za-z0-9_-]{22})$")


class SettingsStore(Protocol):
    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None: ...


@dataclass(frozen=True)
class Sharing:
    """A game's sharing: its round, and whether links of that round open."""

    round: int = 0
    on: bool = True


class WatchLinks:
    """Signs and reads watch links."""

    def __init__(self, secret: str, public_url: str) -> None:
        self._key = hashlib.sha256(b"monopoly-watch\x00" + secret.encode()).digest()
        self.public_url = public_url.rstrip("/")

    def _mac(self, game_id: int, round_: int) -> str:
        digest = hmac.new(self._key, f"{game_id}:{round_}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")

    def token(self, game_id: int, round_: int) -> str:
        return f"{game_id}.{round_}.{self._mac(game_id, round_)}"

    def url(self, game_id: int, round_: int) -> str:
        return f"{self.public_url}/watch/{self.token(game_id, round_)}"

    def read(self, token: str) -> tuple[int, int] | None:
        """The game and round a token was signed for, or None for anything not signed here."""
        found = TOKEN.match(token)
        if found is None:
            return None
        game_id, round_ = int(found.group(1)), int(found.group(2))
        if not hmac.compare_digest(found.group(3), self._mac(game_id, round_)):
            return None
        return game_id, round_


async def sharing(store: SettingsStore, guild_id: int, game_id: int) -> Sharing:
    raw = (await store.guild_settings(guild_id)).get(KEY_PREFIX + str(game_id))
    if not isinstance(raw, dict):
        return Sharing()
    return Sharing(int(raw.get("round", 0)), bool(raw.get("on", True)))


async def set_sharing(store: SettingsStore, guild_id: int, game_id: int, on: bool) -> Sharing:
    """Turning sharing off starts a new round (the links given out stop working for good)."""
    now = await sharing(store, guild_id, game_id)
    changed = Sharing(now.round + (0 if on or not now.on else 1), on)
    await store.set_guild_setting(guild_id, KEY_PREFIX + str(game_id), {"round": changed.round, "on": changed.on})
    return changed


class WatchDesk:
    """The bot's watch links: each game's sharing, read once and kept (a game lives in one
    process), and the link to give out while it is shared."""

    def __init__(self, links: WatchLinks, store: SettingsStore) -> None:
        self.links = links
        self.store = store
        self._sharing: dict[int, Sharing] = {}

    async def sharing(self, guild_id: int, game_id: int) -> Sharing:
        if game_id not in self._sharing:
            self._sharing[game_id] = await sharing(self.store, guild_id, game_id)
        return self._sharing[game_id]

    async def set(self, guild_id: int, game_id: int, on: bool) -> Sharing:
        self._sharing[game_id] = await set_sharing(self.store, guild_id, game_id, on)
        return self._sharing[game_id]

    async def link(self, guild_id: int, game_id: int) -> str | None:
        """The watch page's address while the game is shared, else None."""
        shared = await self.sharing(guild_id, game_id)
        return self.links.url(game_id, shared.round) if shared.on else None

    async def opens(self, guild_id: int, game_id: int, round_: int) -> bool:
        """Whether a link of `round_` opens the game now (read afresh: another process may have
        ended the sharing)."""
        shared = await sharing(self.store, guild_id, game_id)
        self._sharing[game_id] = shared
        return shared.on and shared.round == round_
