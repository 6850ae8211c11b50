"""Dice, movement, jail and what happens on each space (M-5 … M-21, M-25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.rng import randbelow
from engine.mega.actions import Dice
from engine.mega.board import BOARD, DEEDS, INDEX
from engine.mega.events import (
    CardDrawn,
    DeckEmpty,
    DiceRolled,
    Jailed,
    LeftJail,
    MegaEvent,
    Moved,
    NothingToAuction,
    Rent,
    StaysInJail,
    Tax,
    Ticket,
)
from engine.mega.money import charge, credit, transfer
from engine.mega.queries import BOARD_SIZE, JAIL, active_players, current
from engine.mega.rent import charge_rent
from engine.mega.state import (
    BuyOffer,
    Gift,
    LastRoll,
    MegaState,
    MoveSteps,
    Pending,
    PickAuction,
    Player,
    UtilityThrow,
)

SPEED_FACES: tuple[int | str, ...] = (1, 2, 3, "mr", "mr", "bus")


def speed_value(face: int | str) -> int:
    """M-6/M-7: Mr. Monopoly and the Bus count 0."""
    return face if isinstance(face, int) else 0


def throw_dice(s: MegaState, ev: list[MegaEvent], player: str, given: Dice | None) -> tuple[int, int, int | str]:
    """Three dice: named in tests and conformance, otherwise from the seeded RNG (and recorded)."""
    if given is not None:
        if not s.fixed_dice:
            raise IllegalAction("dice_are_rolled", "the dice are rolled by the game, not chosen")
        return _record(ev, player, given[0], given[1], given[2])
    s.rng, a = randbelow(s.rng, 6)
    s.rng, b = randbelow(s.rng, 6)
    s.rng, c = randbelow(s.rng, 6)
    return _record(ev, player, a + 1, b + 1, SPEED_FACES[c])


def _record(ev: list[MegaEvent], player: str, w1: int, w2: int, sp: int | str) -> tuple[int, int, int | str]:
    ev.append(DiceRolled.new({"white": [w1, w2], "speed": sp}, player))
    return w1, w2, sp


def send_to_jail(s: MegaState, ev: list[MegaEvent], p: Player, why: str) -> None:
    """M-11: directly, no $200, no more rolls this turn."""
    p.position = JAIL
    p.in_jail = True
    p.jail_turns = 0
    s.landed = "jail"
    if current(s).name == p.name:
        s.stage = "end_turn"
        s.doubles = 0
    ev.append(Jailed.new({"why": why}, p.name))


def _step(s: MegaState, ev: list[MegaEvent], p: Player, steps: int) -> None:
    start = p.position
    p.position = (start + steps) % BOARD_SIZE
    if steps > 0 and start + steps >= BOARD_SIZE:
        credit(p, ev, s.rules.go_salary, "go")  # M-8: passing or landing on GO
    ev.append(Moved.new({"to": SPACES_BY_INDEX[p.position], "steps": steps}, p.name))


SPACES_BY_INDEX = [sp.id for sp in BOARD.spaces]


def move_by(s: MegaState, ev: list[MegaEvent], p: Player, steps: int, dice_total: int) -> list[Pending]:
    _step(s, ev, p, steps)
    return land(s, ev, p, dice_total)


def land(s: MegaState, ev: list[MegaEvent], p: Player, dice_total: int) -> list[Pending]:
    """Resolve the space the player is on; return what the game must wait for."""
    space = BOARD.spaces[p.position]
    s.landed = space.id
    kind = space.kind
    if space.is_deed:
        owner = s.owner.get(space.id)
        if owner is None:
            return [BuyOffer(player=p.name, space=space.id)]  # M-16
        return charge_rent(s, ev, p, space.id, dice_total)
    if kind == "tax":  # M-17
        amount = s.rules.income_tax if space.id == "income_tax" else s.rules.luxury_tax
        ev.append(Tax.new({"space": space.id, "amount": amount}, p.name))
        return charge(s, ev, p, None, amount, "tax")
    if kind in ("chance", "community_chest"):
        return draw_card(s, ev, p, kind, dice_total)
    if kind == "go_to_jail":
        send_to_jail(s, ev, p, "go_to_jail")
        return []
    if kind == "bus_ticket":  # M-20a
        take_ticket_or_cash(s, ev, p, "ticket")
        return []
    if kind == "birthday_gift":  # M-20b
        if s.bank.tickets > 0:
            return [Gift(player=p.name)]
        take_ticket_or_cash(s, ev, p, "cash")
        return []
    if kind == "auction":  # M-21
        if any(d not in s.owner for d in DEEDS):
            return [PickAuction(player=p.name)]
        ev.append(NothingToAuction.new({}, p.name))
        return []
    return []  # GO, Just Visiting, Free Parking (M-19)


def take_ticket_or_cash(s: MegaState, ev: list[MegaEvent], p: Player, take: str) -> None:
    if take == "ticket" and s.bank.tickets > 0:
        s.bank.tickets -= 1
        p.tickets += 1
        ev.append(Ticket.new({}, p.name))
    else:
        credit(p, ev, s.rules.ticket_cash, "ticket_cash")


# --- cards (M-18) -------------------------------------------------------------------------


def draw_card(s: MegaState, ev: list[MegaEvent], p: Player, deck: str, dice_total: int) -> list[Pending]:
    pile = s.decks.get(deck, [])
    if not pile:
        ev.append(DeckEmpty.new({"deck": deck}, p.name))
        return []
    card_id = pile.pop(0)
    effect: dict[str, Any] = BOARD.card(card_id).effect
    ev.append(CardDrawn.new({"deck": deck, "card": card_id}, p.name))
    kind = effect["type"]
    if kind == "get_out_of_jail_free":
        p.jail_cards.append(card_id)  # kept until used (M-18)
        return []
    pile.append(card_id)  # to the bottom
    play = CARD_EFFECTS.get(kind)
    if play is None:
        raise AssertionError(f"unknown card effect {kind}")  # the board test guards this
    return play(s, ev, p, effect, dice_total)


def _card_advance_to(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    return _advance(s, ev, p, INDEX[effect["target"]], dice)


def _card_nearest(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    target = _nearest(p.position, effect["kind"])
    _step(s, ev, p, (target - p.position) % BOARD_SIZE)
    space = SPACES_BY_INDEX[target]
    s.landed = space
    owner = s.owner.get(space)
    if owner is None:
        return [BuyOffer(player=p.name, space=space)]
    if owner == p.name or space in s.mortgaged:
        return []
    if effect["kind"] == "utility":  # M-25: throw and pay ×10
        return [UtilityThrow(player=p.name, space=space, multiplier=s.rules.utility_card_multiplier)]
    return charge_rent(s, ev, p, space, dice, multiplier=effect["if_owned"].get("rent_multiplier", 1))


def _card_collect(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    credit(p, ev, effect["amount"], "card")
    return []


def _card_pay(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    return charge(s, ev, p, None, effect["amount"], "card")


def _card_move(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    _step(s, ev, p, effect["spaces"])
    return land(s, ev, p, dice)


def _card_jail(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    send_to_jail(s, ev, p, "card")
    return []


def _card_repairs(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    mine = [level for space, level in s.buildings.items() if s.owner.get(space) == p.name]
    hotels = sum(1 for level in mine if level == 5)
    houses = sum(level for level in mine if level != 5)
    amount = houses * effect["per_house"] + hotels * effect["per_hotel"]
    return charge(s, ev, p, None, amount, "repairs")


def _card_pay_each(s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int) -> list[Pending]:
    items: list[Pending] = []
    for other in active_players(s):
        if other.name != p.name:
            items += charge(s, ev, p, other.name, effect["amount"], "card")
    return items


def _card_collect_each(
    s: MegaState, ev: list[MegaEvent], p: Player, effect: dict[str, Any], dice: int
) -> list[Pending]:
    items: list[Pending] = []
    for other in active_players(s):
        if other.name != p.name:
            items += charge(s, ev, other, p.name, effect["amount"], "card")
    return items


CardEffect = Callable[[MegaState, list[MegaEvent], Player, dict[str, Any], int], list[Pending]]
# Each card effect (mega_board.json) to what it does; the jail card is kept, every other card goes back.
CARD_EFFECTS: dict[str, CardEffect] = {
    "advance_to": _card_advance_to,
    "advance_to_nearest": _card_nearest,
    "collect": _card_collect,
    "pay_bank": _card_pay,
    "move_relative": _card_move,
    "go_to_jail": _card_jail,
    "repairs": _card_repairs,
    "pay_each_player": _card_pay_each,
    "collect_from_each_player": _card_collect_each,
}


def _advance(s: MegaState, ev: list[MegaEvent], p: Player, target: int, dice_total: int) -> list[Pending]:
    steps = (target - p.position) % BOARD_SIZE or BOARD_SIZE
    return move_by(s, ev, p, steps, dice_total)


def _nearest(position: int, kind: str) -> int:
    for k in range(1, BOARD_SIZE + 1):
        index = (position + k) % BOARD_SIZE
        if BOARD.spaces[index].kind == kind:
            return index
    raise AssertionError(kind)


# --- the turn's roll (M-5 … M-14) -----------------------------------------------------------


def roll(s: MegaState, ev: list[MegaEvent], p: Player, given: Dice | None) -> list[Pending]:
    w1, w2, sp = throw_dice(s, ev, p.name, given)
    speed = speed_value(sp)
    total = w1 + w2 + speed
    s.last_roll = LastRoll(white=[w1, w2], speed=sp, total=total)
    if sp == "bus":  # M-7, M-14: also in jail and on a throw that jails
        credit(p, ev, s.rules.bus_bonus, "bus")
    triples = w1 == w2 == sp
    doubles = w1 == w2 and not triples
    if p.in_jail:
        return _roll_in_jail(s, ev, p, total, doubles, triples)
    s.stage = "end_turn"
    if triples:  # M-10
        send_to_jail(s, ev, p, "triples")
        return []
    if doubles:  # M-9
        s.doubles += 1
        if s.doubles >= 3:
            send_to_jail(s, ev, p, "third_doubles")
            return []
        s.stage = "roll"
    return move_by(s, ev, p, total, total)


def _roll_in_jail(
    s: MegaState, ev: list[MegaEvent], p: Player, total: int, doubles: bool, triples: bool
) -> list[Pending]:
    s.stage = "end_turn"
    if triples:  # M-14: jailed again, the next turn is the first in jail
        send_to_jail(s, ev, p, "triples")
        return []
    if doubles:  # M-13: out, move, no extra roll
        leave_jail(ev, p, "doubles")
        return move_by(s, ev, p, total, total)
    p.jail_turns += 1
    if p.jail_turns < 3:
        ev.append(StaysInJail.new({"tries": p.jail_turns}, p.name))
        return []
    # M-13: the third failed try pays the fine, then moves the total thrown.
    leave_jail(ev, p, "third_try")
    return [
        *charge(s, ev, p, None, s.rules.jail_fine, "jail_fine"),
        MoveSteps(player=p.name, steps=total, dice_total=total),
    ]


def leave_jail(ev: list[MegaEvent], p: Player, how: str) -> None:
    p.in_jail = False
    p.jail_turns = 0
    ev.append(LeftJail.new({"how": how}, p.name))


def pay_fine(s: MegaState, ev: list[MegaEvent], p: Player) -> None:
    if p.cash < s.rules.jail_fine:
        raise IllegalAction(
            "fine_unaffordable", f"you need ${s.rules.jail_fine} to pay the fine", amount=s.rules.jail_fine
        )
    transfer(s, ev, p, None, s.rules.jail_fine, "jail_fine")
    leave_jail(ev, p, "fine")


def use_jail_card(s: MegaState, ev: list[MegaEvent], p: Player) -> None:
    if not p.jail_cards:
        raise IllegalAction("no_jail_card", "you have no Get Out of Jail Free card")
    card = p.jail_cards.pop(0)
    s.decks.setdefault(BOARD.deck_of(card), []).append(card)  # back to the bottom (M-18)
    leave_jail(ev, p, "card")


def utility_throw(
    s: MegaState, ev: list[MegaEvent], p: Player, pending: UtilityThrow, given: Dice | None
) -> list[Pending]:
    """M-25: the card's throw; no $50 for a Bus on it."""
    w1, w2, sp = throw_dice(s, ev, p.name, given)
    total = w1 + w2 + speed_value(sp)
    owner = s.owner.get(pending.space)
    if owner is None or owner == p.name or pending.space in s.mortgaged:
        return []
    amount = total * pending.multiplier
    ev.append(
        Rent.new(
            {
                "space": pending.space,
                "owner": owner,
                "amount": amount,
                "basis": "card_utility",
                "times": pending.multiplier,
                "dice": total,
            },
            p.name,
        )
    )
    return charge(s, ev, p, owner, amount, "rent")
