"""Rent (M-22 … M-25) and the stock/dividend system (M-32 … M-34)."""

from __future__ import annotations

from engine.mega.board import BOARD, GROUPS, SPACES
from engine.mega.events import Dividend, MegaEvent, NoDividend, NoRentMortgaged, Rent, RentBasis
from engine.mega.money import charge
from engine.mega.queries import find, owned_in_group
from engine.mega.state import DividendDue, MegaState, Pending, Player


def street_rent(s: MegaState, space: str) -> int:
    """M-22/M-23: buildings use the table; else base ×2 with a majority, ×3 with the whole group."""
    info = SPACES[space]
    assert info.rent is not None and info.group is not None
    level = s.buildings.get(space, 0)
    if level:
        return info.rent[level]
    owner = s.owner[space]
    group = GROUPS[info.group]
    count = len(owned_in_group(s, owner, info.group))
    if count == group.size:
        return info.rent[0] * 3
    if count == group.size - 1:
        return info.rent[0] * 2
    return info.rent[0]


def rent_basis(s: MegaState, space: str, dice_total: int = 0) -> RentBasis:
    """Why the rent of `space` is what it is (for the words next to a payment): the basis and the
    counts it depends on (M-22 … M-25)."""
    info = SPACES[space]
    owner = s.owner[space]
    if info.kind == "railroad":
        return {"basis": "railroads", "count": count_owned(s, owner, "railroad")}
    if info.kind == "utility":
        times = BOARD.utility_multiplier_by_count[count_owned(s, owner, "utility") - 1]
        return {"basis": "utility", "count": count_owned(s, owner, "utility"), "times": times, "dice": dice_total}
    assert info.group is not None
    level = s.buildings.get(space, 0)
    if level:
        return {"basis": "hotel" if level == 5 else "houses", "level": level}
    count, size = len(owned_in_group(s, owner, info.group)), GROUPS[info.group].size
    basis = "full" if count == size else "majority" if count == size - 1 else "single"
    return {"basis": basis, "count": count, "size": size}


def count_owned(s: MegaState, owner: str, kind: str) -> int:
    """M-24/M-25: mortgaged railroads and utilities still count."""
    return sum(1 for sp in BOARD.spaces if sp.kind == kind and s.owner.get(sp.id) == owner)


def railroad_rent(s: MegaState, space: str) -> int:
    return BOARD.railroad_rent_by_count[count_owned(s, s.owner[space], "railroad") - 1]


def utility_rent(s: MegaState, space: str, dice_total: int) -> int:
    return BOARD.utility_multiplier_by_count[count_owned(s, s.owner[space], "utility") - 1] * dice_total


def stock_of(s: MegaState, manager: str, group: str) -> str | None:
    """M-32: with a majority, the one street of the group the manager does not own is the stock."""
    members = GROUPS[group].members
    mine = [m for m in members if s.owner.get(m) == manager]
    if len(mine) != len(members) - 1:
        return None
    return next(m for m in members if s.owner.get(m) != manager)


def charge_rent(
    s: MegaState, ev: list[MegaEvent], payer: Player, space: str, dice_total: int, multiplier: int = 1
) -> list[Pending]:
    """Charge the rent for landing on an owned deed; return what must be settled (debt, dividend)."""
    owner = s.owner[space]
    if owner == payer.name or space in s.mortgaged:
        if space in s.mortgaged and owner != payer.name:
            ev.append(NoRentMortgaged.new({"space": space, "owner": owner}, payer.name))
        return []
    info = SPACES[space]
    if info.kind == "property":
        rent = street_rent(s, space)
    elif info.kind == "railroad":
        rent = railroad_rent(s, space)
    else:
        rent = utility_rent(s, space, dice_total)
    rent *= multiplier
    why = rent_basis(s, space, dice_total)
    if multiplier != 1:
        why["multiplier"] = multiplier
    ev.append(Rent.new({"space": space, "owner": owner, "amount": rent, **why}, payer.name))
    items = charge(s, ev, payer, owner, rent, "rent")
    if info.kind == "property" and info.group is not None:
        stock = stock_of(s, owner, info.group)
        if stock is not None and stock != space:
            # M-34: settled after the rent (and any debt handling of the payer).
            items.append(DividendDue(manager=owner, stock=stock, rent=rent))
    return items


def settle_dividend(s: MegaState, ev: list[MegaEvent], due: DividendDue) -> list[Pending]:
    """M-33: 10% of the rent charged, rounded down, to whoever holds the stock now, if face-up."""
    holder = s.owner.get(due.stock)
    if holder is None or holder == due.manager or due.stock in s.mortgaged:
        ev.append(NoDividend.new({"stock": due.stock}, due.manager))
        return []
    manager = find(s, due.manager)
    if manager.bankrupt or find(s, holder).bankrupt:
        return []
    amount = due.rent * s.rules.dividend_percent // 100
    if amount <= 0:
        return []
    ev.append(Dividend.new({"stock": due.stock, "holder": holder, "amount": amount}, due.manager))
    return charge(s, ev, manager, holder, amount, "dividend")
