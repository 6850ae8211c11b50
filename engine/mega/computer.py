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

from engine.mega.actions import (
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
    Roll,
    SellAllBuildings,
    SellBuilding,
    Throw,
    Unmortgage,
    UseJailCard,
)
from engine.mega.appraisal import KEY_DEED, deed_value, value_to_rivals, worth_to_table
from engine.mega.auction import bid_cap, min_bid
from engine.mega.board import DEEDS, GROUPS, SPACES
from engine.mega.dealing import proposal, trade_answer
from engine.mega.legal import legal_actions, waiting_for
from engine.mega.queries import current, find, has_building_rights, unmortgage_cost
from engine.mega.seat import STYLES, Options, Seat
from engine.mega.state import Bidding, BuyOffer, Debt, DeedAuction, EvenOut, MegaState, ShortageAuction


def choose(s: MegaState, player: str, level: str = "normal", rng: random.Random | None = None) -> MegaAction | None:
    """The computer's move for `player` at `level`, or None if it has nothing to do now."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    style = STYLES.get(level, STYLES["normal"])
    seat = Seat(s, player, style, rng or random.Random(s.rng ^ zlib.crc32(player.encode())), Options(legal))
    answer = trade_answer(seat)
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
        return _place(seat)
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
    offer = proposal(seat)
    if offer is not None:
        return offer
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


def _place(seat: Seat) -> MegaAction:
    """M-29: the building won at a shortage auction is paid for; it goes where it adds most rent."""
    builds = seat.moves.of(Build)
    if not builds:
        return seat.moves.legal[0]
    return max(builds, key=lambda b: _rent_gain(seat.s, b.space))


def _rent_gain(s: MegaState, space: str) -> int:
    """What one more building adds to the street's rent (M-23)."""
    rents = SPACES[space].rent or [0]
    level = s.buildings.get(space, 0)
    return rents[level + 1] - rents[level] if level + 1 < len(rents) else 0


def _rent_gain_per_cost(s: MegaState, space: str) -> float:
    """What one more building adds to the street's rent per dollar (the third house pays best)."""
    return _rent_gain(s, space) / max(1, SPACES[space].house_cost or 1)


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
