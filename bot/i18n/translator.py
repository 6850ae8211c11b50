"""Slash-command localizations from the message catalog (discord.py's Translator)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import CATALOG


class CatalogTranslator(app_commands.Translator):
    """`locale_str(..., key=...)` strings are looked up in the catalog for Japanese clients."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale is not discord.Locale.japanese:
            return None
        return CATALOG["ja"].get(key)
