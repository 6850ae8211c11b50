"""The one place the Discord side names its games: each game's package registers a presenter (a
game outside this package, such as a test's toy game, joins with `register`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord import app_commands

from bot import plugins
from bot.i18n import CATALOG, add_texts
from bot.i18n.catalog import SOURCE_LOCALE
from cogs import bingo, mega, verbs
from cogs.context import Presenter, Renamed
from engine import games
from engine.core.game import missing_members

PRESENTERS: dict[str, Presenter[Any, Any]] = {}
# The `game:` choices of the slash commands: discord.py keeps this very list, so a game registered
# before the commands are synced is offered too.
GAME_CHOICES: list[app_commands.Choice[str]] = []
_CATALOGS_READ: set[Path] = set()  # a game registered again (after unregister) brings them once

# The words the shared code says about every game, by kind (the lobby, the turn notice, the rules).
OWED_TEXTS = (
    "cmd.choice.{kind}",
    "lobby.title.{kind}",
    "game.title.{kind}",
    "game.rules_title.{kind}",
    "game.rules.{kind}",
)


class Refused(ValueError):
    """A game's Discord side that cannot be registered; the message says what to change."""


def register(game: Presenter[Any, Any]) -> None:
    """Add a game's Discord side. Its engine game must be registered first (`engine.games`); its
    verbs must be its own (not the shared ones of `cogs.verbs`) and its texts complete."""
    if PRESENTERS.get(game.kind, game) is not game:
        raise Refused(f"another presenter is registered as {game.kind!r}")
    if game.kind in PRESENTERS:
        return
    _check_fit(game)
    if game.catalogs is not None and game.catalogs not in _CATALOGS_READ:
        for path in sorted(game.catalogs.glob("*/*.ftl")):
            add_texts(path.parent.name, path.read_text(encoding="utf-8"))
        _CATALOGS_READ.add(game.catalogs)
    missing = [key for key in (k.format(kind=game.kind) for k in OWED_TEXTS) if not CATALOG.has(SOURCE_LOCALE, key)]
    if missing:
        raise Refused(f"game {game.kind!r} has no {SOURCE_LOCALE} text for {', '.join(missing)}")
    PRESENTERS[game.kind] = game
    name = app_commands.locale_str(game.display_name, key=f"cmd.choice.{game.kind}")
    GAME_CHOICES.append(app_commands.Choice(name=name, value=game.kind))


def _check_fit(game: Presenter[Any, Any]) -> None:
    """Refuse a presenter that lacks a protocol member, has no engine game, or names verbs a
    custom_id cannot carry or the shared code already routes (with its old spellings)."""
    lacking = missing_members(game, Presenter)
    if lacking:
        raise Refused(f"{game!r} is no presenter: it has no {', '.join(lacking)} (cogs.context.Presenter)")
    if game.kind not in games.GAMES:
        raise Refused(f"no engine game is registered as {game.kind!r} (engine.games.register first)")
    own = {*game.actions, *game.buttons, *game.selects, *game.modals}
    unreadable = sorted(v for v in own if not verbs.VERB.fullmatch(v))
    if unreadable:
        raise Refused(f"game {game.kind!r}: verbs are 1-24 lowercase letters and _, not {unreadable}")
    # A shared handler is looked up first, in the same kind of control: the game's would never run.
    shared = (
        ({*game.actions, *game.buttons} & verbs.BUTTONS)
        | (set(game.selects) & verbs.SELECTS)
        | (set(game.modals) & verbs.MODALS)
        | (own & set(verbs.ALIASES))
    )
    if shared:
        raise Refused(f"game {game.kind!r}: {sorted(shared)} are the shared code's verbs (cogs.verbs); rename them")
    aliases = dict(game.aliases) if isinstance(game, Renamed) else {}
    wrong = sorted(old for old, new in aliases.items() if old in own or new not in own or old in verbs.RESERVED)
    if wrong:
        raise Refused(f"game {game.kind!r}: the old verbs {wrong} must name none of today's, and their new name one")


def load_installed() -> list[str]:
    """Register the Discord side of every installed game plug-in (`bot.plugins`), after its engine
    game; the kinds added. A plug-in refused here stops the start with one line."""
    plugins.load_games()
    return plugins.register_all(plugins.PRESENTERS_GROUP, register, "presenter of")


def unregister(kind: str) -> None:
    PRESENTERS.pop(kind, None)
    GAME_CHOICES[:] = [c for c in GAME_CHOICES if c.value != kind]


def presenter(kind: str) -> Presenter[Any, Any]:
    return PRESENTERS[kind]


register(mega.PRESENTER)
register(bingo.PRESENTER)
