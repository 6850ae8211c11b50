"""Mega baselines: the GNOME "background agent" v3_1 (the fixed policy Haliem et al. 2021,
arXiv 2103.00683, played against), greedy, and random legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.baselines import of, pick_random
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
    RejectTrade,
    Roll,
    SellAllBuildings,
    SellBuilding,
    Throw,
    Unmortgage,
    UseJailCard,
)
from engine.mega.assets import asset_count
from engine.mega.board import GROUPS, SPACES
from engine.mega.legal import legal_actions
from engine.mega.queries import current, find, owned_in_group, unmortgage_cost
from engine.mega.state import (
    Bidding,
    BuyOffer,
    DeedAuction,
    EvenOut,
    MegaState,
    PlaceBuilding,
    ShortageAuction,
    TradeSide,
)

GNOME_RESERVE = 200


def completes_set(s: MegaState, player: str, deed: str) -> bool:
    group = SPACES[deed].group
    if group is None:
        return False
    return all(s.owner.get(m) == player or m == deed for m in GROUPS[group].members)


def _in_set(s: MegaState, player: str, deed: str) -> bool:
    group = SPACES[deed].group
    return group is not None and len(owned_in_group(s, player, group)) >= GROUPS[group].size - 1


def _worth_of(side: TradeSide, s: MegaState) -> int:
    return side.cash + sum(SPACES[d].price or 0 for d in side.deeds) + 50 * side.jail_cards


def _answer_trades(s: MegaState, player: str, legal: list[MegaAction], accept_any: bool) -> MegaAction | None:
    for offer in s.trades:
        if offer.receiver != player:
            continue
        accept = next((a for a in of(legal, AcceptTrade) if a.from_ == offer.proposer), None)
        if accept_any and accept is not None and _worth_of(offer.give, s) > _worth_of(offer.get, s):
            return accept  # it raises its net worth
        return RejectTrade.model_validate({"from": offer.proposer, "offer": offer.id})
    return None


def _raise_cash(s: MegaState, player: str, legal: list[MegaAction]) -> MegaAction:
    """Mortgage the cheapest deeds outside sets first, then the rest, then sell buildings."""
    mortgages = of(legal, Mortgage)
    loose = [m for m in mortgages if not _in_set(s, player, m.space)]
    for pool in (loose, mortgages):
        if pool:
            return min(pool, key=lambda m: SPACES[m.space].price or 0)
    sales: list[MegaAction] = [*of(legal, SellBuilding), *of(legal, SellAllBuildings)]
    return sales[0] if sales else DeclareBankruptcy()


def _bid(s: MegaState, player: str, front: Bidding, legal: list[MegaAction], stretch: float) -> MegaAction | None:
    bids = sorted(of(legal, Bid), key=lambda b: b.amount)
    if not bids:
        return None
    me = find(s, player)
    if isinstance(front, DeedAuction):
        price = SPACES[front.space].price or 0
        limit = price * (stretch if completes_set(s, player, front.space) else 1.0)
    else:
        assert isinstance(front, ShortageAuction)
        limit = front.list_price
    limit = min(limit, me.cash)
    fitting = [b for b in bids if b.amount <= limit]
    if not fitting:
        return Pass()
    return fitting[1] if len(fitting) > 1 else fitting[0]  # a step up, not $1 at a time


def _common_moves(s: MegaState, player: str, legal: list[MegaAction]) -> MegaAction | None:
    """Moves both fixed policies make alike (gifts, throws, picks, even-out layouts)."""
    front = s.queue[0] if s.queue else None
    if of(legal, ChooseGift):
        return ChooseGift(take="ticket")
    if of(legal, Throw):
        return Throw()
    picks = of(legal, PickAuctionDeed)
    if picks:
        return max(picks, key=lambda a: (completes_set(s, player, a.space), SPACES[a.space].price or 0))
    if isinstance(front, PlaceBuilding) and front.player == player:
        return of(legal, Build)[0] if of(legal, Build) else None
    if isinstance(front, EvenOut) and front.player == player:
        layouts = of(legal, EvenOutLayout)
        if layouts:
            return min(layouts, key=lambda a: sum(a.layout.values()))
        fallback: list[MegaAction] = [*of(legal, SellAllBuildings), DeclareBankruptcy()]
        return fallback[0]
    return None


def gnome(s: MegaState, player: str, rng: random.Random) -> MegaAction | None:
    """GNOME background agent v3_1: buys when cash − price ≥ $200 or the deed completes a set; bids
    towards the list price, above it only to complete a set; leaves jail by a card, or by paying with
    ≥ $200; raises cash by mortgaging its cheapest deeds outside sets first, then selling buildings;
    builds evenly while ≥ $200 remain; accepts a trade that raises its net worth."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    me = find(s, player)
    answer = _answer_trades(s, player, legal, accept_any=True)
    if answer is not None:
        return answer
    if of(legal, DeclareBankruptcy):
        return _raise_cash(s, player, legal)
    front = s.queue[0] if s.queue else None
    if isinstance(front, Bidding):
        return _bid(s, player, front, legal, stretch=1.5)
    if isinstance(front, BuyOffer) and front.player == player:
        price = SPACES[front.space].price or 0
        if of(legal, Buy) and (me.cash - price >= GNOME_RESERVE or completes_set(s, player, front.space)):
            return Buy()
        return Decline()
    common = _common_moves(s, player, legal)
    if common is not None:
        return common
    if current(s).name != player or s.queue:
        return None
    with_ticket = [b for b in of(legal, Build) if b.tickets]
    if with_ticket:
        return with_ticket[0]
    builds = [b for b in of(legal, Build) if me.cash - (SPACES[b.space].house_cost or 0) >= GNOME_RESERVE]
    if builds:
        return min(builds, key=lambda b: s.buildings.get(b.space, 0))
    lifts = [u for u in of(legal, Unmortgage) if me.cash - unmortgage_cost(s, u.space) >= 2 * GNOME_RESERVE]
    if lifts:
        return lifts[0]
    if of(legal, Roll):
        if of(legal, UseJailCard):
            return UseJailCard()
        if of(legal, PayFine) and me.cash - s.rules.jail_fine >= GNOME_RESERVE:
            return PayFine()
        return Roll()
    return EndTurn() if of(legal, EndTurn) else None


InDebt = Callable[[MegaState, str, list[MegaAction]], MegaAction]


def _buy_everything(s: MegaState, player: str, legal: list[MegaAction], in_debt: InDebt) -> MegaAction | None:
    """What greedy and the builder do alike: reject every trade, settle a debt their way, bid up to
    the list price, buy every deed they land on and can pay for."""
    answer = _answer_trades(s, player, legal, accept_any=False)
    if answer is not None:
        return answer
    if of(legal, DeclareBankruptcy):
        return in_debt(s, player, legal)
    front = s.queue[0] if s.queue else None
    if isinstance(front, Bidding):
        return _bid(s, player, front, legal, stretch=1.0)
    if isinstance(front, BuyOffer) and front.player == player:
        return Buy() if of(legal, Buy) else Decline()
    return None


def greedy(s: MegaState, player: str, rng: random.Random) -> MegaAction | None:
    """Greedy: buys everything it can afford, bids up to the list price, builds as soon as allowed
    with no reserve, never trades."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    answer = _buy_everything(s, player, legal, _raise_cash)
    if answer is not None:
        return answer
    common = _common_moves(s, player, legal)
    if common is not None:
        return common
    if current(s).name != player or s.queue:
        return None
    builds = of(legal, Build)
    if builds:
        return max(builds, key=lambda b: b.tickets)
    if of(legal, Roll):
        return UseJailCard() if of(legal, UseJailCard) else Roll()
    return EndTurn() if of(legal, EndTurn) else None


def _cheapest_first(s: MegaState, player: str, legal: list[MegaAction]) -> MegaAction:
    """In debt: mortgage the cheapest deeds first, then sell the cheapest houses, then go bankrupt."""
    mortgages = of(legal, Mortgage)
    if mortgages:
        return min(mortgages, key=lambda m: SPACES[m.space].price or 0)
    sales = of(legal, SellBuilding)
    if sales:
        return min(sales, key=lambda a: SPACES[a.space].house_cost or 0)
    whole: list[MegaAction] = [*of(legal, SellAllBuildings)]
    return whole[0] if whole else DeclareBankruptcy()


def _majority_pick(s: MegaState, player: str, picks: list[PickAuctionDeed]) -> PickAuctionDeed:
    """The deed that gives or extends a majority: the most of its group already held, then the price."""

    def held(space: str) -> int:
        group = SPACES[space].group
        return len(owned_in_group(s, player, group)) if group is not None else -1

    return max(picks, key=lambda a: (held(a.space), SPACES[a.space].price or 0))


def builder(s: MegaState, player: str, rng: random.Random) -> MegaAction | None:
    """The plainest strong strategy of Monopoly folklore (issue 39): buy every deed it lands on that
    it can pay for; bid up to the list price; build whenever the rules allow, as much as allowed,
    keeping nothing back (house tickets first); lift mortgages whenever it can; leave jail at once
    (card, else fine); take the house ticket as the gift; in the Auction space pick the deed that
    gives or extends a majority; in debt mortgage the cheapest deeds, then sell the cheapest houses,
    then go bankrupt; reject every trade and propose none."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    answer = _buy_everything(s, player, legal, _cheapest_first)
    if answer is not None:
        return answer
    picks = of(legal, PickAuctionDeed)
    if picks:
        return _majority_pick(s, player, picks)
    common = _common_moves(s, player, legal)
    if common is not None:
        return common
    if current(s).name != player or s.queue:
        return None
    builds = of(legal, Build)
    if builds:
        return max(builds, key=lambda b: (b.tickets, -s.buildings.get(b.space, 0)))
    lifts = of(legal, Unmortgage)
    if lifts:
        return lifts[0]
    if of(legal, Roll):
        if of(legal, UseJailCard):
            return UseJailCard()
        if of(legal, PayFine):
            return PayFine()
        return Roll()
    return EndTurn() if of(legal, EndTurn) else None


def random_legal(s: MegaState, player: str, rng: random.Random) -> MegaAction | None:
    return pick_random(legal_actions(s, player), rng)


def net_worth(s: MegaState, player: str) -> int:
    return asset_count(s, player)


POLICIES: dict[str, Any] = {"gnome": gnome, "greedy": greedy, "builder": builder, "random": random_legal}
