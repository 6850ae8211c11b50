"""Screenshots of the watch pages: `python -m bench.watch [--out docs/gallery]`.

Runs the bot with its watch pages on the loopback Discord, opens a Mega Monopoly game and a
MonopolizeBingo game, each in English and in Japanese (`ja/`), in headless Chromium through
Selenium (Debian's `chromium` and `chromium-driver`), plays a few moves, and saves the live page
and the replay at phone width (390 px) and desktop width (1280 px)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path


async def shoot(out: Path) -> list[Path]:
    from tests.e2e.conftest import watching
    from tests.e2e.test_lobby import HOST
    from tests.e2e.test_watch import watch_link
    from tests.web.test_browser import DESKTOP, PHONE, Page, _browser, press_main, start

    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    page = Page(await asyncio.to_thread(_browser))
    try:
        for game, language, moves in (("mega", "en", 6), ("mega", "ja", 6), ("bingo", "en", 1), ("bingo", "ja", 1)):
            folder_of = out / "ja" if language == "ja" else out
            folder_of.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as folder:
                async with watching(Path(folder) / "games.sqlite3") as h:
                    h.bot.tables.computers.delay_s = 3600.0
                    msg = await start(h, game, language)
                    url = watch_link(h.fake.messages[msg])
                    assert url is not None
                    for _ in range(moves):
                        await press_main(h, msg)
                    await h.fake.quiet()
                    await page.run(page.driver.get, url)
                    await page.wait("return document.body.dataset.version !== undefined")
                    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
                        path = folder_of / f"watch-{game}-{label}.png"
                        await page.shot(path, size)
                        taken.append(path)
                    await h.fake.slash(HOST, "stop")
                    await page.run(page.driver.get, url + "/replay")
                    await page.wait("return document.body.dataset.ready === 'yes'")
                    await page.script("document.getElementById('slider').value = 0")
                    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
                        path = folder_of / f"watch-{game}-replay-{label}.png"
                        await page.shot(path, size)
                        taken.append(path)
    finally:
        await asyncio.to_thread(page.driver.quit)
    return taken


CAPTIONS = {
    "watch-mega": ("Mega Monopoly, live in the browser", "メガモノポリーをブラウザでライブ観戦"),
    "watch-mega-replay": ("Mega Monopoly, replayed step by step", "メガモノポリーのリプレイ"),
    "watch-bingo": ("MonopolizeBingo, live in the browser", "独占王ビンゴをブラウザでライブ観戦"),
    "watch-bingo-replay": ("MonopolizeBingo, replayed step by step", "独占王ビンゴのリプレイ"),
}


def gallery_section(gallery: Path) -> str:
    """docs/gallery.md's part on the watch pages, from the screenshots there."""
    lines = ["## Watch pages", "", "Drawn by `python -m bench.watch` (Chromium through Selenium)."]
    for folder, language in ((gallery, 0), (gallery / "ja", 1)):
        for stem, captions in CAPTIONS.items():
            if (folder / f"{stem}-phone.png").is_file():
                where = f"gallery/{'ja/' if language else ''}{stem}"
                caption = captions[language]
                lines += ["", f"### {caption}", "", f"![{caption}]({where}-phone.png)", ""]
                lines.append(f"[Desktop width]({where}-desktop.png)")
    return "\n".join(lines) + "\n"


def with_section(page: str, section: str) -> str:
    """The gallery page with its watch-page part put in (or replaced)."""
    return page.split("\n## Watch pages")[0].rstrip("\n") + "\n\n" + section


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("docs/gallery"), help="where the screenshots go")
    args = parser.parse_args(argv)
    taken = asyncio.run(shoot(args.out))
    print(f"{len(taken)} screenshots in {args.out}")
    page = args.out.parent / "gallery.md"
    if args.out.name == "gallery" and page.is_file():
        page.write_text(with_section(page.read_text(encoding="utf-8"), gallery_section(args.out)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
