"""B-3 privacy: what one viewer may see. Every renderer goes through this, so no UI can leak a
hidden number by mistake: unowned numbers of other players' cards never leave the engine."""

from __future__ import annotations

from pydantic import BaseModel

from engine.bingo.cards import COLUMNS, FREE, number_at, rank, sort_cells
from engine.bingo.flow import discard_required
from engine.bingo.legal import declarable_now
from engine.bingo.queries import completed_lines, current
from engine.bingo.state import BingoPlayer, BingoState, BingoTrade, Hit, asked, unanswered


class CardView(BaseModel):
    name: str
    cells: dict[str, list[int | None]]  # None: hidden (or FREE)
    owned: list[str]
    full: bool  # the viewer's own card, every number shown
    in_jail: bool
    eliminated: bool
    lines: list[str]
    monopolies: list[str]
    # Public memory (engine.bingo.memory): numbers seen on this card (owned now or once), and
    # numbers this player was asked to claim and did not take.
    remembered: dict[str, int] = {}
    passed_up: list[int] = []


class WindowView(BaseModel):
    """B-11a: who is asked and how many have answered are public; who may claim is the viewer's own."""

    number: int
    asked: list[str]
    answered: int
    you_may_claim: bool
    you_answered: bool


class BingoView(BaseModel):
    viewer: str | None
    players: list[CardView]
    turn: str
    stage: str
    drawn: list[str]
    declared: int | None
    declarable: list[int]
    window: WindowView | None
    hits: list[Hit]
    discard_required: int
    pile_count: int
    discards: list[str]
    monopolies: dict[str, str]
    trades: list[BingoTrade]
    winner: str | None
    over: bool


def _card_view(s: BingoState, p: BingoPlayer, viewer: str | None) -> CardView:
    """One player's card as `viewer` may see it: every number to its owner, owned cells to others."""
    full = viewer == p.name
    cells: dict[str, list[int | None]] = {
        col: [number if (full or f"{col}{row}" in p.owned) else None for row, number in enumerate(p.card[col], start=1)]
        for col in COLUMNS
    }
    return CardView(
        name=p.name,
        cells=cells,
        owned=list(p.owned) + ([FREE] if p.in_jail else []),
        full=full,
        in_jail=p.in_jail,
        eliminated=p.eliminated,
        lines=completed_lines(p),
        monopolies=[c for c, h in s.monopolies.items() if h == p.name],
        remembered={c: n for c in sort_cells({*p.shown, *p.owned}) if (n := number_at(p.card, c)) is not None},
        passed_up=list(p.passed_up),
    )


def _window_view(s: BingoState, viewer: str | None) -> WindowView | None:
    if s.window is None:
        return None
    w = s.window
    waiting = unanswered(w)
    return WindowView(
        number=w.number,
        asked=asked(w),
        answered=len(asked(w)) - len(waiting),
        you_may_claim=viewer in waiting and viewer in w.eligible,
        you_answered=viewer in w.claimed or viewer in w.passed,
    )


def cards_for(s: BingoState, viewer: str | None) -> list[CardView]:
    """Every card as `viewer` may see it (B-3), without the rest of the view."""
    return [_card_view(s, p, viewer) for p in s.players]


def view_for(s: BingoState, viewer: str | None) -> BingoView:
    players = cards_for(s, viewer)
    window = _window_view(s, viewer)
    return BingoView(
        viewer=viewer,
        players=players,
        turn=current(s).name,
        stage="game_over" if s.over else s.stage,
        drawn=[rank(c) for c in s.drawn],
        declared=s.declared,
        declarable=declarable_now(s),
        window=window,
        hits=list(s.hits),
        discard_required=discard_required(s),
        pile_count=len(s.pile),
        discards=[rank(c) for c in s.discards],
        monopolies=dict(s.monopolies),
        trades=list(s.trades),
        winner=s.winner,
        over=s.over,
    )
