"""/monopoly history, rules, status, and re-posting an old game message."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.holding import Hold, until
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


@pytest.mark.parametrize("held", ["drawing", "sending"])
async def test_a_slow_update_does_not_bring_the_old_messages_buttons_back(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """An update nobody clicked for (a computer's move, a deadline) is being drawn — or is on its
    way to Discord — when the game message is posted again below: landing after the old message
    was cleared, it must not leave two live game messages in the channel."""
    import discord

    from bot.service import Outcome
    from cogs.game_drawing import GameDrawing
    from cogs.game_message import GameMessage

    h = harness
    lobby, _ = await started_mega(h)
    cog: GameMessage = h.bot.get_cog("GameMessage")
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    hold = Hold()
    if held == "drawing":  # the update, drawn and not yet sent
        hold.patch(
            monkeypatch, GameDrawing, "message_for", when=lambda kwargs: bool(kwargs.get("background")), after=True
        )
    else:  # the update, the first edit to go out
        hold.patch(monkeypatch, discord.PartialMessage, "edit")
    cog._unsure.add(record.id)  # drawn although noted as shown: the update of a move saved meanwhile
    cog.drawing.forget_picture(record.id)  # with a new picture (a message cleared of its own takes it)
    stored = Outcome(record, h.bot.service.state_of(record))
    update = asyncio.create_task(cog.edit_game_message(stored, background=True))
    await hold.wait_reached()
    before = len(h.fake.requests)
    new = int((await h.fake.slash(BEA, "status")).message["id"])
    await until(lambda: "newer message below" in h.fake.shown(lobby))  # cleared before the update lands
    hold.let_go()
    await asyncio.wait_for(update, 5)
    await h.fake.quiet()
    assert h.fake.buttons(new), "the new message is the live one"
    assert h.fake.buttons(lobby) == {} and not h.fake.messages[lobby]["attachments"], "the old one looks live again"
    assert "newer message below" in h.fake.shown(lobby)
    if held == "drawing":  # not yet on its way: it is not sent at all (the channel's limit is 5 in 5 s)
        edits = [m for m, path, _ in h.fake.requests[before:] if m == "PATCH" and path.endswith(f"/{lobby}")]
        assert edits == ["PATCH"], "only the clearing of the old message"


@pytest.mark.parametrize("held", ["drawing", "sending"])
async def test_a_click_on_a_message_posted_again_meanwhile_leaves_it_cleared(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """Ann presses Roll on the game message while Bea asks for it again below (/monopoly status):
    Ann's answer, drawn — or on its way — as the old message is cleared, leaves it cleared, and the
    message below shows her roll. One live game message in the channel, never two."""
    import discord

    from cogs.game_drawing import GameDrawing
    from cogs.game_message import GameMessage

    h = harness
    lobby, roll = await started_mega(h)
    cog: GameMessage = h.bot.get_cog("GameMessage")
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    hold = Hold()
    if held == "drawing":  # Ann's answer, drawn and not yet sent (updates and reposts say how they are drawn)
        hold.patch(monkeypatch, GameDrawing, "message_for", when=lambda kwargs: not kwargs, after=True)
    else:  # Ann's answer, the first to go out
        hold.patch(monkeypatch, discord.InteractionResponse, "edit_message")
    cog.drawing.forget_picture(record.id)  # the answer brings its picture (the cleared message has none)
    pressed = asyncio.create_task(h.fake.click(HOST, lobby, roll))
    await hold.wait_reached()
    before = len(h.fake.requests)
    new = int((await h.fake.slash(BEA, "status")).message["id"])
    await until(lambda: "newer message below" in h.fake.shown(lobby))
    hold.let_go()
    await asyncio.wait_for(pressed, 10)
    await h.fake.quiet()
    assert h.fake.buttons(lobby) == {} and not h.fake.messages[lobby]["attachments"], "the old one looks live again"
    assert "newer message below" in h.fake.shown(lobby)
    rolled = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert rolled is not None and rolled.version > record.version and rolled.message_id == new
    assert h.fake.buttons(new) and f"move {rolled.version}" in h.fake.shown(new), h.fake.shown(new)
    if held == "drawing":  # not yet on its way: the old message is never revived (nor cleared twice)
        edits = [m for m, path, _ in h.fake.requests[before:] if m == "PATCH" and path.endswith(f"/{lobby}")]
        assert edits == ["PATCH"], "only the clearing of the old message"


async def test_a_command_named_in_an_answer_is_a_mention_of_the_synced_command(harness: Harness) -> None:
    """Texts that point to another command mention it (</monopoly notices:id>): clickable, and
    shown in the reader's language by their own client."""
    h = harness
    await started_mega(h)
    root = next(c for c in h.fake.commands if c["name"] == "monopoly")
    off = await h.fake.slash(BEA, "notices", {"switch": "off"}, locale="ja")
    assert off.ephemeral and f"</monopoly notices:{root['id']}>" in off.content, off.content
