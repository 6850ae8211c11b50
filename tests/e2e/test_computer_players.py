"""Computer seats in a real channel: added from the lobby, they play their own turns."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.conftest import Harness
from tests.e2e.mega_table import set_position
from tests.e2e.test_lobby import HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID
from tests.stored import put_state

ORDER = ("End turn", "Decline", "Pass", "Roll", "Pay $50", "Throw", "Take $100")


async def test_a_computer_seat_plays_its_turns(harness: Harness) -> None:
    h = harness
    h.bot.tables.computers.delay_s = 0.05
    setup_users(h)
    lobby = await open_lobby(h)
    added = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    assert added.type == 7 and "CPU 1" in added.text()
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    # Ann's roll is known (Baltic); whatever the computer rolls after that, it handles itself.
    lobby = await set_position(h, [{"name": str(HOST)}, {"name": "-1"}], [(1, 2, "mr")])
    store = h.bot.service.store
    computer_moves = 0
    loop = asyncio.get_running_loop()
    ends = loop.time() + 20  # Discord's per-channel limit paces the computer (bot.channel_pace)
    while loop.time() < ends:
        record = await store.games.live_in_channel(CHANNEL_ID)
        if record is None:
            break
        log = await store.games.log(record.id)
        computer_moves = sum(1 for e in log if e.actor == "-1")
        if computer_moves >= 2:
            break
        state = h.bot.service.state_of(record)
        if "101" in _to_act(record.kind, state):
            buttons = h.fake.buttons(lobby)
            label = next((b for b in ORDER if b in buttons), None)
            if label is not None:
                answer = await h.fake.click(HOST, lobby, buttons[label])
                if answer.ephemeral:  # refused (the message is a move behind): read it, as a person would
                    await asyncio.sleep(0.1)
                continue
        await asyncio.sleep(0.1)
    assert computer_moves >= 2, "the computer seat never moved"
    # The computer's moves reached the channel: the message was edited after them.
    assert h.fake.messages[lobby]["edited_timestamp"] is not None


async def bingo_with_a_computer(h: Harness, delay_s: float) -> tuple[Any, Any]:
    """Ann and a normal computer at a bingo table just started; the store and the game's record."""
    h.bot.tables.computers.delay_s = delay_s
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    store = h.bot.service.store
    return store, await store.games.live_in_channel(CHANNEL_ID)


def _to_act(kind: str, state: object) -> list[str]:
    from engine import games

    return games.game(kind).to_act(state)  # type: ignore[arg-type]


async def test_only_the_host_adds_computers(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    refused = await h.fake.click(102, lobby, h.fake.buttons(lobby)["Add computer"])
    assert refused.ephemeral and "host" in refused.content


async def test_a_computer_proposes_a_trade_that_a_person_accepts(harness: Harness) -> None:
    from bot.service import Outcome
    from engine.bingo.conformance import setup_state
    from tests.engine.bingo.helpers import CARD_A, CARD_B

    h = harness
    store, record = await bingo_with_a_computer(h, delay_s=0.05)
    # The computer lacks only O1 for row 1, and Ann owns O1: it offers its spare B2 for it.
    state = setup_state(
        {
            "game": "bingo",
            "options": {},
            "setup": {
                "players": [
                    {"name": str(HOST), "card": CARD_A, "owned": ["O1"]},
                    {"name": "-1", "card": CARD_B, "owned": ["B1", "I1", "N1", "G1", "B2"]},
                ],
                "turn": "-1",
                "deck": ["8", "9"],
            },
        }
    )
    state.version = record.version + 1
    saved = await put_state(store, record, state)
    h.bot.tables.computers.schedule(Outcome(saved, state))
    offer = None
    for _ in range(60):
        offers = [m for m in h.fake.messages.values() if "offers a trade" in m.get("content", "")]
        if offers:
            offer = int(offers[0]["id"])
            break
        await asyncio.sleep(0.05)
    assert offer is not None, "the computer's offer was not posted"
    assert f"<@{HOST}>" in h.fake.messages[offer]["content"] and "O1" in h.fake.messages[offer]["content"]
    accepted = await h.fake.click(HOST, offer, h.fake.buttons(offer)["Accept"])
    assert accepted.type == 7
    await h.fake.quiet()
    final = h.bot.service.state_of(await store.games.live_in_channel(CHANNEL_ID))
    assert "O1" in final.players[1].owned and "B2" in final.players[0].owned


async def test_the_host_adds_a_computer_of_a_level_shown_next_to_its_name(harness: Harness) -> None:
    """Issue 28: easy, normal or hard per seat, chosen in the lobby; a stranger cannot add one."""
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    select = h.fake.selects(h.fake.messages[lobby])["Add a computer player…"]
    assert [o["value"] for o in select["options"]] == ["easy", "normal", "hard"]
    refused = await h.fake.select(102, lobby, select["custom_id"], ["hard"])
    assert refused.ephemeral
    added = await h.fake.select(HOST, lobby, select["custom_id"], ["hard"])
    assert added.type == 7 and "CPU 1 (hard)" in added.text()
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert record is not None and [p.level for p in record.lobby.players if p.computer] == ["hard"]
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    assert "CPU 1 (hard)" in json_text(h.fake.messages[lobby])


def json_text(message: object) -> str:
    import json

    return json.dumps(message, ensure_ascii=False)


async def test_while_only_a_computer_is_to_move_the_message_says_so_with_nothing_to_press(harness: Harness) -> None:
    """The game's own prompt ("CPU 1, press Roll") with a highlighted Roll would invite the people
    at the table to press a button that is not theirs: while only computers are to move, the message
    says who is playing and what it decides, offers no move button and shows no deadline."""
    h = harness
    h.bot.tables.computers.delay_s = 60.0  # it stays to move while the message is read
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    msg = await set_position(h, [{"name": str(HOST)}, {"name": "-1"}], [], turn="-1")
    shown = h.fake.shown(msg)
    assert "CPU 1 (normal)** is playing — roll…" in shown, shown
    assert "press" not in shown and "Closes" not in shown, shown
    assert set(h.fake.buttons(msg)) == {"Manage deeds"}, h.fake.buttons(msg)  # deeds are Ann's to manage
    # M-36: the computer in debt — its Raise… and bankruptcy are its own, not the table's.
    from engine.mega.state import Debt

    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    state = h.bot.service.state_of(record)
    state.players[1].cash = 0
    state.queue.append(Debt(debtor="-1", creditor=str(HOST), amount=500, reason="rent"))
    state.version = record.version + 1
    await put_state(h.bot.service.store, record, state)
    msg = int((await h.fake.slash(HOST, "status")).message["id"])
    shown = h.fake.shown(msg)
    assert "CPU 1 (normal)** is playing — a debt to be paid…" in shown, shown
    assert set(h.fake.buttons(msg)) == {"Manage deeds"}, h.fake.buttons(msg)
    msg = await set_position(h, [{"name": str(HOST)}, {"name": "-1"}], [])  # Ann's turn: her move, highlighted
    assert "**Ann**, press **Roll**" in h.fake.shown(msg)
    assert "Roll" in h.fake.buttons(msg)


async def test_a_computers_bingo_turn_offers_only_my_card(harness: Harness) -> None:
    """B-5, B-9: the draw and the declaration are the turn player's; while that is a computer, the
    people at the table get only their own card to look at."""
    from engine.bingo.conformance import setup_state
    from tests.engine.bingo.helpers import CARD_A, CARD_B

    h = harness
    store, record = await bingo_with_a_computer(h, delay_s=60.0)  # it stays to move while we look
    players = [{"name": str(HOST), "card": CARD_A, "owned": []}, {"name": "-1", "card": CARD_B, "owned": []}]
    setup = {"players": players, "deck": ["7", "10"], "turn": "-1"}
    state = setup_state({"game": "bingo", "options": {}, "setup": setup})
    state.version = record.version + 1
    await put_state(store, record, state)
    msg = int((await h.fake.slash(HOST, "status")).message["id"])
    shown = h.fake.shown(msg)
    assert "CPU 1 (normal)** is playing — a draw…" in shown, shown
    assert set(h.fake.buttons(msg)) == {"My card"}, h.fake.buttons(msg)
