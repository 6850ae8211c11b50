"""See the game as players do: `python -m bench.preview [--out docs/gallery] [--pages DIR] [--no-shots]`.

Plays scenes of both games through the loopback Discord with the real bot (a Mega table with a
computer: the start, a deed to buy, its auction, a debt and its private panel, the end with its
story; a bingo table: the declare picker, a claim window, a refused claim, the end; a Japanese
table), writes every message as a page drawn the way Discord draws it (`bench.discord_page`), and
takes screenshots of each at phone width (400 px) and desktop width (900 px) with headless
Chromium (Debian's `chromium`). Without Chromium it writes the pages only."""

from __future__ import annotations

import argparse
import asyncio
import copy
import io
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.discord_page import message_html
from engine import games
from tests.fakediscord.server import walk

WIDTHS = {"phone": 400, "desktop": 900}
BACKGROUND = (0x31, 0x33, 0x38)


@dataclass
class Frame:
    name: str
    caption: str
    message: dict[str, Any]
    pictures: dict[str, bytes]
    ephemeral: bool = False


@dataclass
class Reel:
    """The frames of the scenes, in order."""

    h: Any
    frames: list[Frame] = field(default_factory=list)

    async def shot(self, name: str, caption: str, message: int | dict[str, Any], ephemeral: bool = False) -> None:
        await self.h.fake.quiet()
        found = self.h.fake.messages[message] if isinstance(message, int) else message
        self.frames.append(Frame(name, caption, copy.deepcopy(found), dict(self.h.fake.file_data), ephemeral))


async def _mega_game(reel: Reel) -> None:
    """A real game (its log tells the story): the lobby, the first roll, a few moves, the end."""
    from tests.e2e.test_lobby import BEA, HOST, open_lobby

    h = reel.h
    lobby = await open_lobby(h)
    await reel.shot("lobby", "Mega Monopoly: the lobby", lobby)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await reel.shot("mega-start", "Mega Monopoly: Ann's first roll", lobby)
    for _ in range(12):  # both press the main move
        message = h.fake.messages[lobby]
        record = await h.bot.service.store.live_in_channel(message_channel(message))
        waiting = games.to_act(record.kind, h.bot.service.state_of(record))
        main = next((c["custom_id"] for c in walk(message["components"]) if c.get("style") == 1), None)
        if not waiting or main is None:
            break
        await h.fake.click(int(waiting[0]), lobby, main)
    await h.fake.slash(HOST, "stop")
    await reel.shot("mega-final", "The end: standings first, ratings before → after, the story", lobby)


def message_channel(message: dict[str, Any]) -> int:
    return int(message["channel_id"])


async def _mega(reel: Reel) -> None:
    """Positions set up to show each decision."""
    from tests.e2e.mega_table import debt_position, set_position
    from tests.e2e.test_lobby import BEA, HOST, open_lobby

    h = reel.h
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    players = [{"name": str(HOST)}, {"name": str(BEA), "deeds": ["oriental_avenue"]}, {"name": "-1"}]
    msg = await set_position(h, players, [(1, 2, "mr")])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await reel.shot("mega-buy", "A deed to buy: the price and the cash above the buttons", msg)
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Decline"])
    await reel.shot("mega-auction", "Its auction: the bids in one row", msg)
    msg = await debt_position(h, HOST, BEA, "-1")
    await reel.shot("mega-debt", "A debt: owed, cash, still missing; Raise… is the main move", msg)
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Raise"])
    await reel.shot(
        "mega-debt-panel", "The private panel: the suggested mortgage and what it brings", panel.message, True
    )
    ask = await h.fake.click_in(HOST, panel.message, h.fake.buttons(panel.message)["Mortgage"])
    await reel.shot("mega-debt-ask", "A mortgage asks first", ask.message, True)


async def _bingo(reel: Reel) -> None:
    from tests.e2e.test_bingo_play import cards, position
    from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby

    h = reel.h
    lobby = await open_lobby(h, "bingo")
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    msg = await position(h, cards(a=["I1", "B2"], b=["B1", "O5"], c=["G1"]), ["J", "K", "7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await reel.shot("bingo-declare", "MonopolizeBingo: a J and a K make any number", msg)
    picker = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Declare"])
    await reel.shot("bingo-picker", "The declare picker: a suggestion, or the column first", picker.message, True)
    (columns,) = h.fake.selects(picker.message).values()
    column = await h.fake.select(HOST, int(picker.message["id"]), columns["custom_id"], ["O"], message=picker.message)
    await reel.shot(
        "bingo-picker-o", "Column O: each number with what it would do, the warning first", column.message, True
    )
    (numbers,) = h.fake.selects(column.message).values()
    await h.fake.select(HOST, int(picker.message["id"]), numbers["custom_id"], ["70"], message=column.message)
    await reel.shot("bingo-claims", "A claim window: Pass is the main move for everyone asked", msg)
    refused = await h.fake.click(CAI, msg, h.fake.buttons(msg)["Claim"])
    await reel.shot("bingo-refused", "A refused claim says why, to that player only", refused.data, True)
    mine = await h.fake.click(BEA, msg, h.fake.buttons(msg)["My card"])
    await reel.shot("bingo-my-card", "My card, privately", mine.message, True)
    await h.fake.slash(HOST, "stop")
    await reel.shot("bingo-final", "A stopped game: provisional standings, labelled", msg)


async def _japanese(reel: Reel) -> None:
    from tests.e2e.mega_table import set_position
    from tests.e2e.test_lobby import BEA, HOST

    h = reel.h
    answer = await h.fake.slash(HOST, "start", {"game": "mega", "language": "ja"})
    lobby = int(answer.message["id"])
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["参加"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["開始"])
    msg = await set_position(h, [{"name": str(HOST)}, {"name": str(BEA)}], [(1, 2, "mr")])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["ダイスを振る"])
    await reel.shot("mega-buy-ja", "日本語のテーブル：購入の判断", msg)
    await h.fake.slash(HOST, "stop")


async def record(scenes: list[str]) -> list[Frame]:
    from tests.e2e.conftest import running
    from tests.e2e.test_lobby import setup_users
    from tests.fakediscord.server import FakeDiscord

    frames: list[Frame] = []
    for scene in scenes:
        with tempfile.TemporaryDirectory() as folder:
            async with running(FakeDiscord(), Path(folder) / "games.sqlite3") as h:
                setup_users(h)
                h.bot.tables.computers.delay_s = 3600.0  # the scenes decide when things move
                reel = Reel(h)
                await SCENES[scene](reel)
                frames += reel.frames
    return frames


SCENES = {"mega-game": _mega_game, "mega": _mega, "bingo": _bingo, "japanese": _japanese}


def write_pages(frames: list[Frame], folder: Path) -> list[Path]:
    from tests.e2e.test_lobby import BEA, CAI, DAN, HOST, STRANGER

    names = {HOST: "Ann", BEA: "Bea", CAI: "Cai", DAN: "Dan", STRANGER: "Zed"}
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for frame in frames:
        page = folder / f"{frame.name}.html"
        html = message_html(frame.message, frame.pictures, names, ephemeral=frame.ephemeral, caption=frame.caption)
        page.write_text(html, encoding="utf-8")
        pages.append(page)
    index = "".join(f'<li><a href="{p.name}">{f.caption}</a></li>' for p, f in zip(pages, frames, strict=True))
    (folder / "index.html").write_text(f"<!doctype html><meta charset=utf-8><ul>{index}</ul>", encoding="utf-8")
    return pages


def screenshot(page: Path, out: Path, width: int, browser: str) -> None:
    """A headless Chromium screenshot of the page at `width`, cut to what it shows."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as profile:
        raw = Path(profile) / "shot.png"
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                f"--window-size={width},3000",
                f"--screenshot={raw}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        image = Image.open(raw).convert("RGB")
    background = Image.new("RGB", image.size, BACKGROUND)
    from PIL import ImageChops

    box = ImageChops.difference(image, background).getbbox()
    bottom = min(image.height, (box[3] if box else image.height) + 12)
    buffer = io.BytesIO()
    image.crop((0, 0, image.width, bottom)).save(buffer, "PNG", optimize=True)
    out.write_bytes(buffer.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("docs/gallery"), help="where the screenshots go")
    parser.add_argument("--pages", type=Path, default=None, help="where the pages go (default: a temporary folder)")
    parser.add_argument("--scene", action="append", choices=sorted(SCENES), help="only these scenes")
    parser.add_argument("--no-shots", action="store_true", help="write the pages, take no screenshots")
    args = parser.parse_args(argv)
    frames = asyncio.run(record(args.scene or list(SCENES)))
    with tempfile.TemporaryDirectory() as temporary:
        pages = write_pages(frames, args.pages or Path(temporary))
        print(f"{len(pages)} message pages written" + (f" to {args.pages}" if args.pages else ""))
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if args.no_shots:
            return 0
        if browser is None:
            print("no chromium: pages only (apt-get install chromium)", file=sys.stderr)
            return 1
        args.out.mkdir(parents=True, exist_ok=True)
        for page in pages:
            for label, width in WIDTHS.items():
                screenshot(page, args.out / f"{page.stem}-{label}.png", width, browser)
        print(f"{len(pages) * len(WIDTHS)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
