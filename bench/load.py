"""Load: `python -m bench.load --games 200 --rate 100 --seconds 30 [--overdue 1000]`.

Starts the real bot (`python -m bot`, a separate process) against the loopback Discord from the
tests, seeds `--games` live four-player Mega games (each in its own channel, with its game message),
then sends clicks at `--rate` per second with random (Poisson) arrivals to random games, each from
the player the game waits on, and measures the time from the click to the interaction's answer.
With `--overdue N`, N more games whose turn deadlines passed while the bot was down are seeded:
the clicks then run while the bot works off that backlog, and the time until every overdue
deadline is settled is reported.

Prints p50, p95, p99 and the worst click, clicks answered per second, HTTP requests the bot sent per
click, and the bot's CPU (share of one core) and memory (RSS). With `--watchers N`, N watch pages
(Server-Sent Events streams) follow `--watched-games` of the games, and the time from each click to
its move reaching every page is reported too."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.watchers import SECRET as WATCH_SECRET
from bench.watchers import Watchers
from tests.fakediscord.rules import IS_COMPONENTS_V2
from tests.fakediscord.server import shown_text, walk
from tests.loadgen import PRIORITY, pick_from_state, seed

ROOT = Path(__file__).resolve().parents[1]


def _cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (the picture workers)."""
    total = 0.0
    for one in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _rss_mb(pid: int) -> float:
    total = 0.0
    for one in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            continue
    return total


class Reader:
    """What the players' side reads of the stored games, from SQLite or PostgreSQL."""

    def __init__(self, db: Path, url: str | None) -> None:
        self.db, self.url = db, url
        self.conn: Any = None

    async def open(self) -> None:
        if self.url:
            import asyncpg

            self.conn = await asyncpg.create_pool(self.url, min_size=1, max_size=2)
        else:
            self.conn = sqlite3.connect(self.db, check_same_thread=False)

    async def row(self, game: int) -> tuple[str, str] | None:
        if self.url:
            found = await self.conn.fetchrow("SELECT state_json, status FROM games WHERE id = $1", game)
            return (found[0], found[1]) if found else None
        found = self.conn.execute("SELECT state_json, status FROM games WHERE id = ?", (game,)).fetchone()
        return (found[0], found[1]) if found else None

    async def overdue(self, since: float) -> int:
        sql = "SELECT COUNT(*) FROM games WHERE status = 'active' AND deadline < "
        if self.url:
            return int(await self.conn.fetchval(sql + "$1", since))
        return int(self.conn.execute(sql + "?", (since,)).fetchone()[0])

    async def close(self) -> None:
        if self.url:
            await self.conn.close()
        else:
            self.conn.close()


TURN = re.compile(r"^\*\*p(\d+)\*\*")  # the decision at the top of the message names who acts


async def _pick(db: Reader, game: int, message: dict[str, Any]) -> tuple[int, str, list[str] | None] | None:
    """Who the game waits on and the button they would press (or the select and its choice), read off
    the message the bot drew (as a player would); only an auction, where others may act, and the
    Auction space's select look at the stored state."""
    rows = walk(message.get("components", []))
    by_verb = {c["custom_id"].split(":")[3]: c["custom_id"] for c in rows if c.get("custom_id", "").startswith("mm:")}
    turn = TURN.search(shown_text(message))
    if turn is not None and "pass" not in by_verb:
        for verb in PRIORITY:
            if verb in by_verb:
                return int(turn.group(1)), by_verb[verb], None
    picks = [c for c in rows if c.get("type") == 3 and c.get("custom_id", "").startswith("ms:")]
    return pick_from_state(await db.row(game), by_verb, picks)


async def run(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.fakediscord.server import FakeDiscord

    fake = FakeDiscord()
    fake.answer_within_s = 30.0  # measure lateness here, do not fail it
    if args.no_schema:
        fake.validator.check_request = lambda method, path, body: []  # type: ignore[method-assign]
    await fake.start()
    folder = Path(tempfile.mkdtemp())
    db_path = folder / "load.sqlite3"
    url = None
    if args.database_url:  # a schema of its own on that server, dropped at the end
        import asyncpg

        schema = f"bench_{int(time.time())}"
        admin = await asyncpg.connect(args.database_url)
        await admin.execute(f"CREATE SCHEMA {schema}")
        await admin.close()
        url = f"{args.database_url}{'&' if '?' in args.database_url else '?'}search_path={schema}"
    placed, late = await seed(db_path, url, args.games, args.overdue, fake)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
    env.update(
        DISCORD_TOKEN="fake.token.value",
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        DATABASE_PATH=str(db_path),
        **({"DATABASE_URL": url} if url else {}),
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    watchers: Watchers | None = None
    if args.watchers:
        from tests.e2e.conftest import free_port

        port = free_port()
        env.update(WEB_PORT=str(port), PUBLIC_URL=f"http://127.0.0.1:{port}", WEB_SECRET=WATCH_SECRET)
        watched = sorted(placed)[: args.watched_games]
        watchers = Watchers(f"http://127.0.0.1:{port}", watched, args.watchers)
    started_at = time.time()
    bot = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=folder, env=env)
    try:
        await asyncio.wait_for(fake.identified.wait(), 60)
        await asyncio.sleep(0.5)  # the bot restores its timers
        if watchers is not None:
            await watchers.open()
        reader = Reader(db_path, url)
        await reader.open()
        rng = random.Random(args.seed)
        latencies: list[float] = []
        timeline: list[tuple[float, float]] = []  # (sent, seconds after the first click; ms to the answer)
        refused = 0
        arrivals = {"offered": 0, "all busy": 0, "nothing to press": 0}
        busy: set[int] = set()
        stuck: set[int] = set()  # games waiting on something the simulated players do not do
        tasks: set[asyncio.Task[None]] = set()
        backlog_done: float | None = None
        all_redrawn: float | None = None  # when every overdue game's message showed its new state
        cold: list[float] = []  # the clicks of the warm-up (caches filling after the start)
        clock = time.perf_counter()

        def free() -> list[int]:  # games with no click in flight that the players can act in
            return [g for g in placed if g not in busy and g not in stuck]

        async def one_click(game: int, into: list[float]) -> None:
            nonlocal refused
            choice = await _pick(reader, game, fake.messages[placed[game][1]])
            while choice is None:  # e.g. a debt, settled in the private panel: leave that game, click another
                stuck.add(game)
                busy.discard(game)
                others = free()
                if not others:
                    arrivals["nothing to press"] += into is latencies
                    return
                game = rng.choice(others)
                busy.add(game)
                choice = await _pick(reader, game, fake.messages[placed[game][1]])
            channel, message_id = placed[game]
            user, custom_id, values = choice
            sent = time.perf_counter()
            if watchers is not None and into is latencies:
                watchers.clicked(game, sent)
            try:
                if values is None:
                    answer = await fake.click(user, message_id, custom_id, channel_id=channel, timeout=30)
                else:
                    answer = await fake.select(user, message_id, custom_id, values, timeout=30)
            except TimeoutError:
                into.append(30_000.0)
                busy.discard(game)
                return
            into.append((time.perf_counter() - sent) * 1000)
            if into is latencies:
                timeline.append((sent - clock, into[-1]))
            refused += answer.ephemeral
            busy.discard(game)

        def redrawn() -> int:  # a seeded overdue game's message is no layout: the bot's update makes it one
            return sum(1 for m in late if (fake.messages[m].get("flags") or 0) & IS_COMPONENTS_V2)

        async def send(seconds: float, into: list[float]) -> None:
            nonlocal backlog_done, all_redrawn
            next_check = 0.0
            end = time.perf_counter() + seconds
            due = time.perf_counter()
            while time.perf_counter() < end:
                due += rng.expovariate(args.rate)  # arrivals at absolute times: the offered rate holds
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                if into is latencies:
                    arrivals["offered"] += 1
                games = free()
                if not games:
                    if into is latencies:
                        arrivals["all busy"] += 1
                    continue
                game = rng.choice(games)
                busy.add(game)
                task = asyncio.get_running_loop().create_task(one_click(game, into))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                if args.overdue and time.perf_counter() >= next_check:
                    next_check = time.perf_counter() + 0.1  # a count over every game: not with each click
                    if backlog_done is None and await reader.overdue(started_at) == 0:
                        backlog_done = time.time() - started_at
                    if all_redrawn is None and redrawn() == len(late):
                        all_redrawn = time.time() - started_at

        warmup = args.warmup if args.warmup is not None else (0.0 if args.overdue else 3.0)
        await send(warmup, cold)
        requests_before = len(fake.requests) - len(tasks)  # the answers still due count below
        uploads_before = sum(1 for _, files in fake.uploads if files)
        cpu_before = _cpu_seconds(bot.pid)
        bench_cpu_before = time.process_time()
        clock = time.perf_counter()
        await send(args.seconds, latencies)
        if tasks:
            await asyncio.wait(tasks, timeout=35)
        elapsed = time.perf_counter() - clock
        cpu = (_cpu_seconds(bot.pid) - cpu_before) / elapsed
        rss = _rss_mb(bot.pid)
        requests = len(fake.requests) - requests_before
        bench_cpu = time.process_time() - bench_cpu_before
        latencies.sort()

        def pct(q: float) -> float:
            return latencies[min(len(latencies) - 1, int(len(latencies) * q))] if latencies else 0.0

        store = "PostgreSQL" if url else "SQLite"
        print(
            f"{args.games} live games ({store}), {args.overdue} overdue at start; "
            f"offered {args.rate}/s for {args.seconds} s after a warm-up of {warmup:g} s"
        )
        if cold:
            cold.sort()
            print(
                f"warm-up (not counted below): {len(cold)} clicks, p50 {cold[len(cold) // 2]:.1f} ms, "
                f"p95 {cold[int(len(cold) * 0.95)]:.1f} ms, max {cold[-1]:.1f} ms"
            )
        print(
            f"clicks answered: {len(latencies)} ({len(latencies) / elapsed:.1f}/s), refused {refused}; "
            f"p50 {pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms, p99 {pct(0.99):.1f} ms, "
            f"max {max(latencies, default=0):.1f} ms, mean {statistics.fmean(latencies) if latencies else 0:.1f} ms"
        )
        print(
            f"arrivals: {arrivals['offered']} ({arrivals['offered'] / elapsed:.1f}/s); not sent: "
            f"{arrivals['all busy']} with every game's click in flight, {arrivals['nothing to press']} "
            f"with no game left to click; {len(stuck)} games left alone (waiting on a step the simulated "
            "players do not take, such as raising money in the private panel)"
        )
        uploads = sum(1 for _, files in fake.uploads if files) - uploads_before
        print(
            f"HTTP requests from the bot: {requests} ({requests / max(len(latencies), 1):.2f} per click), "
            f"{uploads / max(len(latencies), 1):.2f} with pictures per click"
        )
        checked = "not checked against the OpenAPI schema" if args.no_schema else "checked against the OpenAPI schema"
        print(f"requests Discord would reject ({checked}, and its rules): {len(fake.violations)}")
        for violation in fake.violations[:3]:
            print(f"  {violation}")
        print(f"requests over Discord's global rate limit (answered 429): {len(fake.rate_limited)}")
        print(
            f"bot CPU {cpu * 100:.0f}% of one core, memory {rss:.0f} MB RSS (with its picture workers) "
            f"(the loopback Discord and the players: {bench_cpu / elapsed * 100:.0f}% of a core)"
        )
        if watchers is not None:
            await asyncio.sleep(1.0)  # the last moves' views on their way
            delays, unseen = watchers.delays()

            def at(q: float) -> float:
                return delays[min(len(delays) - 1, int(len(delays) * q))] * 1000 if delays else 0.0

            print(
                f"watch pages: {args.watchers} open on {len(watchers.games)} games ({watchers.failed} refused); "
                f"a move reached them in p50 {at(0.5):.0f} ms, p95 {at(0.95):.0f} ms, max {at(1.0):.0f} ms "
                f"over {len(delays)} (page, move) pairs; {unseen} clicks changed nothing a page saw before the next"
            )
        if args.timeline:
            for second in range(int(args.seconds) + 1):
                these = sorted(ms for at, ms in timeline if second <= at < second + 1)
                if these:
                    print(
                        f"  {second:3d} s: {len(these):4d} clicks, p50 {these[len(these) // 2]:7.1f} ms, "
                        f"p95 {these[int(len(these) * 0.95)]:7.1f} ms, max {these[-1]:7.1f} ms"
                    )
        if args.overdue:
            if backlog_done is None:
                left = await reader.overdue(started_at)
                print(f"overdue deadlines still waiting at the end: {left}")
            else:
                print(f"every overdue deadline settled {backlog_done:.1f} s after the start")
            if all_redrawn is not None:
                print(f"every overdue game's message updated {all_redrawn:.1f} s after the start")
            else:
                print(f"overdue games' messages updated by the end of the clicks: {redrawn()} of {len(late)}")
                quiet = time.perf_counter()
                while redrawn() < len(late) and time.perf_counter() - quiet < 120:
                    await asyncio.sleep(0.1)
                print(
                    f"then, with no clicks: {redrawn()} of {len(late)} updated "
                    f"{time.perf_counter() - quiet:.1f} s after the clicks ended"
                )
        await reader.close()
    finally:
        if watchers is not None:
            await watchers.close()
        bot.terminate()
        await asyncio.wait_for(bot.wait(), 30)
        await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=100.0, help="clicks per second offered")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--overdue", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", help="run the bot on this PostgreSQL server (a fresh schema) instead of SQLite"
    )
    parser.add_argument(
        "--no-schema",
        action="store_true",
        help="skip the loopback Discord's OpenAPI check of each request (its CPU is not the bot's)",
    )
    parser.add_argument("--timeline", action="store_true", help="also print the clicks of each second")
    parser.add_argument("--watchers", type=int, default=0, help="open watch pages (Server-Sent Events streams)")
    parser.add_argument("--watched-games", type=int, default=50, help="the games those pages watch")
    parser.add_argument(
        "--warmup",
        type=float,
        help="seconds of clicks before the measured ones, reported apart (default 3; 0 with --overdue)",
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
