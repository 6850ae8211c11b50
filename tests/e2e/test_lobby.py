"""The lobby, restart-safe buttons, refusals, and command sync, through the loopback Discord."""

from __future__ import annotations

import asyncio
import json

from tests.e2e.conftest import Harness

HOST, BEA, CAI, DAN, STRANGER = 101, 102, 103, 104, 999


def setup_users(h: Harness) -> None:
    for uid, name in ((HOST, "Ann"), (BEA, "Bea"), (CAI, "Cai"), (DAN, "Dan"), (STRANGER, "Zed")):
        h.fake.add_user(uid, name)


async def open_lobby(h: Harness, game: str = "mega") -> int:
    answer = await h.fake.slash(HOST, "start", {"game": game})
    assert answer.type == 4 and not answer.ephemeral
    assert answer.message is not None
    return int(answer.message["id"])


async def test_start_join_start_restart_and_click_an_old_button(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    for user in (BEA, CAI):
        answer = await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
        assert answer.type == 7  # the lobby updates in place
    embed = h.fake.messages[lobby]["embeds"][0]
    assert "Ann" in json.dumps(embed) and "Bea" in json.dumps(embed) and "Cai" in json.dumps(embed)
    started = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    assert started.type == 7
    roll = h.fake.buttons(lobby)["Roll"]
    await h.restart()
    # The first seat rolls from the message posted before the restart.
    answer = await h.fake.click(HOST, lobby, roll)
    assert answer.type == 7, answer.data
    assert "rolled" in answer.text()
    record = await h.bot.service.store.games.live_in_channel(answer_channel(h))
    assert record is not None and record.version >= 4


async def started_mega(h: Harness) -> tuple[int, str]:
    """A two-player Mega game (Ann, Bea) started from a lobby; returns the message and its Roll button."""
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    return lobby, h.fake.buttons(lobby)["Roll"]


def answer_channel(h: Harness) -> int:
    from tests.fakediscord.server import CHANNEL_ID

    return CHANNEL_ID


async def test_stranger_and_stale_clicks_are_refused_and_change_nothing(harness: Harness) -> None:
    h = harness
    lobby, roll = await started_mega(h)
    before = await h.bot.service.store.games.live_in_channel(answer_channel(h))
    refused = await h.fake.click(STRANGER, lobby, roll)
    assert refused.type == 4 and refused.ephemeral and "not a player" in refused.content
    first = await h.fake.click(HOST, lobby, roll)
    assert first.type == 7
    stale = await h.fake.click(HOST, lobby, roll)  # the same (now old) button again
    assert stale.ephemeral and "out of date" in stale.content
    after = await h.bot.service.store.games.live_in_channel(answer_channel(h))
    assert after.version == before.version + 1


async def test_a_double_click_has_exactly_one_effect(harness: Harness) -> None:
    h = harness
    lobby, roll = await started_mega(h)
    version = (await h.bot.service.store.games.live_in_channel(answer_channel(h))).version
    answers = await asyncio.gather(h.fake.click(HOST, lobby, roll), h.fake.click(HOST, lobby, roll))
    assert sorted(a.type for a in answers) == [4, 7]
    log = await h.bot.service.store.games.log((await h.bot.service.store.games.live_in_channel(answer_channel(h))).id)
    assert [e.action["do"] for e in log].count("roll") == 1
    assert (await h.bot.service.store.games.live_in_channel(answer_channel(h))).version == version + 1


async def test_only_the_host_starts_and_a_channel_holds_one_game(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    refused = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Start"])
    assert refused.ephemeral and "host" in refused.content
    again = await h.fake.slash(CAI, "start", {"game": "bingo"})
    assert again.ephemeral and "already has a game" in again.content
    too_few = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Leave"])
    assert too_few.type == 7
    alone = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    assert alone.ephemeral and "At least 2" in alone.content


async def test_command_sync_carries_japanese_localizations(harness: Harness) -> None:
    (command,) = [c for c in harness.fake.commands if c["name"] == "monopoly"]
    assert command["name_localizations"]["ja"] == "モノポリー"
    assert command["description_localizations"]["ja"]
    start = next(o for o in command["options"] if o["name"] == "start")
    assert start["name_localizations"]["ja"] == "開始"
    game = next(o for o in start["options"] if o["name"] == "game")
    assert {c["name_localizations"]["ja"] for c in game["choices"]} == {"メガモノポリー", "独占王ビンゴ"}


async def test_japanese_server_gets_japanese_messages(harness: Harness) -> None:
    h = harness
    setup_users(h)
    answer = await h.fake.slash(HOST, "start", {"game": "bingo"}, locale="ja")
    assert "独占王ビンゴ" in answer.text()
    lobby = int(answer.message["id"])
    assert "参加" in h.fake.buttons(lobby)


async def test_stop_needs_the_host_or_manage_server(harness: Harness) -> None:
    h = harness
    message, _ = await started_mega(h)
    refused = await h.fake.slash(BEA, "stop")
    assert refused.ephemeral and "Manage Server" in refused.content
    stopped = await h.fake.slash(DAN, "stop", admin=True)
    assert not stopped.ephemeral and stopped.content == "Dan stopped the game."
    assert await h.bot.service.store.games.live_in_channel(answer_channel(h)) is None
    # Dan holds no seat: the game message and the history name him all the same, not "?"
    await h.fake.quiet()
    shown = h.fake.shown(message)
    assert "Dan stopped the game" in shown and "? stopped" not in shown, shown


async def test_forget_me_asks_first_then_forgets(harness: Harness) -> None:
    """Issue 29: a private confirmation; "Keep my data" deletes nothing; "Forget me" leaves the
    member's lobby (it closes, nobody is left) and answers with what was done."""
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    asked = await h.fake.slash(HOST, "forget-me")
    assert asked.ephemeral and "cannot be undone" in asked.content
    assert asked.message is not None
    buttons = {c["label"]: c["custom_id"] for row in asked.data["components"] for c in row["components"]}
    kept = await h.fake.click_in(HOST, asked.message, buttons["Keep my data"])
    assert "Nothing was deleted" in kept.text()
    asked = await h.fake.slash(HOST, "forget-me")
    assert asked.message is not None
    buttons = {c["label"]: c["custom_id"] for row in asked.data["components"] for c in row["components"]}
    await h.fake.click_in(HOST, asked.message, buttons["Forget me"])
    for _ in range(50):
        record = await h.bot.service.store.games.live_in_channel(answer_channel(h))
        if record is not None and record.lobby.seat(HOST) is None:
            break
        await asyncio.sleep(0.05)
    assert record is not None and record.lobby.seat(HOST) is None and record.host_id == BEA
    assert [p.id for p in record.lobby.players] == [BEA], "Ann left the lobby; Bea hosts it now"


async def test_start_is_the_main_move_once_the_table_may_start(harness: Harness) -> None:
    """Alone in the lobby the host cannot start (two players at least): Start is not highlighted
    then, so a newcomer is not invited to a refusal; with a second player (or a computer) it is."""
    from tests.e2e.test_primary_player import highlighted

    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    start = h.fake.buttons(lobby)["Start"]
    assert highlighted(h.fake.messages[lobby]) != start
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    assert highlighted(h.fake.messages[lobby]) == h.fake.buttons(lobby)["Start"]
