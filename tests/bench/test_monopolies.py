"""`python -m bench.monopolies` (issue 39): bingo games sorted by whether the hero ever held a
column monopoly that keeps every rival from owning all 24 cells (B-18, B-21)."""

from __future__ import annotations

from typing import Any

from bench.monopolies import holds_veto, played
from engine.ai.arena import play, policy
from engine.core.game import Policy


def _final_state(lineup: list[Policy], seed: int) -> Any:
    return play("bingo", lineup, seed, 2000).final


def test_B18_only_a_monopoly_of_B_I_G_or_O_keeps_rivals_from_all_24_cells() -> None:
    assert holds_veto({"G": "S1"}, "S1")
    assert not holds_veto({"G": "S2"}, "S1"), "another player's monopoly"
    assert not holds_veto({"N": "S1"}, "S1"), "N has four numbered cells: its monopoly caps nobody"
    assert not holds_veto({}, "S1")


def test_B21_a_player_who_owns_all_24_cells_holds_such_a_monopoly() -> None:
    """The tool's premise: winning by cells means holding B, I, G and O (a rival's monopoly of any
    of them would have capped the winner at four of its cells)."""
    winners = 0
    for seed in range(900000, 900006):
        last = _final_state([policy("bingo", "greedy")] * 4, seed)
        full = [p.name for p in last.players if len(p.owned) == 24]
        winners += len(full)
        assert all(holds_veto(last.monopolies, name) for name in full)
    assert winners, "some game was won by cells"


def test_a_game_the_hero_won_by_cells_is_told_as_held() -> None:
    told = 0
    for g in range(6):
        seed, where = 900000 + g, g % 4
        held, share, last = played(("hard", "greedy", seed, where, 2000))
        if share == 1.0 and len(last.players[where].owned) == 24:
            told += 1
            assert held
    assert told, "the hero won some game by cells"
