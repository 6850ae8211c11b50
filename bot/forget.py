"""A user's request to be forgotten (Discord's Developer Policy): they leave every lobby and resign
from every running game first (as a player who leaves the table), then the store deletes their
ratings, statistics and trade drafts and puts a pseudonym in place of their id and name in every
game and log it keeps (`bot.store.forget`), so replays still verify."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from bot.lobby import Lobbies
from bot.outcome import Outcome, ServiceError
from bot.service import GameService
from engine import games
from engine.core.errors import IllegalAction

log = logging.getLogger(__name__)


@dataclass
class Forgotten:
    games: list[int] = field(default_factory=list)  # games whose records now carry the pseudonym
    changed: list[Outcome] = field(default_factory=list)  # live games the user left or resigned from


class Forgetting:
    def __init__(self, service: GameService, lobbies: Lobbies) -> None:
        self.service = service
        self.lobbies = lobbies

    async def forget(self, user_id: int) -> Forgotten:
        done = Forgotten()
        for live in await self.service.store.deadlines.live_games():
            record = await self.service.store.games.get(live.id)
            if record is None or record.lobby.seat(user_id) is None:
                continue
            try:
                if record.status == "lobby":
                    done.changed.append(await self.lobbies.leave(record.id, user_id))
                else:
                    resign = games.game(record.kind).resign(str(user_id))
                    done.changed.append(await self.service.act(record.id, str(user_id), resign, None))
            except (ServiceError, IllegalAction) as exc:  # already out of it: nothing to resign
                log.info("forgetting %s: game %s: %s", user_id, record.id, exc)
        done.games = await self.service.store.servers.forget_user(user_id)
        for game_id in done.games:
            self.service.reload(game_id)
        return done
