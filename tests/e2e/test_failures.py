"""Discord's failures and operators' mistakes (issue 16): each defect found by attacking the bot
is a test here. The loopback Discord enforces Discord's rules (see test_fake_discord.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import SqliteStore
from tests.e2e.conftest import Harness
from tests.e2e.holding import until
from tests.e2e.mega_table import set_position, state_now
from tests.e2e.test_lobby import BEA, CAI, DAN, HOST, STRANGER, open_lobby, setup_users, started_mega
from tests.e2e.test_mega_play import three_players
from tests.e2e.test_runtime import _run_bot
from tests.fakediscord.server import CHANNEL_ID, walk

A, B, C = str(HOST), str(BEA), str(CAI)


def versions(h: Harness, message: int) -> set[int]:
    """The state versions the buttons of a message were drawn for."""
    ids = [c["custom_id"] for c in walk(h.fake.messages[message]["components"]) if "custom_id" in c]
    return {int(i.split(":")[2]) for i in ids if i.startswith(("mm:", "ms:"))}


async def record_now(h: Harness):  # type: ignore[no-untyped-def]
    return await h.bot.service.store.games.live_in_channel(CHANNEL_ID)


# --- 1. a stale game message is repaired ----------------------------------------------------------


async def test_1a_a_lost_answer_is_repaired_through_rest(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    h.fake.lose_answers = 1  # Discord forgets the interaction: the answer fails with 404
    lost = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert lost.data == {"lost": True}
    await h.fake.quiet()
    record = await record_now(h)
    assert versions(h, record.message_id) == {record.version}  # the buttons are current again
    assert "Buy" in h.fake.buttons(record.message_id)


async def test_1b_after_a_crash_between_saving_and_editing_the_start_repairs_the_message(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    await h.fake.quiet()
    record = await record_now(h)
    await h.bot.service.act(record.id, A, {"do": "roll"}, None)  # saved, but the message never edited
    await h.stop_bot()
    assert versions(h, msg) != {record.version + 1}
    await h.start_bot()
    for _ in range(100):  # the repair runs in the background after the start
        if versions(h, msg) == {record.version + 1}:
            break
        await asyncio.sleep(0.05)
    assert versions(h, msg) == {record.version + 1}


async def lost_edit(h: Harness) -> tuple[int, Any, str]:
    """Ann rolls and nothing redraws the message (a lost edit): the message, the record before the
    roll, and the Roll button it still shows."""
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    record = await record_now(h)
    roll = h.fake.buttons(msg)["Roll"]
    h.bot.service.on_saved.clear()  # nothing refreshes the message after this move
    await h.bot.service.act(record.id, A, {"do": "roll"}, None)
    return msg, record, roll


async def test_1c_a_stale_press_on_the_current_message_redraws_it(harness: Harness) -> None:
    h = harness
    msg, record, roll = await lost_edit(h)
    refused = await h.fake.click(HOST, msg, roll)
    assert refused.ephemeral and "out of date" in refused.content
    # Queued with the updates nobody clicked for (a quarter second at most).
    await until(lambda: versions(h, msg) == {record.version + 1})
    assert versions(h, msg) == {record.version + 1} and "Buy" in h.fake.buttons(msg)


async def test_1c_stale_presses_at_once_redraw_the_message_once(harness: Harness) -> None:
    """Three presses of the same out-of-date button at once: one drawing, not three (the channel
    allows five message requests in five seconds, and the table's next move waits for room)."""
    h = harness
    msg, record, roll = await lost_edit(h)
    before = len(h.fake.requests)
    refused = await asyncio.gather(*(h.fake.click(user, msg, roll) for user in (HOST, HOST, BEA)))
    assert all(r.ephemeral for r in refused)
    await until(lambda: versions(h, msg) == {record.version + 1})
    await h.fake.quiet(idle=0.5)
    edits = [p for m, p, _ in h.fake.requests[before:] if m == "PATCH" and p.endswith(f"/messages/{msg}")]
    assert versions(h, msg) == {record.version + 1} and len(edits) == 1, edits


# --- 2. a deleted game message is posted again ------------------------------------------------------


async def test_2_a_deleted_game_message_is_posted_again(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    h.fake.delete_message(msg)
    record = await record_now(h)
    outcome = await h.bot.service.act(record.id, A, {"do": "roll"}, None)
    await h.bot.get_cog("GameMessage").edit_game_message(outcome)
    moved = await record_now(h)
    assert moved.message_id != msg and moved.message_id in h.fake.messages
    assert "Buy" in h.fake.buttons(moved.message_id)


# --- 3. a click counts only in its game's own channel ----------------------------------------------


async def test_3_clicks_from_another_channel_or_a_dm_are_refused(harness: Harness) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    join = h.fake.buttons(lobby)["Join"]
    elsewhere = await h.fake.click(BEA, lobby, join, channel_id=CHANNEL_ID + 1)
    assert elsewhere.ephemeral and "another channel" in elsewhere.content
    direct = await h.fake.click(BEA, lobby, join, channel_id=CHANNEL_ID + 2, dm=True)
    assert direct.ephemeral and "another channel" in direct.content
    record = await record_now(h)
    assert [p.id for p in record.lobby.players] == [HOST]


# --- 4. malformed input always gets a clear private answer ------------------------------------------


async def test_4_malformed_input_is_refused_privately(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Decline"])
    record = await record_now(h)
    game, version = record.id, record.version
    modal = await h.fake.click(BEA, msg, h.fake.buttons(msg)["Bid…"])
    for typed in ("²", "٣", "-5", "1e3", "", "9" * 12):
        answer = await h.fake.submit_modal(BEA, modal.data["custom_id"], {"amount": typed})
        assert answer.ephemeral and "whole number" in answer.content, typed
    forged = [
        f"mm:{game}:{version}:bid:abc",
        f"mm:{game}:{version}:trade_accept:1.abc",
        f"mm:{2**63}:{version}:roll",
        f"mm:{game}:{version}:no_such_verb",
    ]
    for custom_id in forged:
        answer = await h.fake.click(BEA, msg, custom_id)
        assert answer.ephemeral and answer.content, custom_id
    empty = await h.fake.select(BEA, msg, f"ms:{game}:{version}:pick:0", [""])
    assert empty.ephemeral and empty.content
    assert (await record_now(h)).version == version  # nothing changed


# --- 5. lobbies expire, and one user hosts a bounded number ------------------------------------------


async def test_5_lobbies_expire_and_a_host_may_hold_only_a_few(harness: Harness) -> None:
    h = harness
    setup_users(h)
    from bot.service import ServiceError
    from bot.store import LobbyPlayer

    spammer = LobbyPlayer(id=STRANGER, name="Zed")
    for channel in range(1, 4):  # three lobbies in three other channels
        await h.bot.tables.lobbies.open_lobby(
            guild_id=1,
            channel_id=channel,
            kind="mega",
            host=spammer,
            locale="en",
            options={},
            turn_timeout_s=60,
            missed_turn_limit=3,
        )
    with pytest.raises(ServiceError) as refused:
        await h.bot.tables.lobbies.open_lobby(
            guild_id=1,
            channel_id=4,
            kind="mega",
            host=spammer,
            locale="en",
            options={},
            turn_timeout_s=60,
            missed_turn_limit=3,
        )
    assert refused.value.key == "too_many_lobbies"
    answer = await h.fake.slash(STRANGER, "start", {"game": "mega"})
    assert answer.ephemeral and "3 open lobbies" in answer.content
    # A lobby says when it closes, and closes by itself.
    lobby = await open_lobby(h)
    record = await record_now(h)
    assert record.deadline_kind == "lobby" and "closes" in json.dumps(h.fake.messages[lobby])
    await h.restart_after_deadline(record.id)
    await h.fake.quiet(timeout=10)
    closed = await h.bot.service.store.games.get(record.id)
    assert closed.status == "cancelled" and "in time" in json.dumps(h.fake.messages[lobby])
    assert not h.fake.messages[lobby]["components"]
    again = await h.fake.slash(DAN, "start", {"game": "mega"})
    assert not again.ephemeral  # the channel is free again


# --- 8. a full disk: the player is told, nothing changes, and play resumes -----------------------------


async def test_8_a_full_disk_keeps_the_real_error_and_recovers(tmp_path: Path) -> None:
    """A real SQLITE_FULL (the file may not grow): the store reports it as a failed write (not
    "cannot rollback"), changes nothing, and writes again once there is room."""
    from bot.store import Lobby, NotSaved

    store = SqliteStore(tmp_path / "full.sqlite3")
    await store.open()
    await store.connection.db.execute("PRAGMA journal_mode=DELETE")  # the main file takes every write at once
    record = await store.games.create_game(guild_id=1, channel_id=1, kind="mega", host_id=1, locale="en", lobby=Lobby())
    async with store.connection.db.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]
    await store.connection.db.execute(f"PRAGMA max_page_count = {pages}")
    big = record.model_copy(update={"state_json": "x" * 200_000})
    with pytest.raises(NotSaved) as failed:
        await store.games.save(big, expected_version=0, actor="1", action={"do": "x"}, events=[])
    assert failed.value.reason == "disk_full"
    assert (await store.games.get(record.id)).version == 0
    await store.connection.db.execute("PRAGMA max_page_count = 1073741823")
    saved = await store.games.save(big, expected_version=0, actor="1", action={"do": "x"}, events=[])
    assert saved.version == 1
    await store.close()


async def test_8_a_move_that_cannot_be_saved_is_told_and_play_resumes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store import NotSaved

    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    games = h.bot.service.store.games
    real = games.save
    failures = [NotSaved("disk_full", "database or disk is full")]

    async def full_once(*args, **kwargs):  # type: ignore[no-untyped-def]
        if failures:
            raise failures.pop()
        return await real(*args, **kwargs)

    monkeypatch.setattr(games, "save", full_once)
    before = await record_now(h)
    full = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert full.ephemeral and "could not be saved" in full.content
    assert (await record_now(h)).version == before.version
    rolled = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert rolled.type == 7 and (await state_now(h)).version == before.version + 1


# --- 10. private texts never reach the log ---------------------------------------------------------


async def test_10_debug_logs_carry_no_private_text(harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    with caplog.at_level(logging.DEBUG):
        refused = await h.fake.click(STRANGER, lobby, h.fake.buttons(lobby)["Start"])
        await h.fake.quiet()
    assert refused.ephemeral and refused.content
    assert "aiosqlite" in caplog.text and "discord" in caplog.text  # debug lines are there…
    assert refused.content not in caplog.text  # …without the private answer
    assert "lobby_json" not in caplog.text and "UPDATE games" not in caplog.text  # nor statements
    assert "/tok9" not in caplog.text  # nor interaction tokens


# --- 6, 7, 9: the operator's database ----------------------------------------------------------------


def env_for(db: Path) -> dict[str, str]:
    return {"DISCORD_TOKEN": "fake.token.value", "DATABASE_PATH": str(db), "DISCORD_API_BASE": "http://127.0.0.1:9"}


async def one_line_exit_2(tmp_path: Path, db: Path) -> str:
    code, err = await _run_bot(env_for(db), tmp_path)
    lines = err.strip().splitlines()
    assert code == 2 and "Traceback" not in err, err
    return lines[-1]


async def test_6_a_database_from_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    assert "newer than this version" in await one_line_exit_2(tmp_path, db)


async def test_6_only_the_one_game_per_channel_index_means_a_busy_channel(tmp_path: Path) -> None:
    from bot.store import ChannelBusy, Lobby, NotSaved

    store = SqliteStore(tmp_path / "g.sqlite3")
    await store.open()
    lobby = Lobby()
    await store.games.create_game(guild_id=1, channel_id=1, kind="mega", host_id=1, locale="en", lobby=lobby)
    with pytest.raises(ChannelBusy):
        await store.games.create_game(guild_id=1, channel_id=1, kind="mega", host_id=1, locale="en", lobby=lobby)
    await store.connection.db.execute(
        "CREATE TRIGGER no_more BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'nope'); END"
    )
    with pytest.raises(NotSaved):
        await store.games.create_game(guild_id=1, channel_id=2, kind="mega", host_id=1, locale="en", lobby=lobby)
    await store.close()


async def test_7_a_second_process_on_the_same_database_exits(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    first = SqliteStore(db)
    await first.open()
    try:
        assert "another bot process" in await one_line_exit_2(tmp_path, db)
    finally:
        await first.close()


async def test_9_a_bad_database_path_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert "DATABASE_PATH" in await one_line_exit_2(tmp_path, blocker / "games.sqlite3")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database" * 100)
    assert "as a database" in await one_line_exit_2(tmp_path, garbage)
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    assert "not a file" in await one_line_exit_2(tmp_path, folder)


async def test_check_command_verifies_settings_and_database(tmp_path: Path) -> None:
    import asyncio
    import os
    import sys

    from tests.e2e.test_runtime import ROOT

    env = {**os.environ, **env_for(tmp_path / "ok.sqlite3"), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--check", cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0 and b"ok" in out


async def test_1d_a_refresh_never_redraws_a_message_a_click_just_answered(harness: Harness) -> None:
    """The version a message shows is written in batches; until then the bot still knows it, so
    the repair after a start sends no extra request for a game a player just moved (one HTTP
    request per ordinary click)."""
    h = harness
    lobby, roll = await started_mega(h)
    before = len(h.fake.requests)
    answer = await h.fake.click(HOST, lobby, roll)
    assert answer.type == 7
    assert await h.bot.get_cog("GameMessage").refresh_stale_messages() == 0
    await h.fake.quiet()
    edits = [path for method, path, _ in h.fake.requests[before:] if method == "PATCH" and "/channels/" in path]
    assert edits == []
