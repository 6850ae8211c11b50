"""The runner the sorting tools share (`bench.rights`, `bench.monopolies`, `bench.leads`): the arena's games with
the hero's seat rotated over four (engine.ai.arena), played in worker processes, each game told to
the tool's own function, which watches it and says what kind of game it was."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

R = TypeVar("R")
Game = tuple[str, str, int, int, int]  # hero, field, seed, the hero's seat, turn cap


def play_sorted(
    argv: list[str] | None, doc: str | None, field: str, seed: int, one: Callable[[Game], R]
) -> tuple[argparse.Namespace, list[R]]:
    """The command line (`--hero --field --games --seed --max-turns --jobs`) and `one` of each
    game, in seed order. `one` must be a module-level function (it runs in another process)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hero", default="hard")
    parser.add_argument("--field", default=field)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--max-turns", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    games = [(args.hero, args.field, args.seed + g, g % 4, args.max_turns) for g in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return args, list(pool.map(one, games, chunksize=4))
