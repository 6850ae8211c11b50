"""Behaviours players rely on that a deliberately broken bot once got past the suite (issue 21):
each test here fails when that behaviour is broken."""

from __future__ import annotations

import asyncio
import hashlib
import json

from cogs.bingo.picture import render_card
from engine import bingo
from tests.e2e.conftest import Harness
from tests.e2e.mega_table import set_position, state_now
from tests.e2e.test_bingo_play import cards, declare, position
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.e2e.test_mega_play import three_players
from tests.fakediscord.server import CHANNEL_ID

A, B, C = str(HOST), str(BEA), str(CAI)


async def test_the_running_bot_closes_an_auction_when_its_window_runs_out(harness: Harness) -> None:
    """No restart: the deadline armed by the click itself fires."""
    h = harness
    await three_players(h)
    msg = await set_position(
        h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")], options={"auction_window_s": 3}
    )
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Decline"])
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Bid $10"])
    for _ in range(120):
        state = await state_now(h)
        if state.owner.get("baltic_avenue"):
            break
        await asyncio.sleep(0.05)
    assert state.owner.get("baltic_avenue") == B


async def test_a_lobby_takes_at_most_eight_players(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    for uid in range(201, 208):
        h.fake.add_user(uid, f"P{uid}")
        joined = await h.fake.click(uid, lobby, h.fake.buttons(lobby)["Join"])
        assert joined.type == 7
    ninth = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    assert ninth.ephemeral and "full" in ninth.content
    record = await h.bot.service.store.live_in_channel(CHANNEL_ID)
    assert len(record.lobby.players) == 8


async def bingo_table(h: Harness) -> int:
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    return lobby


async def test_my_card_is_the_pressers_own_card_in_full(harness: Harness) -> None:
    h = harness
    await bingo_table(h)
    msg = await position(h, cards(b=["B1"]), ["8", "9"])
    before = len(h.fake.requests)
    mine = await h.fake.click(BEA, msg, h.fake.buttons(msg)["My card"])
    assert mine.ephemeral
    record = await h.bot.service.store.live_in_channel(CHANNEL_ID)
    state = h.bot.service.state_of(record)
    view = bingo.view_for(state, B).players[1]
    expected = hashlib.sha256(render_card(view, 1, "Bea")).hexdigest()
    sent = [body.get("_digests") for _, path, body in h.fake.requests[before:] if "/callback" in path]
    assert sent == [[expected]]  # Bea's card, every number shown, nobody else's


async def test_a_game_message_buried_under_chat_is_posted_again(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    await h.fake.quiet()
    for _ in range(15):
        await h.fake.chat(CAI)
    await h.fake.quiet()
    answer = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert answer.type == 4 and not answer.ephemeral  # a new message at the bottom
    await h.fake.quiet()
    record = await h.bot.service.store.live_in_channel(CHANNEL_ID)
    assert record.message_id == int(answer.message["id"]) != msg
    assert not h.fake.messages[msg]["components"]  # the buried one lost its buttons


async def test_history_during_a_claim_window_says_nothing_about_answers(harness: Harness) -> None:
    h = harness
    await bingo_table(h)
    msg = await position(h, cards(), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    before = (await h.fake.slash(CAI, "history")).data["embeds"]
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Claim"])  # Bea has 7 and claims it
    after = (await h.fake.slash(CAI, "history")).data["embeds"]
    assert after == before, "an answer in an open window must not show in the history"
    assert "7" in json.dumps(after)  # the declaration itself is public
