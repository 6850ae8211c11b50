"""/monopoly history, rules, status, and re-posting an old game message."""

from __future__ import annotations

import time

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, started_mega
from tests.fakediscord.server import CHANNEL_ID


async def test_history_and_rules(harness: Harness) -> None:
    h = harness
    lobby, roll = await started_mega(h)
    await h.fake.click(HOST, lobby, roll)
    history = await h.fake.slash(BEA, "history")
    assert history.ephemeral and "Ann rolled" in history.text()
    rules = await h.fake.slash(BEA, "rules")
    assert rules.ephemeral and "speed die" in rules.text()


async def test_status_reposts_and_clears_the_old_buttons(harness: Harness) -> None:
    h = harness
    lobby, _ = await started_mega(h)
    answer = await h.fake.slash(BEA, "status")
    new = int(answer.message["id"])
    assert new != lobby and h.fake.buttons(new)
    await h.fake.quiet()
    old = h.fake.messages[lobby]
    assert h.fake.buttons(lobby) == {} and not old["attachments"], "nothing on it looks live any more"
    assert "newer message below" in h.fake.shown(lobby)
    assert (await h.bot.service.store.games.live_in_channel(CHANNEL_ID)).message_id == new


async def test_an_hour_old_message_is_posted_again(harness: Harness) -> None:
    h = harness
    lobby, roll = await started_mega(h)
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    # As the bot would have noted it two hours ago (the bot is the database's only writer).
    await h.bot.service.store.games.set_message(record.id, lobby, time.time() - 7200, record.version)
    answer = await h.fake.click(HOST, lobby, roll)
    assert answer.type == 4 and not answer.ephemeral  # a new message at the bottom of the channel
    await h.fake.quiet()
    old = h.fake.messages[lobby]
    assert h.fake.buttons(lobby) == {} and not old["attachments"], "nothing on it looks live any more"
    assert "newer message below" in h.fake.shown(lobby)
    assert (await h.bot.service.store.games.live_in_channel(CHANNEL_ID)).message_id == int(answer.message["id"])
