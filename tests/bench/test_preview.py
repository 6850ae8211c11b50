"""`python -m bench.preview` (issue 35): the scenes play through the loopback Discord, every message
becomes a page drawn as Discord draws it, and headless Chromium (when installed, as CI installs it)
takes phone- and desktop-width screenshots of them."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from bench import preview


def test_help_says_what_it_does_and_does_nothing() -> None:
    with pytest.raises(SystemExit) as done:
        preview.main(["--help"])
    assert done.value.code == 0


async def test_the_bingo_scene_becomes_pages_and_screenshots(tmp_path: Path) -> None:
    frames = await preview.record(["bingo"])
    names = [f.name for f in frames]
    assert {"bingo-picker", "bingo-claims", "bingo-refused", "bingo-hit", "bingo-discard", "bingo-final"} <= set(names)
    discard = next(f for f in frames if f.name == "bingo-discard")
    assert discard.ephemeral and "Bea owns O5" in discard.message["content"], discard.message["content"]
    refused = next(f for f in frames if f.name == "bingo-refused")
    assert refused.ephemeral and "not on your card" in refused.message["content"]
    pages = preview.write_pages(frames, tmp_path / "pages")
    claims = (tmp_path / "pages" / "bingo-claims.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in claims and 'class="btn s1"' in claims, "the picture and the main move"
    assert "Only you can see this" in (tmp_path / "pages" / "bingo-refused.html").read_text(encoding="utf-8")
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("no chromium here (CI installs it)")
    shot = tmp_path / "claims.png"
    preview.screenshot(next(p for p in pages if p.stem == "bingo-claims"), shot, 400, browser)
    with Image.open(shot) as image:
        assert image.width == 400 and 300 < image.height < 3000, image.size


async def test_the_gallery_game_is_the_same_game_every_time() -> None:
    """The lobby deals from a fixed seed while the gallery records, so docs/gallery does not change
    with each run (a player's lobby still draws a secret one)."""
    first = await preview.record(["mega-game"])
    again = await preview.record(["mega-game"])
    other = await preview.record(["mega-game"], seed=preview.GALLERY_SEED + 1)
    assert [_played(f) for f in first] == [_played(f) for f in again]
    assert _played(first[-1]) != _played(other[-1])


def _played(frame: preview.Frame) -> str:
    """What a frame shows of the game: its texts and pictures, without the clock (deadlines, times)."""
    shown = {k: v for k, v in frame.message.items() if "timestamp" not in k}
    texts = re.sub(r"<t:\d+:\w>", "<t>", json.dumps(shown, sort_keys=True))
    return texts + "".join(sorted(hashlib.sha256(p).hexdigest() for p in frame.pictures.values()))
