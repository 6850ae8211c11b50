"""Two arena runs on the same seeds compared game by game: `python -m bench.paired before.json
after.json`, each file written by `python -m bench.arena ... --shares FILE` (one before a change to
a computer player, one after).

Why paired: the same seed deals the same cards and dice, so most games come out alike and only the
games the change turned count. The standard error of the difference is then a fraction of what two
independent win rates would carry (about 1 point on 1,000 bingo games instead of 2.2), so a change
of 1-2 points can be told from noise without ten thousand games."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.arena import run

SAME = ("game", "hero", "field", "seed", "max_turns")


@dataclass(frozen=True)
class Paired:
    games: int
    before: float  # the hero's win rate
    after: float
    changed: int  # games whose outcome for the hero differs
    diff: float  # after - before, as a rate
    se: float  # the standard error of `diff`


def compare(before: list[float], after: list[float]) -> Paired:
    """The paired difference of two lists of per-game shares (same seeds, same order)."""
    if len(before) != len(after) or len(before) < 2:
        raise ValueError("two runs of the same games (at least two) are needed")
    n = len(before)
    deltas = [b - a for a, b in zip(before, after, strict=True)]
    mean = sum(deltas) / n
    variance = sum((d - mean) ** 2 for d in deltas) / (n - 1)
    return Paired(
        games=n,
        before=sum(before) / n,
        after=sum(after) / n,
        changed=sum(1 for d in deltas if d),
        diff=mean,
        se=math.sqrt(variance / n),
    )


def add_bingo_arguments(parser: argparse.ArgumentParser) -> None:
    """The table a bingo measurement plays twice (bench.hidden, bench.weights): the tuning seeds."""
    parser.add_argument("--hero", default="hard")
    parser.add_argument("--field", default="greedy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--max-turns", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)


def bingo_twice(args: argparse.Namespace, setup: Callable[[], object]) -> Paired:
    """The same bingo games as they are and with `setup` run first in each worker, game by game."""
    field = [args.field] * (args.players - 1)
    before, after = (
        run("bingo", args.hero, field, args.games, args.seed, args.max_turns, args.jobs, each).shares
        for each in (None, setup)
    )
    return compare(before, after)


def load(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    args = parser.parse_args(argv)
    before, after = load(args.before), load(args.after)
    differ = [k for k in SAME if before.get(k) != after.get(k)]
    if differ or len(before["shares"]) != len(after["shares"]):
        print(f"not the same games: they differ in {', '.join(differ) or 'the number of games'}", file=sys.stderr)
        return 2
    p = compare(before["shares"], after["shares"])
    lineup = f"{before['hero']} vs {', '.join(before['field'])}"
    print(f"{before['game']}: {lineup} — {p.games} games from seed {before['seed']}")
    print(f"before {p.before:.1%}, after {p.after:.1%}: {p.diff * 100:+.1f} points (standard error {p.se * 100:.1f})")
    print(f"{p.changed} games came out differently for the hero")
    return 0


if __name__ == "__main__":
    sys.exit(main())
