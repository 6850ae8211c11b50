"""The load benchmark's simulated players must keep every game moving: a game they cannot act in
drops out of the load, and the rate the bot really gets falls below the one reported as offered."""

from __future__ import annotations

import random
from typing import Any

from engine import games as registry
from tests.loadgen import pick_from_state


def _waiting_on_auction_pick() -> Any:
    """A random game played until its player stands on the Auction space and must pick a deed (M-21)."""
    for seed in range(200):
        rng = random.Random(seed)
        state, _ = registry.game("mega").new_game(["1", "2", "3", "4"], seed, {})
        for _ in range(400):
            if state.over:
                break
            actor = rng.choice(registry.game("mega").to_act(state))
            legal = registry.game("mega").legal_actions(state, actor)
            if any(a.do == "pick_auction" for a in legal):
                return state
            state, _ = registry.game("mega").apply(state, actor, rng.choice(legal))
    raise AssertionError("no random game reached the Auction space")


def test_m21_the_simulated_player_answers_the_auction_space_select() -> None:
    state = _waiting_on_auction_pick()
    select = {"type": 3, "custom_id": "ms:7:3:pick:0", "options": [{"label": "Baltic", "value": "baltic_avenue"}]}
    choice = pick_from_state((state.model_dump_json(), "active"), {"manage": "mm:7:3:manage"}, [select])
    assert choice is not None
    user, custom_id, values = choice
    assert str(user) in registry.game("mega").to_act(state)
    assert (custom_id, values) == ("ms:7:3:pick:0", ["baltic_avenue"])


def test_a_finished_or_missing_game_gives_nothing_to_press() -> None:
    state, _ = registry.game("mega").new_game(["1", "2"], 1, {})
    assert pick_from_state((state.model_dump_json(), "finished"), {"roll": "mm:1:1:roll"}, []) is None
    assert pick_from_state(None, {"roll": "mm:1:1:roll"}, []) is None
