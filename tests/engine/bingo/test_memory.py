"""What the table remembers (engine.bingo.memory, B-3): a number seen on a card stays known after it
is discarded, and a player asked to claim a number who took nothing is known not to hold it
unowned. Public by construction: it never depends on a number nobody has seen."""

from __future__ import annotations

from engine import bingo
from engine.bingo.view import CardView
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, act, player, position

ALWAYS = {"claim_window": "always"}


def _card(state: bingo.BingoState, name: str, viewer: str | None = None) -> CardView:
    return next(c for c in bingo.view_for(state, viewer).players if c.name == name)


def test_B3_a_discarded_number_stays_known_but_its_cell_is_hidden_again() -> None:
    # B owns 70 (O5); A declares it and is hit: A discards its own cells, which the table saw.
    s = position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "B2", "B3", "B4", "B5"]},
        {"name": "B", "card": CARD_B, "owned": ["O5"]},
        deck=["7", "10"],
        options=ALWAYS,
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=70)
    s = act(s, "B", "pass_claim")
    s = act(s, "A", "discard", cells=["B1", "B2", "B3", "B4", "B5"])
    public = _card(s, "A")
    assert public.owned == [] and public.cells["B"] == [None] * 5, "the cells are unowned and hidden again"
    assert public.remembered == {"B1": 1, "B2": 2, "B3": 3, "B4": 4, "B5": 5}


def test_B11a_who_was_asked_and_took_nothing_is_remembered() -> None:
    # 7 is B's (B2) and not C's: B claims it, C takes nothing.
    s = position(
        {"name": "A", "card": CARD_A},
        {"name": "B", "card": CARD_B},
        {"name": "C", "card": CARD_C},
        deck=["7", "10"],
        options=ALWAYS,
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=70)  # 70 is B's O5; C has none
    s = act(act(s, "B", "claim"), "C", "pass_claim")
    assert _card(s, "C").passed_up == [70]
    assert _card(s, "B").passed_up == [] and "O5" in player(s, "B").owned
    assert _card(s, "A").passed_up == [], "the declarer was not asked"


def test_B3_the_memory_never_depends_on_a_number_nobody_saw() -> None:
    s = position(
        {"name": "A", "card": CARD_A, "owned": ["B1"]},
        {"name": "B", "card": CARD_B, "owned": ["I1"]},
        deck=["2", "6"],
        options=ALWAYS,
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=26)  # nobody's: B takes nothing
    s = act(s, "B", "pass_claim")
    other = s.model_copy(deep=True)
    b = next(p for p in other.players if p.name == "B")
    b.card = {**b.card, "G": (56, 57, 58, 59, 60)}  # B's unowned, never seen numbers change
    assert bingo.view_for(other, None) == bingo.view_for(s, None)
    assert bingo.view_for(other, "A") == bingo.view_for(s, "A")
