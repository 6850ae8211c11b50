"""Play whole games without Discord: `python -m engine.simulate --game mega|bingo --players N
--games G --seed S [--strategy ai,random,...] [--max-actions A]`.

Prints winners by seat and by strategy, the mean game length and actions per second. A game that
reaches the action cap ends the way a table would stop it: Mega by the asset count (M-42); bingo,
which has no such rule, by the most cells owned (a simulator tie-break, not a rule).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from engine import games
from engine.ai import arena
from engine.core.game import Policy, State
from engine.games import GameKind

STRATEGIES = ("ai", "random")


@dataclass
class Result:
    winners: list[int]  # seats
    actions: int
    capped: bool


def _pick(kind: GameKind, state: State, actor: str, strategy: str, rng: random.Random) -> Any:
    game = games.game(kind)
    if strategy == "ai":
        choice = game.computer(state, actor, "normal", games.seeded(state, actor))
        return choice if choice is not None else game.safe_action(state, actor)
    legal = game.legal_actions(state, actor)
    return rng.choice(legal) if legal else None


def play(kind: GameKind, strategies: list[str], seed: int, max_actions: int) -> Result:
    """One game through the arena's loop (`engine.ai.arena.play`: windows close once everyone asked
    has answered or let their time run out), seat i playing `strategies[i]`."""

    def policy(strategy: str) -> Policy:
        return lambda state, actor, rng: _pick(kind, state, actor, strategy, rng)

    result = arena.play(kind, [policy(s) for s in strategies], seed, max_turns=10**9, max_actions=max_actions)
    return Result([i for i, share in enumerate(result.shares) if share > 0], result.actions, result.capped)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=games.KINDS, required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--strategy", default="ai,random", help="comma-separated, one per seat; the last repeats")
    parser.add_argument("--max-actions", type=int, default=6000)
    args = parser.parse_args(argv)
    given = [s.strip() for s in args.strategy.split(",") if s.strip()]
    if not given or any(s not in STRATEGIES for s in given):
        print(f"error: strategies are {', '.join(STRATEGIES)}", file=sys.stderr)
        return 2
    if not 2 <= args.players <= 8:
        print("error: 2 to 8 players", file=sys.stderr)
        return 2
    strategies = (given + [given[-1]] * args.players)[: args.players]
    by_seat: defaultdict[int, float] = defaultdict(float)
    by_strategy: defaultdict[str, float] = defaultdict(float)
    lengths, capped = [], 0
    start = time.perf_counter()
    for g in range(args.games):
        result = play(args.game, strategies, args.seed + g, args.max_actions)
        share = 1 / len(result.winners)
        for seat in result.winners:
            by_seat[seat] += share
            by_strategy[strategies[seat]] += share
        lengths.append(result.actions)
        capped += result.capped
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {args.games} games, {args.players} players, seats {','.join(strategies)}, seed {args.seed}")
    for seat in range(args.players):
        print(f"seat {seat} ({strategies[seat]}): {by_seat[seat]:.1f} wins ({by_seat[seat] / args.games:.0%})")
    for name in sorted(set(strategies)):
        seats = strategies.count(name)
        print(f"strategy {name} ({seats} seats): {by_strategy[name]:.1f} wins ({by_strategy[name] / args.games:.0%})")
    print(
        f"mean length {sum(lengths) / len(lengths):.0f} actions; {capped} games reached the cap of {args.max_actions}"
    )
    print(f"{sum(lengths) / elapsed:,.0f} actions/s (choosing and applying)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
