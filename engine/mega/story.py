"""The story of a Mega game (see `engine.story`): net worth (the M-42 asset count) over the game,
rent and dividends collected, deeds bought, and the turning points — the biggest rent, the colour
group that earned the winner most, bankruptcies, and when the winner took the lead for good."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine.mega.assets import asset_count
from engine.mega.board import GROUPS
from engine.mega.state import MegaState
from engine.story import Chart, Moment, Move, Standing, Story, digest, places, ranked, replay_steps


def _complete_groups(s: MegaState) -> set[tuple[str, str]]:
    """(owner, group) for every colour group one player owns whole."""
    out = set()
    for name, group in GROUPS.items():
        owners = {s.owner.get(m) for m in group.members}
        if len(owners) == 1 and None not in owners:
            out.add((str(owners.pop()), name))
    return out


def _worth(s: MegaState) -> dict[str, int]:
    return {p.name: 0 if p.bankrupt else asset_count(s, p.name) for p in s.players}


def tell(game: Any, players: list[str], seed: int, options: dict[str, Any], moves: Sequence[Move]) -> Story:
    counts: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
    items: dict[str, dict[str, dict[str, int]]] = {p: defaultdict(lambda: defaultdict(int)) for p in players}
    chart = Chart(players)
    moments: list[Moment] = []
    biggest: Moment | None = None
    completed: dict[tuple[str, str], int] = {}  # (owner, group) → the turn it was completed
    bankrupt_order: list[str] = []
    turn = 0
    state: MegaState | None = None
    for state, events in replay_steps(game, players, seed, options, moves):
        for e in events:
            d = e.data
            if e.kind == "turn":
                turn += 1
            elif e.kind == "rent" and d.get("owner") in counts:
                owner, amount, space = d["owner"], int(d.get("amount", 0)), str(d.get("space"))
                counts[owner]["rent"] += amount
                items[owner]["rent"][space] += amount
                if e.player in counts:
                    counts[e.player]["rent_paid"] += amount
                if biggest is None or amount > biggest.data["amount"]:
                    biggest = Moment(kind="biggest_rent", turn=turn, player=owner, data={**d, "payer": e.player})
            elif e.kind == "dividend" and d.get("holder") in counts:
                counts[d["holder"]]["dividends"] += int(d.get("amount", 0))
            elif e.kind in ("bought", "auction_won") and e.player in counts:
                counts[e.player]["deeds_bought"] += 1
                items[e.player]["bought"][str(d.get("space"))] += 1
                if e.kind == "auction_won":
                    counts[e.player]["auctions_won"] += 1
            elif e.kind == "bankrupt" and e.player in counts:
                bankrupt_order.append(e.player)
                moments.append(
                    Moment(kind="bankrupt", turn=turn, player=e.player, data={"creditor": d.get("creditor")})
                )
        for key in _complete_groups(state):
            completed.setdefault(key, turn)
        chart.add(turn, _worth(state))
    assert state is not None
    winners = list(state.winners or [])
    worth = _worth(state)
    alive = [p.name for p in state.players if not p.bankrupt]
    order = ranked(alive, lambda p: (p in winners, worth[p])) + [[p] for p in reversed(bankrupt_order)]
    place = places(order)
    standings = []
    for group in order:
        for p in group:
            counts[p]["net_worth"] = worth[p]
            standings.append(
                Standing(
                    player=p,
                    place=place[p],
                    won=p in winners,
                    counts=dict(counts[p]),
                    by_item={k: dict(v) for k, v in items[p].items()},
                )
            )
    if biggest is not None:
        moments.append(biggest)
    for w in winners:
        earned = {g: sum(items[w]["rent"].get(m, 0) for m in GROUPS[g].members) for o, g in completed if o == w}
        if any(earned.values()):
            best = max(earned, key=lambda g: (earned[g], -completed[(w, g)]))
            data = {"group": best, "rent": earned[best]}
            moments.append(Moment(kind="decisive_group", turn=completed[(w, best)], player=w, data=data))
    turns, series = chart.thinned()
    lead = _took_lead(chart.turns, chart.series, winners)
    if lead is not None:
        moments.append(lead)
    moments.sort(key=lambda m: m.turn)
    return Story(
        kind="mega",
        measure="net_worth",
        money=True,
        standings=standings,
        turns=turns,
        series=series,
        moments=moments,
        ends_at=digest(state),
    )


def _took_lead(turns: list[int], series: dict[str, list[int]], winners: list[str]) -> Moment | None:
    """The turn from which a (sole) winner led by net worth to the end."""
    if len(winners) != 1 or not turns:
        return None
    w = winners[0]
    since = None
    for i, turn in enumerate(turns):
        leads = all(series[w][i] > v[i] for p, v in series.items() if p != w)
        if leads and since is None:
            since = turn
        elif not leads:
            since = None
    if since is None or since == 0:
        return None
    return Moment(kind="took_lead", turn=since, player=w)
