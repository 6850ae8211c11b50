"""The hard MonopolizeBingo player's sharper choices (issue 28), each in a position where another
level would choose otherwise: a hit is never worth a cell (B-12), except the 24th cell, which wins
before any hit counts (B-21); a number a rival's monopoly keeps it from buying is worth nothing
(B-18); when hit, a number rivals own too is kept (B-12, B-13)."""

from __future__ import annotations

import random

from engine import bingo, games
from engine.bingo.actions import Declare, Discard
from engine.bingo.cards import NUMBERED
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C
from tests.engine.bingo.helpers import position as bingo_position

# B's card with A's O column, so that B can own A's numbers 61-65.
CARD_B_WITH_O = {**CARD_B, "O": [61, 62, 63, 64, 65]}


def _declared(state: bingo.BingoState, level: str) -> int:
    choice = games.game("bingo").computer(state, "A", level, random.Random(0))
    assert isinstance(choice, Declare), choice
    return choice.number


def _drawn(deck: list[str], a_owns: list[str], b_owns: list[str], **setup: object) -> bingo.BingoState:
    base = bingo_position(
        {"name": "A", "card": CARD_A, "owned": a_owns},
        {"name": "B", "card": CARD_B_WITH_O, "owned": b_owns},
        {"name": "C", "card": CARD_C, "owned": []},
        deck=deck,
        **setup,
    )
    state, _ = bingo.apply(base, "A", {"do": "draw"})
    return state


def test_B21_hard_declares_its_24th_cell_even_into_a_hit() -> None:
    state = _drawn(["6", "5"], [c for c in NUMBERED if c != "O5"], ["O5"])  # 65 (B owns it) or 56
    assert _declared(state, "hard") == 65
    won, _ = bingo.apply(state, "A", {"do": "declare", "number": 65})
    assert won.over and won.winner == "A"


def test_B12_hard_never_takes_a_hit_for_a_cell() -> None:
    # 46 would complete A's G column, but B owns 46: a hit of five. 64 is A's own O4, owned by
    # nobody else: declaring it changes nothing.
    card_b = {**CARD_B, "G": [46, 52, 53, 54, 55]}
    base = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "B2", "B3", "B4", "B5", "G2", "G3", "G4", "G5", "O4"]},
        {"name": "B", "card": card_b, "owned": ["G1"]},
        {"name": "C", "card": CARD_C, "owned": []},
        deck=["4", "6"],
    )
    state, _ = bingo.apply(base, "A", {"do": "draw"})
    assert _declared(state, "normal") == 46, "normal takes the hit for the column"
    assert _declared(state, "hard") == 64
    after, _ = bingo.apply(state, "A", {"do": "declare", "number": 64})
    assert len(next(p for p in after.players if p.name == "A").owned) == 10, "nothing lost"


def test_B18_hard_does_not_declare_a_number_a_monopoly_keeps_it_from() -> None:
    # B holds the O monopoly, so A's fifth O cell (65, O5) would buy nothing, however many of A's
    # lines it would fill; 56 buys A's G1.
    card_a = {**CARD_A, "G": [56, 47, 48, 49, 50]}
    base = bingo_position(
        {"name": "A", "card": card_a, "owned": ["O1", "O2", "O3", "O4", "B5", "I5", "N5", "G5", "B1", "I2", "G4"]},
        {"name": "B", "card": CARD_B, "owned": ["O1", "O2", "O3", "O4", "O5", "G1", "G2", "G3"]},
        {"name": "C", "card": CARD_C, "owned": []},
        deck=["6", "5"],
        monopolies={"O": "B"},
    )
    state, _ = bingo.apply(base, "A", {"do": "draw"})
    assert _declared(state, "hard") == 56
    after, _ = bingo.apply(state, "A", {"do": "declare", "number": 56})
    assert "G1" in next(p for p in after.players if p.name == "A").owned


def test_B3_hard_remembers_a_number_it_saw_on_a_rivals_card() -> None:
    # Neither 7 nor 70 is on A's card: either opens a claim window. B owned 7 (B2) earlier and
    # discarded it, so the table knows B would claim 7 now; 70 is anybody's guess.
    def drawn(b_seen: list[str]) -> bingo.BingoState:
        base = bingo_position(
            {"name": "A", "card": CARD_A, "owned": ["B1"]},
            {"name": "B", "card": CARD_B},
            {"name": "C", "card": CARD_C},
            deck=["7", "10"],
        )
        next(p for p in base.players if p.name == "B").shown = b_seen
        state, _ = bingo.apply(base, "A", {"do": "draw"})
        return state

    assert _declared(drawn([]), "hard") == 7, "without the memory, 7 and 70 look alike"
    assert _declared(drawn(["B2"]), "hard") == 70


def test_B12_B13_hard_when_hit_keeps_a_number_a_rival_owns_too() -> None:
    # A declares 61, which B owns too: a hit of five (B-12), and A keeps one of its six cells (B-13).
    # Once 61 is discarded, A could buy it again only by declaring it into B's hit; the other cells'
    # numbers nobody owns, so A can buy them back without one.
    a_owns = ["O1", "B3", "I4", "N5", "G2", "B5"]
    base = bingo_position(
        {"name": "A", "card": CARD_A, "owned": a_owns},
        {"name": "B", "card": CARD_B_WITH_O, "owned": ["O1"]},
        {"name": "C", "card": CARD_C, "owned": []},
        deck=["6", "A"],
        options={"claim_window": "always"},
    )
    drawn, _ = bingo.apply(base, "A", {"do": "draw"})
    hit, _ = bingo.apply(drawn, "A", {"do": "declare", "number": 61})
    choice = games.game("bingo").computer(hit, "A", "hard", random.Random(0))
    assert isinstance(choice, Discard), choice
    assert set(a_owns) - set(choice.cells) == {"O1"}


def test_B7_B12_hard_when_hit_keeps_a_number_rivals_draws_force_on_them() -> None:
    # A declares 66 (6 & 6 allows nothing else), which B owns: a hit of five, and A keeps one of its
    # six cells (B-13). 18 (I3) is the only number 1 & 8 makes (81 is too high, B-7): whoever draws
    # them must declare 18 and, while A owns it, take A's hit. A's other numbers each have a way out
    # (17 or 71, 4 or 40, ...), and they build no more lines than 18 does.
    a_owns = ["I2", "I3", "B4", "B5", "G1", "O4"]
    base = bingo_position(
        {"name": "A", "card": CARD_A, "owned": a_owns},
        {"name": "B", "card": CARD_B_WITH_O | {"O": [66, 67, 68, 69, 70]}, "owned": ["O1", "B1", "B2", "B3", "B4"]},
        {"name": "C", "card": CARD_C, "owned": ["B3", "B4", "B5", "I3", "I4"]},
        deck=["6", "6"],
    )
    drawn, _ = bingo.apply(base, "A", {"do": "draw"})
    hit, _ = bingo.apply(drawn, "A", {"do": "declare", "number": 66})

    def kept(level: str) -> set[str]:
        choice = games.game("bingo").computer(hit, "A", level, random.Random(0))
        assert isinstance(choice, Discard), choice
        return set(a_owns) - set(choice.cells)

    assert kept("hard") == {"I3"}
    assert kept("normal") != {"I3"}, "normal keeps a cell by its lines alone"
