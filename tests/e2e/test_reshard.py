"""Outgrowing one machine (issue 20): two real bot processes (SHARD_COUNT=2) share one PostgreSQL
database behind a loopback Discord that serves guilds on both shards; games are played in each
guild; then both stop and three processes start with SHARD_COUNT=3. Every game goes on, the buttons
posted before the re-shard still work, and each deadline that passed meanwhile fires exactly once."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import asyncpg

from engine import games
from tests.e2e.test_runtime import ROOT
from tests.fakediscord.server import CHANNEL_ID, FakeDiscord
from tests.stores import drop_schema, pg_schema, postgres_url

HOST, BEA = 101, 102
# Guild ids spread over the shards: (id >> 22) % 2 is 0, 1, 0 and (id >> 22) % 3 is 0, 1, 2.
BASE = 600_000_000_000  # a multiple of 6
GUILDS = [(BASE + k) << 22 for k in range(3)]
CHANNELS = [CHANNEL_ID + 100 + k for k in range(3)]


class Processes:
    def __init__(self, fake: FakeDiscord, url: str, folder: Path) -> None:
        self.fake, self.url, self.folder = fake, url, folder
        self.running: list[asyncio.subprocess.Process] = []

    async def start(self, count: int) -> None:
        """`count` processes, one shard each, all on the same database."""
        before = len(self.fake.identifies)
        for shard in range(count):
            env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
            env.update(
                DISCORD_TOKEN="fake.token.value",
                DISCORD_API_BASE=self.fake.api_base,
                DISCORD_GATEWAY_URL=self.fake.gateway_url,
                DATABASE_URL=self.url,
                SHARD_COUNT=str(count),
                SHARD_IDS=str(shard),
                PICTURE_WORKERS="0",
                PYTHONPATH=str(ROOT),
            )
            self.running.append(
                await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot", cwd=self.folder, env=env, stderr=asyncio.subprocess.PIPE
                )
            )
        for _ in range(600):
            if len(self.fake.identifies) >= before + count and self.fake.commands:
                break
            await asyncio.sleep(0.05)
        assert sorted(self.fake.identifies[before:]) == [(s, count) for s in range(count)]
        await asyncio.sleep(1.0)  # each process restores its shards' timers

    async def stop(self) -> list[str]:
        errors = []
        for proc in self.running:
            proc.send_signal(signal.SIGTERM)
        for proc in self.running:
            _, err = await asyncio.wait_for(proc.communicate(), 30)
            assert proc.returncode == 0, err.decode()
            errors.append(err.decode())
        self.running = []
        return errors

    async def kill(self) -> None:
        for proc in self.running:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()


async def _play_a_move(fake: FakeDiscord, db: asyncpg.Connection, game_id: int, message: int) -> None:
    """The player the game waits for presses a button of the game message that the rules allow."""
    row = await db.fetchrow("SELECT state_json FROM games WHERE id = $1", game_id)
    state = games.game("mega").load_state(row[0])
    player = games.game("mega").to_act(state)[0]
    allowed = {a.do for a in games.game("mega").legal_actions(state, player)}
    for _ in range(300):  # the message may not show the stored move yet (a busy machine)
        # A button of an allowed move, or the suggested move (a select's choice, such as the deed
        # to auction when the roll lands on the Auction space).
        usable = [(k, v) for k, v in fake.buttons(message).items() if v.split(":")[3] in {*allowed, "suggest"}]
        if usable:
            break
        await asyncio.sleep(0.05)
    assert usable, f"no button of {fake.buttons(message)} is one of {allowed}"
    label, custom_id = usable[0]
    answer = await fake.click(int(player), message, custom_id, timeout=15)
    assert answer.type == 7 and not answer.ephemeral, (label, answer.data)


async def test_games_survive_a_reshard_from_two_processes_to_three(tmp_path: Path) -> None:
    base_url = postgres_url()
    schema = await pg_schema(base_url)
    url = f"{base_url}{'&' if '?' in base_url else '?'}search_path={schema}"
    fake = FakeDiscord()
    for guild, channel in zip(GUILDS, CHANNELS, strict=True):
        fake.add_guild(guild, channel)
    fake.add_user(HOST, "Ann")
    fake.add_user(BEA, "Bea")
    await fake.start()
    procs = Processes(fake, url, tmp_path)
    db = await asyncpg.connect(url)
    try:
        await procs.start(2)
        messages: dict[int, int] = {}
        for channel in CHANNELS:  # a game in each guild (shards 0, 1, 0 of 2)
            opened = await fake.slash(HOST, "start", {"game": "mega"}, channel_id=channel, timeout=15)
            assert opened.message is not None and not opened.ephemeral
            lobby = int(opened.message["id"])
            assert (await fake.click(BEA, lobby, fake.buttons(lobby)["Join"], timeout=15)).type == 7
            assert (await fake.click(HOST, lobby, fake.buttons(lobby)["Start"], timeout=15)).type == 7
            game_id = await db.fetchval("SELECT id FROM games WHERE channel_id = $1", channel)
            await _play_a_move(fake, db, game_id, lobby)
            messages[game_id] = lobby
        errors = await procs.stop()
        assert not any("Traceback" in e for e in errors), errors
        # While nobody runs, every game's turn deadline passes.
        await db.execute("UPDATE games SET deadline = $1 WHERE status = 'active'", time.time() - 1)
        before = {g: await db.fetchval("SELECT version FROM games WHERE id = $1", g) for g in messages}
        logged = {g: await db.fetchval("SELECT count(*) FROM actions WHERE game_id = $1", g) for g in messages}

        await procs.start(3)  # re-shard: each guild now has a shard (and a process) of its own
        for _ in range(200):
            versions = {g: await db.fetchval("SELECT version FROM games WHERE id = $1", g) for g in messages}
            if all(versions[g] > before[g] for g in messages):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # a second firing, if any, would land now
        for game_id in messages:
            assert await db.fetchval("SELECT version FROM games WHERE id = $1", game_id) == before[game_id] + 1
            count = await db.fetchval("SELECT count(*) FROM actions WHERE game_id = $1", game_id)
            assert count == logged[game_id] + 1, "the overdue deadline fired exactly once"
        # The messages posted before the re-shard keep working, served by the guild's new process.
        for game_id, message in messages.items():
            await _play_a_move(fake, db, game_id, message)
            status = await fake.slash(HOST, "status", channel_id=CHANNELS[list(messages).index(game_id)], timeout=15)
            assert status.type == 4
        errors = await procs.stop()
        assert not any("Traceback" in e for e in errors), errors
        assert fake.violations == []
    finally:
        await procs.kill()
        await db.close()
        await fake.stop()
        await drop_schema(base_url, schema)
