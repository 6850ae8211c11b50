"""The story of a MonopolizeBingo game (see `engine.story`), from public events and public views
only: cells owned over the game, cells taken, hits dealt, lines and column monopolies, and the
turning points. A hidden number never enters it (B-3): changing one changes no story."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine.bingo.state import BingoState
from engine.bingo.view import view_for
from engine.story import Chart, Moment, Move, Standing, Story, digest, places, public, ranked, replay_steps


def _cells(s: BingoState) -> dict[str, int]:
    """Cells owned: public (claimed and bought cells are shown to everybody, B-3)."""
    return {p.name: len(p.owned) for p in s.players}


def tell(game: Any, players: list[str], seed: int, options: dict[str, Any], moves: Sequence[Move]) -> Story:
    counts: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
    columns: dict[str, dict[str, int]] = {p: defaultdict(int) for p in players}
    chart = Chart(players)
    moments: list[Moment] = []
    biggest_hit: Moment | None = None
    out_order: list[str] = []
    turn = 0
    state: BingoState | None = None
    for state, events in replay_steps(game, players, seed, options, moves):
        for e in public(events):
            d = e.data
            if e.kind == "turn":
                turn += 1
            elif e.kind in ("bought", "claim_won") and e.player in counts:
                counts[e.player]["cells_taken"] += 1
                if e.kind == "claim_won":
                    counts[e.player]["claims_won"] += 1
            elif e.kind == "hit":
                for h in d.get("hits", []):
                    if h.get("hitter") in counts:
                        counts[h["hitter"]]["hits"] += 1
                due = int(d.get("due", 0))
                if biggest_hit is None or due > biggest_hit.data["due"]:
                    hitters = [h.get("hitter") for h in d.get("hits", [])]
                    biggest_hit = Moment(
                        kind="biggest_hit", turn=turn, player=e.player, data={"due": due, "by": hitters}
                    )
            elif e.kind == "monopoly_won" and e.player in counts:
                counts[e.player]["monopolies"] += 1
                columns[e.player][str(d.get("column"))] += 1
                moments.append(
                    Moment(kind="monopoly_won", turn=turn, player=e.player, data={"column": d.get("column")})
                )
            elif e.kind == "eliminated" and e.player in counts:
                out_order.append(e.player)
                moments.append(Moment(kind="eliminated", turn=turn, player=e.player))
            elif e.kind == "game_over":
                moments.append(Moment(kind="bingo_end", turn=turn, player=e.player, data={"reason": d.get("reason")}))
        chart.add(turn, _cells(state))
    assert state is not None
    view = view_for(state, None)
    final = {p.name: p for p in view.players}
    winners = [state.winner] if state.winner else game.provisional_winners(state)
    alive = [p.name for p in state.players if not p.eliminated]
    cells = _cells(state)
    order = ranked(alive, lambda p: (p in winners, len(final[p].lines), cells[p])) + [[p] for p in reversed(out_order)]
    place = places(order)
    standings = []
    for group in order:
        for p in group:
            counts[p]["lines"] = len(final[p].lines)
            counts[p]["cells"] = cells[p]
            standings.append(
                Standing(
                    player=p,
                    place=place[p],
                    won=p in winners,
                    counts=dict(counts[p]),
                    by_item={"monopoly": dict(columns[p])} if columns[p] else {},
                )
            )
    if biggest_hit is not None:
        moments.append(biggest_hit)
    moments.sort(key=lambda m: m.turn)
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
