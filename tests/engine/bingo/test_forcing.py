"""Which numbers a draw forces on a player (engine.bingo.forcing): the hard computer's reading of
B-7 (what a draw allows) and B-12 (who is hit), from who owns which number (public, B-3)."""

from __future__ import annotations

import math

from engine.bingo.cards import DECK, RANKS, declarable
from engine.bingo.forcing import forced_chance, narrow_draws

ONE_AND_EIGHT = 2 * (4 / 54) * (4 / 53)  # an ace and an 8 out of 54 cards (B-4)


def test_B7_narrow_draws_are_the_draws_allowing_one_to_three_numbers_with_their_chances() -> None:
    chances = {numbers: p for p, numbers in narrow_draws()}
    assert math.isclose(chances[(18,)], ONE_AND_EIGHT), "1 & 8: 81 is too high"
    assert math.isclose(chances[(35, 53)], ONE_AND_EIGHT)
    assert math.isclose(chances[(11,)], (4 / 54) * (3 / 53)), "two aces"
    assert (8,) in chances and (7, 70) in chances, "8 & 10 makes only 8; 7 & 10 makes 7 or 70"
    assert all(0 < len(numbers) <= 3 for numbers in chances), "8 & 9 allows nothing; a J allows ten or more"
    every = {tuple(declarable([a, b])) for a in RANKS for b in RANKS}
    assert set(chances) == {n for n in every if 0 < len(n) <= 3}
    assert len(DECK) == 54


def test_B7_B12_a_number_with_no_way_out_is_forced_whoever_owns_the_rest() -> None:
    # 1 & 8 makes only 18: the draw forces it on anybody.
    assert math.isclose(forced_chance(18, "A", {}), ONE_AND_EIGHT)


def test_B7_B12_a_number_with_a_free_twin_is_never_forced() -> None:
    # 3 & 5 makes 35 or 53: with 53 owned by nobody, or by the declarer, there is a way out.
    assert forced_chance(35, "A", {}) == 0.0
    assert forced_chance(35, "A", {53: frozenset({"A"})}) == 0.0
    # Owned by someone else, both are hits: each taken to be as likely.
    assert math.isclose(forced_chance(35, "A", {53: frozenset({"B"})}), ONE_AND_EIGHT / 2)
