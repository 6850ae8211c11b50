"""The timeout choices are legal, keep the game moving, and are cautious."""

from __future__ import annotations

import pytest

from engine import bingo, games, mega
from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game
from tests.engine.bingo.helpers import CARD_A, CARD_B
from tests.engine.bingo.helpers import position as bingo_position
from tests.engine.mega.helpers import position as mega_position


@pytest.mark.parametrize("seed", range(4))
def test_safe_actions_are_always_accepted(seed: int) -> None:
    """Every timeout choice is accepted; only inside a timed window may a seat have none (its
    window's own closing move then ends it), so the timer always moves the game on."""
    tried = 0
    for kind, play, engine in (("mega", mega_random_game, mega), ("bingo", bingo_random_game, bingo)):
        for _, _, _, after, _ in play(seed, 4, max_actions=300):
            for name in games.game(kind).to_act(after):
                choice = games.game(kind).safe_action(after, name)
                if choice is None:
                    assert games.game(kind).window(after) is not None, (
                        f"{kind}: no timeout choice for {name} outside a window"
                    )
                    continue
                engine.apply(after, name, choice)  # raises if the rules refuse it
                tried += 1
    assert tried > 200, "the playouts reached too few decisions to say anything"


def test_mega_timeout_declines_a_purchase() -> None:
    s = mega_position({"name": "A"}, {"name": "B"})
    s, _ = mega.apply(s, "A", {"do": "roll", "dice": [1, 2, "mr"]})
    assert games.game("mega").safe_action(s, "A").do == "decline"


def test_bingo_timeout_declares_the_number_that_hits_least() -> None:
    s = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "B2"]},
        {"name": "B", "card": CARD_B, "owned": ["B2"]},
        deck=["7", "10"],
    )
    s, _ = bingo.apply(s, "A", {"do": "draw"})
    # 7 is B's owned B2 (a hit); 70 is B's unowned O5 (no hit).
    assert games.game("bingo").safe_action(s, "A").number == 70
