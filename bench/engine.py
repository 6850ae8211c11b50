"""Engine speed: `python -m bench.engine [--games N] [--game mega|bingo|all]`.

Plays seeded random 4-player games; times only `apply` (choosing actions with legal_actions is the
players' thinking, not the engine's work) on one core, and reports the JSON size of a mid-game state.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import mega


def bench_mega(games: int) -> None:
    from bench.playout import mega_random_game

    records = []
    sizes = []
    for seed in range(games):
        played = list(mega_random_game(seed, 4))
        records += [(before, actor, action) for before, actor, action, _, _ in played]
        if played:
            sizes.append(len(played[len(played) // 2][0].model_dump_json()))
    start = time.perf_counter()
    for before, actor, action in records:
        mega.apply(before, actor, action)
    elapsed = time.perf_counter() - start
    n = len(records)
    print(f"mega: {n} actions replayed from {games} random 4-player games")
    print(f"mega: {n / elapsed:,.0f} actions/s, mean {elapsed / n * 1e6:.1f} µs per action (one core)")
    print(f"mega: mid-game state JSON median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")


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
