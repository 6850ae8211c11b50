"""The bingo half of `python -m bench.engine`."""

from __future__ import annotations

import statistics

from bench.engine import report
from engine import bingo


def bench_bingo(games: int) -> None:
    from bench.playout import bingo_random_game

    records = []
    sizes = []
    for seed in range(games):
        played = list(bingo_random_game(seed, 4))
        records += [(before, actor, action) for before, actor, action, _, _ in played]
        if played:
            sizes.append(len(played[len(played) // 2][0].model_dump_json()))
    report("bingo", games, records, bingo.apply)
    print(f"bingo: mid-game state JSON median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")
