"""The release: the sharded bot runs against the loopback Discord, and `python -m bot` stops
cleanly on SIGTERM (what `docker stop` sends) and SIGINT."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.e2e.test_runtime import ROOT
from tests.fakediscord.server import FakeDiscord


async def test_the_sharded_bot_serves_the_guild_of_its_shards(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    h = Harness(fake, tmp_path / "sharded.sqlite3", shard_count=2, shard_ids=(0, 1), picture_workers=1)
    await h.start_bot()
    try:
        for _ in range(100):
            if len(fake.identifies) >= 2:
                break
            await asyncio.sleep(0.05)
        assert sorted(fake.identifies) == [(0, 2), (1, 2)]
        assert type(h.bot).__name__ == "ShardedMonopolyBot"
        setup_users(h)
        lobby = await open_lobby(h)
        joined = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
        assert joined.type == 7
        started = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"], timeout=20)
        assert started.type == 7 and "Roll" in h.fake.buttons(lobby)
        assert h.bot.painter.workers == 1 and h.fake.messages[lobby]["attachments"]  # drawn by a worker
    finally:
        await h.stop_bot()
        await fake.stop()
    assert fake.violations == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_bot_cleanly(tmp_path: Path, sig: signal.Signals) -> None:
    fake = FakeDiscord()
    await fake.start()
    db = tmp_path / "games.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
    env.update(
        DISCORD_TOKEN="fake.token.value",
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        DATABASE_PATH=str(db),
        PYTHONPATH=str(ROOT),
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE
    )
    try:
        await asyncio.wait_for(fake.identified.wait(), 30)
        assert db.exists()
        proc.send_signal(sig)
        _, err = await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()
    assert proc.returncode == 0, err.decode()
    assert b"Traceback" not in err
    assert not Path(str(db) + "-wal").exists()  # the store was closed (SQLite removes the WAL)
