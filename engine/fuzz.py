"""Random games with every invariant checked: `python -m engine.fuzz --game mega|bingo --games N
--seed S [--players P] [--repro SEED]`.

Each game is played by random legal actions from everyone who may act (out-of-turn building,
bids, trade answers), plus random trade proposals. After every action the invariants below are
checked; the run prints games, actions, actions/s and the violations found, and exits 1 if any.
`--repro SEED` replays the game of that seed and prints its actions up to the first violation.

Invariants: pieces conserved (M-3 / B-4), one owner per deed and cells on the owner's card, even
building and building rights (M-26, M-31 while settling), cash ≥ 0 and changed only by events,
monopoly holders own the whole column (B-18), the game waits on somebody who has a legal action,
every action `legal_actions` offers is accepted by `apply` ("legal means accepted"), replay from
the seed gives the same state, and the game ends.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from engine import games
from engine.core.fuzzing import legal_means_accepted
from engine.core.game import Fuzzed

# --- the runner ----------------------------------------------------------------------------------


def fuzzed() -> dict[str, Fuzzed]:
    """The registered games that can be played at random, by kind."""
    return {kind: game for kind, game in games.GAMES.items() if isinstance(game, Fuzzed)}


def fuzz_game(kind: str, seed: int, players: int, max_actions: int, sample: int | None = 8) -> tuple[int, list[str]]:
    """Play one game; returns (actions, violations with the step they happened at)."""
    game = fuzzed()[kind]
    play, violations = game.random_game, game.violations
    rng = random.Random(seed ^ 0x5EED)
    initial, _ = game.new_game([f"P{i}" for i in range(players)], seed, {})
    log: list[tuple[str | None, Any]] = []
    found: list[str] = []
    final = initial
    for n, (before, actor, action, after, events) in enumerate(play(seed, players, max_actions=max_actions)):
        alive = [
            p.name for p in after.players if not getattr(p, "bankrupt", False) and not getattr(p, "eliminated", False)
        ]
        problems = violations(before, actor, action, after, events)
        if not after.over:
            problems += legal_means_accepted(game, after, alive, sample, rng)
        found += [f"step {n + 1} ({actor}: {getattr(action, 'do', action)}): {p}" for p in problems]
        log.append((actor, action))
        final = after
        if found:
            break
    if not found:
        replayed = initial
        for actor, action in log:
            replayed, _ = game.apply(replayed, actor, action)
        if replayed.model_dump_json() != final.model_dump_json():
            found.append("replaying the log from the seed gives another state")
    return len(log), found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(fuzzed()), required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=0, help="seats per game (0: 2 to 8 by seed)")
    parser.add_argument("--max-actions", type=int, default=3000)
    parser.add_argument("--sample", type=int, default=8, help="legal actions tried per step (0: all)")
    parser.add_argument("--repro", type=int, default=None, help="replay one game by its seed")
    args = parser.parse_args(argv)
    seeds = [args.repro] if args.repro is not None else list(range(args.seed, args.seed + args.games))
    started = time.perf_counter()
    actions = 0
    violations: list[str] = []
    unfinished = 0
    for seed in seeds:
        players = args.players or 2 + seed % 7
        count, found = fuzz_game(args.game, seed, players, args.max_actions, args.sample or None)
        actions += count
        unfinished += count >= args.max_actions
        violations += [f"seed {seed} ({players} players), {v}" for v in found]
        if args.repro is not None:
            print(f"seed {seed}: {count} actions")
    seconds = time.perf_counter() - started
    for v in violations:
        print("VIOLATION", v)
    print(
        f"{args.game}: {len(seeds)} games, {actions} actions, {actions / max(seconds, 1e-9):,.0f} actions/s "
        f"(invariants and legal means accepted included), {unfinished} cut at {args.max_actions} actions, "
        f"{len(violations)} violations"
    )
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
