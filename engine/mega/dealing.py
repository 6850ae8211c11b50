"""How a Mega computer trades (M-40): it answers every offer at its next move and offers
cash for the street that makes a majority (hard: or completes a set), with table manners (one
offer a turn, never one refused lately, never one the rules refuse)."""

from __future__ import annotations

from engine.core.offers import refused_lately
from engine.mega.actions import AcceptTrade, MegaAction, ProposeTrade, RejectTrade
from engine.mega.appraisal import deed_value
from engine.mega.board import DEEDS, GROUPS, SPACES
from engine.mega.queries import owned_in_group
from engine.mega.seat import Seat
from engine.mega.state import MegaState, TradeSide


def trade_answer(seat: Seat) -> MegaAction | None:
    s, player = seat.s, seat.player
    for offer in s.trades:
        if offer.receiver != player:
            continue
        gain = _side_value(s, player, offer.give)
        loss = _side_value(s, player, offer.get)
        # What the proposer would gain counts too: never hand someone a group for a little cash.
        their_gain = sum(deed_value(s, offer.proposer, d) for d in offer.get.deeds)
        accept = next((a for a in seat.moves.of(AcceptTrade) if a.from_ == offer.proposer), None)
        if accept is not None and gain >= 1.15 * loss and their_gain <= gain * 1.2:
            return accept
        return RejectTrade.model_validate({"from": offer.proposer, "offer": offer.id})
    return None


def _side_value(s: MegaState, taker: str, side: TradeSide) -> float:
    return side.cash + sum(deed_value(s, taker, d) for d in side.deeds) + 50 * side.jail_cards


def proposal(seat: Seat) -> MegaAction | None:
    """Offer cash for the one street that would make a majority (hard: or complete a set): one offer
    a turn, never one that player refused in the last few turns, never one the rules would refuse.
    Hard pays what a majority is worth to it, enough for a careful owner to take it."""
    s, player = seat.s, seat.player
    if not seat.style.trades or any(t.proposer == player for t in s.trades):
        return None
    if s.proposed_at.get(player, -1) == s.turns_played:
        return None
    stalled = all(d in s.owner for d in DEEDS)
    for name, group in GROUPS.items():
        short = group.size - len(owned_in_group(s, player, name))
        if short != 2 and not (seat.style.sharp and short == 1):
            continue
        for street in group.members:
            owner = s.owner.get(street)
            if owner in (None, player) or street in s.mortgaged or _refused(s, player, owner, street):
                continue
            theirs = owned_in_group(s, owner, name)
            if any(s.buildings.get(m, 0) for m in theirs):
                continue  # M-40: they would have to sell their buildings first
            if seat.style.sharp and len(theirs) >= group.size - 1:
                continue  # their own majority: no price would do
            offer = int((SPACES[street].price or 0) * _offer_factor(seat, short, stalled))
            if seat.cash - offer >= seat.style.build_reserve:
                return ProposeTrade(to=owner, give=TradeSide(cash=offer), get=TradeSide(deeds=[street]))
    return None


def _offer_factor(seat: Seat, short: int, stalled: bool) -> float:
    """The price multiple offered: hard pays twice the price for the street completing a set. Normal
    offers less than a careful owner takes while deeds are unsold, and enough once all are sold
    (`stalled`): a table where nobody can reach a majority any more would otherwise go round for ever
    (issue 39)."""
    if seat.style.sharp and short == 1:
        return 2.0
    return seat.style.stalled_offer if stalled else seat.style.offer


def _refused(s: MegaState, proposer: str, receiver: str, street: str) -> bool:
    return refused_lately(s.refused, proposer, receiver, street, s.turns_played)
