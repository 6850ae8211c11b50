"""A bingo computer's weights changed, measured game by game: `python -m bench.weights --set mines=150
[--set own=1.34 ...] [--hero hard] [--field greedy] [--games 1600] [--seed 900000] [--max-turns 2000]
[--jobs 2]`.

Plays the same games twice, the level as it is and with its `Style` (engine.bingo.computer) changed
as `--set` says, and compares them (bench.paired). This is how the sweep in docs/strength.md was
measured, and the first tool a search over the weights needs (issue 39). The weights a level has
are printed by `--list`. Never used by the bot."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from functools import partial

import engine.bingo.computer as computer
from bench.paired import add_bingo_arguments, bingo_twice


def weights(level: str) -> dict[str, float]:
    """The numeric weights of a level's style, by name."""
    style = computer.STYLES[level]
    return {f.name: float(getattr(style, f.name)) for f in dataclasses.fields(style) if f.type in ("float", float)}


def parse(level: str, settings: list[str]) -> dict[str, float]:
    """`name=value` pairs checked against the level's weights; ValueError says which is wrong."""
    known = weights(level)
    changed: dict[str, float] = {}
    for setting in settings:
        name, _, value = setting.partition("=")
        if name not in known:
            raise ValueError(f"{name!r} is no weight of {level}: {', '.join(known)}")
        try:
            changed[name] = float(value)
        except ValueError:
            raise ValueError(f"{setting!r}: the value is no number") from None
    return changed


def restyle(level: str, changed: dict[str, float]) -> None:
    """Give `level` the changed weights in this process (a worker of the arena)."""
    computer.STYLES[level] = dataclasses.replace(computer.STYLES[level], **changed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a weight to change")
    parser.add_argument("--list", action="store_true", help="print the level's weights and stop")
    add_bingo_arguments(parser)
    args = parser.parse_args(argv)
    if args.hero not in computer.STYLES:
        parser.error(f"--hero takes a level: {', '.join(computer.STYLES)}")
    if args.list:
        print(", ".join(f"{name}={value:g}" for name, value in weights(args.hero).items()))
        return 0
    try:
        changed = parse(args.hero, args.set)
    except ValueError as error:
        parser.error(str(error))
    if not changed:
        parser.error("nothing to change: give --set NAME=VALUE (--list shows the weights)")
    paired = bingo_twice(args, partial(restyle, args.hero, changed))
    told = ", ".join(f"{name}={value:g}" for name, value in changed.items())
    print(f"bingo: {args.hero} vs {args.players - 1} x {args.field}, {paired.games} games from seed {args.seed}")
    print(f"as it is: {paired.before:.1%}; with {told}: {paired.after:.1%}")
    print(f"{paired.diff * 100:+.1f} points (standard error {paired.se * 100:.1f}); {paired.changed} games differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
