"""`python -m engine.fuzz`: random games with every invariant, including "legal means accepted"
(every action `legal_actions` offers is accepted by `apply`) and "somebody can act"."""

from __future__ import annotations

import random

import pytest

from engine import fuzz, mega
from engine.core import fuzzing


@pytest.mark.parametrize("kind", ["mega", "bingo"])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_random_games_keep_every_invariant(kind: str, seed: int) -> None:
    actions, violations = fuzz.fuzz_game(kind, seed, 2 + seed % 7, max_actions=1500, sample=None if seed == 3 else 6)
    assert violations == [] and actions > 50


def test_the_fuzz_notices_an_offered_action_that_apply_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    real = mega.legal_actions

    def lying(state: mega.MegaState, player: str) -> list[object]:
        return [*real(state, player), mega.parse_action({"do": "unmortgage", "space": "boardwalk"})]

    monkeypatch.setattr(mega, "legal_actions", lying)
    state, _ = mega.new_game(["A", "B"], 1)
    found = fuzz.legal_means_accepted(mega, state, ["A"], None, random.Random(0))
    assert found and "apply refused" in found[0]


def test_the_fuzz_notices_a_stuck_game() -> None:
    state, _ = mega.new_game(["A", "B"], 1)
    assert fuzzing.waits_on_someone(state, lambda s: ["A"], lambda s, p: [], ["A", "B"])


def test_the_command_line_reports_games_actions_and_violations(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--game", "bingo", "--games", "2", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "bingo: 2 games" in out and "actions/s" in out and "0 violations" in out
