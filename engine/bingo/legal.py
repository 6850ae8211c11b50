"""What the bingo game waits for, who may act, and each player's legal actions."""

from __future__ import annotations

from engine.bingo.actions import (
    AcceptCells,
    BingoAction,
    Claim,
    Declare,
    Discard,
    Draw,
    LeaveJail,
    PassClaim,
    RejectCells,
    WithdrawCells,
)
from engine.bingo.cards import COLUMNS, declarable, rank
from engine.bingo.flow import discard_required
from engine.bingo.queries import current, find
from engine.bingo.state import BingoState, BingoTrade, unanswered
from engine.bingo.trade import check_offer
from engine.core.errors import IllegalAction


def waiting_for(s: BingoState) -> str:
    return "game_over" if s.over else s.stage


def to_act(s: BingoState) -> list[str]:
    if s.over:
        return []
    if s.stage == "claims" and s.window is not None:
        return unanswered(s.window)
    return [current(s).name]


def declarable_now(s: BingoState) -> list[int]:
    return declarable([rank(c) for c in s.drawn]) if s.stage == "declare" else []


def default_picks(s: BingoState, offer: BingoTrade) -> list[str]:
    """The first cells that can stand for the offer's `X?` entries (the UI lets the receiver choose)."""
    picks: list[str] = []
    for giver_name, taker_name, entries in (
        (offer.proposer, offer.receiver, offer.give),
        (offer.receiver, offer.proposer, offer.get),
    ):
        giver, taker = find(s, giver_name), find(s, taker_name)
        exact = [e for e in entries if not e.endswith("?")]
        chosen: list[str] = []
        for entry in entries:
            if not entry.endswith("?") or entry[0] not in COLUMNS:
                continue
            for cell in giver.owned:
                if cell[0] == entry[0] and cell not in exact and cell not in chosen and cell not in taker.owned:
                    chosen.append(cell)
                    break
        picks += chosen
    return picks


def legal_actions(s: BingoState, player: str) -> list[BingoAction]:
    """Every action `player` may take now. A discard is offered once with the first cells owned (the
    player may choose any cells of that number); trade proposals are free-form and not listed."""
    if s.over:
        return []
    try:
        p = find(s, player)
    except IllegalAction:
        return []
    if p.eliminated:
        return []
    out: list[BingoAction] = []
    mine = current(s).name == player
    if s.stage == "draw" and mine:
        out.append(Draw())
        if p.in_jail:
            out += [LeaveJail(cell=c) for c in p.owned]
    elif s.stage == "declare" and mine:
        out += [Declare(number=n) for n in declarable_now(s)]
    elif s.stage == "claims" and player in to_act(s):
        # B-11a: everyone asked may pass; only a player who can take the number may claim it.
        out += [Claim(), PassClaim()] if s.window is not None and player in s.window.eligible else [PassClaim()]
    elif s.stage == "discard" and mine:
        out.append(Discard(cells=p.owned[: discard_required(s)]))
    for offer in s.trades:
        if offer.receiver == player:
            try:
                check_offer(s, offer)
                picks = default_picks(s, offer)
                out.append(AcceptCells.model_validate({"from": offer.proposer, "picks": picks, "offer": offer.id}))
            except IllegalAction:
                pass
            out.append(RejectCells.model_validate({"from": offer.proposer, "offer": offer.id}))
        elif offer.proposer == player:
            out.append(WithdrawCells(to=offer.receiver, offer=offer.id))
    return out
