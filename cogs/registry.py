"""The one place the Discord side names its games: each game's package registers a presenter (a
game outside this package, such as a test's toy game, joins with `register`)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.i18n import add_texts
from cogs import bingo, mega
from cogs.context import Presenter

PRESENTERS: dict[str, Presenter[Any, Any]] = {}
# The `game:` choices of the slash commands: discord.py keeps this very list, so a game registered
# before the commands are synced is offered too.
GAME_CHOICES: list[app_commands.Choice[str]] = []


def register(game: Presenter[Any, Any]) -> None:
    if PRESENTERS.get(game.kind, game) is not game:
        raise ValueError(f"another presenter is registered as {game.kind!r}")
    if game.kind in PRESENTERS:
        return
    if game.catalogs is not None:
        for path in sorted(game.catalogs.glob("*/*.ftl")):
            add_texts(path.parent.name, path.read_text(encoding="utf-8"))
    PRESENTERS[game.kind] = game
    name = app_commands.locale_str(game.display_name, key=f"cmd.choice.{game.kind}")
    GAME_CHOICES.append(app_commands.Choice(name=name, value=game.kind))


def unregister(kind: str) -> None:
    PRESENTERS.pop(kind, None)
    GAME_CHOICES[:] = [c for c in GAME_CHOICES if c.value != kind]


def presenter(kind: str) -> Presenter[Any, Any]:
    return PRESENTERS[kind]


register(mega.PRESENTER)
register(bingo.PRESENTER)
