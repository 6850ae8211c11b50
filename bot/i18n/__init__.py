"""The one message catalog: every player-facing text, in English and Japanese."""

from __future__ import annotations

import string
from typing import Any

from bot.i18n import bingo_texts
from bot.i18n.en import EN
from bot.i18n.ja import JA
from engine.core.errors import IllegalAction

CATALOG: dict[str, dict[str, str]] = {
    "en": {**EN, **bingo_texts.EN},
    "ja": {**JA, **bingo_texts.JA},
}
LOCALES = tuple(CATALOG)


class _Formatter(string.Formatter):
    """`str.format` plus plural forms: `{count:p:cell|cells}` is "cell" for 1, else "cells"."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("p:"):
            one, _, other = format_spec[2:].partition("|")
            return one if value == 1 else other
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def locale_for(discord_locale: str | None) -> str:
    """Japanese for a Japanese server or user, English otherwise."""
    return "ja" if discord_locale and str(discord_locale).startswith("ja") else "en"


def t(locale: str, key: str, **params: Any) -> str:
    table = CATALOG.get(locale, EN)
    template = table.get(key) or EN.get(key) or key
    try:
        return _FORMATTER.format(template, **params)
    except (KeyError, IndexError, ValueError):
        return template


def error_text(locale: str, exc: IllegalAction) -> str:
    """A refusal in the player's language; the engine's own sentence when it has more detail."""
    key = f"error.{exc.code}"
    if key not in CATALOG.get(locale, EN):
        return exc.message
    text = t(locale, key, **exc.params)
    if locale == "en" and exc.message and exc.code in ("bad_layout", "trade_impossible", "bad_action"):
        return exc.message[0].upper() + exc.message[1:] + "."
    return text
