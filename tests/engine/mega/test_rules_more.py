"""Rules not covered elsewhere by name: M-2/M-3 bank, M-15, M-19, M-23, M-32, M-35, M-39."""

from __future__ import annotations

import pytest

from engine import mega
from engine.mega.board import BOARD
from tests.engine.mega.helpers import act, cash, player, position

RED = ["kentucky_avenue", "indiana_avenue", "illinois_avenue", "michigan_avenue"]


def test_M2_M3_bank_material_and_no_skyscrapers() -> None:
    assert (BOARD.bank.houses, BOARD.bank.hotels, BOARD.bank.house_tickets) == (32, 12, 16)
    s = position({"name": "A", "deeds": RED, "buildings": {d: 5 for d in RED}}, {"name": "B"})
    assert all(a.do != "build" for a in mega.legal_actions(s, "A"))  # a hotel is the top (no skyscraper)


def test_M15_a_jailed_owner_still_collects_rent() -> None:
    s = position(
        {"name": "A", "position": "jail", "in_jail": True, "deeds": ["baltic_avenue"]},
        {"name": "B"},
        turn="B",
    )
    s = act(s, "B", "roll", dice=[1, 2, "mr"])
    assert cash(s, "A") == 1504 and cash(s, "B") == 1496


def test_M19_free_parking_does_nothing() -> None:
    s = position({"name": "A", "position": "st_james_place"}, {"name": "B"})
    s = act(s, "A", "roll", dice=[2, 3, "mr"])
    assert player(s, "A").position == 26 and cash(s, "A") == 1500
    assert mega.waiting_for(s) == "end_turn"


@pytest.mark.parametrize(("level", "rent"), [(1, 100), (2, 300), (3, 750), (4, 925), (5, 1100)])
def test_M23_houses_and_hotels_use_the_rent_table(level: int, rent: int) -> None:
    s = position(
        {"name": "A", "position": "free_parking"},
        {"name": "B", "deeds": RED, "buildings": {d: level for d in RED}},
    )
    s = act(s, "A", "roll", dice=[1, 2, 1])  # Illinois
    assert cash(s, "A") == 1500 - rent


def test_M32_railroads_and_utilities_have_no_stock() -> None:
    s = position(
        {"name": "A", "position": "go"},
        {"name": "B", "deeds": ["reading_railroad", "pennsylvania_railroad", "b_and_o_railroad"]},
        {"name": "C", "deeds": ["short_line"]},
    )
    s = act(s, "A", "roll", dice=[2, 1, 3])  # Reading Railroad
    assert cash(s, "C") == 1500  # no dividend to the owner of the fourth railroad


def test_M35_payments_come_from_cash_only() -> None:
    s = position({"name": "A", "cash": 100, "position": "go", "deeds": ["boardwalk"]}, {"name": "B"})
    s = act(s, "A", "roll", dice=[2, 3, "mr"])  # Income Tax $200 with $100 cash and a deed
    assert mega.waiting_for(s) == "debt" and cash(s, "A") == 100 and s.owner["boardwalk"] == "A"


def test_M39_mortgage_value_and_lifting_with_interest_rounded_up() -> None:
    s = position({"name": "A", "deeds": ["mediterranean_avenue", "connecticut_avenue"]}, {"name": "B"})
    s = act(s, "A", "mortgage", space="connecticut_avenue")
    assert cash(s, "A") == 1560
    s = act(s, "A", "unmortgage", space="connecticut_avenue")
    assert cash(s, "A") == 1560 - 66
    s = act(s, "A", "mortgage", space="mediterranean_avenue")  # $30; lifting costs 30 + 3
    s = act(s, "A", "unmortgage", space="mediterranean_avenue")
    assert cash(s, "A") == 1494 + 30 - 33
