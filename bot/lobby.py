"""The lobby before a game starts: opening one (with the server's defaults), seats, computer
seats, the host's options, cancelling. A collaborator of the game service: every change goes
through its lock and its one save."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from pydantic import ValidationError

from bot import server_settings
from bot.outcome import Outcome, ServiceError
from bot.service import GameService
from bot.store import ChannelBusy, GameRecord, Lobby, LobbyPlayer, NotSaved, TooManyLobbies
from engine import games
from engine.core.game import LEVELS
from engine.core.jsondata import JsonObject


class Lobbies:
    def __init__(self, service: GameService, lifetime_s: int = 15 * 60, per_host: int = 3) -> None:
        self.service = service
        self.store = service.store
        self.lifetime_s = lifetime_s  # an unstarted lobby closes by itself (and frees its channel)
        self.per_host = per_host  # open lobbies one user may host at once

    # --- the lobby ------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        kind: str,
        host: LobbyPlayer,
        locale: str,
        options: JsonObject,
        turn_timeout_s: int,
        missed_turn_limit: int,
        away: str = "safe",
        away_level: str = "normal",
        lobby_lifetime_s: int | None = None,
    ) -> GameRecord:
        try:
            games.game(kind).options_model(**options)
        except ValidationError as exc:
            raise ServiceError("bad_option", detail=exc.errors()[0]["msg"]) from None
        lobby = Lobby(
            players=[host],
            options=options,
            turn_timeout_s=turn_timeout_s,
            missed_turn_limit=missed_turn_limit,
            seed=secrets.randbits(63),
            away="computer" if away == "computer" else "safe",
            away_level=away_level if away_level in LEVELS else "normal",
        )
        try:
            record = await self.store.games.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=kind,
                host_id=host.id,
                locale=locale,
                lobby=lobby,
                max_lobbies=self.per_host,  # counted and opened in one step, across processes too
            )
            closes = self.service.clock() + (lobby_lifetime_s or self.lifetime_s)
            await self.store.deadlines.set_deadline(record.id, record.version, closes, "lobby")
        except TooManyLobbies:
            raise ServiceError("too_many_lobbies", max=self.per_host) from None
        except ChannelBusy:
            raise ServiceError("channel_busy") from None
        except NotSaved:
            raise ServiceError("not_saved") from None
        record = record.model_copy(update={"deadline": closes, "deadline_kind": "lobby"})
        await self.service.publish(Outcome(record))  # the timers arm the lobby's expiry
        return record

    async def set_lobby_option(self, game_id: int, user_id: int, key: str, raw: str) -> Outcome:
        """The host changes one option of the game before it starts (the engine checks the value)."""
        setting = server_settings.ALL.get(key)

        def change(record: GameRecord) -> GameRecord:
            if record.host_id != user_id:
                raise ServiceError("not_host")
            if setting is None or setting.game not in (None, record.kind) or key in ("language", "channels"):
                raise ServiceError("bad_action")
            try:
                value = server_settings.parse(key, raw)
            except server_settings.BadValue:
                raise ServiceError("bad_setting", range=setting.allowed()) from None
            lobby = record.lobby
            if setting.game is not None:
                lobby = lobby.model_copy(update={"options": {**lobby.options, key.split(".", 1)[1]: value}})
            elif key == "turn_timeout":
                lobby = lobby.model_copy(update={"turn_timeout_s": value})
            elif key == "missed_turns":
                lobby = lobby.model_copy(update={"missed_turn_limit": value})
            elif key in ("away", "away_level"):
                lobby = lobby.model_copy(update={key: value})
            else:
                raise ServiceError("bad_action")
            return record.model_copy(update={"lobby": lobby})

        return await self._lobby_change(game_id, change)

    async def _lobby_change(self, game_id: int, change: Callable[[GameRecord], GameRecord]) -> Outcome:
        async with self.service.locked(game_id):
            record = await self.service.load(game_id)
            if record.status != "lobby":
                raise ServiceError("not_lobby")
            return await self.service.save(change(record), record.version)

    async def join(self, game_id: int, user: LobbyPlayer) -> Outcome:
        def change(record: GameRecord) -> GameRecord:
            if record.lobby.seat(user.id):
                raise ServiceError("already_joined")
            limit = games.game(record.kind).max_players
            if len(record.lobby.players) >= limit:
                raise ServiceError("lobby_full", max=limit)
            lobby = record.lobby.model_copy(update={"players": [*record.lobby.players, user]})
            return record.model_copy(update={"lobby": lobby})

        return await self._lobby_change(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        def change(record: GameRecord) -> GameRecord:
            if not record.lobby.seat(user_id):
                raise ServiceError("not_joined")
            players = [p for p in record.lobby.players if p.id != user_id]
            lobby = record.lobby.model_copy(update={"players": players})
            if not players:
                return record.model_copy(update={"lobby": lobby, "status": "cancelled"})
            host = record.host_id if record.host_id != user_id else players[0].id  # the next seat hosts
            return record.model_copy(update={"lobby": lobby, "host_id": host})

        return await self._lobby_change(game_id, change)

    async def add_computer(self, game_id: int, user_id: int, level: str = "normal") -> Outcome:
        """The host seats a computer player of `level` (easy, normal or hard)."""

        def change(record: GameRecord) -> GameRecord:
            if record.host_id != user_id:
                raise ServiceError("not_host")
            if level not in LEVELS:
                raise ServiceError("bad_action")
            limit = games.game(record.kind).max_players
            if len(record.lobby.players) >= limit:
                raise ServiceError("lobby_full", max=limit)
            number = 1 + sum(p.computer for p in record.lobby.players)
            seat = LobbyPlayer.model_validate(
                {"id": -number, "name": f"CPU {number}", "computer": True, "level": level}
            )
            return record.model_copy(
                update={"lobby": record.lobby.model_copy(update={"players": [*record.lobby.players, seat]})}
            )

        return await self._lobby_change(game_id, change)

    async def cancel(self, game_id: int, user_id: int) -> Outcome:
        def change(record: GameRecord) -> GameRecord:
            if record.host_id != user_id:
                raise ServiceError("not_host")
            return record.model_copy(update={"status": "cancelled"})

        return await self._lobby_change(game_id, change)
