"""The one message catalog: every player-facing text, in English and Japanese."""

from __future__ import annotations

from typing import Any

from bot.i18n.en import EN
from bot.i18n.ja import JA
from engine.core.errors import IllegalAction

CATALOG: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
LOCALES = tuple(CATALOG)


def locale_for(discord_locale: str | None) -> str:
    """Japanese for a Japanese server or user, English otherwise."""
    return "ja" if discord_locale and str(discord_locale).startswith("ja") else "en"


def t(locale: str, key: str, **params: Any) -> str:
    table = CATALOG.get(locale, EN)
    template = table.get(key) or EN.get(key) or key
    try:
        return template.format(**params)
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
