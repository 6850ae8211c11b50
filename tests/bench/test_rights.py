"""`python -m bench.rights` (issue 39): Mega games against builders sorted by who could build."""

from __future__ import annotations

from bench.rights import who_built
from engine.ai.arena import play, policy


def test_games_are_sorted_by_who_ever_could_build() -> None:
    assert who_built({"S1"}, "S1") == "hero alone"
    assert who_built({"S1", "S2"}, "S1") == "both"
    assert who_built({"S2", "S3"}, "S1") == "rivals only"
    assert who_built(set(), "S1") == "nobody"


def test_the_arena_shows_the_watcher_every_state_it_reaches() -> None:
    seen: list[int] = []
    result = play(
        "mega", [policy("mega", "builder")] * 4, 50000, max_turns=30, watch=lambda s, turns: seen.append(turns)
    )
    assert len(seen) == result.actions and seen == sorted(seen) and seen[-1] == result.turns
