"""Games from other installed packages, found through Python entry points: a package adds a game
with no edit here. It declares its engine game (an `engine.core.game.Game`) in the group
`monopoly_bot.games` and its Discord side (a `cogs.context.Presenter`) in `monopoly_bot.presenters`,
both under the game's kind:

    [project.entry-points."monopoly_bot.games"]
    race = "race_game.engine:RACE"
    [project.entry-points."monopoly_bot.presenters"]
    race = "race_game.presenter:PRESENTER"

The bot loads the games at start (`python -m bot` and `--check`); a plug-in that cannot be loaded
or registered stops the start with one line that names it (exit 2)."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from bot.settings import SettingsError
from engine import games

GAMES_GROUP = "monopoly_bot.games"
PRESENTERS_GROUP = "monopoly_bot.presenters"


class PluginFailed(SettingsError):
    """An installed game plug-in could not be loaded or was refused; the message names it."""


def installed(group: str) -> list[tuple[EntryPoint, Any]]:
    """Each entry point of `group` with the object it names, in name order."""
    found = []
    for point in sorted(entry_points(group=group), key=lambda p: p.name):
        try:
            found.append((point, point.load()))
        except Exception as exc:
            raise PluginFailed(f"the game plug-in {point.name!r} ({point.value}) cannot be loaded: {exc}") from exc
    return found


def register_all(group: str, register: Callable[[Any], None], what: str) -> list[str]:
    """Register each entry point's object of `group` under its name (`what` it must be, in words);
    the kinds. Registering the same object again is a no-op; a refusal names the plug-in."""
    kinds = []
    for point, found in installed(group):
        if getattr(found, "kind", None) != point.name:
            raise PluginFailed(f"the game plug-in {point.name!r} ({point.value}) is no {what} {point.name!r}")
        try:
            register(found)
        except ValueError as exc:
            raise PluginFailed(f"the game plug-in {point.name!r} was refused: {exc}") from exc
        kinds.append(point.name)
    return kinds


def load_games() -> list[str]:
    """Register every installed plug-in's engine game (again: a no-op); their kinds."""
    return register_all(GAMES_GROUP, games.register, "game of kind")
