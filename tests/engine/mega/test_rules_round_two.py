"""Rules fidelity, round two (issue 15): the fourth-deed settlement's order and limits, the hotel
sell-back in a house shortage, by rule id."""

from __future__ import annotations

import pytest

from engine import mega
from engine.mega.legal import legal_actions
from tests.engine.mega.helpers import act, act_events, cash, position

BLUES = {"park_place": 1, "boardwalk": 1}


def blue_table(a_cash: int = 1500) -> mega.MegaState:
    """A builds on Park Place and Boardwalk (2 of 3, a majority); B owns Florida Avenue, mortgaged."""
    return position(
        {"name": "A", "deeds": list(BLUES), "buildings": dict(BLUES), "cash": a_cash},
        {"name": "B", "deeds": ["florida_avenue"], "mortgaged": ["florida_avenue"]},
    )


def traded(s: mega.MegaState) -> mega.MegaState:
    s = act(s, "B", "propose_trade", to="A", give={"deeds": ["florida_avenue"]}, get={"cash": 1})
    return act(s, "A", "accept_trade", **{"from": "B"})


def test_M31e_the_settlement_comes_before_the_transfer_fee_debt() -> None:
    s = traded(blue_table(a_cash=5))  # the 10% fee ($18) is more than A has: a debt
    assert [q.kind for q in s.queue][:2] == ["even_out", "debt"]


def test_M31e_no_mortgaging_streets_of_the_group_being_settled() -> None:
    s = traded(blue_table())
    with pytest.raises(mega.IllegalAction) as refused:
        act(s, "A", "mortgage", space="boardwalk")
    assert refused.value.code in ("settle_group", "buildings_on_group")
    assert not any(a.do == "mortgage" and a.space in BLUES for a in legal_actions(s, "A"))


def test_M31c_M31e_no_single_sales_on_the_group_while_the_new_deed_is_mortgaged() -> None:
    s = traded(blue_table())
    assert s.queue[0].kind == "even_out" and s.queue[0].needs_unmortgage
    with pytest.raises(mega.IllegalAction) as refused:
        act(s, "A", "sell_building", space="boardwalk")
    assert refused.value.code == "settle_group"
    offered = legal_actions(s, "A")
    assert not any(a.do == "sell_building" and a.space in BLUES for a in offered)
    assert any(a.do == "sell_all_buildings" for a in offered)
    for action in offered:  # everything offered is accepted
        mega.apply(s, "A", action)
    sold = act(s, "A", "sell_all_buildings", group="dark_blue")  # M-31c: refuse to lift the mortgage
    assert not sold.buildings and not sold.queue


def test_M26_M31_a_layout_never_builds_on_a_group_with_a_mortgaged_street() -> None:
    s = traded(blue_table())
    s = act(s, "A", "unmortgage", space="florida_avenue")
    for action in legal_actions(s, "A"):
        if action.do == "even_out" and any(action.layout.values()):
            settled, _ = mega.apply(s, "A", action)
            assert not any(m in settled.mortgaged for m in ("florida_avenue", "park_place", "boardwalk"))


def test_M31a_an_outright_hotel_sale_says_which_group_is_left_uneven() -> None:
    yellow = {"atlantic_avenue": 5, "ventnor_avenue": 5, "marvin_gardens": 5}
    s = position(
        {"name": "A", "deeds": [*BLUES, *yellow], "buildings": {**BLUES, **yellow}, "cash": 0},
        {"name": "B", "deeds": ["florida_avenue"]},
    )
    s = act(s, "B", "propose_trade", to="A", give={"deeds": ["florida_avenue"]}, get={})
    s = act(s, "A", "accept_trade", **{"from": "B"})
    s, events = act_events(s, "A", "sell_building", space="atlantic_avenue")
    sold = next(e for e in events if e.kind == "sold_building")
    assert sold.data["level"] == 0 and sold.data["left_uneven"] == "yellow"
    assert cash(s, "A") == 5 * 75  # sold outright: five steps at half the $150 house price


def test_M26_hotel_sold_back_with_enough_houses_becomes_four() -> None:
    s = position(
        {"name": "A", "deeds": ["park_place", "boardwalk"], "buildings": {"park_place": 5, "boardwalk": 5}},
        {"name": "B"},
    )
    s = act(s, "A", "sell_building", space="boardwalk")
    assert s.buildings == {"park_place": 5, "boardwalk": 4}
