"""Slash-command localizations from the message catalogs (discord.py's Translator): every language
that has files gets its command names and descriptions from them."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import CATALOG, locale_for
from bot.i18n.catalog import SOURCE_LOCALE


class CatalogTranslator(app_commands.Translator):
    """`locale_str(..., key=...)` strings are looked up in the catalog of the client's language;
    English is the source text itself."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        ours = locale_for(locale.value)
        if key is None or ours == SOURCE_LOCALE or not CATALOG.has(ours, key):
            return None
        return CATALOG.format(ours, key, {})
