"""Building, selling, mortgages (M-26 … M-29, M-39) and the fourth-deed settlement (M-31)."""

from __future__ import annotations

import itertools
from typing import Literal

from engine.core.errors import IllegalAction
from engine.mega.board import GROUPS, SPACES
from engine.mega.events import (
    Built,
    EvenedOut,
    MegaEvent,
    Mortgaged,
    Shortage,
    SoldBuilding,
    SoldBuildingData,
    SoldGroup,
    TicketUsed,
    Unmortgaged,
)
from engine.mega.money import credit, debit
from engine.mega.queries import (
    has_building_rights,
    owned_in_group,
    require,
    seat_of,
    seat_order_from,
    set_mortgaged,
    unmortgage_cost,
)
from engine.mega.state import EvenOut, MegaState, Pending, Player, ShortageAuction

HOTEL = 5


def _street(space: str) -> tuple[str, int]:
    info = SPACES.get(space)
    require(info is not None, "unknown_space", f"there is no space called {space}", space=space)
    assert info is not None
    require(info.kind == "property" and info.group is not None, "not_a_street", f"{info.name} is not a street")
    assert info.group is not None and info.house_cost is not None
    return info.group, info.house_cost


def _deed(s: MegaState, p: Player, space: str) -> None:
    info = SPACES.get(space)
    require(info is not None and info.is_deed, "unknown_deed", f"{space} is not a deed", space=space)
    require(s.owner.get(space) == p.name, "not_owner", f"you do not own {SPACES[space].name}", space=space)


def piece_for(level: int) -> Literal["house", "hotel"]:
    return "hotel" if level == 4 else "house"


def check_build_step(s: MegaState, p: Player, space: str, piece: str | None = None) -> tuple[str, int, int]:
    """Validate one building step on `space` (M-26); returns (group, house cost, current level)."""
    group, cost = _street(space)
    require(s.owner.get(space) == p.name, "not_owner", f"you do not own {SPACES[space].name}", space=space)
    require(
        has_building_rights(s, p.name, group),
        "no_building_rights",
        "you need a majority of the group and none of your streets in it mortgaged to build",
        group=group,
    )
    level = s.buildings.get(space, 0)
    require(level < HOTEL, "has_hotel", f"{SPACES[space].name} already has a hotel", space=space)
    others = [s.buildings.get(m, 0) for m in owned_in_group(s, p.name, group) if m != space]
    require(
        not others or level <= min(others),
        "uneven_build",
        "build evenly: another of your streets in this group has fewer buildings",
        space=space,
    )
    if piece is not None:
        require(piece_for(level) == piece, "wrong_piece", f"this step needs a {piece_for(level)}", space=space)
    if level == 4:
        require(s.bank.hotels > 0, "no_hotels", "the bank has no hotels left")
    else:
        require(s.bank.houses > 0, "no_houses", "the bank has no houses left")
    return group, cost, level


def can_pay_step(p: Player, cost: int, tickets: int) -> bool:
    return (tickets > 0 and p.tickets >= tickets) or p.cash >= cost


def place_step(s: MegaState, ev: list[MegaEvent], p: Player, space: str) -> None:
    """Put one piece on the street (paid already), moving pieces between bank and board."""
    level = s.buildings.get(space, 0)
    if level == 4:
        s.bank.hotels -= 1
        s.bank.houses += 4
    else:
        s.bank.houses -= 1
    s.buildings[space] = level + 1
    ev.append(Built.new({"space": space, "level": level + 1}, p.name))


def build(s: MegaState, ev: list[MegaEvent], p: Player, space: str, tickets: int) -> list[Pending]:
    _group, cost, level = check_build_step(s, p, space)
    if tickets:
        require(p.tickets >= tickets, "no_ticket", "you have no house ticket")
    else:
        require(p.cash >= cost, "cannot_afford", f"a building here costs ${cost}", amount=cost)
    piece = piece_for(level)
    supply = s.bank.hotels if piece == "hotel" else s.bank.houses
    if supply == 1:  # M-29: the last piece may be contested
        me = seat_of(s, p.name)
        rivals = [o.name for o in seat_order_from(s, me + 1) if o.name != p.name and could_build(s, o, piece)]
        if rivals:
            ev.append(Shortage.new({"piece": piece, "space": space, "rivals": rivals}, p.name))
            return [
                ShortageAuction(
                    bidders=[p.name, *rivals],
                    high_bid=cost,
                    high_bidder=p.name,
                    piece=piece,
                    builder=p.name,
                    space=space,
                    tickets=tickets,
                    list_price=cost,
                )
            ]
    pay_for_building(s, ev, p, cost, tickets)
    place_step(s, ev, p, space)
    return []


def pay_for_building(
    s: MegaState, ev: list[MegaEvent], p: Player, price: int, tickets: int, list_price: int = 0
) -> None:
    """M-28: a ticket pays one list price; the rest is cash. Used tickets go back to the bank."""
    if tickets:
        p.tickets -= tickets
        s.bank.tickets += tickets
        ev.append(TicketUsed.new({"count": tickets}, p.name))
        price = max(0, price - tickets * (list_price or price))
    debit(p, ev, price, "building")


def could_build(s: MegaState, p: Player, piece: str) -> bool:
    """M-29: whether a player could build a piece of this kind right now."""
    for group in GROUPS:
        if not has_building_rights(s, p.name, group):
            continue
        for space in owned_in_group(s, p.name, group):
            try:
                _, cost, _ = check_build_step(s, p, space, piece)
            except IllegalAction:
                continue
            if can_pay_step(p, cost, 1 if p.tickets else 0):
                return True
    return False


def check_sell_step(s: MegaState, p: Player, space: str, outright_hotel: bool = False) -> tuple[str, int]:
    """M-26: whether one building may be sold back from `space` (the player's, built on, and, but for
    M-31a's outright hotel, the tallest of their streets in the group); its group and house cost.
    Checked without changing anything, so the legal moves need not try a sale on a copy."""
    group, cost = _street(space)
    require(s.owner.get(space) == p.name, "not_owner", f"you do not own {SPACES[space].name}", space=space)
    level = s.buildings.get(space, 0)
    require(level > 0, "no_buildings", f"{SPACES[space].name} has no buildings", space=space)
    if level == HOTEL and outright_hotel:
        return group, cost
    others = [s.buildings.get(m, 0) for m in owned_in_group(s, p.name, group) if m != space]
    require(
        not others or level >= max(others),
        "uneven_sale",
        "sell evenly: another of your streets in this group has more buildings",
        space=space,
    )
    return group, cost


def sell_building(s: MegaState, ev: list[MegaEvent], p: Player, space: str, outright_hotel: bool = False) -> None:
    """M-26: one step back at half price, evenly in reverse. A hotel breaks into 4 houses if the
    bank has them, else into as many as it has (if the even rule allows). M-31a funding sells a
    hotel outright."""
    group, cost = check_sell_step(s, p, space, outright_hotel)
    level = s.buildings.get(space, 0)
    half = cost // 2
    if level == HOTEL and outright_hotel:
        s.bank.hotels += 1
        _set_level(s, space, 0)
        credit(p, ev, HOTEL * half, "sold_building")
        # M-31a: the lot is left empty; the group may stay uneven until the player builds or sells
        # evenly again (the even rule then only lets them build on the emptier streets first).
        heights = [s.buildings.get(m, 0) for m in owned_in_group(s, p.name, group)]
        uneven = max(heights) - min(heights) > 1
        sold: SoldBuildingData = {"space": space, "level": 0}
        if uneven:
            sold["left_uneven"] = group
        ev.append(SoldBuilding.new(sold, p.name))
        return
    if level == HOTEL:
        levels = hotel_sale_levels(s, p, space, group)
        if any(lv != s.buildings.get(m, 0) for m, lv in levels.items() if m != space):
            _sell_down(s, ev, p, levels, half)  # M-26: the shortage takes the group down with it
            return
        new_level = levels[space]
        s.bank.hotels += 1
        s.bank.houses -= new_level
    else:
        new_level = level - 1
        s.bank.houses += 1
    _set_level(s, space, new_level)
    credit(p, ev, (level - new_level) * half, "sold_building")
    ev.append(SoldBuilding.new({"space": space, "level": new_level}, p.name))


def hotel_sale_levels(s: MegaState, p: Player, space: str, group: str) -> dict[str, int]:
    """M-26: a hotel sold back becomes 4 houses if the bank has them; otherwise it is sold with as
    many houses as the even rule allows, and the player's other streets of the group come down
    (at half price) to stay even with it [interpretation: the classic shortage rule]."""
    mine = {m: s.buildings.get(m, 0) for m in owned_in_group(s, p.name, group)}
    houses_now = sum(v for v in mine.values() if v < HOTEL)
    for top in range(4, -1, -1):
        final = {m: top if m == space else min(v, top + 1) for m, v in mine.items()}
        houses_then = sum(v for v in final.values() if v < HOTEL)
        if houses_then - houses_now <= s.bank.houses:
            return final
    return dict.fromkeys(mine, 0)


def _sell_down(s: MegaState, ev: list[MegaEvent], p: Player, levels: dict[str, int], half: int) -> None:
    steps = 0
    for m, new in levels.items():
        old = s.buildings.get(m, 0)
        if new == old:
            continue
        if old == HOTEL:
            s.bank.hotels += 1
            s.bank.houses -= new
        else:
            s.bank.houses += old - new
        steps += old - new
        _set_level(s, m, new)
        ev.append(SoldBuilding.new({"space": m, "level": new}, p.name))
    credit(p, ev, steps * half, "sold_building")


def sell_all(s: MegaState, ev: list[MegaEvent], p: Player, group: str, settling: bool = False) -> None:
    """Every building of the player's group back to the bank at half price (M-26, M-31c). Settling
    M-31c, the sale ends the settlement even if nothing is left to sell."""
    require(group in GROUPS, "unknown_group", f"there is no group called {group}", group=group)
    half = GROUPS[group].house_cost // 2
    total = 0
    for space in owned_in_group(s, p.name, group):
        level = s.buildings.get(space, 0)
        if level == HOTEL:
            s.bank.hotels += 1
        else:
            s.bank.houses += level
        total += level
        _set_level(s, space, 0)
    require(total > 0 or settling, "no_buildings", "you have no buildings on that group", group=group)
    credit(p, ev, total * half, "sold_building")
    ev.append(SoldGroup.new({"group": group, "levels": total}, p.name))


def _set_level(s: MegaState, space: str, level: int) -> None:
    if level:
        s.buildings[space] = level
    else:
        s.buildings.pop(space, None)


def mortgage(s: MegaState, ev: list[MegaEvent], p: Player, space: str) -> None:
    """M-39: only with no buildings on the owner's streets of its group."""
    _deed(s, p, space)
    require(space not in s.mortgaged, "already_mortgaged", f"{SPACES[space].name} is already mortgaged")
    group = SPACES[space].group
    if group is not None:
        require(
            not any(s.buildings.get(m, 0) for m in owned_in_group(s, p.name, group)),
            "buildings_on_group",
            "sell the buildings on this group before mortgaging",
            group=group,
        )
    set_mortgaged(s, space, True)
    credit(p, ev, SPACES[space].mortgage or 0, "mortgage")
    ev.append(Mortgaged.new({"space": space}, p.name))


def unmortgage(s: MegaState, ev: list[MegaEvent], p: Player, space: str) -> None:
    _deed(s, p, space)
    require(space in s.mortgaged, "not_mortgaged", f"{SPACES[space].name} is not mortgaged")
    cost = unmortgage_cost(s, space)
    require(p.cash >= cost, "cannot_afford", f"lifting the mortgage costs ${cost}", amount=cost)
    debit(p, ev, cost, "unmortgage")
    set_mortgaged(s, space, False)
    ev.append(Unmortgaged.new({"space": space}, p.name))


# --- the fourth deed (M-31) ------------------------------------------------------------------


def fourth_deed(s: MegaState, name: str, deed: str) -> list[Pending]:
    """M-31: acquiring the last deed of a group one already builds on opens a settlement."""
    group = SPACES[deed].group
    if group is None or SPACES[deed].kind != "property":
        return []
    members = GROUPS[group].members
    if any(s.owner.get(m) != name for m in members):
        return []
    if not any(s.buildings.get(m, 0) for m in members if m != deed):
        return []
    return [EvenOut(player=name, group=group, new_street=deed, needs_unmortgage=deed in s.mortgaged)]


def _pieces(levels: list[int]) -> tuple[int, int]:
    return sum(v for v in levels if v < HOTEL), sum(1 for v in levels if v == HOTEL)


def layout_problem(s: MegaState, p: Player, pending: EvenOut, layout: dict[str, int], tickets: int) -> str | None:
    """Why a final layout is not allowed (M-31 formally), or None."""
    members = GROUPS[pending.group].members
    if set(layout) != set(members):
        return "the layout must name every street of the group"
    old = {m: s.buildings.get(m, 0) for m in members}
    new = {m: layout[m] for m in members}
    if max(new.values()) - min(new.values()) > 1:
        return "the group must be even: no street more than one building ahead"
    if any(new.values()) and any(m in s.mortgaged for m in members):
        return "a group with a mortgaged street carries no buildings (M-26)"
    for m in members:
        if m != pending.new_street and new[m] > old[m]:
            return f"{SPACES[m].name} may not end with more buildings than it had"
        if new[m] == HOTEL and old[m] < 4 and m != pending.new_street:
            return "a hotel needs 4 houses first"
    if new[pending.new_street] == HOTEL:
        carried = sum(old.values())
        needed = 12 if len(members) == 4 else 8
        if not (carried >= needed and s.bank.houses <= 3 and s.bank.hotels >= 1):
            return "a hotel straight on the new street needs the M-31d conditions"
    old_h, old_H = _pieces(list(old.values()))
    new_h, new_H = _pieces(list(new.values()))
    if s.bank.houses + old_h - new_h < 0:
        return "the bank does not have the houses this layout needs"
    if s.bank.hotels + old_H - new_H < 0:
        return "the bank does not have the hotels this layout needs"
    added = sum(new.values()) - sum(old.values())
    if tickets > max(0, added) or tickets > p.tickets:
        return "tickets can pay only for buildings added, and only those you hold"
    cost = max(0, added - tickets) * GROUPS[pending.group].house_cost
    if cost > p.cash:
        return f"this layout costs ${cost}; you have ${p.cash}"
    return None


def even_out(
    s: MegaState, ev: list[MegaEvent], p: Player, pending: EvenOut, layout: dict[str, int], tickets: int
) -> None:
    require(not pending.needs_unmortgage, "unmortgage_first", "lift the mortgage of the new street first (M-31c)")
    problem = layout_problem(s, p, pending, layout, tickets)
    if problem is not None:
        raise IllegalAction("bad_layout", problem)
    members = GROUPS[pending.group].members
    old = [s.buildings.get(m, 0) for m in members]
    new = [layout[m] for m in members]
    old_h, old_H = _pieces(old)
    new_h, new_H = _pieces(new)
    s.bank.houses += old_h - new_h
    s.bank.hotels += old_H - new_H
    for m in members:
        _set_level(s, m, layout[m])
    house = GROUPS[pending.group].house_cost
    added = sum(new) - sum(old)
    if added > 0:
        pay_for_building(s, ev, p, added * house, tickets, list_price=house)
    elif added < 0:
        credit(p, ev, -added * (house // 2), "sold_building")
    ev.append(EvenedOut.new({"group": pending.group, "layout": dict(layout)}, p.name))


def valid_layouts(s: MegaState, p: Player, pending: EvenOut) -> list[tuple[dict[str, int], int]]:
    """Every allowed (layout, tickets) choice, tickets at 0 and at the most usable."""
    members = GROUPS[pending.group].members
    ranges = [range(HOTEL + 1) if m == pending.new_street else range(s.buildings.get(m, 0) + 1) for m in members]
    out: list[tuple[dict[str, int], int]] = []
    old_total = sum(s.buildings.get(m, 0) for m in members)
    for levels in itertools.product(*ranges):
        if max(levels) - min(levels) > 1:
            continue
        layout = dict(zip(members, levels, strict=True))
        most = min(p.tickets, max(0, sum(levels) - old_total))
        for tickets in sorted({0, most}):
            if layout_problem(s, p, pending, layout, tickets) is None:
                out.append((layout, tickets))
    return out
