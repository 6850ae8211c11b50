"""The one message catalog: every player-facing text, in English and Japanese."""

from __future__ import annotations

import string
from typing import Any

from bot.i18n import bingo_texts, mega_names, mega_texts, records_texts, settings_texts
from bot.i18n.en import EN
from bot.i18n.ja import JA
from engine.core.errors import IllegalAction

_NAMES_EN, _NAMES_JA = mega_names.catalog()
CATALOG: dict[str, dict[str, str]] = {
    "en": {**EN, **bingo_texts.EN, **mega_texts.EN, **settings_texts.EN, **records_texts.EN, **_NAMES_EN},
    "ja": {**JA, **bingo_texts.JA, **mega_texts.JA, **settings_texts.JA, **records_texts.JA, **_NAMES_JA},
}
LOCALES = tuple(CATALOG)


def add_texts(texts: dict[str, tuple[str, str]]) -> None:
    """A game's texts (English, Japanese) joining the catalog: a game outside this package (a
    test's toy game) brings its own. A key that is already there is refused, not overwritten."""
    clash = sorted(k for k in texts if k in CATALOG["en"] and CATALOG["en"][k] != texts[k][0])
    if clash:
        raise ValueError(f"texts already in the catalog: {clash[:5]}")
    for key, (en, ja) in texts.items():
        CATALOG["en"][key] = en
        CATALOG["ja"][key] = ja


class _Formatter(string.Formatter):
    """`str.format` plus plural forms (`{count:p:cell|cells}`: "cell" for 1, else "cells") and money
    (`{amount:$}`: "$1,500")."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("p:"):
            one, _, other = format_spec[2:].partition("|")
            return one if value == 1 else other
        if format_spec == "$":  # money, one format everywhere: $1,500
            return f"${int(value):,}"
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()

# A template read once into its pieces: (literal text, field name or None, conversion, spec). A
# message is built from dozens of texts, so parsing each template on every use was most of its cost.
_Pieces = tuple[tuple[str, str | None, str | None, str], ...]
_PARSED: dict[str, _Pieces | None] = {}


def _pieces(template: str) -> _Pieces | None:
    """The template's pieces, or None when it needs the full formatter (nested or indexed fields)."""
    if template in _PARSED:
        return _PARSED[template]
    pieces: list[tuple[str, str | None, str | None, str]] = []
    simple = True
    try:
        for literal, field, spec, conversion in _FORMATTER.parse(template):
            if field is not None and (not field.isidentifier() or "{" in (spec or "")):
                simple = False
            pieces.append((literal, field, conversion, spec or ""))
    except ValueError:
        simple = False
    parsed = tuple(pieces) if simple else None
    _PARSED[template] = parsed
    return parsed


def _render(template: str, params: dict[str, Any]) -> str:
    pieces = _pieces(template)
    if pieces is None:
        return _FORMATTER.format(template, **params)
    out: list[str] = []
    for literal, field, conversion, spec in pieces:
        out.append(literal)
        if field is None:
            continue
        value = params[field]
        if conversion is not None:
            value = _FORMATTER.convert_field(value, conversion)
        out.append(value if type(value) is str and not spec else _FORMATTER.format_field(value, spec))
    return "".join(out)


def locale_for(discord_locale: str | None) -> str:
    """Japanese for a Japanese server or user, English otherwise."""
    return "ja" if discord_locale and str(discord_locale).startswith("ja") else "en"


def t(locale: str, key: str, /, **params: Any) -> str:
    table = CATALOG.get(locale, EN)
    template = table.get(key) or EN.get(key) or key
    try:
        return _render(template, params)
    except (KeyError, IndexError, ValueError):
        return template


def error_text(locale: str, exc: IllegalAction, names: dict[str, str] | None = None) -> str:
    """A refusal in the player's language, with names (never seat ids or space ids); the engine's
    own sentence where it has more detail and names nobody."""
    key = f"error.{exc.code}"
    if key not in CATALOG.get(locale, EN):
        return exc.message
    table = CATALOG.get(locale, EN)
    params = dict(exc.params)
    for name, value in exc.params.items():
        if name == "player" and names is not None:
            params[name] = names.get(str(value), "?")
        elif name in ("space", "group") and f"{name}.{value}" in table:
            params[name] = table[f"{name}.{value}"]
    text = t(locale, key, **params)
    if locale == "en" and exc.message and exc.code in ("bad_layout", "bad_action"):
        return exc.message[0].upper() + exc.message[1:] + "."
    return text
