"""Issue 40 in a real browser: Debian's Chromium, driven by Selenium through chromedriver, opens
the watch page of a game the bot is running on the loopback Discord. The board is drawn, each move
made in Discord shows within a second, the replay steps with the keyboard, the console stays clean,
Japanese words are drawn, and axe-core finds nothing serious or critical. Skipped without Chromium
and its driver (CI installs both and sets REQUIRE_BROWSER)."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST
from tests.e2e.test_primary_player import highlighted
from tests.e2e.test_watch import watch_link

T = TypeVar("T")
PHONE, DESKTOP = (390, 844), (1280, 900)


def _browser() -> Any:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("REQUIRE_BROWSER is set but chromium or chromedriver is missing")
        pytest.skip("no chromium and chromedriver here (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


class Page:
    """The browser, driven from a thread so the bot's event loop keeps serving the page."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(call, *args)

    async def script(self, source: str, *args: Any) -> Any:
        return await self.run(self.driver.execute_script, source, *args)

    async def wait(self, source: str, timeout: float = 5.0) -> float:
        """Seconds until the script's value is truthy."""
        start = time.monotonic()
        while not await self.script(source):
            if time.monotonic() - start > timeout:
                raise AssertionError(f"not within {timeout} s: {source}")
            await asyncio.sleep(0.02)
        return time.monotonic() - start

    async def errors(self) -> list[str]:
        entries = await self.run(self.driver.get_log, "browser")
        return [e["message"] for e in entries if e["level"] == "SEVERE"]

    async def axe(self) -> list[str]:
        """axe-core's serious and critical findings: the current release where AXE_SCRIPT names it
        (CI fetches it from the npm registry), else the one axe-selenium-python bundles."""
        from axe_selenium_python import Axe

        script = os.environ.get("AXE_SCRIPT")
        axe = Axe(self.driver, script) if script else Axe(self.driver)
        await self.run(axe.inject)
        results = await self.run(axe.run)
        return [
            f"{v['id']}: {v['help']} at {[(n.get('target'), n.get('failureSummary')) for n in v['nodes']]}"
            for v in results["violations"]
            if v.get("impact") in ("serious", "critical")
        ]

    async def shot(self, path: Path, size: tuple[int, int]) -> None:
        """The whole page at a screen `size` (a phone's width is drawn as a phone would)."""
        width, height = size
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
        await self.run(self.driver.execute_cdp_cmd, "Emulation.setDeviceMetricsOverride", metrics)
        full = int(await self.script("return document.documentElement.scrollHeight"))
        metrics["height"] = min(max(full, height), 4000)
        await self.run(self.driver.execute_cdp_cmd, "Emulation.setDeviceMetricsOverride", metrics)
        await self.run(self.driver.save_screenshot, str(path))
        await self.run(self.driver.execute_cdp_cmd, "Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture
async def browser() -> AsyncIterator[Page]:
    driver = await asyncio.to_thread(_browser)
    try:
        yield Page(driver)
    finally:
        await asyncio.to_thread(driver.quit)


async def start(h: Harness, game: str, language: str) -> int:
    answer = await h.fake.slash(HOST, "start", {"game": game, "language": language})
    lobby = int(answer.message["id"])
    join = next(cid for cid in h.fake.buttons(lobby).values() if cid.endswith(":join"))
    await h.fake.click(BEA, lobby, join)
    start_id = next(cid for cid in h.fake.buttons(lobby).values() if cid.endswith(":start"))
    await h.fake.click(HOST, lobby, start_id)
    await h.fake.quiet()
    return lobby


async def _version(h: Harness, msg: int) -> int:
    record = await h.bot.service.store.games.live_in_channel(int(h.fake.messages[msg]["channel_id"]))
    return record.version if record is not None else -1


async def press_main(h: Harness, msg: int) -> bool:
    from engine import games

    main = highlighted(h.fake.messages[msg])
    record = await h.bot.service.store.games.live_in_channel(int(h.fake.messages[msg]["channel_id"]))
    if main is None or record is None:
        return False
    waiting = games.game(record.kind).to_act(h.bot.service.state_of(record))
    await h.fake.click(int(waiting[0]) if waiting else HOST, msg, main)
    return True


async def watch_a_game(h: Harness, page: Page, game: str, language: str, shots: Path | None = None) -> None:
    msg = await start(h, game, language)
    url = watch_link(h.fake.messages[msg])
    assert url is not None
    await page.run(page.driver.get, url)
    await page.wait("return document.querySelector('svg.board #dynamic') !== null")
    await page.wait("return document.body.dataset.version !== undefined")  # the stream is live
    box = await page.script(
        "const r = document.querySelector('svg.board').getBoundingClientRect(); return [r.width, r.height]"
    )
    assert box[0] > 300 and box[1] > 300, f"the board is drawn: {box}"
    moved = 0
    for _ in range(3):
        before = await page.script("return document.body.dataset.version")
        version = await _version(h, msg)
        if not await press_main(h, msg) or await _version(h, msg) == version:
            break  # a press that opens a private panel (bingo's Declare…) moves nothing
        took = await page.wait(f"return document.body.dataset.version !== '{before}'", timeout=1.0)
        assert took < 1.0
        moved += 1
    assert moved, "a move was seen on the page"
    if shots is not None:
        await page.shot(shots / f"watch-{game}-{language}-phone.png", PHONE)
        await page.shot(shots / f"watch-{game}-{language}-desktop.png", DESKTOP)
    serious = await page.axe()
    assert not serious, serious
    await h.fake.slash(HOST, "stop")
    await page.wait("return !document.getElementById('replay').hidden", timeout=2.0)
    await page.run(page.driver.get, url + "/replay")
    await page.wait("return document.body.dataset.ready === 'yes'")
    assert await page.script("return document.body.dataset.shown") == "0"
    await page.script("document.activeElement.blur()")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    await page.run(lambda: ActionChains(page.driver).send_keys(Keys.ARROW_RIGHT).perform())
    assert await page.script("return document.body.dataset.shown") == "1", "the arrow key steps the replay"
    await page.run(lambda: ActionChains(page.driver).send_keys(Keys.END).perform())
    last = await page.script("return Number(document.getElementById('slider').max)")
    assert last >= moved and await page.script("return document.body.dataset.shown") == str(last)
    serious = await page.axe()
    assert not serious, serious
    assert await page.errors() == [], "no errors in the console"


async def test_a_mega_game_watched_live_then_replayed(browser: Page, watched: Harness, tmp_path: Path) -> None:
    await watch_a_game(watched, browser, "mega", "en", tmp_path)
    assert (tmp_path / "watch-mega-en-phone.png").stat().st_size > 10_000
    # The replay file /monopoly replay attaches works opened from disk, with no server.
    await watched.fake.slash(BEA, "replay")
    name = next(n for n in watched.fake.file_data if n.endswith(".html"))
    (tmp_path / name).write_bytes(watched.fake.file_data[name])
    await watched.stop_bot()
    await browser.run(browser.driver.get, (tmp_path / name).as_uri())
    await browser.wait("return document.body.dataset.ready === 'yes'")
    await browser.script("document.getElementById('next').click()")
    assert await browser.script("return document.body.dataset.shown") == "1"
    assert await browser.errors() == []
    await watched.start_bot()


async def test_a_japanese_bingo_game_reads_in_japanese(browser: Page, watched: Harness) -> None:
    await watch_a_game(watched, browser, "bingo", "ja")
    heading = await browser.script("return document.querySelector('h2') && document.querySelector('h2').textContent")
    assert heading == "この手", heading  # the replay page's words, in the game's language
    width = await browser.script(
        "const e = document.querySelector('h2'); const r = document.createRange(); r.selectNodeContents(e);"
        "return r.getBoundingClientRect().width"
    )
    assert width > 20, "the Japanese words take room on the page: they are drawn"
