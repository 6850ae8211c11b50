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
from engine.core.errors import IllegalAction
from engine.games import GameKind, safe_action

STRATEGIES = ("ai", "random")


@dataclass
class Result:
    winners: list[int]  # seats
    actions: int
    capped: bool


def _pick(kind: GameKind, state: Any, actor: str, strategy: str, rng: random.Random) -> Any:
    if strategy == "ai":
        choice = games.computer(kind, state, actor)
        if choice is not None:
            return choice
        return safe_action(kind, state, actor)
    legal = games.legal_actions(kind, state, actor)
    return rng.choice(legal) if legal else None


def play(kind: GameKind, strategies: list[str], seed: int, max_actions: int) -> Result:
    names = [f"S{i}" for i in range(len(strategies))]
    state, _ = games.new_game(kind, names, seed, {})
    rng = random.Random(seed * 7919 + 1)
    actions = 0
    # Seats of the open window that had nothing to do in it: they let their time run out. The window
    # closes only once everyone it asks has answered, passed or run out of time, as at a table.
    silent: tuple[str, set[str]] = ("", set())
    while not games.is_over(state) and actions < max_actions:
        window = games.window(kind, state)
        if window is not None and window.identity != silent[0]:
            silent = (window.identity, set())
        waiting = [p for p in games.to_act(kind, state) if window is None or p not in silent[1]]
        if not waiting:
            assert window is not None, "the game waits on nobody outside a window"
            state, _ = games.apply(kind, state, None, window.closes_with)
            actions += 1
            continue
        actor = rng.choice(waiting)
        action = _pick(kind, state, actor, strategies[names.index(actor)], rng)
        if action is None:
            if window is not None:
                silent[1].add(actor)  # nothing this player wants (e.g. the high bidder): its time runs out
                continue
            action = games.legal_actions(kind, state, actor)[0]
        try:
            state, _ = games.apply(kind, state, actor, action)
        except IllegalAction:
            # A free-form proposal (a trade) that the rules refused: play the safe move instead.
            fallback = safe_action(kind, state, actor)
            state, _ = games.apply(kind, state, actor, fallback or games.legal_actions(kind, state, actor)[0])
        actions += 1
    if games.is_over(state):
        return Result([names.index(w) for w in games.winners(kind, state)], actions, False)
    leaders = games.game(kind).provisional_winners(state)
    return Result([names.index(w) for w in leaders], actions, True)


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
