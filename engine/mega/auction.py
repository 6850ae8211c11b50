"""Open ascending auctions (M-30), used for deeds and for the last building (M-29)."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.mega.building import fourth_deed, pay_for_building, place_step
from engine.mega.events import AuctionOpened, AuctionUnsold, AuctionWon, BidPlaced, MegaEvent, Passed, ShortageWon
from engine.mega.money import charge
from engine.mega.queries import active_players, find, require
from engine.mega.state import Bidding, DeedAuction, MegaState, Pending, PlaceBuilding, ShortageAuction


def open_deed_auction(s: MegaState, ev: list[MegaEvent], space: str) -> DeedAuction:
    """Every solvent player may bid, the decliner included (M-16, M-30)."""
    bidders = [p.name for p in active_players(s)]
    ev.append(AuctionOpened.new({"space": space, "bidders": bidders}, None))
    return DeedAuction(space=space, bidders=bidders)


def bid_cap(s: MegaState, auction: Bidding, name: str) -> int | None:
    """The most this bidder may bid, or None when there is no cap (M-30, M-29)."""
    p = find(s, name)
    if isinstance(auction, ShortageAuction):
        return p.cash + (auction.list_price if p.tickets else 0)
    return p.cash if s.rules.bids_capped_by_cash else None


def min_bid(auction: Bidding) -> int:
    return auction.high_bid + 1 if auction.high_bidder is not None else max(1, auction.high_bid)


def bid(s: MegaState, ev: list[MegaEvent], auction: Bidding, name: str, amount: int) -> None:
    require(name in auction.bidders, "not_a_bidder", "you are not a bidder in this auction")
    require(name not in auction.passed, "passed", "you have passed and are out of this auction")
    require(auction.high_bidder != name, "already_high", "you are the high bidder; wait until you are outbid")
    low = min_bid(auction)
    require(amount >= low, "bid_too_low", f"the bid must be at least ${low}", minimum=low)
    cap = bid_cap(s, auction, name)
    if cap is not None:
        require(amount <= cap, "bid_over_cash", f"you cannot bid more than ${cap}", maximum=cap)
    auction.high_bid = amount
    auction.high_bidder = name
    ev.append(BidPlaced.new({"amount": amount}, name))


def pass_(ev: list[MegaEvent], auction: Bidding, name: str) -> None:
    require(name in auction.bidders, "not_a_bidder", "you are not a bidder in this auction")
    require(name not in auction.passed, "passed", "you have already passed")
    if auction.high_bidder == name:
        raise IllegalAction("high_bidder_cannot_pass", "you are the high bidder; your bid stands")
    auction.passed.append(name)
    ev.append(Passed.new({}, name))


def is_finished(auction: Bidding) -> bool:
    """Everyone but the high bidder has passed, or everyone has passed (M-30)."""
    still_in = [b for b in auction.bidders if b not in auction.passed and b != auction.high_bidder]
    return not still_in


def close(s: MegaState, ev: list[MegaEvent], auction: DeedAuction | ShortageAuction) -> list[Pending]:
    """The high bidder pays the bank and takes the lot; return what follows."""
    winner = auction.high_bidder
    if isinstance(auction, DeedAuction):
        if winner is None:
            ev.append(AuctionUnsold.new({"space": auction.space}, None))
            return []
        p = find(s, winner)
        ev.append(AuctionWon.new({"space": auction.space, "amount": auction.high_bid}, winner))
        s.owner[auction.space] = winner
        items = charge(s, ev, p, None, auction.high_bid, "auction")
        return items + fourth_deed(s, winner, auction.space)
    assert winner is not None  # a shortage auction opens with the builder's list-price bid
    p = find(s, winner)
    ev.append(ShortageWon.new({"piece": auction.piece, "amount": auction.high_bid}, winner))
    if winner == auction.builder:
        tickets = auction.tickets if p.tickets >= auction.tickets else 0
        pay_for_building(s, ev, p, auction.high_bid, tickets, list_price=auction.list_price)
        place_step(s, ev, p, auction.space)
        return []
    tickets = 1 if p.tickets else 0
    pay_for_building(s, ev, p, auction.high_bid, tickets, list_price=auction.list_price)
    return [PlaceBuilding(player=winner, piece=auction.piece)]


def remove_bidder(auction: Bidding, name: str) -> None:
    """A bidder who goes bankrupt leaves; a high bid of theirs lapses."""
    if name in auction.bidders:
        auction.bidders.remove(name)
    if name in auction.passed:
        auction.passed.remove(name)
    if auction.high_bidder == name:
        auction.high_bidder = None
        auction.high_bid = 0 if not isinstance(auction, ShortageAuction) else auction.list_price
