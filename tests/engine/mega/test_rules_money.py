"""Rent, building, auctions, debts, stock, trades, bankruptcy and the end (M-22 … M-42)."""

from __future__ import annotations

import pytest

from engine import mega
from tests.engine.mega.helpers import act, act_events, cash, player, position

RED = ["kentucky_avenue", "indiana_avenue", "illinois_avenue", "michigan_avenue"]
BROWN = ["mediterranean_avenue", "baltic_avenue", "arctic_avenue"]
LIGHT_BLUE = ["massachusetts_avenue", "oriental_avenue", "vermont_avenue"]


def test_M22_mortgaged_street_collects_nothing_but_counts_for_the_majority() -> None:
    table = position(
        {"name": "A", "position": "free_parking"},
        {"name": "B", "deeds": RED[:3], "mortgaged": ["kentucky_avenue"]},
    )
    at_new_jersey = position(
        {"name": "A", "position": "new_jersey_avenue"},
        {"name": "B", "deeds": RED[:3], "mortgaged": ["kentucky_avenue"]},
    )
    s, events = act_events(at_new_jersey, "A", "roll", dice=[1, 1, "mr"])  # 2: kentucky itself, mortgaged
    assert s.players[0].position == at_new_jersey.players[0].position + 2
    assert cash(s, "A") == 1500 and cash(s, "B") == 1500
    assert any(e.kind == "no_rent_mortgaged" for e in events)
    s = act(table, "A", "roll", dice=[1, 2, "mr"])  # 3: indiana; the mortgaged street still makes the majority
    assert cash(s, "A") == 1500 - 2 * 18


def test_M24_mortgaged_railroads_still_count() -> None:
    s = position(
        {"name": "A", "position": "go"},
        {
            "name": "B",
            "deeds": ["reading_railroad", "short_line", "b_and_o_railroad"],
            "mortgaged": ["short_line"],
        },
    )
    s = act(s, "A", "roll", dice=[2, 1, 3])  # 6: reading railroad, 3 owned
    assert cash(s, "A") == 1400


def test_M26_no_building_with_a_mortgaged_street_in_the_group() -> None:
    s = position({"name": "A", "deeds": LIGHT_BLUE, "mortgaged": ["vermont_avenue"]}, {"name": "B"})
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "build", space="oriental_avenue")
    assert err.value.code == "no_building_rights"


def test_M26_hotel_step_returns_four_houses() -> None:
    s = position(
        {"name": "A", "deeds": BROWN, "buildings": {b: 4 for b in BROWN}},
        {"name": "B"},
    )
    s = act(s, "A", "build", space="baltic_avenue")
    assert s.buildings["baltic_avenue"] == 5
    assert (s.bank.houses, s.bank.hotels) == (32 - 12 + 4, 11)
    assert cash(s, "A") == 1450


def test_M26_selling_is_even_in_reverse() -> None:
    s = position(
        {
            "name": "A",
            "deeds": BROWN,
            "buildings": {"mediterranean_avenue": 1, "baltic_avenue": 1, "arctic_avenue": 2},
        },
        {"name": "B"},
    )
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "sell_building", space="baltic_avenue")
    assert err.value.code == "uneven_sale"
    s = act(s, "A", "sell_building", space="arctic_avenue")
    assert cash(s, "A") == 1525 and s.bank.houses == 32 - 3


def test_M26_hotel_sold_in_a_house_shortage_takes_the_group_down_evenly() -> None:
    """M-26: with 2 houses in the bank, a hotel next to 4 + 4 cannot become 4 houses; it is sold with
    as many houses as the even rule allows (2) and the other streets come down to 3 [interpretation]."""
    s = position(
        {
            "name": "A",
            "deeds": BROWN,
            "buildings": {"mediterranean_avenue": 5, "baltic_avenue": 4, "arctic_avenue": 4},
        },
        {"name": "B"},
        bank={"houses": 2, "hotels": 11, "tickets": 16},
    )
    sold = act(s, "A", "sell_building", space="mediterranean_avenue")
    assert sold.buildings == {"mediterranean_avenue": 2, "baltic_avenue": 3, "arctic_avenue": 3}
    assert cash(sold, "A") == 1500 + 5 * 25  # 3 steps of the hotel street, 1 on each of the others
    assert (sold.bank.houses, sold.bank.hotels) == (2, 12)
    s = act(s, "A", "sell_all_buildings", group="brown")
    assert s.buildings == {}
    assert cash(s, "A") == 1500 + 13 * 25
    assert (s.bank.houses, s.bank.hotels) == (10, 12)


def test_M27_no_building_while_a_purchase_is_pending() -> None:
    s = position({"name": "A", "deeds": LIGHT_BLUE}, {"name": "B"})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])  # baltic: buy offer
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "build", space="vermont_avenue")
    assert err.value.code == "not_now"


def test_M28_ticket_goes_back_to_the_bank_and_cannot_be_traded() -> None:
    s = position({"name": "A", "deeds": LIGHT_BLUE, "tickets": 2}, {"name": "B"})
    s = act(s, "A", "build", space="vermont_avenue", tickets=1)
    assert player(s, "A").tickets == 1 and s.bank.tickets == 15
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "propose_trade", to="B", give={"tickets": 1}, get={"cash": 10})
    assert err.value.code == "bad_action"


def test_M29_last_house_is_contested_and_a_rival_can_win_it() -> None:
    s = position(
        {"name": "A", "deeds": LIGHT_BLUE},
        {"name": "B", "deeds": ["maryland_avenue", "st_charles_place", "states_avenue"]},
        {"name": "C"},
        bank={"houses": 1, "hotels": 12, "tickets": 16},
    )
    s = act(s, "A", "build", space="vermont_avenue")
    assert mega.waiting_for(s) == "auction"
    assert mega.to_act(s) == ["B"]  # C cannot build: not a contestant
    assert s.queue[0].high_bid == 50  # type: ignore[union-attr]
    s = act(s, "B", "bid", amount=120)
    s = act(s, "A", "pass")
    assert mega.waiting_for(s) == "place_building"
    assert cash(s, "B") == 1380
    with pytest.raises(mega.IllegalAction):
        act(s, "B", "build", space="vermont_avenue")
    s = act(s, "B", "build", space="states_avenue")
    assert s.buildings == {"states_avenue": 1} and s.bank.houses == 0
    assert cash(s, "A") == 1500 and cash(s, "B") == 1380


def test_M29_uncontested_last_house_is_built_at_list_price() -> None:
    s = position(
        {"name": "A", "deeds": LIGHT_BLUE},
        {"name": "B", "deeds": ["maryland_avenue", "st_charles_place", "states_avenue"]},
        bank={"houses": 1, "hotels": 12, "tickets": 16},
    )
    s = act(s, "A", "build", space="vermont_avenue")
    s = act(s, "B", "pass")
    assert s.buildings == {"vermont_avenue": 1} and cash(s, "A") == 1450
    assert mega.waiting_for(s) == "roll"


def test_M30_auction_rules() -> None:
    s = position({"name": "A"}, {"name": "B"}, {"name": "C", "cash": 30})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    s = act(s, "A", "decline")
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "C", "bid", amount=31)
    assert err.value.code == "bid_over_cash"
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "bid", amount=0)
    assert err.value.code == "bid_too_low"
    s = act(s, "C", "bid", amount=1)
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "C", "bid", amount=5)
    assert err.value.code == "already_high"
    with pytest.raises(mega.IllegalAction) as err:  # equal to the high bid: it must beat it
        act(s, "A", "bid", amount=1)
    assert err.value.code == "bid_too_low"
    s = act(s, "B", "pass")
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "B", "bid", amount=5)
    assert err.value.code == "passed"
    with pytest.raises(mega.IllegalAction):
        act(s, "Z", "bid", amount=5)
    s = act(s, None, "close_auction")
    assert s.owner["baltic_avenue"] == "C" and cash(s, "C") == 29


def test_M30_nobody_bids_and_the_deed_stays_unsold() -> None:
    s = position({"name": "A"}, {"name": "B"})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    s = act(s, "A", "decline")
    s = act(s, "A", "pass")
    s = act(s, "B", "pass")
    assert "baltic_avenue" not in s.owner and mega.waiting_for(s) == "end_turn"


def test_M30_uncapped_bids_can_open_a_debt() -> None:
    s = position({"name": "A", "cash": 100}, {"name": "B"}, options={"bids_capped_by_cash": False})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    s = act(s, "A", "decline")
    s = act(s, "B", "pass")
    s = act(s, "A", "bid", amount=200)
    assert s.owner["baltic_avenue"] == "A"
    assert mega.waiting_for(s) == "debt"


def test_M31c_mortgaged_fourth_deed_must_be_lifted_or_the_buildings_sold() -> None:
    base = position(
        {"name": "A", "deeds": RED[1:], "buildings": {d: 1 for d in RED[1:]}},
        {"name": "B", "deeds": ["kentucky_avenue"], "mortgaged": ["kentucky_avenue"]},
    )
    s = act(base, "B", "propose_trade", to="A", give={"deeds": ["kentucky_avenue"]}, get={"cash": 300})
    s = act(s, "A", "accept_trade", **{"from": "B"})
    assert mega.waiting_for(s) == "even_out"
    assert cash(s, "A") == 1500 - 300 - 11
    layout = {"kentucky_avenue": 1, "indiana_avenue": 1, "illinois_avenue": 1, "michigan_avenue": 1}
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "even_out", layout=layout)
    assert err.value.code == "unmortgage_first"
    with pytest.raises(mega.IllegalAction) as err:  # M-31e: no trading while settling
        act(s, "B", "propose_trade", to="A", give={"cash": 1}, get={})
    assert err.value.code == "no_trade_now"
    lifted = act(s, "A", "unmortgage", space="kentucky_avenue")
    lifted = act(lifted, "A", "even_out", layout=layout)
    assert cash(lifted, "A") == 1189 - 121 - 150 and lifted.bank.houses == 28
    sold = act(s, "A", "sell_all_buildings", group="red")
    assert sold.buildings == {} and cash(sold, "A") == 1189 + 3 * 75
    assert mega.waiting_for(sold) == "roll"


def test_M31d_hotel_straight_on_the_new_street() -> None:
    setup = {
        "name": "A",
        "position": "new_york_avenue",
        "deeds": RED[1:],
        "buildings": {d: 4 for d in RED[1:]},
    }
    layout = {"kentucky_avenue": 5, "indiana_avenue": 4, "illinois_avenue": 4, "michigan_avenue": 4}
    scarce = position(setup, {"name": "B"}, bank={"houses": 3, "hotels": 12, "tickets": 16})
    scarce = act(act(scarce, "A", "roll", dice=[1, 2, "mr"]), "A", "buy")
    s = act(scarce, "A", "even_out", layout=layout)
    assert cash(s, "A") == 1500 - 220 - 750
    assert (s.bank.houses, s.bank.hotels) == (3, 11)
    plenty = act(act(position(setup, {"name": "B"}), "A", "roll", dice=[1, 2, "mr"]), "A", "buy")
    with pytest.raises(mega.IllegalAction) as err:
        act(plenty, "A", "even_out", layout=layout)
    assert "M-31d" in err.value.message


def test_M31_legal_layouts_offered_are_all_accepted() -> None:
    s = position(
        {
            "name": "A",
            "position": "new_york_avenue",
            "deeds": RED[1:],
            "buildings": {"indiana_avenue": 2, "illinois_avenue": 1, "michigan_avenue": 2},
        },
        {"name": "B"},
    )
    s = act(act(s, "A", "roll", dice=[1, 2, "mr"]), "A", "buy")
    choices = [a for a in mega.legal_actions(s, "A") if a.do == "even_out"]
    layouts = [a.layout for a in choices]  # type: ignore[union-attr]
    assert {"kentucky_avenue": 2, "indiana_avenue": 1, "illinois_avenue": 1, "michigan_avenue": 1} in layouts
    # the seed's forbidden example: an old street (illinois, 1) may not end with more than it had
    assert {
        "kentucky_avenue": 1,
        "indiana_avenue": 1,
        "illinois_avenue": 2,
        "michigan_avenue": 1,
    } not in layouts
    for choice in choices:
        mega.apply(s, "A", choice)


def test_M33_no_dividend_while_the_stock_is_mortgaged() -> None:
    s = position(
        {"name": "A", "deeds": RED[1:]},
        {"name": "B", "deeds": ["kentucky_avenue"], "mortgaged": ["kentucky_avenue"]},
        {"name": "C", "position": "free_parking"},
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, 1])
    assert cash(s, "A") == 1540 and cash(s, "B") == 1500


def test_M34_stock_lifted_during_the_payers_debt_earns_the_dividend() -> None:
    s = position(
        {"name": "A", "deeds": RED[1:], "buildings": {d: 4 for d in RED[1:]}},
        {"name": "B", "deeds": ["kentucky_avenue"], "mortgaged": ["kentucky_avenue"]},
        {"name": "C", "position": "free_parking", "cash": 900, "deeds": ["short_line"]},
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, 1])
    assert mega.waiting_for(s) == "debt"
    s = act(s, "B", "unmortgage", space="kentucky_avenue")  # M-36: anyone may lift a mortgage
    s = act(s, "C", "mortgage", space="short_line")
    assert cash(s, "C") == 75
    assert cash(s, "A") == 1500 + 925 - 92
    assert cash(s, "B") == 1500 - 121 + 92


def test_M34_dividend_is_owed_on_the_rent_charged_even_if_the_payer_goes_bankrupt() -> None:
    s = position(
        {"name": "A", "deeds": RED[1:], "buildings": {d: 4 for d in RED[1:]}},
        {"name": "B", "deeds": ["kentucky_avenue"]},
        {"name": "C", "position": "free_parking", "cash": 100},
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, 1])
    s = act(s, "C", "bankrupt")
    assert cash(s, "A") == 1500 + 100 - 92 and cash(s, "B") == 1592
    assert player(s, "C").bankrupt
    assert mega.waiting_for(s) == "roll" and s.players[s.turn].name == "A"


def test_M36_what_is_allowed_during_a_debt() -> None:
    s = position(
        {"name": "A", "deeds": RED, "buildings": {d: 4 for d in RED}, "position": "go"},
        {"name": "B", "deeds": [*BROWN, "short_line"]},
        {"name": "C", "position": "free_parking", "cash": 100},
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, 1])
    assert mega.waiting_for(s) == "debt"
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "B", "build", space="baltic_avenue")
    assert err.value.code == "no_build_in_debt"
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "sell_building", space="kentucky_avenue")
    assert err.value.code == "only_debtor_sells"
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "propose_trade", to="B", give={"cash": 5}, get={"deeds": ["short_line"]})
    assert err.value.code == "trade_only_with_debtor"
    s = act(s, "B", "mortgage", space="short_line")
    s = act(s, "B", "propose_trade", to="C", give={"cash": 1000}, get={})
    s = act(s, "C", "accept_trade", **{"from": "B"})
    assert mega.waiting_for(s) == "end_turn"  # paid as soon as the cash covered it
    assert cash(s, "C") == 1100 - 925


def test_M37_bankruptcy_to_a_player_sells_buildings_first_and_passes_jail_cards() -> None:
    s = position(
        {"name": "A", "deeds": RED, "buildings": {d: 4 for d in RED}},
        {"name": "B"},
        {
            "name": "C",
            "position": "free_parking",
            "cash": 10,
            "deeds": BROWN,
            "buildings": {d: 1 for d in BROWN},
            "jail_cards": 1,
            "tickets": 2,
        },
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, 1])
    s = act(s, "C", "bankrupt")
    a = player(s, "A")
    assert cash(s, "A") == 1500 + 10 + 3 * 25
    assert len(a.jail_cards) == 1
    assert all(s.owner[d] == "A" for d in BROWN) and not any(s.buildings.get(d) for d in BROWN)
    assert s.bank.tickets == 16


def test_M38_bankruptcy_to_the_bank_auctions_deeds_in_board_order() -> None:
    s = position(
        {"name": "A"},
        {"name": "B"},
        {
            "name": "C",
            "position": "birthday_gift",
            "cash": 10,
            "deeds": ["park_place", "reading_railroad"],
            "mortgaged": ["reading_railroad"],
            "jail_cards": 1,
        },
        turn="C",
    )
    s = act(s, "C", "roll", dice=[1, 2, "mr"])  # luxury tax
    s = act(s, "C", "bankrupt")
    assert s.queue[0].space == "reading_railroad"  # type: ignore[union-attr]
    assert "reading_railroad" not in s.mortgaged
    assert s.decks["chance"][-1].startswith("chance.get_out_of_jail_free")
    s = act(s, "A", "bid", amount=10)
    s = act(s, "B", "pass")
    assert s.owner["reading_railroad"] == "A"
    assert s.queue[0].space == "park_place"  # type: ignore[union-attr]
    s = act(s, "A", "pass")
    s = act(s, "B", "pass")
    assert "park_place" not in s.owner
    assert mega.waiting_for(s) == "roll" and s.players[s.turn].name == "A"


def test_M40_no_trading_a_street_of_a_group_with_buildings_but_the_stock_trades_freely() -> None:
    s = position(
        {"name": "A", "deeds": LIGHT_BLUE, "buildings": {d: 1 for d in LIGHT_BLUE}},
        {"name": "B", "deeds": ["connecticut_avenue"]},
    )
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "propose_trade", to="B", give={"deeds": ["vermont_avenue"]}, get={"cash": 1})
    assert err.value.code == "trade_with_buildings"
    s = act(s, "B", "propose_trade", to="A", give={"deeds": ["connecticut_avenue"]}, get={"cash": 200})
    s = act(s, "A", "accept_trade", **{"from": "B"})
    assert s.owner["connecticut_avenue"] == "A"
    assert mega.waiting_for(s) == "even_out"  # M-31: the fourth deed of a built group


def test_M40_an_offer_that_became_impossible_is_refused_when_accepted() -> None:
    s = position({"name": "A", "deeds": ["boardwalk"]}, {"name": "B"}, {"name": "C"})
    s = act(s, "B", "propose_trade", to="A", give={"cash": 500}, get={"deeds": ["boardwalk"]})
    s = act(s, "C", "propose_trade", to="A", give={"cash": 600}, get={"deeds": ["boardwalk"]})
    s = act(s, "A", "accept_trade", **{"from": "C"})
    before = s.model_dump_json()
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "accept_trade", **{"from": "B"})
    assert err.value.code == "trade_impossible"
    assert s.model_dump_json() == before


def test_M41_last_player_standing_wins() -> None:
    s = position({"name": "A", "deeds": ["boardwalk"]}, {"name": "B", "position": "park_place", "cash": 10}, turn="B")
    s = act(s, "B", "roll", dice=[1, 1, "mr"])
    s = act(s, "B", "bankrupt")
    assert s.winners == ["A"] and mega.waiting_for(s) == "game_over"
    assert mega.legal_actions(s, "A") == []
    with pytest.raises(mega.IllegalAction):
        act(s, "A", "roll", dice=[1, 2, 3])


def test_M42_asset_count_with_a_shared_win() -> None:
    s = position(
        {"name": "A", "cash": 0, "deeds": BROWN, "buildings": {d: 1 for d in BROWN}, "tickets": 3},
        {"name": "B", "cash": 200, "deeds": ["boardwalk"], "mortgaged": ["boardwalk"]},
        {"name": "C", "cash": 100},
    )
    assert mega.asset_count(s, "A") == 200 + 150
    assert mega.asset_count(s, "B") == 400
    s = act(s, None, "end_game")
    assert s.winners == ["B"]
    tie = position({"name": "A", "cash": 400}, {"name": "B", "cash": 0, "deeds": ["boardwalk"]})
    assert act(tie, None, "end_game").winners == ["A", "B"]


def test_refused_actions_change_nothing_and_name_a_reason() -> None:
    s = position({"name": "A"}, {"name": "B"})
    before = s.model_dump_json()
    for by, raw in [
        ("B", {"do": "roll", "dice": [1, 2, 3]}),
        ("A", {"do": "buy"}),
        ("A", {"do": "choose_gift", "take": "both"}),
        ("A", {"do": "fly"}),
        ("nobody", {"do": "roll"}),
        ("A", {"do": "build", "space": "nowhere"}),
    ]:
        with pytest.raises(mega.IllegalAction) as err:
            mega.apply(s, by, raw)
        assert err.value.message
    assert s.model_dump_json() == before


def test_resigning_is_bankruptcy_to_the_bank() -> None:
    s = position({"name": "A", "deeds": ["boardwalk"]}, {"name": "B"}, {"name": "C"})
    s = act(s, "A", "resign")
    assert player(s, "A").bankrupt and s.queue[0].space == "boardwalk"  # type: ignore[union-attr]
    s = act(s, "B", "pass")
    s = act(s, "C", "pass")
    assert s.players[s.turn].name == "B" and mega.waiting_for(s) == "roll"
