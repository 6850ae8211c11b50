"""The story of a MonopolizeBingo game (see `engine.core.story`), from public events and public views
only: cells owned over the game, cells taken, hits dealt, lines and column monopolies, and the
turning points. A hidden number never enters it (B-3): changing one changes no story."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from engine.bingo.events import Bought, ClaimWon, Eliminated, GameOver, HitTaken, MonopolyWon, Turn
from engine.bingo.state import BingoState
from engine.bingo.view import view_for
from engine.core.events import AnyEvent
from engine.core.jsondata import JsonObject
from engine.core.story import Chart, Moment, Move, Standing, Story, digest, places, public, ranked, replay_steps


def _cells(s: BingoState) -> dict[str, int]:
    """Cells owned: public (claimed and bought cells are shown to everybody, B-3)."""
    return {p.name: len(p.owned) for p in s.players}


class _Tally:
    """What the replay collects from public events: counts, monopolies by column, turning points."""

    def __init__(self, players: list[str]) -> None:
        self.counts: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
        self.columns: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
        self.moments: list[Moment] = []
        self.biggest_hit: Moment | None = None
        self.out_order: list[str] = []
        self.turn = 0

    def event(self, e: AnyEvent) -> None:
        on = _ON.get(type(e))
        if on is not None:
            on(self, e)

    def next_turn(self, e: Turn) -> None:
        self.turn += 1

    def taken(self, e: Bought | ClaimWon) -> None:
        if e.player in self.counts:
            self.counts[e.player]["cells_taken"] += 1
            if isinstance(e, ClaimWon):
                self.counts[e.player]["claims_won"] += 1

    def hit(self, e: HitTaken) -> None:
        hits = e.data["hits"]
        for h in hits:
            if h["hitter"] in self.counts:
                self.counts[h["hitter"]]["hits"] += 1
        due = e.data["due"]
        if self.biggest_hit is None or due > self.biggest_hit.data["due"]:
            data = {"due": due, "by": [h["hitter"] for h in hits]}
            self.biggest_hit = Moment(kind="biggest_hit", turn=self.turn, player=e.player, data=data)

    def monopoly(self, e: MonopolyWon) -> None:
        if e.player in self.counts:
            self.counts[e.player]["monopolies"] += 1
            self.columns[e.player][e.data["column"]] += 1
            data = {"column": e.data["column"]}
            self.moments.append(Moment(kind="monopoly_won", turn=self.turn, player=e.player, data=data))

    def eliminated(self, e: Eliminated) -> None:
        if e.player in self.counts:
            self.out_order.append(e.player)
            self.moments.append(Moment(kind="eliminated", turn=self.turn, player=e.player))

    def game_over(self, e: GameOver) -> None:
        data = {"reason": e.data["reason"]}
        self.moments.append(Moment(kind="bingo_end", turn=self.turn, player=e.player, data=data))

    def standings(self, state: BingoState, winners: list[str]) -> list[Standing]:
        final = {p.name: p for p in view_for(state, None).players}
        alive = [p.name for p in state.players if not p.eliminated]
        cells = _cells(state)
        order = ranked(alive, lambda p: (p in winners, len(final[p].lines), cells[p]))
        order += [[p] for p in reversed(self.out_order)]
        place = places(order)
        out = []
        for p in (p for group in order for p in group):
            self.counts[p]["lines"] = len(final[p].lines)
            self.counts[p]["cells"] = cells[p]
            by_item = {"monopoly": dict(self.columns[p])} if self.columns[p] else {}
            out.append(
                Standing(player=p, place=place[p], won=p in winners, counts=dict(self.counts[p]), by_item=by_item)
            )
        return out


# Each event model the story counts, to its handler (the others pass by).
_ON: dict[type[AnyEvent], Callable[[_Tally, Any], None]] = {
    Turn: _Tally.next_turn,
    Bought: _Tally.taken,
    ClaimWon: _Tally.taken,
    HitTaken: _Tally.hit,
    MonopolyWon: _Tally.monopoly,
    Eliminated: _Tally.eliminated,
    GameOver: _Tally.game_over,
}


def tell(game: Any, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
    tally = _Tally(players)
    chart = Chart(players)
    state: BingoState | None = None
    for state, events in replay_steps(game, players, seed, options, moves):
        for e in public(events):
            tally.event(e)
        chart.add(tally.turn, _cells(state))
    assert state is not None
    winners = [state.winner] if state.winner else game.provisional_winners(state)
    standings = tally.standings(state, winners)
    moments = sorted([*tally.moments, *([tally.biggest_hit] if tally.biggest_hit else [])], key=lambda m: m.turn)
    turns, series = chart.thinned()
    return Story(
        kind="bingo",
        measure="cells",
        standings=standings,
        turns=turns,
        series=series,
        moments=moments,
        ends_at=digest(state),
    )
