"""discord.py's generic types as this bot uses them, so signatures say what they take: an
interaction of any client of ours, and the controls of any view (both type parameters are
covariant, so the bot's own interactions and items are these)."""

from typing import TypeAlias

import discord
from discord.ui.view import BaseView

Interaction: TypeAlias = discord.Interaction[discord.Client]
Item: TypeAlias = discord.ui.Item[BaseView]
