"""Bankruptcy to a player (M-37) or to the bank (M-38), and what it ends."""

from __future__ import annotations

from engine.core import offers
from engine.mega.auction import remove_bidder
from engine.mega.board import BOARD, GROUPS, INDEX, SPACES
from engine.mega.building import fourth_deed
from engine.mega.events import Bankrupt, GameOver, MegaEvent
from engine.mega.money import charge, credit, transfer
from engine.mega.queries import active_players, deeds_of, fee, find, set_mortgaged
from engine.mega.state import (
    BankAuctions,
    Bidding,
    Debt,
    DeedAuction,
    DividendDue,
    MegaState,
    Pending,
    Player,
    ShortageAuction,
)


def _sell_all_buildings(s: MegaState, ev: list[MegaEvent], p: Player, to_cash: bool) -> None:
    for space in list(s.buildings):
        if s.owner.get(space) != p.name:
            continue
        level = s.buildings.pop(space)
        if level == 5:
            s.bank.hotels += 1
        else:
            s.bank.houses += level
        if to_cash:
            credit(p, ev, level * (GROUPS[SPACES[space].group or ""].house_cost // 2), "sold_building")


def go_bankrupt(s: MegaState, ev: list[MegaEvent], p: Player, creditor: str | None) -> list[Pending]:
    """Hand everything over and take the player out. Returns what the receiver must settle."""
    items: list[Pending] = []
    deeds = deeds_of(s, p.name)
    if creditor is not None and not find(s, creditor).bankrupt:  # M-37
        receiver = find(s, creditor)
        _sell_all_buildings(s, ev, p, to_cash=True)
        transfer(s, ev, p, receiver.name, p.cash, "bankruptcy")
        for deed in deeds:
            s.owner[deed] = receiver.name
        for deed in deeds:  # M-31e: a settlement comes before any debt of the same player
            items += fourth_deed(s, receiver.name, deed)
        for deed in deeds:
            if deed in s.mortgaged:
                items += charge(s, ev, receiver, None, fee(s, SPACES[deed].mortgage or 0), "transfer_fee")
        receiver.jail_cards += p.jail_cards
    else:  # M-38
        _sell_all_buildings(s, ev, p, to_cash=False)
        if p.cash > 0:
            transfer(s, ev, p, None, p.cash, "bankruptcy")
        for deed in deeds:
            del s.owner[deed]
            set_mortgaged(s, deed, False)
        for card in p.jail_cards:
            s.decks.setdefault(BOARD.deck_of(card), []).append(card)
        if deeds:
            items.append(BankAuctions(deeds=sorted(deeds, key=INDEX.__getitem__)))
        creditor = None
    p.jail_cards = []
    s.bank.tickets += p.tickets  # M-28: tickets go back to the bank
    p.tickets = 0
    p.bankrupt = True
    p.in_jail = False
    ev.append(Bankrupt.new({"creditor": creditor, "deeds": deeds}, p.name))
    _forget(s, ev, p.name)
    survivors = active_players(s)
    if len(survivors) <= 1:
        s.winners = [q.name for q in survivors]
        s.queue = []
        ev.append(GameOver.new({"winners": s.winners, "reason": "last_player"}, None))
        return []
    return items


def _forget(s: MegaState, ev: list[MegaEvent], name: str) -> None:
    """Drop what the bankrupt was to do, owed or was owed; leave their auctions."""
    kept: list[Pending] = []
    for item in s.queue:
        if isinstance(item, Debt) and name in (item.debtor, item.creditor):
            continue
        if isinstance(item, DividendDue) and item.manager == name:
            continue
        if isinstance(item, Bidding):
            remove_bidder(item, name)
            if isinstance(item, ShortageAuction) and item.builder == name:
                continue
            if isinstance(item, DeedAuction) and not item.bidders:
                continue
        elif getattr(item, "player", None) == name:
            continue
        kept.append(item)
    s.queue = kept
    offers.drop_player(s, ev, name)
