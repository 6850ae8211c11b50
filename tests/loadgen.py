"""The simulated load's side of things, shared by `bench.load` and the tests that check it: live
games seeded straight into the store (as a running bot would have left them, with their messages
on the loopback Discord) and the button a simulated player presses."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

PRIORITY = ("end_turn", "roll", "buy", "decline", "pass", "pay_fine", "choose_gift", "throw", "bid")


async def seed(
    db: Path, url: str | None, games: int, overdue: int, fake: Any
) -> tuple[dict[int, tuple[int, int]], list[int]]:
    """Live games straight into the store (as a running bot would have left them). Returns
    game id → (channel, message) of the games to click, and the messages of the overdue ones."""
    from bot.store import GameStore, Lobby, LobbyPlayer, SqliteStore
    from bot.store.postgres import PostgresStore
    from engine import games as registry  # `games` is a count here
    from tests.fakediscord.server import CHANNEL_ID

    store: GameStore = PostgresStore(url) if url else SqliteStore(db)
    await store.open()
    placed: dict[int, tuple[int, int]] = {}
    late: list[int] = []
    try:
        for n in range(games + overdue):
            channel = CHANNEL_ID + 1 + n
            uids = [1000 + 4 * n + seat for seat in range(4)]
            for uid in uids:
                fake.add_user(uid, f"p{uid}")
            lobby = Lobby(players=[LobbyPlayer(id=u, name=f"p{u}") for u in uids], seed=n, turn_timeout_s=3600)
            record = await store.games.create_game(
                guild_id=fake_guild(), channel_id=channel, kind="mega", host_id=uids[0], locale="en", lobby=lobby
            )
            state, _ = registry.game("mega").new_game([str(u) for u in uids], n, {})
            deadline = time.time() - 5 if n >= games else time.time() + 3600
            started = record.model_copy(
                update={
                    "status": "active",
                    "state_json": state.model_dump_json(),
                    "deadline": deadline,
                    "deadline_kind": "turn",
                }
            )
            saved = await store.games.save(started, expected_version=0, action={"do": "start_game"}, events=[])
            message = fake._new_message(channel, {"content": "", "components": []})
            fake.messages[int(message["id"])]["components"] = _buttons(saved.id, saved.version, "roll")
            await store.games.set_message(saved.id, int(message["id"]), time.time(), saved.version)
            if n < games:  # the overdue ones have messages too (their timers edit them), but get no clicks
                placed[saved.id] = (channel, int(message["id"]))
            else:
                late.append(int(message["id"]))
    finally:
        await store.close()
    return placed, late


def fake_guild() -> int:
    from tests.fakediscord.server import GUILD_ID

    return GUILD_ID


def _buttons(game: int, version: int, *verbs: str) -> list[dict[str, Any]]:
    return [
        {
            "type": 1,
            "components": [{"type": 2, "style": 2, "label": v, "custom_id": f"mm:{game}:{version}:{v}"} for v in verbs],
        }
    ]


def pick_from_state(
    row: tuple[str, str] | None, by_verb: dict[str, str], picks: list[dict[str, Any]]
) -> tuple[int, str, list[str] | None] | None:
    from engine import games as registry  # `games` is a count here

    if row is None or row[1] != "active":
        return None
    state = registry.game("mega").load_state(row[0])
    waiting = registry.game("mega").to_act(state)
    for actor in waiting:
        legal = {a.do for a in registry.game("mega").legal_actions(state, actor)}
        for verb in PRIORITY:
            if verb in by_verb and verb in legal:
                return int(actor), by_verb[verb], None
        if "pick_auction" in legal and picks:  # the Auction space: the first deed offered
            return int(actor), picks[0]["custom_id"], [picks[0]["options"][0]["value"]]
    return None
