"""Issue 38: in a game whose every decision is a timed window (no turn player), letting a window run
out is a missed turn — counted, resigned at the server's limit, played by the computer when the away
rule says so — as it is for a turn. The dice race stands in for such a game: its turn player is
hidden, so its push window is all the bot knows of whose move it is."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.conftest import Harness, running
from tests.e2e.test_lobby import BEA, HOST, setup_users
from tests.e2e.test_toygame import _record, _state
from tests.fakediscord.server import FakeDiscord
from tests.toygame.engine import RACE
from tests.toygame.plugin import dice_race


@pytest.fixture
async def windows_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    monkeypatch.setattr(RACE, "turn_player", lambda state: None)  # every decision a window
    with dice_race():
        async with running(FakeDiscord(), tmp_path / "games.sqlite3") as h:
            yield h


async def _ann_lets_a_window_run_out(h: Harness, **settings: str) -> None:
    setup_users(h)
    for setting, value in settings.items():
        await h.fake.slash(HOST, "settings", {"setting": setting, "value": value}, admin=True)
    lobby = await h.fake.slash(HOST, "start", {"game": "race"})
    assert lobby.message is not None
    message = int(lobby.message["id"])
    await h.fake.click(BEA, message, h.fake.buttons(message)["Join"])
    await h.fake.click(HOST, message, h.fake.buttons(message)["Start"])
    await h.fake.click(HOST, message, h.fake.buttons(message)["Roll"])
    assert (await _state(h)).stage == "push"
    before = (await _record(h)).version
    await h.restart_after_deadline((await _record(h)).id)
    for _ in range(100):
        if (await _record(h)).version > before and (await _state(h)).stage != "push":
            break
        await asyncio.sleep(0.05)


async def test_a_missed_window_at_the_limit_resigns_the_seat(windows_only: Harness) -> None:
    h = windows_only
    await _ann_lets_a_window_run_out(h, missed_turns="1")
    state = await _state(h)
    assert state.runners[0].out and state.over and state.winner == str(BEA), "Ann resigned at the limit of 1"
    log = await h.bot.service.store.games.log((await _record(h)).id)
    assert (log[-1].actor, log[-1].action["do"]) == (str(HOST), "race_leave")


async def test_a_missed_window_is_counted_and_played_for_an_away_seat(windows_only: Harness) -> None:
    h = windows_only
    await _ann_lets_a_window_run_out(h, missed_turns="3", away="computer")
    record = await _record(h)
    assert record.lobby.missed.get(str(HOST)) == 1 and str(HOST) in record.lobby.taken_over
    log = await h.bot.service.store.games.log(record.id)
    assert str(HOST) in [entry.actor for entry in log[-2:]], "the computer moved for Ann"
