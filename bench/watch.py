"""Screenshots of the watch pages: `python -m bench.watch [--out docs/gallery]`.

Runs the bot with its watch pages on the loopback Discord, opens a Mega Monopoly game (English) and
a MonopolizeBingo game (Japanese) in headless Chromium through Selenium (Debian's `chromium` and
`chromium-driver`), plays a few moves, and saves the live page and the replay at phone width
(390 px) and desktop width (1280 px)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path


async def shoot(out: Path) -> list[Path]:
    from tests.e2e.conftest import running
    from tests.e2e.test_lobby import HOST, setup_users
    from tests.e2e.test_watch import SECRET, free_port, watch_link
    from tests.fakediscord.server import FakeDiscord
    from tests.web.test_browser import DESKTOP, PHONE, Page, _browser, press_main, start

    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    page = Page(await asyncio.to_thread(_browser))
    try:
        for game, language, moves in (("mega", "en", 6), ("bingo", "ja", 1)):
            with tempfile.TemporaryDirectory() as folder:
                port = free_port()
                settings = {"web_port": port, "public_url": f"http://127.0.0.1:{port}", "web_secret": SECRET}
                async with running(FakeDiscord(), Path(folder) / "games.sqlite3", **settings) as h:
                    setup_users(h)
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
                        path = out / f"watch-{game}-{label}.png"
                        await page.shot(path, size)
                        taken.append(path)
                    await h.fake.slash(HOST, "stop")
                    await page.run(page.driver.get, url + "/replay")
                    await page.wait("return document.body.dataset.ready === 'yes'")
                    await page.script("document.getElementById('slider').value = 0")
                    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
                        path = out / f"watch-{game}-replay-{label}.png"
                        await page.shot(path, size)
                        taken.append(path)
    finally:
        await asyncio.to_thread(page.driver.quit)
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("docs/gallery"), help="where the screenshots go")
    args = parser.parse_args(argv)
    taken = asyncio.run(shoot(args.out))
    print(f"{len(taken)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
