"""A Mega computer player at three levels. It only ever picks a move the rules accept, like a person
at the table, and only looks at what every player can see (Mega has no hidden information).

- easy plays like a newcomer: it keeps too much cash back, bids shyly, never proposes a trade and
  now and then lets a good purchase or a build go by;
- normal buys and builds sensibly and trades for the one street that makes a majority (M-22),
  offering enough for a careful owner once every deed is sold (else such a table never ends);
- hard values each deed for itself *and* for each opponent (it bids to keep an opponent from a set,
  and all its cash for a deed that makes a majority, a set or a block),
  keeps a reserve sized to the rents on the board, builds towards three houses where rent pays best,
  leaves jail early in the game and stays late while a rival has built, mortgages a lone deed for a house on a
  majority and takes the gift in cash until it may build. On the Auction space it puts up only a
  deed it can outbid a list-price bid for (else one that makes no rival's majority). At a table
  that has shown it never trades, it keeps cash for the auctions of the deeds still unsold
  (majorities come only from those there).

Table manners at every level: bids go up in steps and stop at what the deed is worth; at most one
trade offer per turn, never the offer a player refused lately (five turns after a first refusal,
twice as long after each further one), never one the rules refuse; an offer made to it is answered
at its next move; its turn always ends."""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from engine.core.offers import refused_lately
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
)
from engine.mega.auction import bid_cap, min_bid
from engine.mega.board import DEEDS, GROUPS, SPACES
from engine.mega.legal import legal_actions, waiting_for
from engine.mega.queries import current, find, has_building_rights, owned_in_group, unmortgage_cost
from engine.mega.state import Bidding, BuyOffer, Debt, DeedAuction, EvenOut, MegaState, ShortageAuction, TradeSide


@dataclass(frozen=True)
class Style:
    reserve: int  # cash kept back when buying
    build_reserve: int  # cash kept back when building
    bid_stretch: float  # how far above its own value it bids
    trades: bool  # whether it proposes trades
    slip: float  # chance of letting a good purchase or build go by (a newcomer's mistake)
    sharp: bool  # hard: board-sized reserve, jail by game phase, building where rent pays best
    block: bool = False  # values a deed by what it is worth to the opponent it would help most
    eager: bool = False  # buys a majority, set or block even when short of cash
    funds_houses: bool = False  # mortgages lone deeds to pay for houses on a majority
    offer: float = 1.6  # the multiple of a street's price offered for the street making a majority
    stalled_offer: float = 1.75  # the same once every deed is sold: the only way left to a majority
    all_in: bool = False  # at auction, bids its whole cash for a key deed (a majority, a set, a block)
    auction_cash: float = 0.0  # at a table that never trades: the dearest unsold deed's price kept, times this


KEY_DEED = 1.3  # a deed worth this multiple of its price to the table makes a majority, a set or a block


STYLES = {
    "easy": Style(reserve=350, build_reserve=450, bid_stretch=0.8, trades=False, slip=0.2, sharp=False),
    "normal": Style(reserve=150, build_reserve=250, bid_stretch=1.0, trades=True, slip=0.0, sharp=False),
    "hard": Style(
        reserve=60,
        build_reserve=120,
        bid_stretch=1.0,
        trades=True,
        slip=0.0,
        sharp=True,
        block=True,
        eager=True,
        funds_houses=True,
        offer=1.7,
        stalled_offer=1.7,
        all_in=True,
        auction_cash=1.5,
    ),
}


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


def worth_to_table(s: MegaState, player: str, deed: str) -> float:
    """Hard's value of a deed: its own, or (to keep it from them) most of what it is worth to the
    opponent it would help most."""
    return max(deed_value(s, player, deed), 0.85 * value_to_rivals(s, player, deed))


def value_to_rivals(s: MegaState, player: str, deed: str) -> float:
    """What a deed is worth to the opponent of `player` it would help most."""
    rivals = [p.name for p in s.players if not p.bankrupt and p.name != player]
    return max((deed_value(s, r, deed) for r in rivals), default=0.0)


def rent_threat(s: MegaState, player: str) -> int:
    """The biggest rent an opponent's street, railroad or utility could charge now (a reserve for hard)."""
    worst = 0
    for deed, owner in s.owner.items():
        if owner == player or deed in s.mortgaged:
            continue
        rents = SPACES[deed].rent or []
        level = s.buildings.get(deed, 0)
        if rents:
            worst = max(worst, rents[min(level, len(rents) - 1)])
    return worst


T = TypeVar("T")


class Options:
    """The legal actions, filtered by type with their types kept."""

    def __init__(self, legal: list[MegaAction]) -> None:
        self.legal = legal

    def of(self, kind: type[T]) -> list[T]:
        return [a for a in self.legal if isinstance(a, kind)]

    def has(self, kind: type) -> bool:
        return any(isinstance(a, kind) for a in self.legal)


@dataclass
class Seat:
    """One decision: the table, the player, their style and their dice of chance."""

    s: MegaState
    player: str
    style: Style
    rng: random.Random
    moves: Options

    @property
    def cash(self) -> int:
        return find(self.s, self.player).cash

    def reserve(self) -> int:
        if not self.style.sharp:
            return self.style.reserve
        return max(self.style.reserve, min(300, rent_threat(self.s, self.player) // 2))

    def slips(self) -> bool:
        return self.style.slip > 0 and self.rng.random() < self.style.slip

    @cached_property
    def build_reserve(self) -> int:
        """Cash kept back from building and lifting mortgages, worked out once per decision. Hard,
        at a table that does not trade, keeps enough to win an auction of any deed still unsold: there
        a majority comes only from landing or from auctions (M-22, M-30), and rivals who build to
        their last dollar cannot bid."""
        plain = self.style.build_reserve
        if not self.style.auction_cash or not _no_trading_table(self.s, self.player):
            return plain
        unsold = [SPACES[d].price or 0 for d in DEEDS if d not in self.s.owner]
        return max(plain, int(self.style.auction_cash * max(unsold))) if unsold else plain


def _no_trading_table(s: MegaState, player: str) -> bool:
    """What the table has shown (public): a rival refused an offer of `player`'s and no rival has
    ever proposed one. A table that trades is read as one until it shows otherwise."""
    refused = any(proposer == player for proposer, *_ in s.refused)
    return refused and not any(name != player for name in s.proposed_at)


def choose(s: MegaState, player: str, level: str = "normal", rng: random.Random | None = None) -> MegaAction | None:
    """The computer's move for `player` at `level`, or None if it has nothing to do now."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    style = STYLES.get(level, STYLES["normal"])
    seat = Seat(s, player, style, rng or random.Random(s.rng ^ zlib.crc32(player.encode())), Options(legal))
    answer = _trade_answer(seat)
    if answer is not None:
        return answer
    front = s.queue[0] if s.queue else None
    if isinstance(front, Debt) and front.debtor == player:
        return _raise_cash(seat) or DeclareBankruptcy()
    if isinstance(front, EvenOut) and front.player == player:
        return _settle(seat, front)
    if isinstance(front, Bidding):
        return _bid(seat, front)
    if isinstance(front, BuyOffer) and front.player == player:
        return _buy_or_decline(seat, front.space)
    waiting = waiting_for(s)
    if waiting == "pick_auction" and seat.moves.has(PickAuctionDeed):
        return _pick_auction_deed(seat)
    if waiting == "gift":
        return _gift(seat)
    if waiting == "throw":
        return Throw()
    if waiting == "place_building":
        return legal[0]
    if current(s).name == player and not s.queue:
        return _own_turn(seat, waiting)
    return None


def _pick_auction_deed(seat: Seat) -> PickAuctionDeed:
    """M-21: the deed worth most to it above its price. Hard first asks whether it could win that
    auction: a rival may bid up to the list price, so a deed it cannot outbid that with would go to
    a rival. With too little cash it puts up the deed that helps its rivals least."""
    s, player = seat.s, seat.player
    picks = seat.moves.of(PickAuctionDeed)

    def gain(space: str) -> float:
        return deed_value(s, player, space) - (SPACES[space].price or 0)

    if not seat.style.sharp:
        return max(picks, key=lambda a: gain(a.space))
    affordable = [a for a in picks if seat.cash > _outbid_list_price(a.space)]
    if affordable:
        return max(affordable, key=lambda a: gain(a.space))
    return min(picks, key=lambda a: value_to_rivals(s, player, a.space) - (SPACES[a.space].price or 0))


def _outbid_list_price(space: str) -> int:
    """The bid that beats a rival bidding the list price (a bid step is a tenth of the price)."""
    price = SPACES[space].price or 0
    return price + _bid_step(price)


def _bid_step(price: int) -> int:
    """Computers raise a bid by about a tenth of the list price."""
    return max(1, price // 10)


def _gift(seat: Seat) -> ChooseGift:
    """M-20b: a ticket pays for a house only where one may build (M-28) and counts $0 at the end;
    hard takes the $100 while it has no building rights. The others always take the ticket."""
    if seat.style.sharp and not any(has_building_rights(seat.s, seat.player, g) for g in GROUPS):
        return ChooseGift(take="cash")
    return ChooseGift(take="ticket")


def _own_turn(seat: Seat, waiting: str) -> MegaAction | None:
    build = _build(seat) or _fund_houses(seat)
    if build is not None:
        return build
    lift = _lift(seat)
    if lift is not None:
        return lift
    if waiting == "roll":
        return _jail_or_roll(seat)
    proposal = _proposal(seat)
    if proposal is not None:
        return proposal
    return EndTurn() if seat.moves.has(EndTurn) else None


def _jail_or_roll(seat: Seat) -> MegaAction:
    me = find(seat.s, seat.player)
    if not me.in_jail:
        return Roll()
    if seat.style.sharp:
        # Early on, jail keeps you from buying; late, it keeps you from paying rent, which is worth a
        # turn in jail only once a rival has built (M-23): bare streets charge little.
        unsold = sum(1 for d in DEEDS if d not in seat.s.owner)
        leave = unsold >= 8 or not _rivals_built(seat.s, seat.player)
    else:
        leave = me.cash > 800 and not seat.s.buildings
    if leave and seat.moves.has(UseJailCard):
        return UseJailCard()
    if leave and seat.moves.has(PayFine):
        return PayFine()
    return Roll()


def _rivals_built(s: MegaState, player: str) -> bool:
    """Some rival has a house or hotel on a street (M-23): there is rent worth hiding from in jail."""
    return any(s.buildings.get(deed) for deed, owner in s.owner.items() if owner != player)


def _buy_or_decline(seat: Seat, space: str) -> MegaAction:
    price = SPACES[space].price or 0
    worth = worth_to_table(seat.s, seat.player, space) if seat.style.block else deed_value(seat.s, seat.player, space)
    wants = seat.cash - price >= seat.reserve() or (worth >= price * 2 and seat.cash >= price)
    if seat.style.eager and worth >= price * KEY_DEED and seat.cash >= price:
        wants = True  # a majority, a set or a block: worth going short of cash for
    if seat.moves.has(Buy) and wants and not seat.slips():
        return Buy()
    return Decline()


def _trade_answer(seat: Seat) -> MegaAction | None:
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


def _raise_cash(seat: Seat) -> MegaAction | None:
    """Mortgage what matters least first, then sell buildings, before giving up (M-36)."""
    mortgages = seat.moves.of(Mortgage)
    if mortgages:
        return min(mortgages, key=lambda a: deed_value(seat.s, seat.player, a.space))
    sales: list[MegaAction] = [*seat.moves.of(SellBuilding), *seat.moves.of(SellAllBuildings)]
    return sales[0] if sales else None


def _settle(seat: Seat, front: EvenOut) -> MegaAction:
    layouts = seat.moves.of(EvenOutLayout)
    if not layouts:
        fallback: list[MegaAction] = [*seat.moves.of(Unmortgage), *seat.moves.of(SellAllBuildings), DeclareBankruptcy()]
        return fallback[0]
    house = GROUPS[front.group].house_cost
    before = sum(seat.s.buildings.get(m, 0) for m in GROUPS[front.group].members)

    def score(a: EvenOutLayout) -> tuple[int, int]:
        total = sum(a.layout.values())
        cost = max(0, total - before - a.tickets) * house
        affordable = seat.cash - cost >= seat.style.reserve
        return (1 if affordable else 0, total if affordable else -cost)

    return max(layouts, key=score)


def _bid(seat: Seat, front: Bidding) -> MegaAction | None:
    """Open at half the price, then bid in steps of about a tenth of it, up to what the lot is worth;
    pass beyond it (an auction among computers takes a handful of bids, not one per dollar)."""
    s, player = seat.s, seat.player
    if player not in front.bidders or player in front.passed or front.high_bidder == player:
        return None
    low = min_bid(front)
    keep = seat.reserve() // 2
    if isinstance(front, ShortageAuction):
        price, limit = front.list_price, front.list_price * 1.5
    else:
        assert isinstance(front, DeedAuction)
        price = SPACES[front.space].price or 0
        limit = worth_to_table(s, player, front.space) if seat.style.block else deed_value(s, player, front.space)
        if seat.style.all_in and limit >= price * KEY_DEED:
            keep = 0  # a majority, a set or a block: worth all the cash (it can mortgage for rent later)
    limit = min(limit * seat.style.bid_stretch, seat.cash - keep)
    if isinstance(front, DeedAuction) and _declined(s, player, front.space):
        limit = min(limit, price)  # having turned it down at its price, never pay more for it
    cap = bid_cap(s, front, player)
    if cap is not None:
        limit = min(limit, cap)
    if low > limit:
        return Pass()
    step = _bid_step(price)
    opening = price // 2 if front.high_bidder is None else 0  # open at half the price, not at $1
    return Bid(amount=min(int(limit), max(low + step - 1, opening)))


def _declined(s: MegaState, player: str, space: str) -> bool:
    """The deed up for auction is the one `player` is standing on in their own turn: they turned
    down buying it at its price (M-16)."""
    return current(s).name == player and find(s, player).position == SPACES[space].index


def _build(seat: Seat) -> MegaAction | None:
    builds = seat.moves.of(Build)
    with_ticket = [b for b in builds if b.tickets]
    if with_ticket:
        return max(with_ticket, key=lambda b: SPACES[b.space].house_cost or 0)
    affordable = _affordable(seat, builds)
    if not affordable or seat.slips():
        return None
    if seat.style.sharp:
        return max(affordable, key=lambda b: _rent_gain_per_cost(seat.s, b.space))
    return max(affordable, key=lambda b: (SPACES[b.space].rent or [0])[0])


def _fund_houses(seat: Seat) -> MegaAction | None:
    """Hard mortgages a deed that leads nowhere (no majority in sight, M-22) to pay for the next
    house on a group it may build on (M-26, M-39): a house there earns more than the lone deed.
    Only for a house the bank can supply now (a legal build): else the cash would lie idle, and
    `_lift` would buy the deed back at once, over and over. While it keeps cash for auctions
    (`Seat.build_reserve`) this turns its lone deeds into that cash: houses wait for the auctions."""
    builds = seat.moves.of(Build)
    if not seat.style.funds_houses or not builds or _affordable(seat, builds):
        return None
    spare = [m for m in seat.moves.of(Mortgage) if _spare(seat, m.space)]
    if not spare:
        return None
    cheapest = min(spare, key=lambda m: deed_value(seat.s, seat.player, m.space))
    raised = (SPACES[cheapest.space].price or 0) // 2
    cost = min(SPACES[b.space].house_cost or 0 for b in builds)
    return cheapest if seat.cash + raised - cost >= seat.style.build_reserve else None


def _spare(seat: Seat, space: str) -> bool:
    """A deed hard would mortgage for a house: not on a group it builds on, nothing near a majority."""
    info = SPACES[space]
    building = info.group is not None and has_building_rights(seat.s, seat.player, info.group)
    return not building and deed_value(seat.s, seat.player, space) <= 1.6 * (info.price or 0)


def _affordable(seat: Seat, builds: list[Build]) -> list[Build]:
    """The builds that leave the building reserve in cash."""
    return [b for b in builds if seat.cash - (SPACES[b.space].house_cost or 0) >= seat.build_reserve]


def _rent_gain_per_cost(s: MegaState, space: str) -> float:
    """What one more building adds to the street's rent per dollar (the third house pays best)."""
    rents = SPACES[space].rent or [0]
    level = s.buildings.get(space, 0)
    if level + 1 >= len(rents):
        return 0.0
    return (rents[level + 1] - rents[level]) / max(1, SPACES[space].house_cost or 1)


def _lift(seat: Seat) -> MegaAction | None:
    """Lift a mortgage with cash to spare. Hard leaves a spare deed mortgaged while a house could
    be built (M-26): the cash is worth more there, and the deed would only be mortgaged again."""
    wants_houses = seat.style.funds_houses and seat.moves.has(Build)
    for action in seat.moves.of(Unmortgage):
        if wants_houses and _spare(seat, action.space):
            continue
        if seat.cash - unmortgage_cost(seat.s, action.space) >= 2 * seat.build_reserve:
            return action
    return None


def _proposal(seat: Seat) -> MegaAction | None:
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
