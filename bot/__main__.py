"""`python -m bot`: read the settings, start the bot. Bad settings or a rejected token end with
one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.app import create_bot
from bot.settings import SettingsError, load_settings


async def run() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot(settings)
    try:
        async with bot:
            await bot.start(settings.token)
    except discord.LoginFailure:
        print("error: Discord rejected DISCORD_TOKEN (check the token in .env)", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("error: the bot asks for an intent that is not enabled in the developer portal", file=sys.stderr)
        return 2
    return 0


def main() -> None:
    try:
        code = asyncio.run(run())
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    main()
