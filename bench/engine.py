"""Engine speed: `python -m bench.engine [--games N] [--game mega|bingo|all]`.

Plays seeded random 4-player games; times only `apply` (choosing actions with legal_actions is the
players' thinking, not the engine's work) on one core, and reports the JSON size of a mid-game state.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import mega

REPEATS = 5


def bench_mega(games: int) -> None:
    from bench.playout import mega_random_game

    records = []
    sizes = []
    for seed in range(games):
        played = list(mega_random_game(seed, 4))
        records += [(before, actor, action) for before, actor, action, _, _ in played]
        if played:
            sizes.append(len(played[len(played) // 2][0].model_dump_json()))
    report("mega", games, records, mega.apply)
    print(f"mega: mid-game state JSON median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")


def report(game: str, games: int, records: list[tuple[Any, Any, Any]], apply: Callable[..., Any]) -> None:
    """Replay the recorded actions REPEATS times; print the median and best rate.

    Raw dict actions (random trades and discards) are validated once first, as the bot builds typed
    actions; the timing is of the rules work in `apply`.
    """
    parse = mega.parse_action if game == "mega" else _bingo_parse
    records = [(b, a, parse(x) if isinstance(x, dict) else x) for b, a, x in records]
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for before, actor, action in records:
            apply(before, actor, action)
        times.append(time.perf_counter() - start)
    n = len(records)
    median, best = statistics.median(times), min(times)
    print(f"{game}: {n} actions from {games} random 4-player games, replayed {REPEATS} times")
    print(
        f"{game}: median {n / median:,.0f} actions/s ({median / n * 1e6:.1f} µs per action), "
        f"best {n / best:,.0f} actions/s (one core)"
    )


def _bingo_parse(raw: dict[str, Any]) -> Any:
    from engine import bingo

    return bingo.parse_action(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=["mega", "bingo", "all"], default="all")
    args = parser.parse_args()
    if args.game in ("mega", "all"):
        bench_mega(args.games)
    if args.game in ("bingo", "all"):
        try:
            from bench.bingo_bench import bench_bingo
        except ImportError:
            print("bingo: engine not available")
        else:
            bench_bingo(args.games)


if __name__ == "__main__":
    main()
