"""The story of a Mega game (see `engine.core.story`): net worth (the M-42 asset count) over the game,
rent and dividends collected, deeds bought, and the turning points — the biggest rent, the colour
group that earned the winner most, bankruptcies, and when the winner took the lead for good."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.events import AnyEvent
from engine.core.jsondata import JsonObject
from engine.core.story import Chart, Moment, Move, Standing, Story, digest, places, ranked, replay_steps
from engine.mega.assets import asset_count
from engine.mega.board import GROUPS
from engine.mega.events import AuctionWon, Bankrupt, Bought, Dividend, Rent, Turn
from engine.mega.state import MegaState


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


class _Tally:
    """What the replay collects move by move: counts, per-deed tallies, turning points."""

    def __init__(self, players: list[str]) -> None:
        self.counts: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
        self.items: dict[str, dict[str, dict[str, int]]] = {p: defaultdict(lambda: defaultdict(int)) for p in players}
        self.moments: list[Moment] = []
        self.biggest: Moment | None = None
        self.completed: dict[tuple[str, str], int] = {}  # (owner, group) → the turn it was completed
        self.bankrupt_order: list[str] = []
        self.turn = 0

    def event(self, e: AnyEvent) -> None:
        on = _ON.get(type(e))
        if on is not None:
            on(self, e)

    def next_turn(self, e: Turn) -> None:
        self.turn += 1

    def rent(self, e: Rent) -> None:
        d = e.data
        owner = d["owner"]
        if owner not in self.counts:
            return
        amount, space = d["amount"], d["space"]
        self.counts[owner]["rent"] += amount
        self.items[owner]["rent"][space] += amount
        if e.player in self.counts:
            self.counts[e.player]["rent_paid"] += amount
        if self.biggest is None or amount > self.biggest.data["amount"]:
            self.biggest = Moment(kind="biggest_rent", turn=self.turn, player=owner, data={**d, "payer": e.player})

    def dividend(self, e: Dividend) -> None:
        holder = e.data.get("holder")
        if holder in self.counts:
            self.counts[holder]["dividends"] += e.data["amount"]

    def bought(self, e: Bought | AuctionWon) -> None:
        if e.player not in self.counts:
            return
        self.counts[e.player]["deeds_bought"] += 1
        self.items[e.player]["bought"][e.data["space"]] += 1
        if isinstance(e, AuctionWon):
            self.counts[e.player]["auctions_won"] += 1

    def bankrupt(self, e: Bankrupt) -> None:
        if e.player in self.counts:
            self.bankrupt_order.append(e.player)
            data = {"creditor": e.data["creditor"]}
            self.moments.append(Moment(kind="bankrupt", turn=self.turn, player=e.player, data=data))

    def standings(self, state: MegaState) -> list[Standing]:
        winners = list(state.winners or [])
        worth = _worth(state)
        alive = [p.name for p in state.players if not p.bankrupt]
        order = ranked(alive, lambda p: (p in winners, worth[p])) + [[p] for p in reversed(self.bankrupt_order)]
        place = places(order)
        out = []
        for p in (p for group in order for p in group):
            self.counts[p]["net_worth"] = worth[p]
            by_item = {k: dict(v) for k, v in self.items[p].items()}
            out.append(
                Standing(player=p, place=place[p], won=p in winners, counts=dict(self.counts[p]), by_item=by_item)
            )
        return out

    def decisive_groups(self, winners: list[str]) -> list[Moment]:
        """For each winner, the completed colour group that earned them most rent."""
        found = []
        for w in winners:
            owned = [g for o, g in self.completed if o == w]
            earned = {g: sum(self.items[w]["rent"].get(m, 0) for m in GROUPS[g].members) for g in owned}
            if any(earned.values()):
                best = max(earned, key=lambda g: (earned[g], -self.completed[(w, g)]))
                data = {"group": best, "rent": earned[best]}
                found.append(Moment(kind="decisive_group", turn=self.completed[(w, best)], player=w, data=data))
        return found


# Each event model the story counts, to its handler (the others pass by).
_ON: dict[type[AnyEvent], Callable[[_Tally, Any], None]] = {
    Turn: _Tally.next_turn,
    Rent: _Tally.rent,
    Dividend: _Tally.dividend,
    Bought: _Tally.bought,
    AuctionWon: _Tally.bought,
    Bankrupt: _Tally.bankrupt,
}


def tell(game: Any, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
    tally = _Tally(players)
    chart = Chart(players)
    state: MegaState | None = None
    for state, events in replay_steps(game, players, seed, options, moves):
        for e in events:
            tally.event(e)
        for key in _complete_groups(state):
            tally.completed.setdefault(key, tally.turn)
        chart.add(tally.turn, _worth(state))
    assert state is not None
    winners = list(state.winners or [])
    standings = tally.standings(state)
    moments = [*tally.moments, *([tally.biggest] if tally.biggest else []), *tally.decisive_groups(winners)]
    lead = _took_lead(chart.turns, chart.series, winners)
    if lead is not None:
        moments.append(lead)
    moments.sort(key=lambda m: m.turn)
    turns, series = chart.thinned()
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
