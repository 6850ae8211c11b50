"""Issue 30: the words on the pictures. A Japanese game's board speaks Japanese where the font has
the glyphs (bank, legend, die face), names break by Japanese rules (no line starts with ー or a
small kana), nothing is drawn as boxes without a CJK font, and the story chart writes money as
people do ("$6,374")."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.pictures import sheet, story, style
from cogs.mega import picture
from cogs.mega.board_geometry import CORNER, SIZE
from cogs.mega.board_names import NO_LINE_START, wrap
from cogs.mega.picture import render_board
from tests.pictures.test_pictures import _state


def _clear_caches() -> None:
    style.font.cache_clear()
    picture._static.cache_clear()
    sheet.glyph.cache_clear()


@pytest.fixture
def no_wide_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(style, "_font_path", lambda: None)
    _clear_caches()
    yield
    _clear_caches()


@pytest.fixture
def wide_font() -> Iterator[None]:
    if not style.has_wide_font():
        pytest.skip("no font with Japanese glyphs on this machine (FONT_PATH, or Debian's fonts-ipafont-gothic)")
    _clear_caches()
    yield
    _clear_caches()


def _centre(data: bytes) -> Image.Image:
    """The board's middle: legend, bank line and dice (the names around it are static)."""
    img = Image.open(io.BytesIO(data)).convert("RGB")
    return img.crop((CORNER + 2, CORNER + 2, SIZE - CORNER - 2, SIZE - CORNER - 2))


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize(
    "name",
    [
        "メディタレーニアン・アベニュー",
        "パシフィック・アベニュー",
        "ニューヨーク・アベニュー",
        "ケンタッキー・アベニュー",
    ],
)
def test_japanese_names_break_by_japanese_rules(name: str) -> None:
    rows = wrap(name.removesuffix("・アベニュー"), lambda line: len(line) <= 4).split("\n")
    assert all(row and row[0] not in NO_LINE_START for row in rows), rows
    assert all(len(row) <= 4 for row in rows) and len(rows) <= 3


def test_the_japanese_board_speaks_japanese(wide_font: None) -> None:
    s = _state()  # the last roll's speed die shows the bus
    english, japanese = render_board(s, ["Ann", "Bea", "Cai"], "en"), render_board(s, ["Ann", "Bea", "Cai"], "ja")
    assert not _same(_centre(english), _centre(japanese))
    # the words differ, not the rest: a game in English twice draws the same middle
    assert _same(_centre(english), _centre(render_board(s, ["Ann", "Bea", "Cai"], "en")))


def test_without_a_cjk_font_japanese_words_fall_back_to_english(no_wide_font: None) -> None:
    s = _state()
    english, japanese = render_board(s, ["Ann", "Bea", "Cai"], "en"), render_board(s, ["Ann", "Bea", "Cai"], "ja")
    assert _same(_centre(english), _centre(japanese)), "never boxes: the same English words"


def _chart(title: str, locale: str = "en") -> Image.Image:
    data = story.render_story(
        title, [1, 2, 3], [(0, "Ann", [1500, 3000, 6374]), (1, "Bea", [1500, 900, 0])], True, "turn", locale
    )
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_the_story_chart_writes_money_as_people_do() -> None:
    assert story._label(6374, True, "en") == "$6,374"
    assert story._label(6374, True, "ja") == "$6,374"
    assert story._label(12, False, "en") == "12"


def test_without_a_cjk_font_the_chart_leaves_japanese_words_out(no_wide_font: None) -> None:
    assert _same(_chart("ゲームの流れ", "ja"), _chart("", "ja")), "left out, not drawn as boxes"
    assert not _same(_chart("Net worth", "en"), _chart("", "en"))


def test_with_a_cjk_font_the_chart_keeps_its_japanese_title(wide_font: None) -> None:
    assert not _same(_chart("ゲームの流れ", "ja"), _chart("", "ja"))


def test_the_japanese_bingo_table_speaks_japanese(wide_font: None) -> None:
    from cogs.bingo.picture import render_table
    from engine import bingo
    from tests.engine.bingo.helpers import CARD_A, CARD_B
    from tests.engine.bingo.helpers import position as bingo_position

    s = bingo_position({"name": "A", "card": CARD_A}, {"name": "B", "card": CARD_B, "in_jail": True})
    cards = bingo.view_for(s, None).players
    english, japanese = render_table(cards, [None, None], "en"), render_table(cards, [None, None], "ja")
    assert english != japanese  # seat words, detention and FREE in the game's language


LATIN_ONLY = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def test_a_font_counts_as_japanese_only_if_it_has_the_glyphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: FONT_PATH naming a Latin font is no Japanese font: Japanese words are then drawn
    with a font found on the machine that has them, or in English — never as boxes."""
    import os

    if not os.path.isfile(LATIN_ONLY):
        pytest.skip("no Latin-only font here to try")
    assert not style.has_japanese_glyphs(LATIN_ONLY)
    monkeypatch.setattr(style, "WIDE_FONTS", ())
    monkeypatch.setenv("FONT_PATH", LATIN_ONLY)
    style.configure_font(None)
    try:
        assert not style.has_wide_font(), "a Latin FONT_PATH does not make Japanese drawable"
        assert style.words_in("ja") == "en" and not style.drawable("日本")
        assert style.drawable("Ann")
    finally:
        monkeypatch.delenv("FONT_PATH")
        monkeypatch.undo()
        style.configure_font(None)
    wide = next((p for p in style.WIDE_FONTS if os.path.isfile(p)), None)
    if wide is not None:
        assert style.has_japanese_glyphs(wide)


def test_font_path_is_read_through_the_settings_and_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import load_settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FONT_PATH", raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=a.b.c\nFONT_PATH=/fonts/some.ttf\n", encoding="utf-8")
    assert str(load_settings().font_path) == "/fonts/some.ttf"


def test_story_legend_cuts_long_names_and_keeps_values_apart() -> None:
    """Issue 36: "Chandrasekhar Venkataraman" is cut with an ellipsis inside the picture and its
    value sits under it, never in it."""
    from PIL import ImageDraw

    long = "Chandrasekhar Venkataraman the Third"
    lines = [(i, long + str(i), [1500, 1500 + 100 * i]) for i in range(8)]
    img = Image.open(io.BytesIO(story.render_story("Net worth", [0, 1], lines, True, "turn"))).convert("RGB")
    draw = ImageDraw.Draw(img)
    cut = style.fit(long, style.font(18), 100)
    assert cut.endswith("…") and draw.textlength(cut, font=style.font(18)) <= 100
    for row in range(8):  # the right margin of every legend row stays blank: nothing runs off
        y = story.TOP + row * story.LEGEND_ROW
        margin = img.crop((story.WIDTH - 10, y, story.WIDTH, y + story.LEGEND_ROW))
        assert margin.getextrema() == ((255, 255), (255, 255), (255, 255)), row


def test_story_title_without_a_cjk_font_falls_back_to_english(no_wide_font: None) -> None:
    img = Image.open(
        io.BytesIO(story.render_story("純資産の推移", [0, 1], [], True, "ターン", "ja", ("Net worth", "turn")))
    )
    title = img.convert("L").crop((story.LEFT, 10, story.LEFT + 200, 44))
    assert title.getextrema()[0] < 100, "the English title is drawn, not nothing and not boxes"
