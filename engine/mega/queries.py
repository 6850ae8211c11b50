"""Read-only questions about a Mega state, shared by every rule module."""

from __future__ import annotations

from engine.core.errors import IllegalAction, NotInGame
from engine.mega.board import GROUPS, INDEX, SPACES
from engine.mega.state import MegaState, Player

BOARD_SIZE = 52
JAIL = INDEX["jail"]


def find(s: MegaState, name: str | None) -> Player:
    for p in s.players:
        if p.name == name:
            return p
    raise NotInGame("not_in_game", f"{name} is not a player in this game", player=name)


def active(s: MegaState, name: str | None) -> Player:
    p = find(s, name)
    if p.bankrupt:
        raise NotInGame("bankrupt", f"{name} is bankrupt and out of the game", player=name)
    return p


def seat_of(s: MegaState, name: str) -> int:
    # By name: list.index would compare whole models with pydantic's __eq__.
    return next(i for i, q in enumerate(s.players) if q.name == name)


def current(s: MegaState) -> Player:
    return s.players[s.turn]


def active_players(s: MegaState) -> list[Player]:
    return [p for p in s.players if not p.bankrupt]


def seat_order_from(s: MegaState, start: int) -> list[Player]:
    """Active players in seat order, starting with seat `start`."""
    n = len(s.players)
    return [s.players[(start + k) % n] for k in range(n) if not s.players[(start + k) % n].bankrupt]


def deeds_of(s: MegaState, name: str) -> list[str]:
    return sorted((d for d, o in s.owner.items() if o == name), key=INDEX.__getitem__)


def owned_in_group(s: MegaState, name: str, group: str) -> list[str]:
    return [m for m in GROUPS[group].members if s.owner.get(m) == name]


def has_building_rights(s: MegaState, name: str, group: str) -> bool:
    """M-26: majority or full group, and none of the owner's streets in it mortgaged."""
    mine = owned_in_group(s, name, group)
    if len(mine) < GROUPS[group].size - 1:
        return False
    return not any(m in s.mortgaged for m in mine)


def set_mortgaged(s: MegaState, space: str, value: bool) -> None:
    if value and space not in s.mortgaged:
        s.mortgaged.append(space)
        s.mortgaged.sort(key=INDEX.__getitem__)
    elif not value and space in s.mortgaged:
        s.mortgaged.remove(space)


def fee(s: MegaState, amount: int) -> int:
    """M-39: interest and transfer fees are rounded up to the next $1."""
    return -(-amount * s.rules.fee_percent // 100)


def unmortgage_cost(s: MegaState, space: str) -> int:
    value = SPACES[space].mortgage or 0
    return value + fee(s, value)


def require(condition: bool, code: str, message: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(code, message, **params)


def is_free(s: MegaState) -> bool:
    """M-27: nothing is pending (no roll being resolved, no auction, no settlement, no debt)."""
    return not s.queue and not s.over
