"""Issue 30: the opt-in Prometheus endpoint, scraped after a few clicks of a real game on the
loopback Discord: click latencies, answers and refusals by reason, live games by kind, deadlines,
pictures, the process's memory; and nothing is served without METRICS_PORT."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import aiohttp
import pytest

from bot import metrics
from tests.e2e.conftest import running
from tests.e2e.mega_table import set_position
from tests.e2e.test_lobby import BEA, HOST, STRANGER
from tests.e2e.test_mega_play import A, B, C, three_players
from tests.fakediscord.server import FakeDiscord


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _series(text: str) -> dict[str, float]:
    """`name{labels}` → value, for every sample line of Prometheus' text format."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


async def _scrape(port: int) -> tuple[str, dict[str, float]]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain; version=")
        text = await answer.text()
    return text, _series(text)


async def test_the_endpoint_tells_what_the_bot_did(tmp_path: Path) -> None:
    port = _free_port()
    async with running(FakeDiscord(), tmp_path / "games.sqlite3", metrics_port=port) as h:
        _, before = await _scrape(port)
        await three_players(h)
        msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
        await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
        stranger = await h.fake.click(STRANGER, msg, h.fake.buttons(msg)["Buy"])
        assert stranger.ephemeral
        await h.fake.click(HOST, msg, h.fake.buttons(msg)["Buy"])
        old = await h.fake.click(BEA, msg, h.fake.buttons(msg).get("End turn") or h.fake.buttons(msg)["Roll"])
        assert old.ephemeral  # not Bea's turn
        logging.getLogger("discord.http").warning(
            "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.", "PATCH", "/x", 0.5
        )
        text, after = await _scrape(port)

    def grew(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert grew('monopoly_click_seconds_count{kind="mega"}') >= 3
    assert grew('monopoly_answers_total{reason="",result="done"}') >= 2
    refusals = {k: v for k, v in after.items() if k.startswith("monopoly_answers_total") and 'result="refused"' in k}
    assert (
        sum(refusals.values())
        - sum(v for k, v in before.items() if k.startswith("monopoly_answers_total") and 'result="refused"' in k)
        >= 2
    ), refusals
    assert all('reason=""' not in k for k in refusals), "every refusal names its reason"
    assert after['monopoly_live_games{kind="mega",status="active"}'] == 1
    assert after['monopoly_deadlines{state="due"}'] >= 1  # the turn timer of the game being played
    assert 'monopoly_deadlines{state="overdue"}' in after
    assert grew('monopoly_picture_seconds_count{picture="board.png"}') >= 1
    assert grew("monopoly_discord_rate_limited_total") == 1
    assert after["process_resident_memory_bytes"] > 10_000_000
    assert "# HELP monopoly_click_seconds Time from a click" in text


async def test_no_endpoint_without_a_port(tmp_path: Path) -> None:
    port = _free_port()
    async with running(FakeDiscord(), tmp_path / "games.sqlite3") as h:
        assert h.bot.metrics_endpoint is None
        with pytest.raises(aiohttp.ClientConnectionError):
            await _scrape(port)


async def test_a_database_retry_and_an_outage_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection cut once is retried (counted as a retry); cut twice, the click is told the
    database is down (counted as down)."""
    import asyncpg

    from bot.store import DatabaseDown
    from bot.store.postgres import retry as pg_retry

    monkeypatch.setattr(pg_retry, "RETRY_PAUSE_S", 0)
    cuts = [asyncpg.ConnectionDoesNotExistError("cut")]

    class Pool:
        async def fetchval(self, sql: str) -> int:
            if cuts:
                raise cuts.pop()
            return 1

    queries = pg_retry.Queries(lambda: Pool())  # type: ignore[arg-type, return-value]
    retry, down = metrics.DATABASE_ERRORS.labels("retry"), metrics.DATABASE_ERRORS.labels("down")
    retries, downs = retry._value.get(), down._value.get()
    assert await queries.fetchval("SELECT 1") == 1
    assert (retry._value.get(), down._value.get()) == (retries + 1, downs)
    cuts.extend([asyncpg.ConnectionDoesNotExistError("cut")] * 2)
    with pytest.raises(DatabaseDown):
        await queries.fetchval("SELECT 1")
    assert (retry._value.get(), down._value.get()) == (retries + 2, downs + 1)
