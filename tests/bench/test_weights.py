"""`python -m bench.weights` (issue 39): a bingo level's weights changed for one measurement, game by
game against the level as it is; names and values are checked, and the bot's levels are untouched."""

from __future__ import annotations

import pytest

import engine.bingo.computer as computer
from bench import weights


def test_the_weights_listed_are_the_styles_numbers() -> None:
    listed = weights.weights("hard")
    assert listed["mines"] == computer.STYLES["hard"].mines
    assert listed["own"] == computer.STYLES["hard"].own
    assert "sharp" not in listed, "a switch is no weight"


def test_a_setting_names_a_weight_and_a_number() -> None:
    assert weights.parse("hard", ["mines=150", "own=1.5"]) == {"mines": 150.0, "own": 1.5}
    with pytest.raises(ValueError, match="no weight of hard"):
        weights.parse("hard", ["mine=150"])
    with pytest.raises(ValueError, match="no number"):
        weights.parse("hard", ["mines=lots"])


def test_restyle_changes_only_the_named_weights_of_that_level() -> None:
    hard, normal = computer.STYLES["hard"], computer.STYLES["normal"]
    try:
        weights.restyle("hard", {"mines": 1.0})
        assert computer.STYLES["hard"].mines == 1.0
        assert computer.STYLES["hard"].keep_mines == hard.keep_mines
        assert computer.STYLES["normal"] is normal
    finally:
        computer.STYLES["hard"] = hard


def test_a_changed_weight_changes_games_and_the_same_weights_do_not(capsys: pytest.CaptureFixture[str]) -> None:
    """The change reaches the players of the run (in its worker processes): with no reason to buy
    the numbers that force a rival's hit, hard plays some of 8 games differently."""
    assert weights.main(["--set", "mines=0", "--set", "keep_mines=0", "--games", "8", "--jobs", "1"]) == 0
    changed = capsys.readouterr().out
    assert "with mines=0, keep_mines=0" in changed
    assert " 0 games differ" not in changed
    same = computer.STYLES["hard"].mines
    assert weights.main(["--set", f"mines={same}", "--games", "8", "--jobs", "1"]) == 0
    assert "+0.0 points (standard error 0.0); 0 games differ" in capsys.readouterr().out


def test_without_a_setting_it_says_what_to_give(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        weights.main([])
    assert "--set NAME=VALUE" in capsys.readouterr().err
