"""Trades between two players: cash, deeds and Get Out of Jail Free cards (M-40, M-36)."""

from __future__ import annotations

from engine.core import offers
from engine.core.errors import IllegalAction
from engine.mega.board import SPACES
from engine.mega.building import fourth_deed
from engine.mega.events import MegaEvent, TradeData, TradeDone, TradeProposed
from engine.mega.money import charge, transfer
from engine.mega.queries import active, fee, owned_in_group, require
from engine.mega.state import Debt, MegaState, Pending, Player, TradeOffer, TradeSide


def _check_side(s: MegaState, p: Player, side: TradeSide, role: str) -> None:
    require(len(set(side.deeds)) == len(side.deeds), "duplicate_deed", "a deed is named twice")
    for deed in side.deeds:
        info = SPACES.get(deed)
        require(info is not None and info.is_deed, "unknown_deed", f"{deed} is not a deed", space=deed)
        assert info is not None
        require(
            s.owner.get(deed) == p.name,
            "trade_not_owned",
            f"{p.name} does not own {info.name}",
            player=p.name,
            space=deed,
        )
        if info.group is not None:
            require(
                not any(s.buildings.get(m, 0) for m in owned_in_group(s, p.name, info.group)),
                "trade_with_buildings",
                f"{p.name} must sell the buildings on the {info.group} group before trading {info.name}",
                player=p.name,
                space=deed,
            )
    require(side.cash <= p.cash, "trade_cash", f"{p.name} has only ${p.cash}", player=p.name, cash=p.cash)
    require(
        side.jail_cards <= len(p.jail_cards),
        "trade_jail_cards",
        f"{p.name} does not hold {side.jail_cards} Get Out of Jail Free cards",
        player=p.name,
    )


def check_trade_phase(s: MegaState, a: str, b: str) -> None:
    """M-31e: no trading during a fourth-deed settlement; M-36: during a debt only with the debtor."""
    if not s.queue:
        return
    front = s.queue[0]
    if front.kind == "even_out":
        raise IllegalAction("no_trade_now", "no trading while a fourth deed is being settled (M-31e)")
    if isinstance(front, Debt):
        require(
            front.debtor in (a, b),
            "trade_only_with_debtor",
            f"while {front.debtor} is in debt, only trades with {front.debtor} are allowed",
            debtor=front.debtor,
        )


def check_offer(s: MegaState, offer: TradeOffer) -> None:
    proposer = active(s, offer.proposer)
    receiver = active(s, offer.receiver)
    require(proposer.name != receiver.name, "trade_self", "you cannot trade with yourself")
    require(not (offer.give.is_empty() and offer.get.is_empty()), "trade_empty", "the offer is empty")
    check_trade_phase(s, proposer.name, receiver.name)
    _check_side(s, proposer, offer.give, "give")
    _check_side(s, receiver, offer.get, "get")


def propose(s: MegaState, ev: list[MegaEvent], offer: TradeOffer, answers: int | None = None) -> None:
    check_offer(s, offer)
    offers.add(s, ev, offer, answers)
    shown: TradeData = {
        "to": offer.receiver,
        "offer": offer.id,
        "give": offer.give.model_dump(),
        "get": offer.get.model_dump(),
    }
    ev.append(TradeProposed.new(shown, offer.proposer))


def find_offer(s: MegaState, proposer: str, receiver: str, offer_id: int | None = None) -> TradeOffer:
    found: TradeOffer = offers.find(s, proposer, receiver, offer_id)
    return found


def drop(s: MegaState, offer: TradeOffer) -> None:
    s.trades = [t for t in s.trades if t is not offer]


def accept(s: MegaState, ev: list[MegaEvent], offer: TradeOffer) -> list[Pending]:
    """Re-check, then carry out; mortgaged deeds cost their receiver 10% at once (M-40)."""
    try:
        check_offer(s, offer)
    except IllegalAction as exc:
        raise IllegalAction("trade_impossible", f"this offer can no longer be carried out: {exc.message}") from exc
    drop(s, offer)
    a, b = active(s, offer.proposer), active(s, offer.receiver)
    transfer(s, ev, a, b.name, offer.give.cash, "trade")
    transfer(s, ev, b, a.name, offer.get.cash, "trade")
    for _ in range(offer.give.jail_cards):
        b.jail_cards.append(a.jail_cards.pop(0))
    for _ in range(offer.get.jail_cards):
        a.jail_cards.append(b.jail_cards.pop(0))
    fees: list[Pending] = []
    settlements: list[Pending] = []
    for _giver, taker, deeds in ((a, b, offer.give.deeds), (b, a, offer.get.deeds)):
        for deed in deeds:
            s.owner[deed] = taker.name
            if deed in s.mortgaged:
                fees += charge(s, ev, taker, None, fee(s, SPACES[deed].mortgage or 0), "transfer_fee")
        for deed in deeds:
            settlements += fourth_deed(s, taker.name, deed)
    ev.append(
        TradeDone.new(
            {"to": b.name, "give": offer.give.model_dump(), "get": offer.get.model_dump(), "offer": offer.id}, a.name
        )
    )
    return settlements + fees  # M-31e: the settlement comes before any debt of the same player
