"""What a column monopoly is worth in bingo: `python -m bench.monopolies [--hero hard] [--field
greedy] [--games 400] [--seed 900000] [--max-turns 2000] [--jobs 2]`.

While a player holds the monopoly of a column, every rival may own at most four of its cells (B-18),
so no rival can own all 24 (B-21): the holder can lose only by being put out. N can be completed only
in detention and has four numbered cells, so its monopoly caps nobody. Plays the arena's games (the
hero's seat rotated, engine.ai.arena), sorts them by whether the hero ever held a monopoly of B, I, G
or O, and prints its win rate in each (issue 39: the README's "What holds them back")."""

from __future__ import annotations

import sys
from typing import Any

from bench.sorted_games import Game, play_sorted
from engine.ai.arena import lineup, play

VETO_COLUMNS = ("B", "I", "G", "O")


def holds_veto(monopolies: dict[str, str], name: str) -> bool:
    """`name` holds a monopoly that keeps every rival from owning all 24 cells (B-18, B-21)."""
    return any(monopolies.get(col) == name for col in VETO_COLUMNS)


def _one(game: Game) -> tuple[bool, float]:
    held, share, _ = played(game)
    return held, share


def played(game: Game) -> tuple[bool, float, Any]:
    """One game: whether the hero ever held a monopoly of B, I, G or O, its share of the win, and the
    last state (the tests read who owns all 24 cells from it)."""
    hero, field, seed, where, max_turns = game
    name = f"S{where}"
    held = False

    def watch(state: Any, turns: int) -> None:
        nonlocal held
        held = held or holds_veto(state.monopolies, name)

    result = play("bingo", lineup("bingo", hero, [field] * 3, where), seed, max_turns, watch=watch)
    return held, result.shares[where], result.final


def main(argv: list[str] | None = None) -> int:
    args, results = play_sorted(argv, __doc__, "greedy", 900000, _one)
    print(f"bingo: {args.hero} vs 3 x {args.field}, {args.games} games from seed {args.seed}")
    for label, kind in (("held a monopoly", True), ("never held one", False)):
        shares = [share for held, share in results if held is kind]
        rate = sum(shares) / len(shares) if shares else 0.0
        print(f"{label:16s}: {len(shares):4d} games, {args.hero} won {rate:.1%}")
    losses = [held for held, share in results if share == 0.0]
    never = sum(1 for held in losses if not held)
    share = never / max(1, len(losses))
    print(f"of {len(losses)} games {args.hero} lost, it never held a monopoly in {never} ({share:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
