"""Where a bingo computer's edge lies, the race or the comeback: `python -m bench.leads [--hero hard]
[--field greedy] [--games 400] [--seed 900000] [--max-turns 2000] [--jobs 2]`.

Plays the arena's games (the hero's seat rotated, engine.ai.arena) and notes, for 8, 12, 16 and 20
numbered cells, who owned that many first: the hero or a rival. Prints how often each got there
first and the hero's win rate in those games. Run it for `--hero hard` and `--hero greedy` to see
what hard does better: reaching a lead sooner, or winning from behind (issue 39)."""

from __future__ import annotations

import sys
from typing import Any

from bench.sorted_games import Game, play_sorted
from engine.ai.arena import lineup, play
from engine.bingo.cards import FREE

MARKS = (8, 12, 16, 20)


def cells_owned(player: Any) -> int:
    """Numbered cells owned (FREE is never an asset, B-13)."""
    return sum(1 for cell in player.owned if cell != FREE)


def first_to(players: list[Any], cells: int) -> str | None:
    """Who among `players` owns at least `cells` numbered cells: the one with most, the first in
    seat order on a tie (two can get there in one declaration through claims, B-11)."""
    there = [p for p in players if not p.eliminated and cells_owned(p) >= cells]
    return max(there, key=cells_owned).name if there else None


def played(game: Game) -> tuple[dict[int, bool], float]:
    """One game: for each mark somebody reached, whether the hero got there first; and the hero's
    share of the win."""
    hero, field, seed, where, max_turns = game
    name = f"S{where}"
    firsts: dict[int, bool] = {}

    def watch(state: Any, turns: int) -> None:
        for mark in MARKS:
            if mark not in firsts and (who := first_to(state.players, mark)) is not None:
                firsts[mark] = who == name

    result = play("bingo", lineup("bingo", hero, [field] * 3, where), seed, max_turns, watch=watch)
    return firsts, result.shares[where]


def main(argv: list[str] | None = None) -> int:
    args, results = play_sorted(argv, __doc__, "greedy", 900000, played)
    print(f"bingo: {args.hero} vs 3 x {args.field}, {args.games} games from seed {args.seed}")
    for mark in MARKS:
        parts = []
        for label, mine in ((args.hero, True), ("a rival", False)):
            shares = [share for firsts, share in results if firsts.get(mark) is mine]
            rate = sum(shares) / len(shares) if shares else 0.0
            parts.append(f"{label} first in {len(shares):4d}, {args.hero} won {rate:5.1%}")
        print(f"{mark:2d} cells: " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
