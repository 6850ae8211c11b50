"""Random Mega games with their invariants (`python -m engine.fuzz --game mega`): random legal play
from everyone who may act, with random trade proposals, and what must hold after every move."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from engine import mega
from engine.core.fuzzing import Step, waits_on_someone
from engine.mega.board import GROUPS, SPACES
from engine.mega.queries import has_building_rights
from engine.mega.state import EvenOut, MegaState


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
    bad += waits_on_someone(s, mega.to_act, mega.legal_actions, [p.name for p in s.players if not p.bankrupt])
    return bad
