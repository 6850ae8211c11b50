"""Our computer players against published strategies: `python -m bench.arena --game mega --hero hard
--field gnome [--games 1000] [--seed 0] [--players 4] [--max-turns 600] [--jobs 2]`.

The hero sits in one seat, rotated game by game; the other seats play `--field` (one name, or a
comma-separated list, one per seat). Names: easy, normal, hard (our levels) and the game's baselines
(Mega: gnome, greedy, random; bingo: greedy, random). A game still running after `--max-turns` turns
is decided as a table would stop it: Mega by the asset count (M-42), bingo by the most cells. Prints
the hero's win rate with its Wilson 95% interval (fair share: 1 / players), its rate by seat, every
seat's rate whoever sat there (a seat-bias check) and how many games reached the cap.

`--shares FILE` also writes the hero's share of each game (JSON, in seed order): two such files from
the same seeds, one before a change and one after, are compared game by game by `python -m
bench.paired` — a far finer measure of a change than two win rates side by side."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from engine.ai.arena import Report, arena, wilson


def _chunk(args: tuple[str, str, list[str], int, int, int]) -> Report:
    kind, hero, field, games, seed, max_turns = args
    return arena(kind, hero, field, games, seed, max_turns)


def run(
    kind: str,
    hero: str,
    field: list[str],
    games: int,
    seed: int,
    max_turns: int,
    jobs: int,
    setup: Callable[[], object] | None = None,
) -> Report:
    """The arena split over `jobs` processes (chunks keep the seat rotation: multiples of seats);
    `setup` runs first in each process (bench.hidden changes what the computer may read)."""
    seats = len(field) + 1
    per = max(seats, (games // max(1, jobs)) // seats * seats)
    chunks, start = [], 0
    while start < games:
        n = min(per, games - start)
        chunks.append((kind, hero, field, n, seed + start, max_turns))
        start += n
    with ProcessPoolExecutor(max_workers=jobs, initializer=setup) as pool:
        parts = list(pool.map(_chunk, chunks))
    total = Report(hero, field, 0, 0.0, [0.0] * seats, [0.0] * seats, 0, 0.0)
    for part in parts:
        total.games += part.games
        total.wins += part.wins
        total.capped += part.capped
        total.stuck += part.stuck
        total.mean_turns += part.mean_turns * part.games
        total.lengths += part.lengths
        total.shares += part.shares
        for i in range(seats):
            total.by_seat[i] += part.by_seat[i]
            total.seat_wins[i] += part.seat_wins[i]
    total.mean_turns /= max(1, total.games)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("mega", "bingo"), required=True)
    parser.add_argument("--hero", default="hard")
    parser.add_argument("--field", default="greedy", help="one name, or one per other seat (comma-separated)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--seconds-per-turn", type=float, default=20.0, help="a turn's time at a Discord table, for minutes"
    )
    parser.add_argument("--shares", metavar="FILE", help="write the hero's share of each game here (JSON)")
    args = parser.parse_args(argv)
    names = [f.strip() for f in args.field.split(",") if f.strip()]
    field = names if len(names) > 1 else names * (args.players - 1)
    started = time.perf_counter()
    report = run(args.game, args.hero, field, args.games, args.seed, args.max_turns, args.jobs)
    low, high = report.interval
    seats = len(field) + 1
    print(f"{args.game}: {args.hero} vs {', '.join(field)} — {report.games} games, seed {args.seed}")
    print(f"{args.hero} won {report.wins:.1f} ({report.rate:.1%}; 95% CI {low:.1%}–{high:.1%}; fair {1 / seats:.1%})")
    per_seat = report.games / seats
    print("by seat (hero): " + ", ".join(f"{i}: {w / per_seat:.1%}" for i, w in enumerate(report.by_seat)))
    print(
        "by seat (all): "
        + ", ".join(
            f"{i}: {w / report.games:.1%} ±{_half(w, report.games):.1%}" for i, w in enumerate(report.seat_wins)
        )
    )
    print(f"{report.capped} games reached {args.max_turns} turns; mean {report.mean_turns:.0f} turns")
    if report.stuck:
        print(f"{report.stuck} of them stopped early at the action cap: a player going round in circles")
    pace = args.seconds_per_turn / 60
    quantiles = [(q, report.length_at(q)) for q in (0.5, 0.9, 0.95, 0.99)]
    print(
        "game length in turns: "
        + ", ".join(f"p{round(q * 100)} {n}{'+' if n > args.max_turns else ''}" for q, n in quantiles)
        + f"; past 1,000 turns: {report.longer_than(1000):.1%}"
    )
    print(
        f"in minutes at {args.seconds_per_turn:g} s a turn: "
        + ", ".join(f"p{round(q * 100)} {n * pace:.0f}" for q, n in quantiles)
    )
    print(f"{time.perf_counter() - started:.0f} s")
    if args.shares:
        with open(args.shares, "w", encoding="utf-8") as out:
            json.dump(shares_record(args.game, args.hero, field, args.seed, args.max_turns, report), out)
    return 0


def shares_record(
    game: str, hero: str, field: list[str], seed: int, max_turns: int, report: Report
) -> dict[str, object]:
    """What `bench.paired` needs to pair two runs game by game, and to refuse two runs that differ."""
    return {"game": game, "hero": hero, "field": field, "seed": seed, "max_turns": max_turns, "shares": report.shares}


def _half(wins: float, n: int) -> float:
    low, high = wilson(wins, n)
    return (high - low) / 2


if __name__ == "__main__":
    sys.exit(main())
