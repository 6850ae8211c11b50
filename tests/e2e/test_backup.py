"""Backups (issue 37): `python -m bot.store.backup` copies the database while the bot runs, and a bot
started on the copy finds the game where it was and plays on from its buttons."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.server import CHANNEL_ID

ROOT = Path(__file__).resolve().parents[2]


async def test_a_backup_taken_while_playing_restores_the_game(harness: Harness, tmp_path: Path) -> None:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Roll"])
    before = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    copy = tmp_path / "backup" / "games.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "fake.token.value", "DATABASE_PATH": str(h.db)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.store.backup", "--to", str(copy), env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0 and out.decode().startswith("ok: 1 games copied"), out
    await h.fake.quiet()
    buttons = h.fake.buttons(lobby)
    # Restore: another bot (the first is gone) started on the copy, against the same Discord.
    await h.stop_bot()
    restored = Harness(h.fake, copy)
    await restored.start_bot()
    try:
        record = await restored.bot.service.store.games.live_in_channel(CHANNEL_ID)
        assert record is not None and record.version == before.version and record.message_id == lobby
        label = next((b for b in ("End turn", "Buy", "Decline") if b in buttons), None)
        # Else the suggested move (the roll may have landed on the Auction space: a deed to pick).
        target = buttons[label] if label is not None else highlighted(h.fake.messages[lobby])
        assert target is not None, buttons
        answer = await h.fake.click(HOST, lobby, target)
        assert answer.type == 7, answer.data  # the restored game plays on from its message
    finally:
        await restored.stop_bot()
        await h.start_bot()


async def test_a_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    from bot.store.backup import main

    (tmp_path / "db.sqlite3").write_bytes(b"")
    (tmp_path / "taken.sqlite3").write_bytes(b"x")
    assert main(["--from", str(tmp_path / "db.sqlite3"), "--to", str(tmp_path / "taken.sqlite3")]) == 2
    assert (tmp_path / "taken.sqlite3").read_bytes() == b"x"
