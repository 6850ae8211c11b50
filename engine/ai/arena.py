"""Whole games between policies, for measuring the computer players (`python -m bench.arena`, and a
small fixed-seed arena in the tests). Pure: seeded, no I/O. A policy is `policy(state, player, rng)
-> action | None`; None means the seat has nothing to do now (inside a timed window its time runs
out). A game that reaches the turn cap is decided as a table would stop it: Mega by the asset count
(M-42), bingo by the most cells (`Game.provisional_winners`)."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine import games
from engine.core.errors import IllegalAction
from engine.core.game import LEVELS, HasBaselines, Policy, State


def policy(kind: str, name: str) -> Policy:
    """A level of our computer player ("easy", "normal", "hard") or a baseline of the game."""
    if name in LEVELS:
        game = games.game(kind)
        return lambda state, player, rng: game.computer(state, player, name, rng)
    game = games.game(kind)
    known: Mapping[str, Policy] = game.baselines if isinstance(game, HasBaselines) else {}
    try:
        return known[name]
    except KeyError:
        raise ValueError(f"{name!r} is no level or baseline of {kind}") from None


def lineup(kind: str, hero: str, field: Sequence[str], where: int) -> list[Policy]:
    """The seats of a game: `field` (one name per other seat) with `hero` sitting in seat `where`."""
    others = [policy(kind, name) for name in field]
    return [*others[:where], policy(kind, hero), *others[where:]]


@dataclass
class GameResult:
    shares: list[float]  # each seat's share of the win (ties split it)
    turns: int
    actions: int
    capped: bool
    final: State  # the last state reached (who owns what when the game ended or was stopped)
    stuck: bool = False  # stopped by the action cap before the turn cap: someone went round in circles


def play(
    kind: str,
    policies: Sequence[Policy],
    seed: int,
    max_turns: int = 600,
    max_actions: int = 60_000,
    watch: Callable[[State, int], None] | None = None,
) -> GameResult:
    """One game, seat i played by `policies[i]`; `watch(state, turns)` sees every state reached
    (for diagnostics, bench.rights)."""
    game = games.game(kind)
    names = [f"S{i}" for i in range(len(policies))]
    state, _ = game.new_game(names, seed, {})
    rng = random.Random(seed * 7919 + 17)
    turns = actions = 0
    silent: tuple[str, set[str]] = ("", set())
    while not state.over and turns < max_turns and actions < max_actions:
        window = game.window(state)
        if window is not None and window.identity != silent[0]:
            silent = (window.identity, set())
        waiting = [p for p in game.to_act(state) if window is None or p not in silent[1]]
        if not waiting:
            assert window is not None, "the game waits on nobody outside a window"
            state, events = game.apply(state, None, window.closes_with)
        else:
            actor = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            action = policies[names.index(actor)](state, actor, rng)
            if action is None:
                if window is not None:
                    silent[1].add(actor)
                    continue
                action = game.safe_action(state, actor) or game.legal_actions(state, actor)[0]
            try:
                state, events = game.apply(state, actor, action)
            except IllegalAction:
                fallback = game.safe_action(state, actor) or game.legal_actions(state, actor)[0]
                state, events = game.apply(state, actor, fallback)
        actions += 1
        turns += sum(1 for e in events if e.kind == "turn")
        if watch is not None:
            watch(state, turns)
    capped = not state.over
    winners = game.provisional_winners(state) if capped else game.winners(state)
    shares = [1 / len(winners) if n in winners else 0.0 for n in names]
    return GameResult(shares, turns, actions, capped, state, stuck=capped and turns < max_turns)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Report:
    hero: str
    field: list[str]
    games: int
    wins: float
    by_seat: list[float]  # the hero's win share by seat it sat in
    seat_wins: list[float]  # every seat's win share, whoever sat there (seat bias)
    capped: int
    mean_turns: float
    lengths: list[int] = dataclasses.field(default_factory=list)  # each game's turns (a capped one: the cap)
    stuck: int = 0  # games stopped by the action cap: a policy going round in circles
    shares: list[float] = dataclasses.field(default_factory=list)  # the hero's share of each game, in seed order

    def length_at(self, q: float) -> int:
        """The game length (turns) at quantile `q` of the games."""
        ordered = sorted(self.lengths)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0

    def longer_than(self, turns: int) -> float:
        """The share of games that went on past `turns` turns (a capped game counts when its cap does)."""
        return sum(1 for n in self.lengths if n > turns) / len(self.lengths) if self.lengths else 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def arena(kind: str, hero: str, field: Sequence[str], games_count: int, seed: int = 0, max_turns: int = 600) -> Report:
    """`hero` in one seat, rotated game by game, against `field` (one policy name per other seat)."""
    seats = 1 + len(field)
    wins, by_seat, seat_wins = 0.0, [0.0] * seats, [0.0] * seats
    capped, stuck, turns, lengths, shares = 0, 0, 0, [], []
    for g in range(games_count):
        where = g % seats
        result = play(kind, lineup(kind, hero, field, where), seed + g, max_turns)
        wins += result.shares[where]
        shares.append(result.shares[where])
        by_seat[where] += result.shares[where]
        for i, share in enumerate(result.shares):
            seat_wins[i] += share
        capped += result.capped
        stuck += result.stuck
        turns += result.turns
        lengths.append(result.turns + (1 if result.capped else 0))
    mean = turns / max(1, games_count)
    return Report(hero, list(field), games_count, wins, by_seat, seat_wins, capped, mean, lengths, stuck, shares)
