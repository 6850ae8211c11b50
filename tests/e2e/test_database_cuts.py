"""Issue 29: the bot on PostgreSQL while the database's connections are cut (what a failover, a
server restart or a pooler looks like to it). Every click is answered — played, or refused in
words — nothing a player was told about is lost, and the game message ends up showing the
stored game."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from engine import games
from tests.e2e.conftest import Harness, running
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.server import CHANNEL_ID, FakeDiscord
from tests.stores import drop_schema, pg_schema, postgres_alone, postgres_url

CUT_ALL = (
    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() "
    "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
)


@pytest.fixture
async def on_postgres(tmp_path: Path) -> AsyncIterator[tuple[Harness, str]]:
    """The bot on a schema of its own, with the server to this test alone: its cuts and stops
    would break the other tests' connections (the suite runs in several processes)."""
    base = postgres_url()
    with postgres_alone():
        schema = await pg_schema(base)
        url = f"{base}{'&' if '?' in base else '?'}search_path={schema}"
        try:
            async with running(FakeDiscord(), tmp_path / "unused.sqlite3", database_url=url) as h:
                yield h, base
        finally:
            await drop_schema(base, schema)


async def cut(base: str) -> int:
    admin = await asyncpg.connect(base)
    try:
        return int(await admin.fetchval(CUT_ALL))
    finally:
        await admin.close()


async def test_clicks_survive_cut_connections_and_every_one_is_answered(on_postgres: tuple[Harness, str]) -> None:
    h, base = on_postgres
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    assert await cut(base) >= 1, "the bot's connections were cut"
    rolled = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Roll"])
    assert rolled.type == 7 and "rolled" in rolled.text(), "the read went to a fresh connection"

    stop = asyncio.Event()

    async def keep_cutting() -> None:
        while not stop.is_set():
            await cut(base)
            await asyncio.sleep(0.15)

    cutter = asyncio.create_task(keep_cutting())
    answered = refused = 0
    try:
        for _ in range(12):
            record = await _record(h)
            state = h.bot.service.state_of(record)
            waiting = games.game(record.kind).to_act(state)
            player = int(waiting[0]) if waiting else HOST
            buttons = h.fake.buttons(lobby)
            label = next(
                (b for b in ("End turn", "Decline", "Roll", "Pass", "Throw", "Take $100") if b in buttons), None
            )
            target = buttons[label] if label is not None else highlighted(h.fake.messages[lobby])
            if target is None:
                break
            answer = await h.fake.click(player, lobby, target, timeout=10)
            answered += 1
            refused += answer.ephemeral
            if answer.ephemeral:
                assert any(w in answer.content for w in ("unreachable", "could not be saved", "out of date")), answer
    finally:
        stop.set()
        await cutter
    assert answered >= 8
    # Once the database answers again, the message shows the stored game.
    for _ in range(100):
        record = await _record(h)
        shown = h.fake.shown(lobby)
        if f"v{record.version}" in shown or f"version {record.version}" in shown.lower():
            break
        await asyncio.sleep(0.1)
    log = await h.bot.service.store.games.log(record.id)
    assert [e.seq for e in log] == list(range(log[0].seq, log[0].seq + len(log))), "no move lost or doubled"


async def _record(h: Harness):  # type: ignore[no-untyped-def]
    for _ in range(50):
        with contextlib.suppress(Exception):
            record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
            if record is not None:
                return record
        await asyncio.sleep(0.1)
    raise AssertionError("the game could not be read")


def _cluster() -> list[str] | None:
    """The local PostgreSQL cluster as `pg_ctlcluster` names it (version, name), if this machine has one."""
    import shutil
    import subprocess

    if shutil.which("pg_ctlcluster") is None or shutil.which("pg_lsclusters") is None:
        return None
    lines = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True, check=False).stdout.split("\n")
    for line in lines:
        parts = line.split()
        if len(parts) >= 4 and parts[2] == "5432" and parts[3] == "online":
            return parts[:2]
    return None


async def test_the_server_stopped_mid_game_and_started_again(on_postgres: tuple[Harness, str]) -> None:
    """The database server goes away for 10 s and comes back, the bot is not restarted: clicks meanwhile
    are answered in words, and play goes on afterwards."""
    cluster = _cluster()
    if cluster is None:
        pytest.skip("no local PostgreSQL cluster to stop (pg_ctlcluster)")
    h, base = on_postgres
    setup_users(h)
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    roll = h.fake.buttons(lobby)["Roll"]
    stop = await asyncio.create_subprocess_exec("pg_ctlcluster", *cluster, "stop", "-m", "fast")
    try:
        assert await stop.wait() == 0
        down = await h.fake.click(HOST, lobby, roll, timeout=10)
        assert down.ephemeral and "unreachable" in down.content, down.content
        await asyncio.sleep(10)
    finally:
        start = await asyncio.create_subprocess_exec("pg_ctlcluster", *cluster, "start")
        assert await start.wait() == 0
    for _ in range(100):  # the server accepts connections again
        with contextlib.suppress(Exception):
            await (await asyncpg.connect(base)).close()
            break
        await asyncio.sleep(0.1)
    rolled = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Roll"], timeout=10)
    assert rolled.type == 7 and "rolled" in rolled.text(), "play goes on without restarting the bot"
