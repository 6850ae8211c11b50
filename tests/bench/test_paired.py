"""`python -m bench.arena --shares` and `python -m bench.paired` (issue 39): a change to a computer
player is measured game by game on the same seeds, and two runs of different games are refused."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench import arena, paired


def test_the_same_games_unchanged_differ_by_nothing() -> None:
    p = paired.compare([0.0, 1.0, 0.5, 0.0], [0.0, 1.0, 0.5, 0.0])
    assert (p.diff, p.se, p.changed) == (0.0, 0.0, 0)
    assert p.before == p.after == 0.375


def test_one_game_turned_is_a_paired_difference_with_its_error() -> None:
    p = paired.compare([0.0, 1.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0])
    assert p.changed == 1
    assert p.diff == pytest.approx(0.25)
    deltas = [1.0, 0.0, 0.0, 0.0]
    spread = sum((d - 0.25) ** 2 for d in deltas) / 3
    assert p.se == pytest.approx(math.sqrt(spread / 4))


def test_runs_of_unequal_length_are_refused() -> None:
    with pytest.raises(ValueError):
        paired.compare([1.0, 0.0], [1.0])


def test_an_arena_writes_each_games_share_and_a_rerun_pairs_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fixed seeds make a run repeatable: the same games twice differ in none."""
    common = ["--game", "bingo", "--hero", "hard", "--field", "random", "--games", "8", "--jobs", "1"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert arena.main([*common, "--seed", "5", "--shares", str(first)]) == 0
    assert arena.main([*common, "--seed", "5", "--shares", str(second)]) == 0
    record = json.loads(first.read_text(encoding="utf-8"))
    assert len(record["shares"]) == 8 and record["field"] == ["random"] * 3
    won = capsys.readouterr().out.split("hard won ")[1].split(" ")[0]
    assert sum(record["shares"]) == pytest.approx(float(won), abs=0.05)
    assert paired.main([str(first), str(second)]) == 0
    assert "0 games came out differently" in capsys.readouterr().out


def test_runs_of_different_seeds_are_not_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = {"game": "bingo", "hero": "hard", "field": ["greedy"] * 3, "max_turns": 600, "shares": [1.0, 0.0]}
    for name, seed in (("a.json", 1), ("b.json", 2)):
        (tmp_path / name).write_text(json.dumps({**base, "seed": seed}), encoding="utf-8")
    assert paired.main([str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 2
    assert "seed" in capsys.readouterr().err
