"""`python -m bot`: read the settings, open the database, start the bot. Bad settings, an unusable
database or a rejected token end with one line on stderr and exit status 2, never a traceback.
SIGTERM (what `docker stop` sends) and SIGINT stop it cleanly. `python -m bot --check` only checks
the settings and the database (the container's health check)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from typing import Any

import discord

from bot import logs
from bot.app import create_bot
from bot.settings import SettingsError, load_settings
from bot.store import StoreUnavailable, open_store


async def run(check_only: bool = False) -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    store = open_store(settings)
    try:
        await store.open()
    except StoreUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if check_only:
        await store.close()
        print("ok: settings and database are usable")
        return 0
    bot = create_bot(settings, store)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: stopping.append(loop.create_task(bot.close())))
    try:
        async with bot:
            await bot.start(settings.token)
    except discord.LoginFailure:
        print("error: Discord rejected DISCORD_TOKEN (check the token in .env)", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("error: the bot asks for an intent that is not enabled in the developer portal", file=sys.stderr)
        return 2
    finally:
        for task in stopping:
            await task
        await store.close()
    return 0


def _runner() -> Any:
    """uvloop's event loop where it is installed (a faster loop for the same asyncio code)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def main() -> None:
    try:
        code = _runner()(run(check_only="--check" in sys.argv[1:]))
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    main()
