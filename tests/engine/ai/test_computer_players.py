"""Computer players: legal moves only, no peeking at hidden numbers, and games that end."""

from __future__ import annotations

import random

import pytest

from engine import bingo, games
from engine.simulate import main as simulate_main
from engine.simulate import play
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C
from tests.engine.bingo.helpers import position as bingo_position


@pytest.mark.parametrize("kind", ["mega", "bingo"])
def test_computer_only_games_end_with_winners(kind: str) -> None:
    for seed in range(3):
        result = play(kind, ["ai", "ai", "ai"], seed, max_actions=6000)
        assert result.winners and all(0 <= w < 3 for w in result.winners)


@pytest.mark.parametrize("kind", ["mega", "bingo"])
def test_the_computer_beats_random_players(kind: str) -> None:
    wins = sum(0 in play(kind, ["ai", "random", "random", "random"], seed, 6000).winners for seed in range(12))
    assert wins >= 9  # the full measurement (200 seeds) is in the closing note


def test_bingo_computer_does_not_peek_at_hidden_numbers() -> None:
    """The choice must not change when another player's unowned numbers change."""
    base = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "I1"]},
        {"name": "B", "card": CARD_B, "owned": ["B2"]},
        {"name": "C", "card": CARD_C, "owned": []},
        deck=["J", "K"],
    )
    state, _ = bingo.apply(base, "A", {"do": "draw"})
    choice = games.game("bingo").computer(state, "A", "normal", games.seeded(state, "A"))
    rng = random.Random(4)
    for _ in range(5):
        shuffled = state.model_copy(deep=True)
        for p in shuffled.players[2:]:
            # C owns nothing, so all of C's numbers are hidden: give C another random card.
            p.card = {col: tuple(v) for col, v in _random_card(rng).items()}
        assert games.game("bingo").computer(shuffled, "A", "normal", games.seeded(shuffled, "A")) == choice


def _random_card(rng: random.Random) -> dict[str, list[int | None]]:
    card: dict[str, list[int | None]] = {}
    for i, col in enumerate("BINGO"):
        numbers: list[int | None] = list(rng.sample(range(15 * i + 1, 15 * i + 16), 5))
        if col == "N":
            numbers[2] = None
        card[col] = numbers
    return card


def _closing(kind: str, state: object) -> object:
    window = games.game(kind).window(state)
    assert window is not None, "a computer had no move outside a timed window"
    return window.closes_with


def test_every_choice_is_accepted_by_the_rules() -> None:
    for kind in ("mega", "bingo"):
        state, _ = games.game(kind).new_game(["a", "b", "c"], 9, {})
        for _ in range(400):
            if state.over:
                break
            waiting = games.game(kind).to_act(state)
            if not waiting:
                state, _ = games.game(kind).apply(state, None, _closing(kind, state))
                continue
            choice = games.game(kind).computer(state, waiting[0], "normal", games.seeded(state, waiting[0]))
            if choice is None:
                state, _ = games.game(kind).apply(state, None, _closing(kind, state))
                continue
            state, _ = games.game(kind).apply(state, waiting[0], choice)


def test_simulate_cli_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_main(["--game", "bingo", "--players", "3", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (ai)" in out and "strategy random (2 seats)" in out and "actions/s" in out
    assert simulate_main(["--game", "bingo", "--strategy", "genius"]) == 2
