"""A computer that wins a contested building (M-29) places it where it adds most rent."""

from __future__ import annotations

import pytest

from engine import mega
from engine.mega.actions import Build
from engine.mega.board import SPACES
from engine.mega.computer import choose
from engine.mega.legal import legal_actions
from tests.engine.mega.helpers import act, position

LIGHT_BLUE = ["massachusetts_avenue", "oriental_avenue", "vermont_avenue"]
PINK = ["st_charles_place", "states_avenue", "virginia_avenue"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_M29_won_building_goes_where_it_adds_most_rent(level: str) -> None:
    s = position(
        {"name": "A", "deeds": LIGHT_BLUE},
        {"name": "B", "deeds": PINK},
        {"name": "C"},
        bank={"houses": 1, "hotels": 12, "tickets": 16},
    )
    s = act(s, "A", "build", space="vermont_avenue")
    s = act(s, "B", "bid", amount=120)
    s = act(s, "A", "pass")
    assert mega.waiting_for(s) == "place_building"
    offered = [a.space for a in legal_actions(s, "B") if isinstance(a, Build)]
    assert offered[0] != "virginia_avenue"  # the first offer is not the best one
    first_house = {space: (SPACES[space].rent or [])[1] for space in offered}
    assert max(first_house, key=first_house.__getitem__) == "virginia_avenue"

    move = choose(s, "B", level)

    assert isinstance(move, Build) and move.space == "virginia_avenue"
    after = act(s, "B", "build", space=move.space)
    assert after.buildings == {"virginia_avenue": 1}
