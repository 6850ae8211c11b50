"""A Mega computer player. It only ever picks one of `legal_actions`, like a person at the table,
and only looks at what every player can see."""

from __future__ import annotations

from typing import TypeVar

from engine.mega.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    ChooseGift,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    EvenOutLayout,
    MegaAction,
    Mortgage,
    Pass,
    PayFine,
    PickAuctionDeed,
    ProposeTrade,
    RejectTrade,
    Roll,
    SellAllBuildings,
    SellBuilding,
    Throw,
    Unmortgage,
    UseJailCard,
    WithdrawTrade,
)
from engine.mega.board import GROUPS, SPACES
from engine.mega.legal import legal_actions, waiting_for
from engine.mega.state import Bidding, BuyOffer, Debt, DeedAuction, EvenOut, MegaState, ShortageAuction, TradeSide
from engine.mega.table import find, owned_in_group, unmortgage_cost

RESERVE = 150  # cash kept back for rent and taxes
BUILD_RESERVE = 250


def deed_value(s: MegaState, player: str, deed: str) -> float:
    """What a deed is worth to `player`: its price, more if it makes or completes a majority (M-22)
    or blocks someone else's, and a bonus for railroads and utilities already held."""
    info = SPACES[deed]
    price = float(info.price or 0)
    if info.group is None:
        same = sum(1 for d, o in s.owner.items() if o == player and SPACES[d].kind == info.kind)
        return price * (1.0 + 0.25 * same)
    group = GROUPS[info.group]
    mine = len(owned_in_group(s, player, info.group))
    after = mine + (0 if s.owner.get(deed) == player else 1)
    if after == group.size:
        return price * 2.6
    if after == group.size - 1:
        return price * 2.0
    others = [o for o in {s.owner.get(m) for m in group.members} if o not in (None, player)]
    blocking = any(len(owned_in_group(s, o, info.group)) >= group.size - 2 for o in others)
    return price * (1.35 if blocking else 1.1)


def _side_value(s: MegaState, giver: str, taker: str, side: TradeSide) -> float:
    return side.cash + sum(deed_value(s, taker, d) for d in side.deeds) + 50 * side.jail_cards


T = TypeVar("T")


class Options:
    """The legal actions, filtered by type with their types kept."""

    def __init__(self, legal: list[MegaAction]) -> None:
        self.legal = legal

    def of(self, kind: type[T]) -> list[T]:
        return [a for a in self.legal if isinstance(a, kind)]

    def has(self, kind: type) -> bool:
        return any(isinstance(a, kind) for a in self.legal)


def choose(s: MegaState, player: str) -> MegaAction | None:
    """The computer's move for `player`, or None if it has nothing to do now."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    me = find(s, player)
    waiting = waiting_for(s)
    by_kind = Options(legal)

    answer = _trade_answer(s, player, by_kind)
    if answer is not None:
        return answer
    front = s.queue[0] if s.queue else None
    if isinstance(front, Debt) and front.debtor == player:
        return _raise_cash(s, player, by_kind) or DeclareBankruptcy()
    if isinstance(front, EvenOut) and front.player == player:
        return _settle(s, player, front, by_kind)
    if isinstance(front, Bidding):
        return _bid(s, player, front, by_kind)
    if isinstance(front, BuyOffer) and front.player == player:
        offer = front
        price = SPACES[offer.space].price or 0
        worth = deed_value(s, player, offer.space)
        if by_kind.has(Buy) and (me.cash - price >= RESERVE or worth >= price * 2):
            return Buy()
        return Decline()
    if waiting == "pick_auction" and by_kind.has(PickAuctionDeed):
        picks = by_kind.of(PickAuctionDeed)
        return max(picks, key=lambda a: deed_value(s, player, a.space) - (SPACES[a.space].price or 0))
    if waiting == "gift":
        return ChooseGift(take="ticket")
    if waiting == "throw":
        return Throw()
    if waiting == "place_building":
        return legal[0]
    if s.players[s.turn].name == player and not s.queue:
        build = _build(s, player, by_kind)
        if build is not None:
            return build
        lift = _lift(s, player, by_kind)
        if lift is not None:
            return lift
        if waiting == "roll":
            if me.in_jail and by_kind.has(UseJailCard):
                return UseJailCard()
            if me.in_jail and by_kind.has(PayFine) and me.cash > 800 and not s.buildings:
                return PayFine()
            return Roll()
        proposal = _proposal(s, player)
        if proposal is not None:
            return proposal
        if by_kind.has(EndTurn):
            return EndTurn()
    if by_kind.has(WithdrawTrade) and s.players[s.turn].name != player:
        return None
    return None


def _trade_answer(s: MegaState, player: str, by_kind: Options) -> MegaAction | None:
    for offer in s.trades:
        if offer.receiver != player:
            continue
        gain = _side_value(s, offer.proposer, player, offer.give)
        loss = _side_value(s, player, offer.proposer, offer.get)
        # What the proposer would gain counts too: never hand someone a group for a little cash.
        their_gain = sum(deed_value(s, offer.proposer, d) for d in offer.get.deeds)
        accept = next((a for a in by_kind.of(AcceptTrade) if a.from_ == offer.proposer), None)
        if accept is not None and gain >= 1.15 * loss and their_gain <= gain * 1.2:
            return accept
        return RejectTrade.model_validate({"from": offer.proposer})
    return None


def _raise_cash(s: MegaState, player: str, by_kind: Options) -> MegaAction | None:
    """Mortgage what matters least first, then sell buildings, before giving up (M-36)."""
    mortgages = by_kind.of(Mortgage)
    if mortgages:
        return min(mortgages, key=lambda a: deed_value(s, player, a.space))
    sales: list[MegaAction] = [*by_kind.of(SellBuilding), *by_kind.of(SellAllBuildings)]
    return sales[0] if sales else None


def _settle(s: MegaState, player: str, front: EvenOut, by_kind: Options) -> MegaAction:
    layouts = by_kind.of(EvenOutLayout)
    if not layouts:
        fallback: list[MegaAction] = [*by_kind.of(Unmortgage), *by_kind.of(SellAllBuildings), DeclareBankruptcy()]
        return fallback[0]
    me = find(s, player)
    house = GROUPS[front.group].house_cost
    before = sum(s.buildings.get(m, 0) for m in GROUPS[front.group].members)

    def score(a: EvenOutLayout) -> tuple[int, int]:
        total = sum(a.layout.values())
        cost = max(0, total - before - a.tickets) * house
        affordable = me.cash - cost >= RESERVE
        return (1 if affordable else 0, total if affordable else -cost)

    return max(layouts, key=score)


def _bid(s: MegaState, player: str, front: Bidding, by_kind: Options) -> MegaAction | None:
    bids = by_kind.of(Bid)
    if not bids:
        return None
    me = find(s, player)
    lowest = min(bids, key=lambda a: a.amount)
    if isinstance(front, ShortageAuction):
        limit = front.list_price * 1.5
    else:
        assert isinstance(front, DeedAuction)
        limit = deed_value(s, player, front.space)
    limit = min(limit, me.cash - RESERVE)
    if lowest.amount <= limit:
        return lowest
    return Pass() if by_kind.has(Pass) else None


def _build(s: MegaState, player: str, by_kind: Options) -> MegaAction | None:
    me = find(s, player)
    builds = by_kind.of(Build)
    with_ticket = [b for b in builds if b.tickets]
    if with_ticket:
        return max(with_ticket, key=lambda b: SPACES[b.space].house_cost or 0)
    affordable = [b for b in builds if me.cash - (SPACES[b.space].house_cost or 0) >= BUILD_RESERVE]
    if affordable:
        return max(affordable, key=lambda b: (SPACES[b.space].rent or [0])[0])
    return None


def _lift(s: MegaState, player: str, by_kind: Options) -> MegaAction | None:
    me = find(s, player)
    for action in by_kind.of(Unmortgage):
        cost = unmortgage_cost(s, action.space)
        if me.cash - cost >= 2 * BUILD_RESERVE:
            return action
    return None


def _proposal(s: MegaState, player: str) -> MegaAction | None:
    """Offer cash for the one street that would make a majority, once per receiver."""
    me = find(s, player)
    if any(t.proposer == player for t in s.trades):
        return None
    for name, group in GROUPS.items():
        mine = owned_in_group(s, player, name)
        if len(mine) != group.size - 2:
            continue
        for street in group.members:
            owner = s.owner.get(street)
            if owner in (None, player) or street in s.mortgaged:
                continue
            if any(s.buildings.get(m, 0) for m in owned_in_group(s, owner, name)):
                continue
            offer = int((SPACES[street].price or 0) * 1.6)
            if me.cash - offer >= BUILD_RESERVE:
                return ProposeTrade(to=owner, give=TradeSide(cash=offer), get=TradeSide(deeds=[street]))
    return None
