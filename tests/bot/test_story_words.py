"""The story of a game in words (each game's presenter): every turning point of real games and a
player's records read in English and Japanese, with names, never a catalog key or a seat id."""

from __future__ import annotations

from engine import games
from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game
from tests.engine.test_replay import moves_of


def test_turning_points_are_told_for_both_games_in_both_languages() -> None:
    """Every turning point of real games has words in English and Japanese, with names, never a
    catalog key or a seat id."""
    from cogs.registry import presenter

    names = {f"P{i}": f"Name{i}" for i in range(4)}
    kinds_seen: set[str] = set()
    for kind, playout in (("mega", mega_random_game), ("bingo", bingo_random_game)):
        for seed in (3, 8):
            steps = list(playout(seed, 4, max_actions=2500))
            story = games.tell(games.game(kind), list(names), seed, {}, moves_of(steps))
            for moment in story.moments:
                kinds_seen.add(f"{kind}.{moment.kind}")
                for loc in ("en", "ja"):
                    text = presenter(kind).moment_text(loc, moment, names)
                    assert text and f"{kind}.story" not in text and "P0" not in text and "?" not in text, text
            lines = presenter(kind).stats_lines("ja", story.standings[0].counts, story.standings[0].by_item)
            assert lines and all(f"{kind}.stats" not in line for line in lines)
    assert {"mega.bankrupt", "mega.biggest_rent", "bingo.eliminated", "bingo.bingo_end"} <= kinds_seen, kinds_seen
