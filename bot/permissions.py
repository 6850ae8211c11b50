"""What the bot needs on Discord, in one place: the invite's scopes and channel permissions (what its
own requests need: posting the game messages, lobbies, offers and turn notices with their pictures,
opening a public thread per game and posting in it), and its gateway intents (none privileged: the
bot never reads message content). `python -m bot --invite` prints the link."""

from __future__ import annotations

import base64
import binascii

import discord

SCOPES = ("bot", "applications.commands")

PERMISSIONS = discord.Permissions(
    view_channel=True,  # see the channel a game is played in
    send_messages=True,  # the game messages, lobbies, offers and turn notices
    send_messages_in_threads=True,  # the same, in a game's own thread
    create_public_threads=True,  # a thread per game (the server setting `threads`)
    embed_links=True,  # lobbies, panels and offers are embeds
    attach_files=True,  # the board, the cards and the story chart
)


def intents() -> discord.Intents:
    """Guilds (channels, threads) and guild messages (only to notice a game message buried under
    chat; no content is read): neither is privileged, so nothing needs switching on."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    return wanted


def application_id(token: str) -> int | None:
    """The application id a bot token starts with (its first part is the id in base64)."""
    head = token.split(".", 1)[0]
    try:
        text = base64.b64decode(head + "=" * (-len(head) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(text) if text.isdigit() else None


def invite_url(client_id: int) -> str:
    scope = "+".join(SCOPES)
    return (
        f"https://discord.com/oauth2/authorize?client_id={client_id}"
        f"&scope={scope}&permissions={PERMISSIONS.value}&integration_type=0"
    )
