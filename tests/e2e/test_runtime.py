"""`python -m bot` failures, and names that try to be markup or mentions."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from tests.e2e.conftest import Harness
from tests.fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


async def _run_bot(env: dict[str, str], cwd: Path, *args: str) -> tuple[int, str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "SHARD_"))}
    full.update(env)
    full["PYTHONPATH"] = str(ROOT)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env=full,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode or 0, err.decode()


async def test_missing_token_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, err = await _run_bot({}, tmp_path)
    assert code == 2
    assert err.strip().splitlines() == ["error: DISCORD_TOKEN is not set (put it in the environment or in .env)"]


async def _against(
    fake: FakeDiscord | None, tmp_path: Path, *args: str, token: str = "wrong.token.value"
) -> tuple[int, str]:
    env = {"DISCORD_TOKEN": token, "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    if fake is not None:
        env |= {"DISCORD_API_BASE": fake.api_base, "DISCORD_GATEWAY_URL": fake.gateway_url}
    else:  # a port nothing listens on: Discord cannot be reached
        env |= {"DISCORD_API_BASE": "http://127.0.0.1:9/api/v10", "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/"}
    return await _run_bot(env, tmp_path, *args)


async def test_rejected_token_is_one_line_and_exit_4(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        code, err = await _against(fake, tmp_path)
    finally:
        await fake.stop()
    assert code == 4
    # Logging may come first; the failure itself is the last line, and there is no traceback.
    assert err.strip().splitlines()[-1] == "error: Discord rejected DISCORD_TOKEN: copy the bot's token into .env again"
    assert "Traceback" not in err


async def test_unreachable_discord_is_one_line_and_exit_3_with_the_traceback_on_debug(tmp_path: Path) -> None:
    code, err = await _against(None, tmp_path, token="fake.token.value")
    assert code == 3, err
    assert err.strip().splitlines()[-1].startswith("error: cannot reach Discord (") and "Traceback" not in err
    code, err = await _against(None, tmp_path, "--debug", token="fake.token.value")
    assert code == 3 and "Traceback" in err, "--debug shows what failed"


async def test_refused_intents_are_one_line_and_exit_5(tmp_path: Path) -> None:
    fake = FakeDiscord(refuse_intents=True)
    await fake.start()
    try:
        code, err = await _against(fake, tmp_path, token="fake.token.value")
    finally:
        await fake.stop()
    assert code == 5, err
    assert "intents" in err.strip().splitlines()[-1] and "Traceback" not in err


async def test_an_unusable_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "db.sqlite3").mkdir()  # a folder where the database file should be
    code, err = await _against(None, tmp_path, token="fake.token.value")
    assert code == 2 and err.strip().startswith("error:") and len(err.strip().splitlines()) == 1, err


async def test_names_are_escaped_and_nobody_can_be_pinged(harness: Harness) -> None:
    h = harness
    h.fake.add_user(101, "@everyone **boss**")
    h.fake.add_user(102, "<@&123> _x_")
    answer = await h.fake.slash(101, "start", {"game": "mega"})
    lobby = int(answer.message["id"])
    await h.fake.click(102, lobby, h.fake.buttons(lobby)["Join"])
    text = json.dumps(h.fake.messages[lobby]["embeds"], ensure_ascii=False)
    assert "**boss**" not in text and "\\\\*\\\\*boss\\\\*\\\\*" in text
    assert "@everyone" not in text.replace("@\\u200beveryone", "")
    # The fake records any message sent without a safe allowed_mentions as a violation (checked on teardown).


async def test_a_taken_web_port_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """Issue 40: the watch pages' port in use stops the start with one line naming WEB_PORT, not as
    an unreachable Discord."""
    import socket

    fake = FakeDiscord()
    await fake.start()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    env = {
        "DISCORD_TOKEN": "fake.token.value",
        "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "WEB_PORT": str(port),
        "PUBLIC_URL": "https://watch.example.org",
        "WEB_SECRET": "s" * 40,
    }
    try:
        code, err = await _run_bot(env, tmp_path)
    finally:
        taken.close()
        await fake.stop()
    assert code == 2, err
    assert err.strip().splitlines()[-1].startswith(f"error: WEB_PORT: cannot listen on 127.0.0.1:{port}"), err
    assert "Traceback" not in err
