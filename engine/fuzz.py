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
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from engine import bingo, mega
from engine.bingo.cards import COLUMNS, DECK, FREE, number_at
from engine.bingo.table import column_count
from engine.core.errors import IllegalAction
from engine.mega.board import GROUPS, SPACES
from engine.mega.state import EvenOut, MegaState
from engine.mega.table import has_building_rights

Step = tuple[Any, str | None, Any, Any, list[Any]]


def mega_random_game(
    seed: int, players: int, max_actions: int = 4000, chooser: Callable[..., Any] | None = None
) -> Iterator[Step]:
    """Yield (state_before, actor, action, state_after, events) for one random game.

    Everyone who has a legal action is a candidate, so out-of-turn building, mortgaging,
    bidding and trade answers happen as they would at a real table.
    """
    rng = random.Random(seed)
    state, _ = mega.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(max_actions):
        if state.over:
            return
        options = [(p.name, a) for p in state.players if not p.bankrupt for a in mega.legal_actions(state, p.name)]
        action: Any
        if not options:
            actor, action = None, mega.CloseAuction()
        elif rng.random() < 0.02:
            actor, action = None, _random_trade(rng, state)
            actor = action.pop("by") if action else None
            if not action:
                continue
        else:
            actor, action = _weighted_choice(rng, options)
        try:
            new, events = mega.apply(state, actor, action)
        except mega.IllegalAction:
            if isinstance(action, dict):
                continue
            raise
        yield state, actor, action, new, events
        state = new


MANAGEMENT = frozenset({"build", "sell_building", "sell_all_buildings", "mortgage", "unmortgage", "withdraw_trade"})


def _weighted_choice(rng: random.Random, options: list[tuple[str, Any]]) -> tuple[str, Any]:
    """Mostly play the game forward; build more often than shuffling mortgages back and forth,
    so that majorities, dividends, shortages and fourth-deed settlements come up."""
    flow = [o for o in options if o[1].do not in MANAGEMENT]
    manage = [o for o in options if o[1].do in MANAGEMENT]
    if manage and (not flow or rng.random() < 0.3):
        builds = [o for o in manage if o[1].do == "build"]
        if builds and rng.random() < 0.7:
            return rng.choice(builds)
        return rng.choice(manage)
    return rng.choice(flow)


def _random_trade(rng: random.Random, state: Any) -> dict[str, Any]:
    alive = [p.name for p in state.players if not p.bankrupt]
    if len(alive) < 2:
        return {}
    a, b = rng.sample(alive, 2)
    mine = [d for d, o in state.owner.items() if o == a]
    theirs = [d for d, o in state.owner.items() if o == b]
    give = {"cash": rng.choice([0, 0, 10, 50]), "deeds": rng.sample(mine, min(len(mine), rng.randint(0, 1)))}
    get = {"cash": rng.choice([0, 20]), "deeds": rng.sample(theirs, min(len(theirs), rng.randint(0, 1)))}
    return {"by": a, "do": "propose_trade", "to": b, "give": give, "get": get}


def bingo_random_game(seed: int, players: int, max_actions: int = 3000) -> Iterator[Step]:
    """Yield (state_before, actor, action, state_after, events) for one random bingo game.

    Discards pick random cells, claim windows are sometimes closed by the timer, and random
    position trades (exact and `X?`) are proposed now and then.
    """
    rng = random.Random(seed)
    state, _ = bingo.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(max_actions):
        if state.over:
            return
        actor: str | None
        action: Any
        roll = rng.random()
        if state.stage == "claims" and roll < 0.1:
            actor, action = None, bingo.CloseClaims()
        elif roll < 0.05:
            actor, action = _random_cell_trade(rng, state)
            if actor is None:
                continue
        else:
            options = [
                (p.name, a) for p in state.players if not p.eliminated for a in bingo.legal_actions(state, p.name)
            ]
            actor, action = rng.choice(options)
            if action.do == "discard":
                owned = next(p.owned for p in state.players if p.name == actor)
                action = {"do": "discard", "cells": rng.sample(owned, bingo.discard_required(state))}
        try:
            new, events = bingo.apply(state, actor, action)
        except bingo.IllegalAction:
            if isinstance(action, dict) and action.get("do") == "propose_trade":
                continue
            raise
        yield state, actor, action, new, events
        state = new


def _random_cell_trade(rng: random.Random, state: Any) -> tuple[str | None, dict[str, Any]]:
    alive = [p for p in state.players if not p.eliminated]
    if len(alive) < 2:
        return None, {}
    a, b = rng.sample(alive, 2)

    def side(p: Any) -> list[str]:
        if not p.owned or rng.random() < 0.3:
            return []
        cell = rng.choice(p.owned)
        return [cell if rng.random() < 0.6 else cell[0] + "?"]

    return a.name, {"do": "propose_trade", "to": b.name, "give": side(a), "get": side(b)}


# --- invariants ----------------------------------------------------------------------------------


def _uneven_groups(s: MegaState) -> set[tuple[str, str]]:
    out = set()
    for group, info in GROUPS.items():
        by_owner: dict[str, list[int]] = {}
        for m in info.members:
            if m in s.owner:
                by_owner.setdefault(s.owner[m], []).append(s.buildings.get(m, 0))
        for owner, levels in by_owner.items():
            if any(levels) and max(levels) - min(levels) > 1:
                out.add((owner, group))
    return out


def mega_violations(before: MegaState, actor: str | None, action: Any, s: MegaState, events: list[Any]) -> list[str]:
    bad: list[str] = []
    houses = sum(v for v in s.buildings.values() if v < 5)
    hotels = sum(1 for v in s.buildings.values() if v == 5)
    if s.bank.houses + houses != 32 or s.bank.hotels + hotels != 12:
        bad.append("M-3: houses or hotels not conserved")
    if s.bank.tickets + sum(p.tickets for p in s.players) != 16:
        bad.append("M-28: tickets not conserved")
    if min(s.bank.houses, s.bank.hotels, s.bank.tickets) < 0:
        bad.append("M-3: the bank holds a negative count")
    alive = {p.name for p in s.players if not p.bankrupt}
    if not set(s.owner.values()) <= alive or not set(s.mortgaged) <= set(s.owner):
        bad.append("a deed owned by a bankrupt player, or a mortgage on an unowned deed")
    settling = {(item.player, item.group) for item in s.queue if isinstance(item, EvenOut)}
    for space, level in s.buildings.items():
        owner = s.owner.get(space)
        group = SPACES[space].group
        if not 1 <= level <= 5 or owner is None or space in s.mortgaged:
            bad.append(f"M-26: a building on {space} that cannot carry one")
        elif group and not s.over and (owner, group) not in settling and not has_building_rights(s, owner, group):
            bad.append(f"M-26: {owner} has buildings on {group} without building rights")
    # Even building: only a fourth deed's arrival (settled by M-31) or an M-31a outright hotel
    # sale may leave a group uneven.
    funding_sale = (
        getattr(action, "do", None) == "sell_building"
        and bool(before.queue)
        and isinstance(before.queue[0], EvenOut)
        and before.queue[0].player == actor
    )
    outright = {e.data.get("left_uneven") for e in events if e.kind == "sold_building"}
    if not funding_sale and not s.over:
        new = _uneven_groups(s) - _uneven_groups(before) - settling
        if {g for _, g in new} - outright:
            bad.append(f"M-26: uneven groups appeared: {sorted(new)}")
    deltas: Counter[str] = Counter()
    for e in events:
        if e.kind == "cash":
            deltas[e.player] += e.data["delta"]
    for old, p in zip(before.players, s.players, strict=True):
        if p.cash < 0:
            bad.append(f"{p.name} has negative cash")
        if p.cash - old.cash != deltas[p.name]:
            bad.append(f"{p.name}'s cash changed without a cash event")
        if p.bankrupt and (p.cash or p.jail_cards or p.tickets):
            bad.append(f"{p.name} is bankrupt but holds something")
    bad += _waits_on_someone(s, mega.to_act, mega.legal_actions, [p.name for p in s.players if not p.bankrupt])
    return bad


def bingo_violations(before: Any, actor: str | None, action: Any, s: Any, events: list[Any]) -> list[str]:
    bad: list[str] = []
    if sorted(s.pile + s.discards + s.drawn) != sorted(DECK):
        bad.append("B-4: the 54 cards are not all there")
    for p in s.players:
        if FREE in p.owned or len(set(p.owned)) != len(p.owned):
            bad.append(f"{p.name} owns FREE or a cell twice")
        if any(number_at(p.card, c) is None for c in p.owned):
            bad.append(f"{p.name} owns a cell that is not a number of their card")
        if p.eliminated and (p.owned or p.in_jail):
            bad.append(f"{p.name} is out but holds something")
    for column, holder in s.monopolies.items():
        h = next(p for p in s.players if p.name == holder)
        if column not in COLUMNS or column_count(h, column) != 5 or h.eliminated:
            bad.append(f"B-18: {holder} holds {column} without the whole column")
        for p in s.players:
            if p.name != holder and sum(1 for c in p.owned if c[0] == column) > 4:
                bad.append(f"B-18: {p.name} owns a fifth cell of {holder}'s column {column}")
    if s.over and s.winner is None:
        bad.append("B-21: the game is over without a winner")
    if not s.over and s.players[s.turn].eliminated:
        bad.append("the turn is an eliminated player's")
    bad += _waits_on_someone(s, bingo.to_act, bingo.legal_actions, [p.name for p in s.players if not p.eliminated])
    return bad


def _waits_on_someone(s: Any, to_act: Any, legal: Any, alive: list[str]) -> list[str]:
    if s.over:
        return []
    waiting = to_act(s)
    stuck = [name for name in waiting if not legal(s, name)]
    if stuck:
        return [f"the game waits on {stuck} who have no legal action"]
    if not waiting and not any(legal(s, name) for name in alive):
        return ["nobody can act and the game is not over"]
    return []


def legal_means_accepted(game: Any, s: Any, players: list[str], sample: int | None, rng: random.Random) -> list[str]:
    """Every action `legal_actions` offers is accepted by `apply` (all of them, or `sample`)."""
    offered = [(name, a) for name in players for a in game.legal_actions(s, name)]
    if sample is not None and len(offered) > sample:
        offered = rng.sample(offered, sample)
    bad = []
    for name, action in offered:
        try:
            game.apply(s, name, action)
        except IllegalAction as exc:
            bad.append(f"legal_actions offered {name} {action!r}, apply refused it: {exc.code}")
    return bad


# --- the runner ----------------------------------------------------------------------------------

GAMES: dict[str, tuple[Any, Any, Any]] = {
    "mega": (mega, mega_random_game, mega_violations),
    "bingo": (bingo, bingo_random_game, bingo_violations),
}


def fuzz_game(kind: str, seed: int, players: int, max_actions: int, sample: int | None = 8) -> tuple[int, list[str]]:
    """Play one game; returns (actions, violations with the step they happened at)."""
    game, play, violations = GAMES[kind]
    rng = random.Random(seed ^ 0x5EED)
    initial, _ = game.new_game([f"P{i}" for i in range(players)], seed)
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
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
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
