"""Pictures in the game message's gallery: uploaded with the game message, re-sent only when they change, and the
private card only to its owner."""

from __future__ import annotations

import json

from bot.service import Outcome
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, STRANGER, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID, walk


async def test_bingo_table_picture_and_my_card(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    message = h.fake.messages[lobby]
    assert [a["filename"] for a in message["attachments"]] == ["cards.png"]
    gallery = [c for c in walk(message["components"]) if c["type"] == 12]
    assert [i["media"]["url"] for g in gallery for i in g["items"]] == ["attachment://cards.png"]
    assert gallery[0]["items"][0].get("description"), "the picture in the gallery has its alt text"
    mine = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["My card"])
    assert mine.ephemeral and mine.message is not None
    assert [a["filename"] for a in mine.message["attachments"]] == ["my-card.png"]
    stranger = await h.fake.click(STRANGER, lobby, h.fake.buttons(lobby)["My card"])
    assert stranger.ephemeral and "not a player" in stranger.content and not stranger.message["attachments"]


async def test_the_picture_is_uploaded_only_when_it_changes(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h, "mega")
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    cog = h.bot.get_cog("GameMessage")
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    outcome = Outcome(record, h.bot.service.state_of(record))
    again = await cog.drawing.message_for(outcome)
    assert "attachments" not in again  # the same board is already on the message
    assert "attachment://board.png" in json.dumps(again["view"].to_components())
    changed = outcome.state.model_copy(deep=True)
    changed.players[0].cash += 1
    assert "attachments" in await cog.drawing.message_for(Outcome(record, changed))
