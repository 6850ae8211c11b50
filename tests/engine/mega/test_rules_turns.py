"""Dice, movement, jail, spaces and cards (M-4 … M-21, M-25)."""

from __future__ import annotations

import pytest

from engine import mega
from tests.engine.mega.helpers import act, cash, player, position


def test_M4_new_game_gives_starting_cash_and_full_bank() -> None:
    state, events = mega.new_game(["a", "b", "c"], seed=7)
    assert [p.cash for p in state.players] == [1500, 1500, 1500]
    assert (state.bank.houses, state.bank.hotels, state.bank.tickets) == (32, 12, 16)
    assert events[0].kind == "game_started"
    shuffle = next(e for e in events if e.kind == "decks_shuffled")
    assert shuffle.data["decks"] == state.decks  # M-18: the shuffle is recorded …
    assert not shuffle.visible_for("a")  # … but its order is nobody's to see


def test_M18_decks_are_shuffled_by_the_seed() -> None:
    a, _ = mega.new_game(["a", "b"], seed=1)
    b, _ = mega.new_game(["a", "b"], seed=1)
    c, _ = mega.new_game(["a", "b"], seed=2)
    assert a.decks == b.decks
    assert a.decks != c.decks
    assert sorted(a.decks["chance"]) == sorted(c.decks["chance"])


@pytest.mark.parametrize("names", [["solo"], [f"p{i}" for i in range(9)], ["x", "x"]])
def test_M4_player_count_and_unique_seats(names: list[str]) -> None:
    with pytest.raises(mega.IllegalAction):
        mega.new_game(names, seed=1)


def test_M5_real_games_do_not_accept_chosen_dice() -> None:
    state, _ = mega.new_game(["a", "b"], seed=3)
    with pytest.raises(mega.IllegalAction) as err:
        mega.apply(state, "a", {"do": "roll", "dice": [1, 2, 3]})
    assert err.value.code == "dice_are_rolled"
    _rolled, events = mega.apply(state, "a", {"do": "roll"})
    dice = next(e for e in events if e.kind == "dice")
    assert 1 <= dice.data["white"][0] <= 6 and dice.data["speed"] in (1, 2, 3, "mr", "bus")


def test_M6_mr_monopoly_counts_zero_and_M17_income_tax() -> None:
    s = act(position({"name": "A"}, {"name": "B"}), "A", "roll", dice=[2, 3, "mr"])
    assert player(s, "A").position == 5
    assert cash(s, "A") == 1300
    assert mega.waiting_for(s) == "end_turn"


def test_M7_bus_pays_even_on_the_throw_that_jails() -> None:
    s = position({"name": "A"}, {"name": "B"})
    s = act(s, "A", "roll", dice=[1, 1, 2])  # 4: baltic
    s = act(s, "A", "decline")
    s = act(s, "A", "pass")
    s = act(s, "B", "pass")
    s = act(s, "A", "roll", dice=[2, 2, 3])  # 7 more: 11 vermont
    s = act(s, "A", "decline")
    s = act(s, "A", "pass")
    s = act(s, "B", "pass")
    s = act(s, "A", "roll", dice=[4, 4, "bus"])  # third doubles
    a = player(s, "A")
    assert a.in_jail and a.position == 13
    assert a.cash == 1550
    assert mega.waiting_for(s) == "end_turn"


def test_M8_passing_go_pays_200() -> None:
    s = act(position({"name": "A", "position": "boardwalk"}, {"name": "B"}), "A", "roll", dice=[1, 2, 1])
    assert player(s, "A").position == 3
    assert cash(s, "A") == 1700


def test_M10_triples_jail_but_building_still_allowed() -> None:
    s = position(
        {"name": "A", "deeds": ["mediterranean_avenue", "baltic_avenue"]},
        {"name": "B"},
    )
    s = act(s, "A", "roll", dice=[1, 1, 1])
    assert player(s, "A").in_jail and cash(s, "A") == 1500
    with pytest.raises(mega.IllegalAction):
        act(s, "A", "roll", dice=[1, 2, 3])
    s = act(s, "A", "build", space="baltic_avenue")  # M-27 / M-15
    assert s.buildings == {"baltic_avenue": 1}


def test_M12_pay_fine_then_roll_with_doubles_bonus() -> None:
    s = position({"name": "A", "position": "jail", "in_jail": True}, {"name": "B"})
    s = act(s, "A", "pay_fine")
    assert cash(s, "A") == 1450 and not player(s, "A").in_jail
    s = act(s, "A", "roll", dice=[1, 1, "mr"])  # 15 maryland
    s = act(s, "A", "decline")
    s = act(s, "A", "pass")
    s = act(s, "B", "pass")
    assert mega.waiting_for(s) == "roll"  # doubles after paying: another roll (classic)


def test_M12_fine_needs_the_cash_and_the_card_goes_back_to_its_deck() -> None:
    s = position({"name": "A", "position": "jail", "in_jail": True, "cash": 10, "jail_cards": 1}, {"name": "B"})
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "pay_fine")
    assert err.value.code == "fine_unaffordable"
    s = act(s, "A", "use_jail_card")
    a = player(s, "A")
    assert not a.in_jail and a.jail_cards == []
    assert s.decks["chance"][-1] == "chance.get_out_of_jail_free_this_card_may_be_ke"


def test_M13_third_failed_try_pays_as_a_debt_then_moves() -> None:
    s = position(
        {
            "name": "A",
            "position": "jail",
            "in_jail": True,
            "jail_turns": 2,
            "cash": 20,
            "deeds": ["reading_railroad"],
        },
        {"name": "B"},
    )
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert mega.waiting_for(s) == "debt"
    assert player(s, "A").position == 13
    with pytest.raises(mega.IllegalAction):
        act(s, "A", "end_turn")
    s = act(s, "A", "mortgage", space="reading_railroad")
    assert cash(s, "A") == 70
    assert player(s, "A").position == 16
    assert mega.waiting_for(s) == "buy"


def test_M14_bus_in_jail_pays_and_triples_reset_jail_turns() -> None:
    s = position({"name": "A", "position": "jail", "in_jail": True, "jail_turns": 2}, {"name": "B"})
    s = act(s, "A", "roll", dice=[2, 2, 2])
    a = player(s, "A")
    assert a.in_jail and a.jail_turns == 0 and cash(s, "A") == 1500


def test_M16_cannot_buy_without_the_cash_and_decline_opens_an_auction_for_all() -> None:
    s = act(position({"name": "A", "cash": 50}, {"name": "B"}, {"name": "C"}), "A", "roll", dice=[1, 2, "mr"])
    with pytest.raises(mega.IllegalAction) as err:
        act(s, "A", "buy")
    assert err.value.code == "cannot_afford"
    s = act(s, "A", "decline")
    assert s.queue[0].bidders == ["A", "B", "C"]  # type: ignore[union-attr]


def test_M17_luxury_tax_is_a_rule_option() -> None:
    s = position({"name": "A", "position": "birthday_gift"}, {"name": "B"}, options={"luxury_tax": 100})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert player(s, "A").position == 50 and cash(s, "A") == 1400


def test_M18_card_goes_to_the_bottom_and_go_back_three() -> None:
    s = position(
        {"name": "A", "position": "reading_railroad"},
        {"name": "B"},
        decks={"chance": ["chance.go_back_3_spaces"]},
    )
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert player(s, "A").position == 6
    assert mega.waiting_for(s) == "buy"
    assert s.decks["chance"][-1] == "chance.go_back_3_spaces"


def test_M18_get_out_of_jail_free_is_kept_out_of_the_deck() -> None:
    card = "community_chest.get_out_of_jail_free_this_card_may_be_ke"
    s = act(
        position({"name": "A"}, {"name": "B"}, decks={"community_chest": [card]}),
        "A",
        "roll",
        dice=[1, 1, "mr"],
    )
    assert player(s, "A").jail_cards == [card]
    assert card not in s.decks["community_chest"]


def test_M18_chairman_card_owes_each_player_and_opens_a_debt() -> None:
    s = position(
        {"name": "A", "position": "reading_railroad", "cash": 60},
        {"name": "B"},
        {"name": "C"},
        decks={"chance": ["chance.you_have_been_elected_chairman_of_the_bo"]},
    )
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert cash(s, "B") == 1550
    assert mega.waiting_for(s) == "debt" and mega.to_act(s) == ["A"]


def test_M18_collect_from_each_player_makes_each_one_pay() -> None:
    s = position(
        {"name": "A", "position": "go"},
        {"name": "B"},
        {"name": "C", "cash": 20},
        decks={"community_chest": ["community_chest.grand_opera_night_collect_50_from_every"]},
    )
    s = act(s, "A", "roll", dice=[1, 1, "mr"])
    assert cash(s, "A") == 1550 and cash(s, "B") == 1450
    assert mega.waiting_for(s) == "debt" and mega.to_act(s) == ["C"]


def test_M18_repairs_count_houses_and_hotels() -> None:
    s = position(
        {
            "name": "A",
            "position": "reading_railroad",
            "deeds": ["mediterranean_avenue", "baltic_avenue", "arctic_avenue"],
            "buildings": {"mediterranean_avenue": 5, "baltic_avenue": 4, "arctic_avenue": 4},
        },
        {"name": "B"},
        decks={"chance": ["chance.make_general_repairs_on_all_your_propert"]},
    )
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert cash(s, "A") == 1500 - (8 * 25 + 100)


def test_M20a_no_ticket_left_gives_100() -> None:
    s = position({"name": "A", "position": "indiana_avenue"}, {"name": "B"}, bank={"tickets": 0})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert player(s, "A").tickets == 0 and cash(s, "A") == 1600


def test_M20b_birthday_without_tickets_asks_nothing() -> None:
    s = position({"name": "A", "position": "pennsylvania_avenue"}, {"name": "B"}, bank={"tickets": 0})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert mega.waiting_for(s) == "end_turn" and cash(s, "A") == 1600


def test_M20b_birthday_cash_choice() -> None:
    s = act(
        position({"name": "A", "position": "pennsylvania_avenue"}, {"name": "B"}),
        "A",
        "roll",
        dice=[1, 2, "mr"],
    )
    s = act(s, "A", "choose_gift", take="cash")
    assert cash(s, "A") == 1600 and s.bank.tickets == 16


def test_M21_auction_space_with_nothing_unsold_does_nothing() -> None:
    from engine.mega.board import DEEDS

    deeds = list(DEEDS)
    s = position({"name": "A", "position": "vermont_avenue"}, {"name": "B", "deeds": deeds})
    s = act(s, "A", "roll", dice=[1, 2, "mr"])
    assert player(s, "A").position == 14
    assert mega.waiting_for(s) == "end_turn"


def test_M25_nearest_railroad_pays_double() -> None:
    s = position(
        {"name": "A", "position": "reading_railroad"},
        {"name": "B", "deeds": ["pennsylvania_railroad", "short_line"]},
        decks={"chance": ["chance.nearest_railroad"]},
    )
    s = act(s, "A", "roll", dice=[1, 2, "mr"])  # chance_1 → pennsylvania railroad (20)
    assert player(s, "A").position == 20
    assert cash(s, "A") == 1500 - 2 * 50


def test_M25_utility_single_owner_times_four() -> None:
    s = position({"name": "A", "position": "vermont_avenue"}, {"name": "B", "deeds": ["electric_company"]})
    s = act(s, "A", "roll", dice=[2, 1, 3])  # 6 → 17 electric company
    assert cash(s, "A") == 1500 - 24
