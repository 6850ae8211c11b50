"""See the game as players do: `python -m bench.preview [--out docs/gallery] [--pages DIR] [--no-shots]`.

Plays scenes of both games through the loopback Discord with the real bot (a Mega table with a
computer: the start, a deed to buy, its auction, a debt and its private panel, the end with its
story; a bingo table: the declare picker, a claim window, a refused claim, a hit and its discard
picker, the end), each in English and in Japanese (`docs/gallery/ja/`), writes every message as a
page drawn the way Discord draws it (`bench.discord_page`), and takes screenshots of each at phone
width (400 px) and desktop width (900 px) with headless Chromium (Debian's `chromium`), listed in
`docs/gallery.md` (by a full run; `--scene` or `--locale` refreshes only its screenshots). The
lobbies deal from a fixed seed, so a run draws the same games every time. Without Chromium it
writes the pages only."""

from __future__ import annotations

import argparse
import asyncio
import copy
import io
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from bench.discord_page import message_html
from bot.i18n import t
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
    """The frames of the scenes, in order, played in one language: buttons are found by their
    catalog words in that language, frames of a Japanese reel are named "ja/…"."""

    h: Any
    locale: str = "en"
    frames: list[Frame] = field(default_factory=list)

    async def shot(
        self, name: str, captions: tuple[str, str], message: int | dict[str, Any], ephemeral: bool = False
    ) -> None:
        await self.h.fake.quiet()
        found = self.h.fake.messages[message] if isinstance(message, int) else message
        caption = captions[1] if self.locale == "ja" else captions[0]
        prefix = "" if self.locale == "en" else f"{self.locale}/"
        self.frames.append(Frame(prefix + name, caption, copy.deepcopy(found), dict(self.h.fake.file_data), ephemeral))

    def button(self, message: int | dict[str, Any], key: str) -> str:
        """The custom_id of the button labelled with catalog `key` in the reel's language (a label
        that begins with those words counts: "Buy" finds "Buy $60")."""
        return str(self.h.fake.buttons(message)[t(self.locale, key).rstrip("…")])

    async def press(self, user: int, message: int, key: str) -> Any:
        return await self.h.fake.click(user, message, self.button(message, key))

    async def open_lobby(self, game: str) -> int:
        from tests.e2e.test_lobby import HOST

        answer = await self.h.fake.slash(HOST, "start", {"game": game, "language": self.locale})
        return int(answer.message["id"])


async def _mega_game(reel: Reel) -> None:
    """A real game (its log tells the story): the lobby, the first roll, a few moves, the end."""
    from tests.e2e.test_lobby import BEA, HOST

    h = reel.h
    lobby = await reel.open_lobby("mega")
    await reel.shot("lobby", ("Mega Monopoly: the lobby", "メガモノポリー：ロビー"), lobby)
    await reel.press(BEA, lobby, "ui.join")
    await reel.press(HOST, lobby, "ui.start")
    await reel.shot("mega-start", ("Mega Monopoly: Ann's first roll", "メガモノポリー：Annの最初のロール"), lobby)
    for _ in range(12):  # both press the main move
        message = h.fake.messages[lobby]
        record = await h.bot.service.store.games.live_in_channel(message_channel(message))
        waiting = games.game(record.kind).to_act(h.bot.service.state_of(record))
        main = next((c["custom_id"] for c in walk(message["components"]) if c.get("style") == 1), None)
        if not waiting or main is None:
            break
        await h.fake.click(int(waiting[0]), lobby, main)
    await h.fake.slash(HOST, "stop")
    captions = (
        "The end: standings first, ratings before → after, the story",
        "終了：順位、レーティングの変化、ゲームの流れ",
    )
    await reel.shot("mega-final", captions, lobby)


def message_channel(message: dict[str, Any]) -> int:
    return int(message["channel_id"])


async def _mega(reel: Reel) -> None:
    """Positions set up to show each decision."""
    from tests.e2e.mega_table import debt_position, set_position
    from tests.e2e.test_lobby import BEA, HOST
    from tests.e2e.test_primary_player import highlighted

    h = reel.h
    lobby = await reel.open_lobby("mega")
    await reel.press(BEA, lobby, "ui.join")
    await reel.press(HOST, lobby, "ui.add_cpu")
    await reel.press(HOST, lobby, "ui.start")
    players = [{"name": str(HOST)}, {"name": str(BEA), "deeds": ["oriental_avenue"]}, {"name": "-1"}]
    msg = await set_position(h, players, [(1, 2, "mr")])
    await reel.press(HOST, msg, "action.roll")
    captions = ("A deed to buy: the price and the cash above the buttons", "購入の判断：価格と所持金がボタンの上に")
    await reel.shot("mega-buy", captions, msg)
    await reel.press(HOST, msg, "action.decline")
    await reel.shot("mega-auction", ("Its auction: the bids in one row", "オークション：入札ボタンが一列に"), msg)
    msg = await debt_position(h, HOST, BEA, "-1")
    captions = (
        "A debt: owed, cash, still missing; Raise… is the main move",
        "支払い：金額・所持金・不足額、主な操作は「用意…」",
    )
    await reel.shot("mega-debt", captions, msg)
    panel = await h.fake.click(HOST, msg, highlighted(h.fake.messages[msg]))
    captions = (
        "The private panel: the suggested mortgage and what it brings",
        "自分だけのパネル：おすすめの抵当と得られる額",
    )
    await reel.shot("mega-debt-panel", captions, panel.message, True)
    ask = await h.fake.click_in(HOST, panel.message, highlighted(panel.message))
    await reel.shot("mega-debt-ask", ("A mortgage asks first", "抵当は確認してから"), ask.message, True)


# The bingo scene's cards: dealt-looking (B-2), unlike the tests' cards of consecutive numbers. Bea
# owns 70 (O5) and neither Ann nor Cai has it, so Ann's 70 is a hit and Cai's claim is refused.
SCENE_CARDS = (
    {"B": [12, 4, 9, 1, 14], "I": [22, 29, 17, 25, 19], "N": [38, 33, None, 44, 31],
     "G": [51, 47, 58, 55, 60], "O": [66, 73, 62, 75, 68]},
    {"B": [7, 11, 3, 15, 6], "I": [27, 18, 24, 30, 21], "N": [42, 36, None, 34, 45],
     "G": [49, 56, 46, 53, 59], "O": [64, 71, 67, 61, 70]},
    {"B": [5, 13, 2, 10, 8], "I": [20, 26, 16, 28, 23], "N": [35, 40, None, 32, 39],
     "G": [57, 48, 54, 50, 46], "O": [74, 63, 69, 65, 72]},
)  # fmt: skip


def _scene_cards(**owned: list[str]) -> list[dict[str, Any]]:
    from tests.e2e.test_bingo_play import cards

    return [{**seat, "card": card} for seat, card in zip(cards(**owned), SCENE_CARDS, strict=True)]


async def _bingo(reel: Reel) -> None:
    from tests.e2e.test_bingo_play import position
    from tests.e2e.test_lobby import BEA, CAI, HOST

    h = reel.h
    lobby = await reel.open_lobby("bingo")
    for user in (BEA, CAI):
        await reel.press(user, lobby, "ui.join")
    await reel.press(HOST, lobby, "ui.start")
    msg = await position(h, _scene_cards(a=["I1", "B2"], b=["B1", "O5"], c=["G1"]), ["J", "K", "7", "10"])
    await reel.press(HOST, msg, "action.draw")
    captions = ("MonopolizeBingo: a J and a K make any number", "独占王ビンゴ：JとKでどの数字も宣言できる")
    await reel.shot("bingo-declare", captions, msg)
    picker = await reel.press(HOST, msg, "bingo.declare")
    captions = ("The declare picker: a suggestion, or the column first", "宣言の選択：おすすめ、または列から")
    await reel.shot("bingo-picker", captions, picker.message, True)
    (columns,) = h.fake.selects(picker.message).values()
    column = await h.fake.select(HOST, int(picker.message["id"]), columns["custom_id"], ["O"], message=picker.message)
    captions = ("Column O: each number with what it would do, the warning first", "O列：各数字の結果、注意が先に")
    await reel.shot("bingo-picker-o", captions, column.message, True)
    (numbers,) = h.fake.selects(column.message).values()
    await h.fake.select(HOST, int(picker.message["id"]), numbers["custom_id"], ["70"], message=column.message)
    captions = (
        "A claim window: Pass is the main move for everyone asked",
        "競りの受付：聞かれた全員の主な操作はパス",
    )
    await reel.shot("bingo-claims", captions, msg)
    refused = await reel.press(CAI, msg, "action.claim")
    captions = ("A refused claim says why, to that player only", "断られた買いは、その人にだけ理由を伝える")
    await reel.shot("bingo-refused", captions, refused.data, True)
    mine = await reel.press(BEA, msg, "ui.my_card")
    await reel.shot("bingo-my-card", ("My card, privately", "自分のカード（自分だけに表示）"), mine.message, True)
    for user in (BEA, CAI):
        await reel.press(user, msg, "action.pass_claim")
    captions = ("Hit: Bea owned 70, so Ann discards", "当たり：70はBeaが所有、Annが売却")
    await reel.shot("bingo-hit", captions, msg)
    discard = await reel.press(HOST, msg, "bingo.discard")
    captions = ("The discard picker: the suggestion first, why it is that many", "売却の選択：おすすめが先、枚数の理由")
    await reel.shot("bingo-discard", captions, discard.message, True)
    await h.fake.slash(HOST, "stop")
    await reel.shot(
        "bingo-final", ("A stopped game: provisional standings, labelled", "中止したゲーム：暫定順位と明記"), msg
    )


# The seed the gallery's lobbies deal from: a real player's lobby draws a secret one (bot.lobby); the
# gallery draws the same games every time it is recorded, in both languages.
GALLERY_SEED = 2037


class _FixedDealer:
    """Stands in for `secrets` in bot.lobby while the gallery records."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)


async def record(scenes: list[str], locales: tuple[str, ...] = ("en",), seed: int = GALLERY_SEED) -> list[Frame]:
    import bot.lobby
    from tests.e2e.conftest import running
    from tests.e2e.test_lobby import setup_users
    from tests.fakediscord.server import FakeDiscord

    frames: list[Frame] = []
    for locale in locales:
        for scene in scenes:
            with tempfile.TemporaryDirectory() as folder, mock.patch.object(bot.lobby, "secrets", _FixedDealer(seed)):
                async with running(FakeDiscord(), Path(folder) / "games.sqlite3") as h:
                    setup_users(h)
                    h.bot.tables.computers.delay_s = 3600.0  # the scenes decide when things move
                    reel = Reel(h, locale)
                    await SCENES[scene](reel)
                    frames += reel.frames
    return frames


SCENES = {"mega-game": _mega_game, "mega": _mega, "bingo": _bingo}


def write_pages(frames: list[Frame], folder: Path) -> list[Path]:
    from tests.e2e.test_lobby import BEA, CAI, DAN, HOST, STRANGER

    names = {HOST: "Ann", BEA: "Bea", CAI: "Cai", DAN: "Dan", STRANGER: "Zed"}
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for frame in frames:
        page = folder / f"{frame.name}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        viewer = frame.name.split("/")[0] if "/" in frame.name else "en"
        html = message_html(
            frame.message, frame.pictures, names, ephemeral=frame.ephemeral, caption=frame.caption, viewer=viewer
        )
        page.write_text(html, encoding="utf-8")
        pages.append(page)
    index = "".join(f'<li><a href="{f.name}.html">{f.caption}</a></li>' for f in frames)
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
    parser.add_argument("--locale", action="append", choices=["en", "ja"], help="only these languages (default both)")
    parser.add_argument("--no-shots", action="store_true", help="write the pages, take no screenshots")
    args = parser.parse_args(argv)
    frames = asyncio.run(record(args.scene or list(SCENES), tuple(args.locale or ("en", "ja"))))
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
        for page, frame in zip(pages, frames, strict=True):
            for label, width in WIDTHS.items():
                shot = args.out / f"{frame.name}-{label}.png"
                shot.parent.mkdir(parents=True, exist_ok=True)
                screenshot(page, shot, width, browser)
        print(f"{len(pages) * len(WIDTHS)} screenshots in {args.out}")
        if args.out.name == "gallery" and not args.scene and not args.locale:  # a partial run keeps the page
            from bench.watch import gallery_section, with_section

            page = with_section(gallery_page(frames), gallery_section(args.out))
            (args.out.parent / "gallery.md").write_text(page, encoding="utf-8")
    return 0


def gallery_page(frames: list[Frame]) -> str:
    """docs/gallery.md: every frame at phone width with its caption and a link to the desktop width,
    English first, then Japanese."""
    lines = [
        "# Gallery",
        "",
        "Drawn by `python -m bench.preview` from scenes played through the loopback Discord with the real bot;",
        "each at phone width (400 px), with a link to the desktop width (900 px).",
    ]
    for language, heading in (("en", "In English"), ("ja", "日本語")):
        shown = [f for f in frames if (f.name.split("/")[0] == "ja") == (language == "ja")]
        if shown:
            lines += ["", f"## {heading}"]
        for frame in shown:
            lines += ["", f"### {frame.caption}", "", f"![{frame.caption}](gallery/{frame.name}-phone.png)", ""]
            lines.append(f"[Desktop width](gallery/{frame.name}-desktop.png)")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
