"""The invite link (issue 37): `python -m bot --invite` prints it with exactly the permissions the
bot's own requests need — each one the bot made while games were played in a channel and in a
thread is checked against what Discord requires for it, and the union is the invite's set."""

from __future__ import annotations

import asyncio
import base64
import os
import sys
from pathlib import Path

import discord

from bot import permissions
from bot.service import Outcome
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID

ROOT = Path(__file__).resolve().parents[2]


def needed(h: Harness) -> discord.Permissions:
    """What Discord asks of a bot for the requests it made (interaction answers need nothing)."""
    perms = discord.Permissions(view_channel=True)
    for method, path, body in h.fake.requests:
        tail = path.split("/api/v10", 1)[-1]
        parts = tail.strip("/").split("/")
        if parts[0] != "channels" or method not in ("POST", "PATCH", "DELETE"):
            continue
        channel = int(parts[1])
        if parts[2:3] == ["threads"] and method == "POST":
            perms.create_public_threads = True
        elif parts[2:3] == ["messages"] and method == "POST":
            if channel in h.fake.threads:
                perms.send_messages_in_threads = True
            else:
                perms.send_messages = True
            if isinstance(body, dict) and body.get("embeds"):
                perms.embed_links = True
            if isinstance(body, dict) and body.get("_files"):
                perms.attach_files = True
        # editing or deleting the bot's own messages needs no permission
    return perms


async def test_the_invite_asks_for_exactly_what_the_bot_uses(harness: Harness) -> None:
    h = harness
    setup_users(h)
    h.bot.tables.computers.delay_s = 0.05
    # A game in the channel: its message deleted by a moderator is posted again with its picture.
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    h.fake.delete_message(lobby)
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    await h.bot.get_cog("GameMessage").edit_game_message(Outcome(record, h.bot.service.state_of(record)))
    await h.fake.slash(HOST, "stop")
    # A game in a thread of its own, whose lobby is posted there.
    await h.fake.slash(HOST, "settings", {"setting": "threads", "value": "on"}, admin=True)
    await h.fake.slash(HOST, "start", {"game": "bingo"})
    await h.fake.quiet()
    assert needed(h) == permissions.PERMISSIONS, (needed(h), permissions.PERMISSIONS)


async def test_python_m_bot_invite_prints_the_link(tmp_path: Path) -> None:
    app_id = 123456789012345678
    token = base64.b64encode(str(app_id).encode()).decode().rstrip("=") + ".abc.def"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env |= {"DISCORD_TOKEN": token, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--invite", cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    link = out.decode().strip()
    assert proc.returncode == 0
    assert link == permissions.invite_url(app_id)
    assert f"client_id={app_id}" in link and "scope=bot+applications.commands" in link
    assert f"permissions={permissions.PERMISSIONS.value}" in link
