"""The Mega Edition board (M-1), loaded once from the packaged JSON and validated on load."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, model_validator

from engine.core.jsondata import JsonObject

SpaceKind = Literal[
    "go",
    "property",
    "railroad",
    "utility",
    "community_chest",
    "chance",
    "tax",
    "jail",
    "auction",
    "free_parking",
    "go_to_jail",
    "bus_ticket",
    "birthday_gift",
]

DEED_KINDS = ("property", "railroad", "utility")


class Space(BaseModel):
    index: int
    id: str
    name: str
    kind: SpaceKind
    group: str | None = None
    price: int | None = None
    mortgage: int | None = None
    house_cost: int | None = None
    rent: list[int] | None = None
    amount: int | None = None

    @property
    def is_deed(self) -> bool:
        return self.kind in DEED_KINDS

    @property
    def is_street(self) -> bool:
        return self.kind == "property"


class Group(BaseModel):
    size: int
    house_cost: int
    members: list[str]


class Card(BaseModel):
    id: str
    text: str
    effect: dict[str, Any]


class Bank(BaseModel):
    houses: int
    hotels: int
    house_tickets: int


class Board(BaseModel):
    starting_cash: int
    go_salary: int
    jail_fine: int
    bank: Bank
    railroad_rent_by_count: list[int]
    utility_multiplier_by_count: list[int]
    groups: dict[str, Group]
    spaces: list[Space]
    cards: dict[str, list[Card]]

    def __hash__(self) -> int:
        """By identity, for the caches keyed by the board; it is never mutated."""
        return id(self)

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        if len(self.spaces) != 52:
            raise ValueError("the Mega board has 52 spaces (M-1)")
        for i, space in enumerate(self.spaces):
            if space.index != i:
                raise ValueError(f"space {space.id} has index {space.index}, expected {i}")
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("space ids must be unique")
        fixed = {0: "go", 13: "jail", 26: "free_parking", 39: "go_to_jail"}
        for index, kind in fixed.items():
            if self.spaces[index].kind != kind:
                raise ValueError(f"space {index} must be {kind} (M-1)")
        by_id = {s.id: s for s in self.spaces}
        for name, group in self.groups.items():
            if len(group.members) != group.size:
                raise ValueError(f"group {name} lists {len(group.members)} members, size {group.size}")
            for member in group.members:
                street = by_id.get(member)
                if street is None or street.kind != "property" or street.group != name:
                    raise ValueError(f"group {name} member {member} is not a street of that group")
                if street.house_cost != group.house_cost:
                    raise ValueError(f"{member} house cost differs from its group's")
        for space in self.spaces:
            if space.is_deed and (space.price is None or space.mortgage is None):
                raise ValueError(f"deed {space.id} needs a price and a mortgage value")
            if space.kind == "property" and (
                space.rent is None or len(space.rent) != 6 or space.group not in self.groups
            ):
                raise ValueError(f"street {space.id} needs a group and 6 rents")
        streets = sum(1 for s in self.spaces if s.kind == "property")
        rails = sum(1 for s in self.spaces if s.kind == "railroad")
        utils = sum(1 for s in self.spaces if s.kind == "utility")
        if (streets, rails, utils) != (30, 4, 3):
            raise ValueError("M-1: 30 streets, 4 railroads and 3 utilities")
        if len(self.railroad_rent_by_count) != 4 or len(self.utility_multiplier_by_count) != 3:
            raise ValueError("railroad rents for 1-4 and utility multipliers for 1-3 are needed")
        card_ids = [c.id for deck in self.cards.values() for c in deck]
        if len(set(card_ids)) != len(card_ids):
            raise ValueError("card ids must be unique")
        for deck in self.cards.values():
            for card in deck:
                target = card.effect.get("target")
                if target is not None and target not in by_id:
                    raise ValueError(f"card {card.id} targets unknown space {target}")
        return self

    # Derived lookups, computed once per process (the board is immutable).
    @property
    def index_of(self) -> dict[str, int]:
        return _index_of(self)

    def space(self, space_id: str) -> Space:
        return self.spaces[_index_of(self)[space_id]]

    def card(self, card_id: str) -> Card:
        return _cards_by_id(self)[card_id]

    def deck_of(self, card_id: str) -> str:
        return card_id.split(".", 1)[0]


@cache
def _index_of(board: Board) -> dict[str, int]:
    return {s.id: s.index for s in board.spaces}


@cache
def _cards_by_id(board: Board) -> dict[str, Card]:
    return {c.id: c for deck in board.cards.values() for c in deck}


def parse_board(raw: JsonObject) -> Board:
    return Board.model_validate(raw)


@cache
def load_board() -> Board:
    """The packaged board. Static data shipped with the code, read once per process."""
    text = resources.files("engine.mega").joinpath("mega_board.json").read_text(encoding="utf-8")
    return parse_board(json.loads(text))


BOARD = load_board()
DEEDS: tuple[str, ...] = tuple(s.id for s in BOARD.spaces if s.is_deed)
STREETS: tuple[str, ...] = tuple(s.id for s in BOARD.spaces if s.is_street)
INDEX: dict[str, int] = BOARD.index_of
SPACES: dict[str, Space] = {s.id: s for s in BOARD.spaces}
GROUPS: dict[str, Group] = BOARD.groups
