"""`apply` for MonopolizeBingo: draw, declare, claims, hits, discards, detention, trades."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bingo import trade
from engine.bingo.actions import (
    AcceptCells,
    BingoAction,
    Claim,
    CloseClaims,
    Declare,
    Discard,
    Draw,
    LeaveJail,
    PassClaim,
    ProposeCells,
    RejectCells,
    Resign,
    WithdrawCells,
    parse_action,
)
from engine.bingo.cards import FREE, NUMBERED, WILD, cell_of, declarable, rank, sort_cells
from engine.bingo.events import (
    BingoEvent,
    Bought,
    BuyRefusedMonopoly,
    Claimed,
    ClaimRefused,
    ClaimsClosed,
    ClaimsOpen,
    ClaimWon,
    Declared,
    Detained,
    Discarded,
    Drew,
    Eliminated,
    GameOver,
    HitPartData,
    HitTaken,
    LeftDetention,
    NoNumber,
    PassedClaim,
    PileOrder,
    Released,
    Reshuffled,
    Resigned,
    StaysInDetention,
    Turn,
)
from engine.bingo.memory import remember_owned, remember_passed
from engine.bingo.queries import (
    active,
    capped,
    completed_lines,
    current,
    find,
    hit_size,
    lines_through_cell,
    refresh_monopolies,
    require,
    seat_order_from,
    turn_player,
)
from engine.bingo.state import BingoPlayer, BingoState, BingoTrade, ClaimWindow, Hit, unanswered
from engine.core import offers
from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.fold import apply_action
from engine.core.jsondata import JsonObject
from engine.core.rng import shuffled


def apply(
    state: BingoState, player: str | None, action: BingoAction | JsonObject
) -> tuple[BingoState, list[BingoEvent]]:
    """Apply one action. Raises IllegalAction (and changes nothing) if the rules forbid it."""
    return apply_action(state, player, action, parse_action, _dispatch)


def _dispatch(s: BingoState, ev: list[BingoEvent], actor: str | None, action: BingoAction) -> None:
    """Each move type to its handler (boardgame.io's `moves`); closing the claim window is the
    table's own move, every other one a seated player's."""
    if isinstance(action, CloseClaims):
        require(s.stage == "claims" and s.window is not None, "no_window", "there is no claim window open")
        _close_window(s, ev)
    else:
        move = MOVES.get(type(action))
        if move is None:
            raise IllegalAction("unknown_action", f"unknown action {action.do}")
        move(s, ev, active(s, actor), action)
    remember_owned(s)


def _on_draw(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: Draw) -> None:
    turn_player(s, p.name)
    require(s.stage == "draw", "not_draw_time", "you cannot draw now")
    _draw(s, ev, p)


def _on_declare(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: Declare) -> None:
    turn_player(s, p.name)
    require(s.stage == "declare", "not_declare_time", "there is nothing to declare now")
    options = declarable([rank(c) for c in s.drawn])
    require(
        action.number in options,
        "not_declarable",
        f"{action.number} cannot be made from this draw",
        number=action.number,
    )
    _declare(s, ev, p, action.number)


def _on_answer(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: Claim | PassClaim) -> None:
    window = s.window
    if s.stage != "claims" or window is None:
        raise NotYourTurn("no_window", "there is no claim window open")
    if action.number is not None and action.number != window.number:
        raise IllegalAction("window_changed", f"the claim window is for {window.number} now", number=window.number)
    # The same answer for everyone who may not answer, so nothing about cards leaks.
    if p.name not in unanswered(window):
        raise IllegalAction("cannot_claim", "you cannot claim this number")
    if isinstance(action, Claim):
        # B-11a: asked but not able to claim: refused privately (with the reason, from the
        # player's own card), the window still waits for a pass.
        if p.name not in window.eligible:
            raise _why_not_claimable(s, p, window.number)
        window.claimed.append(p.name)
        ev.append(Claimed.secret({"number": window.number}, [p.name], p.name))
    else:
        window.passed.append(p.name)
        ev.append(PassedClaim.secret({"number": window.number}, [p.name], p.name))
    if not unanswered(window):
        _close_window(s, ev)


def _why_not_claimable(s: BingoState, p: BingoPlayer, number: int) -> IllegalAction:
    """Why an asked player may not claim `number`: told to that player only (their own card)."""
    cell = cell_of(p.card, number)
    if cell is None:
        return IllegalAction("claim_not_on_card", f"{number} is not on your card", number=number)
    if cell in p.owned:
        return IllegalAction(
            "claim_already_yours",
            f"{number} is yours already",
            number=number,
            cell=cell,
            column_of_cell=cell[0],
            row_of_cell=cell[1:],
        )
    holder = s.monopolies.get(cell[0], "")
    return IllegalAction(
        "claim_capped",
        f"column {cell[0]} is another player's monopoly (B-18)",
        number=number,
        column=cell[0],
        player=holder,
    )


def _on_discard(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: Discard) -> None:
    turn_player(s, p.name)
    require(s.stage == "discard", "not_discard_time", "you have nothing to discard now")
    _discard(s, ev, p, action.cells)


def _on_leave_jail(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: LeaveJail) -> None:
    turn_player(s, p.name)
    require(p.in_jail, "not_in_jail", "you are not in detention")
    require(s.stage == "draw", "before_drawing", "leave detention before you draw (B-16)")
    require(action.cell in p.owned, "not_owned", f"you do not own {action.cell}", cell=action.cell)
    p.owned.remove(action.cell)
    p.in_jail = False
    ev.append(LeftDetention.new({"cell": action.cell}, p.name))
    refresh_monopolies(s, ev, seat_order_from(s, s.turn))


def _on_propose_cells(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: ProposeCells) -> None:
    offer = BingoTrade(proposer=p.name, receiver=action.to, give=action.give, get=action.get)
    trade.propose(s, ev, offer, action.answers)
    s.proposed_at[p.name] = s.turns_played


def _on_accept_cells(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: AcceptCells) -> None:
    offer = trade.find_offer(s, action.from_, p.name, action.offer)
    trade.accept(s, ev, offer, list(action.picks))
    _check_winner(s, ev, [find(s, offer.proposer), p])


def _on_reject_cells(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: RejectCells) -> None:
    offer = trade.find_offer(s, action.from_, p.name, action.offer)
    offers.reject(s, ev, offer)
    asked = (offer.proposer, offer.receiver, tuple(sorted(offer.get)), s.turns_played)
    s.refused = offers.remember_refusal(s.refused, asked)


def _on_withdraw_cells(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: WithdrawCells) -> None:
    offers.withdraw(s, ev, trade.find_offer(s, p.name, action.to, action.offer), action.reason)


def _on_resign(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, action: Resign) -> None:
    was_turn = current(s).name == p.name
    ev.append(Resigned.new({}, p.name))
    if s.window is not None:
        s.window.eligible = [n for n in s.window.eligible if n != p.name]
        s.window.asked = [n for n in s.window.asked if n != p.name]
    _eliminate(s, ev, p)
    if not s.over and was_turn:
        _end_turn(s, ev)
    elif not s.over and s.window is not None and not unanswered(s.window):
        _close_window(s, ev)


MOVES: dict[type[Any], Callable[[BingoState, list[BingoEvent], BingoPlayer, Any], None]] = {
    Draw: _on_draw,
    Declare: _on_declare,
    Claim: _on_answer,
    PassClaim: _on_answer,
    Discard: _on_discard,
    LeaveJail: _on_leave_jail,
    ProposeCells: _on_propose_cells,
    AcceptCells: _on_accept_cells,
    RejectCells: _on_reject_cells,
    WithdrawCells: _on_withdraw_cells,
    Resign: _on_resign,
}


def seat_of(s: BingoState, name: str) -> int:
    # By name: list.index would compare whole models with pydantic's __eq__.
    return next(i for i, q in enumerate(s.players) if q.name == name)


def _take_card(s: BingoState, ev: list[BingoEvent]) -> str:
    if not s.pile:  # B-4: the discards are shuffled into a new pile
        s.rng, s.pile = shuffled(s.rng, s.discards)
        s.discards = []
        ev.append(Reshuffled.new({"cards": len(s.pile)}, None))
        ev.append(PileOrder.secret({"pile": list(s.pile)}, [], None))
    return s.pile.pop(0)


def _draw(s: BingoState, ev: list[BingoEvent], p: BingoPlayer) -> None:
    s.drawn = [_take_card(s, ev), _take_card(s, ev)]
    ranks = [rank(c) for c in s.drawn]
    ev.append(Drew.new({"cards": list(s.drawn), "ranks": ranks}, p.name))
    if "JOKER" in ranks:  # B-14, B-16: a Joker sends (or keeps) the player in detention
        if not p.in_jail:
            p.in_jail = True
            ev.append(Detained.new({}, p.name))
            refresh_monopolies(s, ev, seat_order_from(s, s.turn))
        _end_turn(s, ev)
        return
    if p.in_jail:
        if not any(r in WILD for r in ranks):
            ev.append(StaysInDetention.new({}, p.name))
            _end_turn(s, ev)
            return
        p.in_jail = False  # B-16: released, and plays this draw
        ev.append(Released.new({}, p.name))
        refresh_monopolies(s, ev, seat_order_from(s, s.turn))
    if not declarable(ranks):  # B-8
        ev.append(NoNumber.new({"ranks": ranks}, p.name))
        _end_turn(s, ev)
        return
    s.stage = "declare"


def _declare(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, number: int) -> None:
    s.declared = number
    ev.append(Declared.new({"number": number}, p.name))
    hitters = [
        o.name
        for o in seat_order_from(s, s.turn + 1)
        if o.name != p.name and (c := cell_of(o.card, number)) is not None and c in o.owned
    ]
    own_cell = cell_of(p.card, number)
    if own_cell is not None:  # B-10: only the turn player may take it
        if own_cell not in p.owned and not p.in_jail:
            if capped(s, p, own_cell[0]):
                ev.append(BuyRefusedMonopoly.new({"cell": own_cell, "holder": s.monopolies[own_cell[0]]}, p.name))
            else:
                p.owned = sort_cells([*p.owned, own_cell])
                ev.append(Bought.new({"cell": own_cell, "number": number}, p.name))
                refresh_monopolies(s, ev, seat_order_from(s, s.turn))
        if _check_winner(s, ev, [p]):
            return
        _apply_hits(s, ev, p, hitters)
        return
    eligible = [
        o.name
        for o in seat_order_from(s, s.turn + 1)
        if o.name != p.name
        and not o.in_jail
        and (c := cell_of(o.card, number)) is not None
        and c not in o.owned
        and not capped(s, o, c[0])
    ]
    # B-11a: by default everyone who could be asked is (public facts only), whatever their cards say.
    if s.rules.claim_window == "always":
        asked = [o.name for o in seat_order_from(s, s.turn + 1) if o.name != p.name and not o.in_jail]
    else:
        asked = list(eligible)
    if asked:
        s.window = ClaimWindow(number=number, eligible=eligible, asked=asked, hitters=hitters)
        s.stage = "claims"
        ev.append(ClaimsOpen.new({"number": number}, p.name))
        return
    _apply_hits(s, ev, p, hitters)


def _close_window(s: BingoState, ev: list[BingoEvent]) -> None:
    """B-11, B-20: claims count as simultaneous, settled in seat order after the turn player."""
    window = s.window
    assert window is not None
    s.window = None
    winners: list[BingoPlayer] = []
    for o in seat_order_from(s, s.turn + 1):
        if o.name not in window.claimed:
            continue
        cell = cell_of(o.card, window.number)
        if cell is None or cell in o.owned or o.in_jail or capped(s, o, cell[0]):
            # Private: that the number is on this card is a secret (B-3).
            ev.append(ClaimRefused.secret({"number": window.number}, [o.name], o.name))
            continue
        o.owned = sort_cells([*o.owned, cell])
        ev.append(ClaimWon.new({"cell": cell, "number": window.number}, o.name))
        refresh_monopolies(s, ev, [o])
        winners.append(o)
    ev.append(ClaimsClosed.new({"number": window.number, "claimants": [w.name for w in winners]}, None))
    remember_passed(s, window, winners)
    if _check_winner(s, ev, winners):
        return
    _apply_hits(s, ev, current(s), window.hitters)


def _apply_hits(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, hitters: list[str]) -> None:
    """B-12, B-13: each hitter's completed lines (through the cell by default) set the cells due."""
    number = s.declared
    assert number is not None
    hits: list[Hit] = []
    for name in hitters:
        h = find(s, name)
        if h.eliminated:
            continue
        cell = cell_of(h.card, number)
        assert cell is not None
        lines = lines_through_cell(h, cell) if s.rules.hit_lines == "through_cell" else len(completed_lines(h))
        hits.append(Hit(hitter=name, cell=cell, lines=lines, cells=hit_size(lines)))
    s.hits = hits
    if not hits:
        _end_turn(s, ev)
        return
    sizes = [h.cells for h in hits]
    s.discard_due = sum(sizes) if s.rules.hits_stack else max(sizes)
    parts: list[HitPartData] = [{"hitter": h.hitter, "cell": h.cell, "lines": h.lines, "cells": h.cells} for h in hits]
    discard = min(s.discard_due, len(p.owned))  # as discard_required counts it
    ev.append(HitTaken.new({"hits": parts, "due": s.discard_due, "discard": discard}, p.name))
    if not p.owned:  # B-13: nothing left to discard: out of the game
        _eliminate(s, ev, p)
        if not s.over:
            _end_turn(s, ev)
        return
    s.stage = "discard"


def discard_required(s: BingoState) -> int:
    """The hits' total, capped by the cells owned now (B-13)."""
    return min(s.discard_due, len(current(s).owned)) if s.stage == "discard" else 0


def _discard(s: BingoState, ev: list[BingoEvent], p: BingoPlayer, cells: list[str]) -> None:
    due = discard_required(s)
    require(len(set(cells)) == len(cells), "duplicate_cell", "a cell is named twice")
    require(FREE not in cells, "free_not_asset", "the FREE cell is not an asset (B-13)")
    for cell in cells:
        require(cell in p.owned, "not_owned", f"you do not own {cell}", cell=cell)
    require(len(cells) == due, "discard_count", f"discard exactly {due} cells", count=due)
    p.owned = [c for c in p.owned if c not in cells]
    ev.append(Discarded.new({"cells": sort_cells(cells)}, p.name))
    refresh_monopolies(s, ev, seat_order_from(s, s.turn))
    _end_turn(s, ev)


def _check_winner(s: BingoState, ev: list[BingoEvent], candidates: list[BingoPlayer]) -> bool:
    """B-21: owning all 24 numbered cells wins at once."""
    for p in candidates:
        if len(p.owned) == len(NUMBERED):
            _game_over(s, ev, p.name, "all_cells")
            return True
    return False


def _eliminate(s: BingoState, ev: list[BingoEvent], p: BingoPlayer) -> None:
    p.eliminated = True
    p.owned = []
    p.in_jail = False
    offers.drop_player(s, ev, p.name)
    ev.append(Eliminated.new({}, p.name))
    refresh_monopolies(s, ev, seat_order_from(s, s.turn))
    left = [q for q in s.players if not q.eliminated]
    if len(left) == 1:
        _game_over(s, ev, left[0].name, "last_player")


def _game_over(s: BingoState, ev: list[BingoEvent], winner: str, reason: str) -> None:
    s.winner = winner
    s.over = True
    s.window = None
    ev.append(GameOver.new({"reason": reason}, winner))


def _end_turn(s: BingoState, ev: list[BingoEvent]) -> None:
    s.discards += s.drawn
    s.drawn = []
    s.declared = None
    s.window = None
    s.hits = []
    s.discard_due = 0
    nxt = seat_order_from(s, s.turn + 1)
    if not nxt:
        return
    s.turn = seat_of(s, nxt[0].name)
    s.stage = "draw"
    s.turns_played += 1
    ev.append(Turn.new({}, nxt[0].name))
