"""B-3: view_for shows a player's whole card only to that player."""

from __future__ import annotations

from engine import bingo
from tests.engine.bingo.helpers import CARD_A, CARD_B, act, position


def _numbers(view: bingo.BingoView, name: str) -> set[int]:
    card = next(p for p in view.players if p.name == name)
    return {n for col in card.cells.values() for n in col if n is not None}


def test_B3_others_see_only_owned_numbers() -> None:
    s = position({"name": "A", "card": CARD_A, "owned": ["B1", "O5"]}, {"name": "B", "card": CARD_B, "owned": ["I2"]})
    for_b = bingo.view_for(s, "B")
    assert _numbers(for_b, "A") == {1, 65}
    assert _numbers(for_b, "B") == {n for col in CARD_B.values() for n in col if n is not None}
    public = bingo.view_for(s, None)
    assert _numbers(public, "A") == {1, 65} and _numbers(public, "B") == {22}


def test_B3_the_view_never_carries_the_pile_order_or_the_rng() -> None:
    s, _ = bingo.new_game(["a", "b"], seed=11)
    view = bingo.view_for(s, "a").model_dump()
    assert "rng" not in view and "pile" not in view
    assert view["pile_count"] == 54


def test_B3_claim_window_view_tells_only_the_viewer_about_themselves() -> None:
    card_c = {
        "B": [1, 7, 11, 12, 13],
        "I": [16, 22, 26, 27, 28],
        "N": [31, 37, None, 41, 42],
        "G": [46, 52, 56, 57, 58],
        "O": [61, 67, 71, 72, 73],
    }
    s = position(
        {"name": "A", "card": CARD_A},
        {"name": "B", "card": CARD_B},
        {"name": "C", "card": card_c},
        deck=["7", "10"],
    )
    s = act(act(s, "A", "draw"), "A", "declare", number=7)
    public = bingo.view_for(s, None)
    assert public.window is not None and public.window.you_may_claim is False
    assert "eligible" not in public.model_dump_json()
    assert bingo.view_for(s, "B").window.you_may_claim is True  # type: ignore[union-attr]
    assert bingo.view_for(s, "A").window.you_may_claim is False  # type: ignore[union-attr]


def test_B3_a_whole_random_game_never_shows_an_unowned_number_of_another_player() -> None:
    from engine.bingo.fuzz import bingo_random_game

    for _, _, _, after, _ in bingo_random_game(3, 4, max_actions=400):
        for viewer in [None, *(p.name for p in after.players)]:
            view = bingo.view_for(after, viewer)
            for p, shown in zip(after.players, view.players, strict=True):
                if p.name == viewer:
                    continue
                for col, numbers in shown.cells.items():
                    for row, number in enumerate(numbers, start=1):
                        if number is not None:
                            assert f"{col}{row}" in p.owned
