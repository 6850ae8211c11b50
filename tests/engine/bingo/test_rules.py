"""MonopolizeBingo rules, one test per point (B-1 … B-25)."""

from __future__ import annotations

import pytest

from engine import bingo
from engine.bingo.cards import DECK, FREE, declarable, validate_card
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, act, player, position

A = {"name": "A", "card": CARD_A}
B = {"name": "B", "card": CARD_B}
C = {"name": "C", "card": CARD_C}


def test_B1_B2_dealt_cards_are_valid_and_seeded() -> None:
    state, events = bingo.new_game(["a", "b", "c"], seed=5)
    for p in state.players:
        validate_card(p.card)
        assert p.card["N"][2] is None and p.owned == []
    again, _ = bingo.new_game(["a", "b", "c"], seed=5)
    other, _ = bingo.new_game(["a", "b", "c"], seed=6)
    assert again.players[0].card == state.players[0].card
    assert other.players[0].card != state.players[0].card
    dealt = [e for e in events if e.kind == "card_dealt"]
    assert [e.visible_to for e in dealt] == [["a"], ["b"], ["c"]]  # B-3: each card only to its owner
    with pytest.raises(bingo.IllegalAction):
        bingo.new_game(["solo"], seed=1)


def test_B2_card_validation_refuses_bad_cards() -> None:
    bad = {**CARD_A, "B": [1, 2, 3, 4, 16]}
    with pytest.raises(ValueError):
        validate_card({k: tuple(v) for k, v in bad.items()})
    no_free = {**CARD_A, "N": [31, 32, 33, 34, 35]}
    with pytest.raises(ValueError):
        validate_card({k: tuple(v) for k, v in no_free.items()})


@pytest.mark.parametrize(
    ("ranks", "numbers"),
    [
        (["3", "5"], [35, 53]),
        (["7", "10"], [7, 70]),
        (["A", "10"], [1, 10]),
        (["6", "Q"], [6, 16, 26, 36, 46, 56, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69]),
        (["J", "K"], list(range(1, 76))),
        (["8", "9"], []),
        (["10", "10"], []),
    ],
)
def test_B6_B7_B8_number_formation(ranks: list[str], numbers: list[int]) -> None:
    assert declarable(ranks) == numbers


def test_B4_pile_runs_out_and_the_discards_are_reshuffled() -> None:
    s = position(A, B, deck=["8", "9"])
    s.discards = s.pile[2:]
    s.pile = s.pile[:2]
    s = act(s, "A", "draw")  # 8 & 9: nothing to declare, the turn ends
    assert s.pile == [] and len(s.discards) == 54
    s, events = bingo.apply(s, "B", {"do": "draw"})
    assert any(e.kind == "reshuffled" for e in events)
    assert len(s.pile) == 52 and sorted(s.pile + s.discards + s.drawn) == sorted(DECK)
    order = next(e for e in events if e.kind == "pile_order")
    assert order.visible_to == []  # nobody may see the new order


def test_B9_only_a_declarable_number_and_only_by_the_turn_player() -> None:
    s = act(position(A, B, deck=["3", "5"]), "A", "draw")
    with pytest.raises(bingo.IllegalAction) as err:
        act(s, "A", "declare", number=34)
    assert err.value.code == "not_declarable"
    with pytest.raises(bingo.IllegalAction):
        act(s, "B", "declare", number=35)
    with pytest.raises(bingo.IllegalAction):
        act(s, "A", "draw")


def test_B10_own_number_already_owned_buys_nothing_and_opens_no_window() -> None:
    s = position({**A, "owned": ["N5"]}, {**C, "owned": []}, deck=["3", "5"])
    s = act(act(s, "A", "draw"), "A", "declare", number=35)
    assert player(s, "A").owned == ["N5"]
    assert bingo.waiting_for(s) == "draw" and s.players[s.turn].name == "C"


def test_B11_detained_players_cannot_claim_and_refusals_reveal_nothing() -> None:
    s = position(A, {**B, "in_jail": True}, C, deck=["7", "10"])
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    assert bingo.to_act(s) == ["C"]  # B has 7 but is in detention
    messages = set()
    for who in ("A", "B"):
        with pytest.raises(bingo.IllegalAction) as err:
            act(s, who, "claim")
        messages.add(err.value.message)
    assert len(messages) == 1  # the same answer whether or not the card holds the number


def test_B11_timer_closes_the_window_and_unanswered_players_get_nothing() -> None:
    s = position(A, B, C, deck=["7", "10"])
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    s = act(s, "B", "claim")
    s = act(s, None, "close_claims")
    assert player(s, "B").owned == ["B2"] and player(s, "C").owned == []
    assert bingo.waiting_for(s) == "draw"


def test_B11_answers_are_private_until_the_window_closes() -> None:
    s = position(A, B, C, deck=["7", "10"])
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    _, events = bingo.apply(s, "B", {"do": "pass_claim"})
    assert all(not e.visible_for("C") for e in events if e.kind == "passed_claim")


def test_B12_hits_stack_and_count_lines_through_the_cell() -> None:
    s = position(
        {
            **A,
            "owned": [
                "B1",
                "B3",
                "B4",
                "B5",
                "I1",
                "I3",
                "I4",
                "I5",
                "G1",
                "G3",
                "G4",
                "G5",
                "O1",
                "O3",
                "O4",
                "O5",
            ],
        },
        {**B, "owned": ["B2", "I2", "N2", "G2", "O2"]},  # row 2 complete through B2 (7): 10 cells
        {**C, "owned": ["B2"]},  # C's 7, no line: 5 cells
        deck=["7", "10"],
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    assert bingo.discard_required(s) == 10 + 5
    assert sorted((h.hitter, h.cells) for h in s.hits) == [("B", 10), ("C", 5)]


def test_B12_hits_take_the_largest_when_they_do_not_stack() -> None:
    owned_a = ["B1", "B3", "B4", "B5", "I1", "I3", "I4", "I5", "G1", "G3", "G4", "G5", "O1", "O3", "O4", "O5"]
    s = position(
        {**A, "owned": owned_a},
        {**B, "owned": ["B2", "I2", "N2", "G2", "O2"]},
        {**C, "owned": ["B2"]},
        deck=["7", "10"],
        options={"hits_stack": False},
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    assert bingo.discard_required(s) == 10


def test_B12_all_lines_option_counts_lines_away_from_the_cell() -> None:
    a_owned = [f"{c}{r}" for c in "BIG" for r in range(1, 6)]
    c_owned = ["B1", "I1", "N1", "G1", "O1", "B3"]  # row 1 complete; C's 11 is B3, off that row
    through = position({**A, "owned": a_owned}, {**C, "owned": c_owned}, deck=["A", "A"])
    every = position({**A, "owned": a_owned}, {**C, "owned": c_owned}, deck=["A", "A"], options={"hit_lines": "all"})
    through = act(act(through, "A", "draw"), "A", "declare", number=11)
    every = act(act(every, "A", "draw"), "A", "declare", number=11)
    assert bingo.discard_required(through) == 5
    assert bingo.discard_required(every) == 10


def test_B13_discard_exactly_what_is_due_and_never_free() -> None:
    s = position(
        {**A, "owned": ["B1", "I1", "G1", "O1", "O2", "O3"], "in_jail": False},
        {**B, "owned": ["B2"]},
        deck=["7", "10"],
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    assert bingo.discard_required(s) == 5
    for cells in (
        ["B1"],
        ["B1", "I1", "G1", "O1", "O1"],
        ["B1", "I1", "G1", "O1", FREE],
        ["B1", "I1", "G1", "O1", "B5"],
    ):
        with pytest.raises(bingo.IllegalAction):
            act(s, "A", "discard", cells=cells)
    s = act(s, "A", "discard", cells=["B1", "I1", "G1", "O1", "O2"])
    assert player(s, "A").owned == ["O3"]


def test_B13_B22_a_trade_while_discarding_lowers_what_can_be_discarded() -> None:
    s = position({**A, "owned": ["B1", "I1", "G1"]}, {**B, "owned": ["B2"]}, C, deck=["7", "10"])
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    s = act(s, "C", "claim")
    assert bingo.discard_required(s) == 3
    s = act(s, "A", "propose_trade", to="C", give=["G1"], get=[])
    s = act(s, "C", "accept_trade", **{"from": "A"})
    assert bingo.discard_required(s) == 2
    s = act(s, "A", "discard", cells=["B1", "I1"])
    assert not player(s, "A").eliminated


def test_B14_joker_keeps_a_detained_player_inside_even_with_a_face_card() -> None:
    s = position({**A, "in_jail": True}, B, deck=["JOKER", "K"])
    s = act(s, "A", "draw")
    assert player(s, "A").in_jail and s.players[s.turn].name == "B"
    assert sorted(s.discards) == sorted(["JOKER1", "KS"])


def test_B15_a_detained_player_still_hits_and_free_completes_a_line() -> None:
    a_owned = ["B1", "I1", "G1", "O1", "O2", "B3", "I3", "G3", "O3", "I2", "G2", "O4", "O5"]
    s = position(
        {**A, "owned": a_owned},
        {**B, "in_jail": True, "owned": ["B3", "I3", "G3", "O3"]},  # row 3 with FREE
        deck=["8", "10"],
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=8)  # B's B3
    assert bingo.discard_required(s) == 10


def test_B16_leaving_detention_only_before_drawing() -> None:
    s = position({**A, "in_jail": True, "owned": ["B1", "B2"]}, B, deck=["3", "5"])
    drawn = act(s, "A", "draw")  # no J/Q/K: the turn ends
    assert player(drawn, "A").in_jail and drawn.players[drawn.turn].name == "B"
    with pytest.raises(bingo.IllegalAction):
        act(s, "A", "leave_jail", cell="B3")
    out = act(s, "A", "leave_jail", cell="B1")
    assert not player(out, "A").in_jail and player(out, "A").owned == ["B2"]
    assert bingo.waiting_for(out) == "draw"


def test_B18_own_number_over_the_cap_buys_nothing_but_hits_still_count() -> None:
    s = position(
        {**C, "owned": ["B1", "B2", "B3", "B4", "B5"]},
        {**A, "owned": ["B2", "B3", "B4", "B5", "I1"]},
        B,
        turn="A",
        deck=["A", "10"],
    )
    assert s.monopolies == {"B": "C"}
    s = act(act(s, "A", "draw"), "A", "declare", number=1)  # A's own B1: a 5th cell of C's column
    assert "B1" not in player(s, "A").owned
    # C owned 1: a hit through B1 on a complete column = 10 cells, capped by A's 5.
    assert bingo.discard_required(s) == 5


def test_B19_a_discarded_column_cell_ends_the_monopoly_and_another_player_takes_it() -> None:
    s = position(
        {**A, "owned": ["B1", "B2", "B3", "B4", "B5", "I1", "I2", "I3", "I4", "I5"]},
        {**B, "owned": ["B1", "B2", "B3", "B4", "G1"]},
        {**C, "owned": ["B5"]},
        deck=["5", "A"],
    )
    assert s.monopolies == {"B": "A", "I": "A"}
    s = act(act(s, "A", "draw"), "A", "declare", number=51)  # B's G1: no line, 5 cells
    s = act(s, "A", "discard", cells=["B1", "I1", "I2", "I3", "I4"])
    assert s.monopolies == {}
    s = act(s, "C", "propose_trade", to="B", give=["B5"], get=[])
    s = act(s, "B", "accept_trade", **{"from": "C"})
    assert s.monopolies == {"B": "B"}


def test_B20_first_claimant_in_seat_order_takes_the_column_the_next_is_refused() -> None:
    s = position(
        {"name": "T", "card": CARD_B},
        {"name": "X", "card": CARD_C, "owned": ["B2", "B3", "B4", "B5"]},
        {"name": "Y", "card": CARD_A, "owned": ["B2", "B3", "B4", "B5"]},
        deck=["A", "10"],
    )
    s = act(act(s, "T", "draw"), "T", "declare", number=1)  # B1 for both X and Y
    s = act(s, "Y", "claim")
    s = act(s, "X", "claim")
    assert s.monopolies == {"B": "X"}
    assert "B1" in player(s, "X").owned and "B1" not in player(s, "Y").owned


def test_B21_last_player_left_wins() -> None:
    s = position(A, {**B, "owned": ["B2"]}, deck=["7", "10"])
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    assert s.over and s.winner == "B" and bingo.legal_actions(s, "B") == []


def test_B23_any_n_of_a_column_is_picked_by_the_receiver() -> None:
    s = position({**A, "owned": ["G1", "G2", "G3"]}, {**B, "owned": ["B3", "G2"]})
    s = act(s, "A", "propose_trade", to="B", give=["G?", "G?"], get=["B3"])
    with pytest.raises(bingo.IllegalAction) as err:
        act(s, "B", "accept_trade", **{"from": "A"}, picks=["G2", "G3"])  # B already owns G2
    assert err.value.code == "bad_pick"
    with pytest.raises(bingo.IllegalAction):
        act(s, "B", "accept_trade", **{"from": "A"}, picks=["G1"])
    s = act(s, "B", "accept_trade", **{"from": "A"}, picks=["G3", "G1"])
    assert player(s, "A").owned == ["B3", "G2"] and player(s, "B").owned == ["G1", "G2", "G3"]


def test_B24_validity_of_trades() -> None:
    s = position({**A, "owned": ["B1", "I1"]}, {**B, "owned": ["B1", "G5"]}, C)
    for give, get, code in [
        (["B1"], ["G5"], "trade_already_owned"),  # B already owns position B1
        (["O5"], [], "trade_not_owned"),
        ([FREE], [], "free_not_traded"),
        (["Z9"], [], "bad_cell"),
        (["I?", "I?"], [], "trade_not_enough"),
        ([], [], "trade_empty"),
    ]:
        with pytest.raises(bingo.IllegalAction) as err:
            act(s, "A", "propose_trade", to="B", give=give, get=get)
        assert err.value.code == code, (give, get)


def test_B24_trade_that_breaks_a_monopoly_cap_is_refused() -> None:
    s = position(
        {**A, "owned": ["B1", "B2", "B3", "B4", "B5"]},
        {**B, "owned": ["B1", "B2", "B3", "B4"]},
        {**C, "owned": ["B5"]},
        monopolies={"B": "A"},
    )
    with pytest.raises(bingo.IllegalAction) as err:
        act(s, "C", "propose_trade", to="B", give=["B5"], get=[])
    assert err.value.code == "monopoly_cap"


def test_B25_accepting_one_offer_withdraws_the_competing_ones() -> None:
    s = position({**A, "owned": ["G1"]}, {**B, "owned": ["I2"]}, {**C, "owned": ["O3"]})
    s = act(s, "B", "propose_trade", to="A", give=["I2"], get=["G1"])
    s = act(s, "C", "propose_trade", to="A", give=["O3"], get=["G1"])
    answers = [a.do for a in bingo.legal_actions(s, "A") if "trade" in a.do]
    assert sorted(answers) == ["accept_trade", "accept_trade", "reject_trade", "reject_trade"]
    s = act(s, "A", "accept_trade", **{"from": "C"})
    assert s.trades == []
    with pytest.raises(bingo.IllegalAction):
        act(s, "A", "accept_trade", **{"from": "B"})


def test_refused_actions_change_nothing() -> None:
    s = act(position(A, B, deck=["3", "5"]), "A", "draw")
    before = s.model_dump_json()
    for by, raw in [
        ("A", {"do": "declare", "number": 99}),
        ("A", {"do": "declare", "number": "x"}),
        ("B", {"do": "claim"}),
        ("Q", {"do": "draw"}),
        ("A", {"do": "discard", "cells": ["B1"]}),
        ("A", {"do": "explode"}),
    ]:
        with pytest.raises(bingo.IllegalAction):
            bingo.apply(s, by, raw)
    assert s.model_dump_json() == before


def test_resigning_leaves_the_table_and_the_turn_moves_on() -> None:
    s = position({**A, "owned": ["B1"]}, B, C)
    s = act(s, "A", "resign")
    assert player(s, "A").eliminated and player(s, "A").owned == []
    assert s.players[s.turn].name == "B" and bingo.waiting_for(s) == "draw"
    s = act(s, "C", "resign")
    assert s.over and s.winner == "B"


def test_B19_after_a_trade_a_third_player_owning_the_whole_column_takes_the_monopoly() -> None:
    # A and C are both in detention with N1, N2, N4, N5 (+ FREE): the whole N column each. A holds
    # it (first in seat order). A trades N1 away to B: the monopoly passes to C, who owns it all.
    n_cells = ["N1", "N2", "N4", "N5"]
    s = position({**A, "owned": n_cells, "in_jail": True}, B, {**C, "owned": n_cells, "in_jail": True}, deck=["8", "9"])
    assert s.monopolies == {"N": "A"}
    s = act(s, "A", "propose_trade", to="B", give=["N1"], get=[])
    s = act(s, "B", "accept_trade", **{"from": "A"})
    assert s.monopolies == {"N": "C"}
