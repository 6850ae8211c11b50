"""Engine speed: `python -m bench.engine [--games N] [--game mega|bingo|all]`.

Plays seeded random 4-player games, then replays the recorded actions through `apply` only
(choosing actions with legal_actions is the players' thinking, not the engine's work) on one
core, REPEATS times, and reports the median and best rate plus the JSON size of mid-game states.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench.playout import bingo_random_game, mega_random_game
from engine import bingo, mega

REPEATS = 5
GAMES: dict[str, tuple[Callable[..., Iterator[Any]], Callable[..., Any], Callable[[dict[str, Any]], Any]]] = {
    "mega": (mega_random_game, mega.apply, mega.parse_action),
    "bingo": (bingo_random_game, bingo.apply, bingo.parse_action),
}


def bench_game(game: str, games: int) -> None:
    playout, apply, parse = GAMES[game]
    records = []
    sizes = []
    for seed in range(games):
        played = list(playout(seed, 4))
        # Raw dict actions (random trades and discards) are validated once, as the bot builds typed actions.
        records += [(b, a, parse(x) if isinstance(x, dict) else x) for b, a, x, _, _ in played]
        if played:
            sizes.append(len(played[len(played) // 2][0].model_dump_json()))
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
    print(f"{game}: mid-game state JSON median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=["mega", "bingo", "all"], default="all")
    args = parser.parse_args()
    for game in GAMES:
        if args.game in (game, "all"):
            bench_game(game, args.games)


if __name__ == "__main__":
    main()
