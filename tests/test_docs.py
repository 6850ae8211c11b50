"""Issue 37: the pictures the README and the docs show exist (mkdocs checks links, not images), and
the players' guide exists in both languages with a screenshot for each control it explains."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_picture_a_page_shows_exists(page: Path) -> None:
    missing = [src for src in IMAGE.findall(page.read_text(encoding="utf-8")) if not (page.parent / src).is_file()]
    assert not missing, missing


def test_the_players_guide_shows_the_same_controls_in_both_languages() -> None:
    english = IMAGE.findall((ROOT / "docs/players.md").read_text(encoding="utf-8"))
    japanese = IMAGE.findall((ROOT / "docs/ja/players.md").read_text(encoding="utf-8"))
    assert len(english) >= 12, "a screenshot for each control"
    assert [src.replace("../gallery/ja/", "gallery/") for src in japanese] == english
