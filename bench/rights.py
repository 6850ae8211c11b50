"""Who could build decides Mega against builders: `python -m bench.rights [--hero hard] [--field
builder] [--games 400] [--seed 50000] [--max-turns 2000] [--jobs 2]`.

Plays the arena's games (the hero's seat rotated, engine.ai.arena) and sorts them by who ever had
building rights (a majority, M-22): the hero alone, the hero and a rival, rivals only, nobody. Prints
the hero's win rate in each (issue 39: the README's "What holds them back")."""

from __future__ import annotations

import sys
from typing import Any

from bench.sorted_games import Game, play_sorted
from engine.ai.arena import lineup, play
from engine.mega.board import GROUPS
from engine.mega.queries import has_building_rights


def _one(game: Game) -> tuple[str, float]:
    hero, field, seed, where, max_turns = game
    names = [f"S{i}" for i in range(4)]
    built: set[str] = set()

    def watch(state: Any, turns: int) -> None:
        for name in names:
            if name not in built and any(has_building_rights(state, name, g) for g in GROUPS):
                built.add(name)

    result = play("mega", lineup("mega", hero, [field] * 3, where), seed, max_turns, watch=watch)
    return who_built(built, names[where]), result.shares[where]


def who_built(built: set[str], hero: str) -> str:
    """Which of the four kinds of game this was, by the seats that ever had building rights."""
    rivals = bool(built - {hero})
    if hero in built:
        return "both" if rivals else "hero alone"
    return "rivals only" if rivals else "nobody"


def main(argv: list[str] | None = None) -> int:
    args, results = play_sorted(argv, __doc__, "builder", 50000, _one)
    print(f"mega: {args.hero} vs 3 x {args.field}, {args.games} games from seed {args.seed}")
    for kind in ("hero alone", "both", "rivals only", "nobody"):
        shares = [share for k, share in results if k == kind]
        rate = sum(shares) / len(shares) if shares else 0.0
        print(f"{kind:12s} could build: {len(shares):4d} games, {args.hero} won {rate:.1%}")
    print(f"all: {sum(s for _, s in results) / max(1, len(results)):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
