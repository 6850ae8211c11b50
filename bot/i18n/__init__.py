"""Every player-facing text, through the Fluent catalogs of `bot.i18n.catalog` (English and
Japanese; a language is a folder of files)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from bot.i18n.catalog import COMMANDS, Catalog, dollars
from engine.core.errors import IllegalAction

CATALOG = Catalog()


def add_texts(locale: str, source: str) -> None:
    """A game's Fluent source joining a locale (a game outside this package — a test's toy game —
    brings its own files). A key that is already there is refused, not overwritten."""
    CATALOG.add(locale, source)
    _formatted.cache_clear()  # a key that was missing (shown as itself) may be there now


def know_command(root_id: int | None) -> None:
    """The id Discord gave the slash command when it was synced: texts that name a subcommand
    (COMMAND() in the catalogs) now mention it, clickable and in each reader's language."""
    COMMANDS.root_id = root_id
    _formatted.cache_clear()


def locale_for(discord_locale: str | None) -> str:
    """The catalog for a Discord locale ("ja", "en-US", "pt-BR"): the same name, else its language,
    else English."""
    name = str(discord_locale or "")
    for candidate in (name, name.split("-", 1)[0]):
        if candidate in CATALOG.locales:  # a game may have brought a language since start-up
            return candidate
    return "en"


def money(locale: str, amount: int) -> str:
    """An amount of dollars as the language writes it (CLDR, through Babel): "$6,374"."""
    return dollars(int(amount), locale)


def joined(locale: str, parts: Iterable[str]) -> str:
    """Items in a row, not a list in a sentence (a card's cells): "a, b, c" or 「a、b、c」."""
    return ("、" if locale == "ja" else ", ").join(parts)


def listed(locale: str, parts: Iterable[str]) -> str:
    """A list in the language's own way: "a, b and c" or 「a、b、c」."""
    items = list(parts)
    if locale == "ja":
        return "、".join(items)
    if len(items) > 2:
        return ", ".join(items[:-1]) + " and " + items[-1]
    return " and ".join(items)


def sentences(locale: str, parts: Iterable[str]) -> str:
    """Sentences one after the other: a space between English ones, none after a Japanese 。."""
    return ("" if locale == "ja" else " ").join(p for p in parts if p)


def t(locale: str, key: str, /, **params: object) -> str:
    try:
        return _formatted(locale, key, tuple(params.items()))
    except TypeError:  # a value that cannot be a cache key (a list): formatted each time
        return CATALOG.format(locale, key, params) or key


@lru_cache(maxsize=8192)
def _formatted(locale: str, key: str, params: tuple[tuple[str, object], ...]) -> str:
    """Texts with their values, kept: a game message repeats most of its lines from one move to
    the next (names, cash, the same deeds), and Fluent formats a message in microseconds, not
    nanoseconds."""
    return CATALOG.format(locale, key, dict(params)) or key


def error_text(locale: str, exc: IllegalAction, names: dict[str, str] | None = None) -> str:
    """A refusal in the player's language, with names (never seat ids or space ids); the engine's
    own sentence where it has more detail and names nobody."""
    key = f"error.{exc.code}"
    if not CATALOG.has("en", key):  # every key is in English; other languages fall back to it
        return exc.message
    params = dict(exc.params)
    for name, value in exc.params.items():
        if name == "player" and names is not None:
            params[name] = names.get(str(value), "?")
        elif name in ("space", "group") and CATALOG.has("en", f"{name}.{value}"):
            params[name] = t(locale, f"{name}.{value}")
    text = t(locale, key, **params)
    if locale == "en" and exc.message and exc.code in ("bad_layout", "bad_action"):
        return exc.message[0].upper() + exc.message[1:] + "."
    return text
