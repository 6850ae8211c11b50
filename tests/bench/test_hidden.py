"""`python -m bench.hidden` (issue 39): what knowing rivals' secret numbers (B-3) would be worth to
the bingo computer. The reveal must reach only the reading it names, and only inside the run."""

from __future__ import annotations

import random

import engine.bingo.computer as computer
from bench.hidden import revealed
from engine.bingo.legal import legal_actions
from engine.bingo.state import BingoState
from tests.engine.bingo.helpers import CARD_A, CARD_B, position


def _seat(s: BingoState) -> computer.Seat:
    return computer.Seat(s, "A", computer.STYLES["hard"], random.Random(0), legal_actions(s, "A"))


def test_B3_rivals_numbers_are_shown_only_inside_the_run_and_only_where_asked() -> None:
    s = position({"name": "A", "card": CARD_A}, {"name": "B", "card": CARD_B})
    b = next(c for c in _seat(s).players if c.name == "B")
    secret = computer._blocking(_seat(s), 70)  # B's O5, never seen: a guess from the column
    assert 0.0 < secret < 1.0
    with revealed(("claims",)):
        assert computer._blocking(_seat(s), 70) == secret, "claims only: blocking still guesses"
        assert computer._rival_gain(_seat(s), b, 75) == 0.0, "75 is not on B's card"
    with revealed(("blocking",)):
        assert computer._blocking(_seat(s), 70) == 1.0
        assert computer._blocking(_seat(s), 75) == 0.0
    assert computer._blocking(_seat(s), 70) == secret, "the secret is kept again after the run"
    assert computer._rival_gain(_seat(s), b, 75) > 0.0
