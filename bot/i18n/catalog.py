"""The message catalogs: Project Fluent files (`locales/<locale>/<domain>.ftl`, one domain per game
plus `shared`), read with fluent.runtime. Fluent rather than gettext because our texts are keyed
messages with named variables, often with two plurals in one sentence ("3 lines and 1 monopoly"):
Fluent selects each on its own CLDR plural category, while gettext allows one count per message.

A locale is a folder: a translator adds one by adding its files (README, "Translations")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.numbers import format_currency
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentNone, fluent_number
from fluent.syntax import FluentParser, ast

FOLDER = Path(__file__).with_name("locales")
SOURCE_LOCALE = "en"  # every key is defined here first; other locales fall back to it


def message_id(key: str) -> str:
    """The code's dotted key as a Fluent identifier (dots are not allowed there)."""
    return key.replace(".", "-")


def key_of(identifier: str) -> str:
    return identifier.replace("-", ".")


@lru_cache(maxsize=4096)
def dollars(value: int, locale: str) -> str:
    """An amount in the locale's CLDR currency format, no cents ("$1,500")."""
    return format_currency(value, "USD", locale=locale, format="¤#,##0", currency_digits=False)


def money_in(locale: str) -> Callable[[Any], Any]:
    """MONEY($amount): dollars in the locale's CLDR currency format ("$1,500"), no cents."""

    def money(value: Any) -> Any:  # a str: fluent.runtime shows it as it is
        if isinstance(value, FluentNone) or not isinstance(value, int | float):  # FluentInt is an int
            return "$?"
        return dollars(int(value), locale)

    return money


def entries(source: str) -> list[ast.Message]:
    """The messages of one Fluent file; a syntax error is an error, not a skipped entry."""
    resource = FluentParser(with_spans=False).parse(source)
    junk = [e for e in resource.body if isinstance(e, ast.Junk)]
    if junk:
        raise ValueError(f"not Fluent syntax: {(junk[0].content or '')[:80]!r}")
    return [e for e in resource.body if isinstance(e, ast.Message)]


ROOT_COMMAND = "monopoly"


class Commands:
    """The slash command's id once Discord has it (after the command tree is synced): a text names
    a subcommand as a command mention, which each reader's client shows in their own language and
    runs on a click; before that, as the command reads in the text's language."""

    def __init__(self) -> None:
        self.root_id: int | None = None

    def named(self, catalog: Catalog, locale: str) -> Callable[[Any], Any]:
        """COMMAND("history"): the mention of /monopoly history, or its words."""

        def command(sub: Any) -> Any:
            name = str(sub)
            if self.root_id is not None:
                return f"</{ROOT_COMMAND} {name}:{self.root_id}>"
            words = [catalog.format(locale, f"cmdname.{part}", {}) or part for part in (ROOT_COMMAND, name)]
            return "/" + " ".join(words)

        return command


COMMANDS = Commands()


class Catalog:
    """Bundles by locale, each holding every domain's messages."""

    def __init__(self, folder: Path = FOLDER) -> None:
        self.locales = tuple(sorted(p.name for p in folder.iterdir() if p.is_dir() and any(p.glob("*.ftl"))))
        self._bundles = {loc: self._bundle(loc) for loc in self.locales}
        self.keys: dict[str, set[str]] = {loc: set() for loc in self.locales}
        for loc in self.locales:
            for path in sorted((folder / loc).glob("*.ftl")):
                self.add(loc, path.read_text(encoding="utf-8"))

    def _bundle(self, locale: str) -> FluentBundle:
        functions = {"MONEY": money_in(locale), "COMMAND": COMMANDS.named(self, locale)}
        return FluentBundle([locale], functions=functions, use_isolating=False)

    def add(self, locale: str, source: str) -> None:
        """Fluent source joining a locale (a new one too: a game may bring a language the bot's own
        files do not have); a key already there is refused, not overwritten."""
        if locale not in self._bundles:
            self._bundles[locale] = self._bundle(locale)
            self.keys[locale] = set()
            self.locales = tuple(sorted((*self.locales, locale)))
        found = [key_of(m.id.name) for m in entries(source)]
        clash = sorted(set(found) & self.keys[locale])
        if clash:
            raise ValueError(f"texts already in the {locale} catalog: {clash[:5]}")
        self._bundles[locale].add_resource(FluentResource(source))
        self.keys[locale].update(found)

    def has(self, locale: str, key: str) -> bool:
        return key in self.keys.get(locale, ())

    def format(self, locale: str, key: str, params: Mapping[str, object]) -> str | None:
        """The message in `locale`, else in English, else None. Numbers are shown as given (an id or
        a move number is never grouped); MONEY() and plural selectors take them as numbers."""
        if key not in self.keys.get(locale, ()):
            locale = SOURCE_LOCALE
            if key not in self.keys[locale]:
                return None
        bundle = self._bundles[locale]
        message = bundle.get_message(message_id(key))
        if message.value is None:
            return None
        args = {name: _arg(value) for name, value in params.items()}
        text, _errors = bundle.format_pattern(message.value, args)
        return str(text)


def _arg(value: object) -> object:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return fluent_number(value, useGrouping=False)
    return value
