"""Issue 36: the Mega board reads at the size Discord shows it (512 px, half the drawn size).

Busy boards — eight players, every deed owned, houses and hotels, mortgages, long names, tokens
crowding one side, the jail holding prisoners and visitors — in English and Japanese, with the
Japanese font and with Pillow's own: no two marks a player reads (names, prices, owner numbers,
mortgage tags, building badges, tokens, the centre's words) overlap, none is cut by its cell or
the image edge, and each is big enough at 512 px. Measured on what is drawn (`board_marks`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from bot.pictures import sheet, style
from bot.pictures.sheet import Mark, inside, overlaps
from cogs.mega import picture
from cogs.mega.board_geometry import IMAGE, SIZE, TOKEN_R, lane_box, owner_box
from cogs.mega.picture import board_marks
from engine.mega.board import BOARD, INDEX
from engine.mega.state import LastRoll, MegaState
from tests.pictures.busy import NAMES, busy_board

SHOWN = 512
JAPANESE_NAMES = [
    "アレクサンドラ",
    "バーソロミュー",
    "チャンドラセカール",
    "ドミニク",
    "エヴァンジェリン",
    "フィッツジェラルド",
    "グィネヴィア",
    "ヒエロニムス",
]


def _clear() -> None:
    style.font.cache_clear()
    picture._static.cache_clear()
    sheet.glyph.cache_clear()


@pytest.fixture(params=["machine font", "Pillow's font"])
def fonts(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "Pillow's font":
        monkeypatch.setattr(style, "_font_path", lambda: None)
        monkeypatch.delenv("FONT_PATH", raising=False)
    _clear()
    yield request.param
    monkeypatch.undo()
    _clear()


def crowded(seed: int, side: int, landed: str) -> MegaState:
    """A busy board with every token on one side: two beside the corner, three on one street, the rest
    spread; one in jail and one visiting when the side is the jail's."""
    state = busy_board(seed)
    spaces = [side * 13 + k for k in (1, 1, 2, 2, 2, 5, 8, 12)]
    for player, index in zip(state.players, spaces, strict=True):
        player.position, player.in_jail = index, False
    if side == 1:
        state.players[6].position = state.players[7].position = INDEX["jail"]
        state.players[6].in_jail = True
    state.players[seed % 8].tickets = 3
    state.landed = landed
    state.last_roll = LastRoll(white=[seed % 6 + 1, 6], speed="bus" if seed % 2 else "mr", total=7)
    state.turn = seed % 8
    return state


def _problems(marks: list[Mark]) -> list[str]:
    found = []
    for mark in marks:
        if not inside(mark.box, mark.within) or not inside(mark.box, IMAGE):
            found.append(f"{mark.kind} {mark.text!r} at {mark.box} is cut by {mark.within}")
    for a, b in itertools.combinations(marks, 2):
        if overlaps(a.box, b.box) and a.within != b.box and b.within != a.box:
            found.append(f"{a.kind} {a.text!r} {a.box} overlaps {b.kind} {b.text!r} {b.box}")
    return found


LANDINGS = ["boardwalk", "short_line", "water_works", "chance_2", "mediterranean_avenue", "go"]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_busy_boards_have_no_overlapping_or_cut_marks(locale: str, fonts: str) -> None:
    names = JAPANESE_NAMES if locale == "ja" else NAMES
    for side, landed in itertools.product(range(4), LANDINGS):
        state = crowded(side * 7 + len(landed), side, landed)
        marks = board_marks(state, list(names), locale)
        problems = _problems(marks)
        assert not problems, (fonts, locale, side, landed, problems[:5])


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_everything_a_player_reads_is_big_enough_at_512_px(locale: str, fonts: str) -> None:
    """Names and prices at least 8 px where Discord shows the picture, tokens at least 14 px with
    their seat number, every space named and every unowned deed's price shown."""
    scale = SHOWN / SIZE
    state = crowded(3, 2, "boardwalk")
    state.owner = {d: o for d, o in list(state.owner.items())[::2]}
    marks = board_marks(state, NAMES, locale)
    lettered = [m for m in marks if m.size]
    assert lettered and all(m.size * scale >= 8 for m in lettered), [m for m in lettered if m.size * scale < 8][:3]
    tokens = [m for m in marks if m.kind == "token"]
    assert all((m.box[2] - m.box[0] - 1) * scale >= 14 for m in tokens) and 2 * TOKEN_R * scale >= 14
    assert {m.text for m in marks if m.kind == "name"} == {s.id for s in BOARD.spaces}
    unowned = {s.id for s in BOARD.spaces if s.price and s.id not in state.owner}
    assert {m.text for m in marks if m.kind == "price"} == unowned
    assert sum(m.kind == "token" and m.text.isdigit() for m in marks) >= 8


def test_a_mortgaged_deed_keeps_its_owner_number_with_the_mark_on_top() -> None:
    state = crowded(1, 0, "go")
    deed = state.mortgaged[0]
    seat = int(state.owner[deed]) + 1
    marks = board_marks(state, NAMES, "en")
    strip = owner_box(INDEX[deed])
    on_strip = [(m.kind, m.text) for m in marks if m.within == strip]
    assert ("owner", str(seat)) in on_strip and ("mortgage", "M") in on_strip


def test_five_players_on_one_street_show_four_places_and_how_many_more() -> None:
    state = crowded(2, 0, "go")
    for player in state.players[:6]:
        player.position = INDEX["baltic_avenue"]
    marks = board_marks(state, NAMES, "en")
    lane = lane_box(INDEX["baltic_avenue"])
    there = [m.text for m in marks if m.kind == "token" and m.within == lane]
    assert there == ["1", "2", "3", "+3"]


def test_the_deed_card_tells_price_owner_rent_now_and_who_holds_the_group() -> None:
    from cogs.mega import deed_card
    from engine.mega.board import GROUPS, SPACES
    from engine.mega.rent import street_rent

    state = crowded(5, 3, "park_place")
    state.mortgaged = [d for d in state.mortgaged if d != "park_place"]
    marks = [m for m in board_marks(state, NAMES, "en") if m.within == deed_card.BOX]
    texts = [m.text for m in marks]
    owner = int(state.owner["park_place"])
    assert texts[:3] == ["Park Place", "Price $350", "Owner:"]
    assert f"Rent now ${street_rent(state, 'park_place'):,}" in texts
    assert NAMES[owner] in texts and str(owner + 1) in texts
    group = GROUPS[SPACES["park_place"].group or ""].members
    holders = [m.text for m in marks if m.kind == "seat"][1:]  # the owner's disc first
    assert holders == [str(int(state.owner[d]) + 1) for d in group]
