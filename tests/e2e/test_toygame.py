"""The proof of the plug-in seam (issue 27): a third game from tests/toygame, registered in the two
registries only, played end to end through the bot on the loopback Discord — lobby, clicks, a
stranger refused, its timed window restarted by a push and expiring across a restart, and the final
standings. No shared module knows it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import GameRecord
from tests.e2e.conftest import Harness, running
from tests.e2e.test_lobby import BEA, HOST, STRANGER, setup_users
from tests.fakediscord.server import CHANNEL_ID, FakeDiscord
from tests.toygame.engine import RaceState
from tests.toygame.plugin import dice_race


@pytest.fixture
async def race(tmp_path: Path) -> AsyncIterator[Harness]:
    with dice_race():  # before the bot starts: its slash commands offer the game
        async with running(FakeDiscord(), tmp_path / "games.sqlite3") as h:
            yield h


async def _record(h: Harness) -> GameRecord:
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID) or await h.bot.service.store.games.get(1)
    assert record is not None
    return record


async def _state(h: Harness) -> RaceState:
    state = h.bot.service.state_of(await _record(h))
    assert isinstance(state, RaceState)
    return state


def _turn_of(state: RaceState) -> int:
    return int(state.runners[state.turn].name)


async def test_a_third_game_plays_end_to_end_through_the_shared_bot(race: Harness) -> None:
    h = race
    setup_users(h)
    commands = json.dumps([c for c in h.fake.commands if c["name"] == "monopoly"])
    assert '"value": "race"' in commands, "the registered game is offered by /monopoly start"
    # It has no picture: the picture workers import no drawing code for it (none to find).
    assert h.bot.painter.warm and not any("toygame" in module for module in h.bot.painter.warm)

    lobby = await h.fake.slash(HOST, "start", {"game": "race"})
    assert lobby.message is not None and "Dice race — lobby" in lobby.text()
    message = int(lobby.message["id"])
    await h.fake.click(BEA, message, h.fake.buttons(message)["Join"])
    started = await h.fake.click(HOST, message, h.fake.buttons(message)["Start"])
    assert started.type == 7 and "The race is on." in started.text() and "Ann: 0 of 20" in started.text()

    stranger = await h.fake.click(STRANGER, message, h.fake.buttons(message)["Roll"])
    assert stranger.ephemeral and (await _state(h)).runners[0].at == 0  # refused, nothing changed

    rolled = await h.fake.click(HOST, message, h.fake.buttons(message)["Roll"])
    assert rolled.type == 7 and "Ann rolled" in rolled.text()
    assert set(h.fake.buttons(message)) == {"Push on", "Stop"}
    record = await _record(h)
    assert record.deadline_kind == "race_push"  # the game's own window, timed by the bot
    opened = record.deadline
    assert opened is not None

    await asyncio.sleep(0.05)
    pushed = await h.fake.click(HOST, message, h.fake.buttons(message)["Push on"])
    assert pushed.type == 7 and pushed.text().count("Ann rolled") >= 1
    after = await _record(h)
    if (await _state(h)).stage == "push":  # a 1 would have ended the turn
        assert after.deadline is not None and after.deadline > opened, "a push restarts the countdown"

    # The window's time runs out while the bot is down: after the restart, it closes by itself.
    if (await _state(h)).stage == "push":
        await h.restart_after_deadline(after.id)
        for _ in range(100):
            if (await _state(h)).stage == "roll":
                break
            await asyncio.sleep(0.05)
        state = await _state(h)
        assert state.stage == "roll" and _turn_of(state) == BEA, "the expired window stopped Ann's turn"
        log = await h.bot.service.store.games.log(after.id)
        assert (log[-1].actor, log[-1].action["do"]) == (None, "race_stop")

    # Play to the end: roll, then stop, whoever's turn it is.
    for _ in range(200):
        state = await _state(h)
        if state.over:
            break
        player = _turn_of(state)
        label = "Roll" if state.stage == "roll" else "Stop"
        answer = await h.fake.click(player, message, h.fake.buttons(message)[label])
        assert answer.type == 7, answer.data
    state = await _state(h)
    record = await _record(h)
    assert state.over and record.status == "finished"
    winner = {str(HOST): "Ann", str(BEA): "Bea"}[state.winner or ""]
    final = json.dumps(h.fake.messages[message], ensure_ascii=False)
    assert f"{winner} wins the race!" in final and "of 20" in final
    assert not h.fake.buttons(message), "a finished game has no buttons"
    # It tells no story of its own (it is no `Storied`): its places come from its winner, so the
    # result, the ratings and the leaderboard are kept as for any game (issue 38).
    result = await h.bot.service.store.records.game_result(record.id)
    assert result is not None and set(result.ratings) == {str(HOST), str(BEA)}, result
    await h.fake.quiet()
    shown = h.fake.shown(message)
    assert "Ratings on this server" in shown and f"{winner}:" in shown, shown
