"""The packaged board is validated on load (M-1); a broken board is refused."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from pydantic import ValidationError

from engine.mega.board import BOARD, DEEDS, parse_board

RAW = json.loads(resources.files("engine.mega").joinpath("mega_board.json").read_text(encoding="utf-8"))


def test_M1_board_shape() -> None:
    assert len(BOARD.spaces) == 52 and len(DEEDS) == 37
    kinds = [s.kind for s in BOARD.spaces]
    assert kinds.count("chance") == 3 and kinds.count("community_chest") == 3
    assert [BOARD.spaces[i].id for i in (14, 32, 47)] == ["auction", "bus_ticket", "birthday_gift"]
    assert sorted(g.size for g in BOARD.groups.values()) == [3, 3, 4, 4, 4, 4, 4, 4]


def test_packaged_board_matches_the_shared_data() -> None:
    from pathlib import Path

    shared = Path(__file__).resolve().parents[4] / "shared" / "data" / "mega_board.json"
    if not shared.exists():
        pytest.skip("shared/ is not beside this checkout")
    assert json.loads(shared.read_text(encoding="utf-8")) == RAW


@pytest.mark.parametrize(
    "breakage",
    [
        lambda b: b["spaces"].pop(),
        lambda b: b["spaces"][1].update(group="nowhere"),
        lambda b: b["spaces"][13].update(kind="free_parking"),
        lambda b: b["spaces"][1].update(rent=[1, 2]),
        lambda b: b["groups"]["brown"]["members"].append("boardwalk"),
        lambda b: b["cards"]["chance"][0]["effect"].update(target="the_moon"),
    ],
)
def test_broken_board_is_refused(breakage: object) -> None:
    broken = copy.deepcopy(RAW)
    breakage(broken)  # type: ignore[operator]
    with pytest.raises(ValidationError):
        parse_board(broken)


def test_M18_every_card_effect_on_the_board_has_its_rule() -> None:
    """Each card's effect type is played by a handler of its own (or is the kept jail card)."""
    from engine.mega.board import BOARD
    from engine.mega.movement import CARD_EFFECTS

    kinds = {card.effect["type"] for deck in BOARD.cards.values() for card in deck}
    assert kinds - {"get_out_of_jail_free"} == set(CARD_EFFECTS)
