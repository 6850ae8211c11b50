"""The story of a game (engine.core.story): places, tallies and the measure over time agree with the
log and the final state; bingo's story is told from public information only."""

from __future__ import annotations

from typing import Any

from engine import games
from engine.bingo.events import ClaimWon, HitTaken, MonopolyWon
from engine.bingo.fuzz import bingo_random_game
from engine.bingo.game import BINGO
from engine.core.story import MAX_POINTS, places, ranked
from engine.mega.assets import asset_count
from engine.mega.fuzz import mega_random_game
from tests.engine.test_replay import moves_of


def test_places_share_ties_and_skip_after_them() -> None:
    assert places([["a"], ["b", "c"], ["d"]]) == {"a": 1, "b": 2, "c": 2, "d": 4}
    score = {"a": 5, "b": 7, "c": 5}
    assert ranked(["a", "b", "c"], lambda p: (score[p],)) == [["b"], ["a", "c"]]


def test_mega_story_agrees_with_the_log_and_the_end() -> None:
    players = [f"P{i}" for i in range(4)]
    for seed in (3, 8):
        steps = list(mega_random_game(seed, 4, max_actions=2500))
        final = steps[-1][3]
        moves = moves_of(steps)
        story = games.tell(games.game("mega"), players, seed, {}, moves)
        assert story == games.tell(games.game("mega"), players, seed, {}, moves), "the same log tells the same story"
        by_player = {s.player: s for s in story.standings}
        assert sorted(by_player) == players
        for p in final.players:
            if p.name in (final.winners or []):
                assert by_player[p.name].place == 1 and by_player[p.name].won
            if not p.bankrupt:
                assert story.series[p.name][-1] == asset_count(final, p.name)
                assert by_player[p.name].counts["net_worth"] == asset_count(final, p.name)
        # rent collected per owner is the sum of the logged rent events
        rent: dict[str, int] = {}
        for _, _, events in moves:
            for e in events:
                if e["kind"] == "rent":
                    rent[e["data"]["owner"]] = rent.get(e["data"]["owner"], 0) + e["data"]["amount"]
        assert {p: s.counts.get("rent", 0) for p, s in by_player.items()} == {p: rent.get(p, 0) for p in players}
        assert len(story.turns) <= MAX_POINTS and all(len(v) == len(story.turns) for v in story.series.values())
        assert story.turns == sorted(story.turns)
        bankrupt = [s for s in story.standings if any(p.bankrupt and p.name == s.player for p in final.players)]
        alive = [s for s in story.standings if s not in bankrupt]
        assert all(a.place < b.place for a in alive for b in bankrupt), "the bankrupt come last"


class _Leaky:
    """Bingo whose every move also carries secret events shaped like public ones: a story that
    counted secret events would change."""

    def __getattr__(self, name: str) -> Any:
        return getattr(BINGO, name)

    def apply(self, state: Any, actor: str | None, action: Any) -> Any:
        new, events = BINGO.apply(state, actor, action)
        name = new.players[0].name
        fake = [
            MonopolyWon.secret({"column": "B"}, [name], name),
            HitTaken.secret({"hits": [{"hitter": name, "cell": "B1", "lines": 5, "cells": 9}], "due": 99}, [name]),
            ClaimWon.secret({"cell": "B1", "number": 1}, [name], name),
        ]
        return new, [*events, *fake]


def test_bingo_story_is_told_from_public_events_only() -> None:
    players = [f"P{i}" for i in range(3)]
    steps = list(bingo_random_game(5, 3, max_actions=1500))
    moves = moves_of(steps)
    told = BINGO.story(players, 5, {}, moves)
    from engine.bingo import story as bingo_story

    leaky = bingo_story.tell(_Leaky(), players, 5, {}, moves)
    assert leaky == told
    assert told.measure == "cells" and not told.money
    final = steps[-1][3]
    for s in told.standings:
        p = next(q for q in final.players if q.name == s.player)
        assert s.counts["cells"] == len(p.owned)
    assert "number" not in told.model_dump_json(), "no number of a card is in the story"
