"""`python -m bot`: read the settings, open the database, start the bot. SIGTERM (what `docker stop`
sends) and SIGINT stop it cleanly. Every way the start can fail ends with one line on stderr and its
own exit status (the traceback only with --debug or LOG_LEVEL=DEBUG):

  2  the settings are wrong (or a port they name is taken), or the database cannot be used
  3  Discord cannot be reached (no network, DNS, a proxy)
  4  Discord rejected DISCORD_TOKEN
  5  Discord refused the gateway intents the bot asks for

`--check` only checks the settings and the database (the container's health check); `--invite`
prints the link that adds the bot to a server, with exactly the permissions it uses."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot import logs, permissions, plugins
from bot.app import create_bot
from bot.settings import SettingsError, load_settings
from bot.store import StoreUnavailable, open_store

BAD_SETUP, UNREACHABLE, TOKEN_REJECTED, INTENTS_REFUSED = 2, 3, 4, 5
log = logging.getLogger("bot")


def _fail(code: int, text: str, debug: bool) -> int:
    print(f"error: {text}", file=sys.stderr)
    if debug:
        log.exception("the start failed")
    return code


async def run(check_only: bool = False, debug: bool = False) -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        return _fail(BAD_SETUP, str(exc), debug)
    debug = debug or settings.log_level == "DEBUG"
    logs.configure(settings.log_level, settings.log_format)
    try:
        plugins.load_games()  # installed game plug-ins, before the settings read their house rules
    except SettingsError as exc:
        return _fail(BAD_SETUP, str(exc), debug)
    store = open_store(settings)
    try:
        await store.open()
    except StoreUnavailable as exc:
        return _fail(BAD_SETUP, str(exc), debug)
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
    except SettingsError as exc:  # a port the settings name cannot be used (METRICS_PORT, WEB_PORT)
        return _fail(BAD_SETUP, str(exc), debug)
    except commands.ExtensionFailed as exc:
        if isinstance(exc.original, SettingsError):
            return _fail(BAD_SETUP, str(exc.original), debug)
        raise
    except discord.LoginFailure:
        return _fail(TOKEN_REJECTED, "Discord rejected DISCORD_TOKEN: copy the bot's token into .env again", debug)
    except discord.PrivilegedIntentsRequired:
        text = "Discord refused the bot's gateway intents: in the developer portal (Bot → Privileged Gateway Intents)"
        return _fail(INTENTS_REFUSED, f"{text} nothing privileged is needed, so switch off what is asked there", debug)
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, TimeoutError) as exc:
        return _fail(UNREACHABLE, f"cannot reach Discord ({type(exc).__name__}: {exc}); check the network", debug)
    except discord.HTTPException as exc:
        if exc.status >= 500:
            return _fail(UNREACHABLE, f"Discord answered {exc.status}: try again later", debug)
        raise
    finally:
        for task in stopping:
            await task
        await store.close()
    return 0


def invite(client_id: int | None) -> int:
    """The invite link: the application id given, or the one DISCORD_TOKEN starts with."""
    if client_id is None:
        try:
            client_id = permissions.application_id(load_settings().token)
        except SettingsError as exc:
            print(f"error: {exc} (or give --client-id, the application id from the developer portal)", file=sys.stderr)
            return BAD_SETUP
    if client_id is None:
        print("error: DISCORD_TOKEN does not name an application: give --client-id", file=sys.stderr)
        return BAD_SETUP
    print(permissions.invite_url(client_id))
    return 0


def _runner() -> Any:
    """uvloop's event loop where it is installed (a faster loop for the same asyncio code)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="check the settings and the database, then stop")
    parser.add_argument("--invite", action="store_true", help="print the link that adds the bot to a server")
    parser.add_argument("--client-id", type=int, help="the application id for --invite (default: from the token)")
    parser.add_argument("--debug", action="store_true", help="a failed start shows its traceback")
    args = parser.parse_args(argv)
    if args.invite:
        sys.exit(invite(args.client_id))
    try:
        code = _runner()(run(check_only=args.check, debug=args.debug))
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    main()
