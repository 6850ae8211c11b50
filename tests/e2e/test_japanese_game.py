"""Issue 30: a Japanese game is Japanese throughout — the public message, every answer and private
panel, button and select labels, and the pictures' alt text — whatever buttons the players press.
An English sentence anywhere (a text missing from the Japanese catalog, a label built by hand) fails."""

from __future__ import annotations

import re
from typing import Any

from engine import games
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, setup_users
from tests.fakediscord.server import CHANNEL_ID

# Two English words in a row: a sentence or a label left in English ("End turn", "Not your turn").
ENGLISH = re.compile(r"\b[A-Za-z]{2,}[ ,'’-]+[A-Za-z]{2,}\b")
NAMES = ("Ann", "Bea")
PREFERRED = ("buy", "roll", "end_turn", "pass", "decline", "pay", "pay_fine")
CLICKS = 40


def _texts(payload: Any) -> list[str]:
    """Every string a player could read in a message or answer (not ids, urls or custom_ids)."""
    out: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("custom_id", "url", "proxy_url", "id", "channel_id", "value", "filename", "type"):
                continue
            if isinstance(value, str) and key in (
                "content",
                "title",
                "description",
                "name",
                "text",
                "label",
                "placeholder",
            ):
                out.append(value)
            else:
                out.extend(_texts(value))
    elif isinstance(payload, list):
        for item in payload:
            out.extend(_texts(item))
    return out


def _english(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for name in NAMES:
            text = text.replace(name, "")
        found += [m.group(0) for m in ENGLISH.finditer(text)]
    return found


def _verb(custom_id: str) -> str:
    return custom_id.split(":")[3] if custom_id.count(":") >= 3 else ""


async def test_a_japanese_mega_game_is_japanese_throughout(harness: Harness) -> None:
    h = harness
    setup_users(h)
    started = await h.fake.slash(HOST, "start", {"game": "mega"}, locale="ja")
    message = int(started.message["id"])
    seen: list[Any] = [started.data]
    join = next(c for c in h.fake.buttons(message).values() if _verb(c) == "join")
    seen.append((await h.fake.click(BEA, message, join)).data)
    start = next(c for c in h.fake.buttons(message).values() if _verb(c) == "start")
    seen.append((await h.fake.click(HOST, message, start)).data)
    manage = next(c for c in h.fake.buttons(message).values() if _verb(c) == "manage")
    panel = await h.fake.click(HOST, message, manage)
    assert panel.ephemeral
    seen.append(panel.data)
    for _ in range(CLICKS):
        record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
        if record is None:
            break
        state = h.bot.service.state_of(record)
        acting = games.game(record.kind).to_act(state)
        buttons = {_verb(c): c for c in h.fake.buttons(message).values()}
        verb = next((v for v in PREFERRED if v in buttons), None)
        if verb is None or not acting:
            break
        who = int(acting[0])
        answer = await h.fake.click(who, message, buttons[verb])
        seen.append(answer.data)
        # a stranger's press is refused in Japanese too
        seen.append((await h.fake.click(BEA if who == HOST else HOST, message, buttons[verb])).data)
    await h.fake.quiet()
    seen += [m for m in h.fake.messages.values()]
    texts = _texts(seen)
    assert len(texts) > 50
    leaked = _english(texts)
    assert not leaked, f"English in a Japanese game: {sorted(set(leaked))[:20]}"
    descriptions = [a.get("description") for m in h.fake.messages.values() for a in m.get("attachments") or []]
    assert descriptions and all(d and not _english([d]) for d in descriptions), descriptions[:2]
