"""How long a computer player takes to decide: `python -m bench.decisions [--game mega|bingo]
[--level hard] [--games 20]`. Times every decision of one seat through whole games against the
same level and prints p50, p95 and the maximum (the bot decides on the event loop: keep p95 ≤ 50 ms)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine import games


def timings(kind: str, level: str, count: int) -> list[float]:
    game = games.game(kind)
    spent: list[float] = []
    for seed in range(count):
        state, _ = game.new_game(["A", "B", "C", "D"], seed, {})
        rng = random.Random(seed)
        for _ in range(20_000):
            if state.over:
                break
            window = game.window(state)
            waiting = game.to_act(state)
            actor = waiting[0] if waiting else None
            started = time.perf_counter()
            action = game.computer(state, actor, level, rng) if actor else None
            if actor is not None:
                spent.append(time.perf_counter() - started)
            if action is None:
                if window is None:
                    break
                state, _ = game.apply(state, None, window.closes_with)
            else:
                state, _ = game.apply(state, actor, action)
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("mega", "bingo"), default="mega")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    spent = sorted(timings(args.game, args.level, args.games))
    p95 = spent[int(0.95 * (len(spent) - 1))]
    print(
        f"{args.game} {args.level}: {len(spent)} decisions, p50 {statistics.median(spent) * 1000:.2f} ms, "
        f"p95 {p95 * 1000:.2f} ms, max {spent[-1] * 1000:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
