"""Turn notices (issue 35): when the table starts waiting on a person, that person is mentioned once
in a short message that replaces the game's previous notice; never a computer seat; a server
setting and a member's own switch turn them off; under Discord's per-channel limit (which the
loopback Discord enforces) they never make the game message wait."""

from __future__ import annotations

import asyncio
from typing import Any

from engine import games
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.server import CHANNEL_ID


def notices(h: Harness) -> list[dict[str, Any]]:
    """The notices standing in the channel now (posted with a mention, not deleted)."""
    return [
        m for m in h.fake.messages.values() if m["channel_id"] == str(CHANNEL_ID) and "🔔" in (m.get("content") or "")
    ]


def posted_notices(h: Harness) -> list[dict[str, Any]]:
    return [
        body
        for method, path, body in h.fake.requests
        if method == "POST" and path.endswith(f"/channels/{CHANNEL_ID}/messages") and "🔔" in str(body)
    ]


async def settle(h: Harness) -> None:
    """Until the notices due are out (one may wait some seconds for room in its channel)."""
    await h.fake.quiet()
    for _ in range(300):
        if not h.bot.get_cog("Monopoly").notices._tasks:
            break
        await asyncio.sleep(0.05)
    await h.fake.quiet()


async def two_people(h: Harness, kind: str = "mega", computer: bool = False) -> int:
    setup_users(h)
    lobby = await open_lobby(h, kind)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    if computer:
        await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await settle(h)
    return lobby


async def test_the_person_to_act_is_mentioned_once_and_the_notice_is_replaced(harness: Harness) -> None:
    h = harness
    h.bot.pace.per_window = 100  # which notice stands, not when: no queueing for the channel's pace
    lobby = await two_people(h)
    (first,) = notices(h)
    assert f"<@{HOST}>" in first["content"] and f"<@{BEA}>" not in first["content"]
    assert f"/{CHANNEL_ID}/{lobby}" in first["content"], "the notice links to the game message"
    (body,) = posted_notices(h)
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [HOST], "it may ping that person and nobody else"
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Roll"])
    await settle(h)
    assert len(posted_notices(h)) == 1, "Ann acting again on her own turn is not told again"
    # Ann's turn played out, whatever the dice bring (doubles, a card, the Auction space, an auction
    # Bea bids in): whoever the game waits on presses the highlighted move, until Bea's own turn.
    for _ in range(40):
        record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
        state = h.bot.service.state_of(record)
        waiting = _to_act(record.kind, state)
        if games.game(record.kind).turn_player(state) == str(BEA) and waiting == [str(BEA)]:
            break
        target = highlighted(h.fake.messages[lobby])
        assert target is not None, h.fake.shown(lobby)
        await h.fake.click(HOST if str(HOST) in waiting else BEA, lobby, target)
        await settle(h)
    standing = notices(h)
    assert len(standing) == 1 and f"<@{BEA}>" in standing[0]["content"], "Bea's notice replaced Ann's"
    assert int(first["id"]) in h.fake.deleted
    await h.fake.slash(HOST, "stop")
    await settle(h)
    assert notices(h) == [], "a finished game leaves no notice standing"


def _to_act(kind: str, state: object) -> list[str]:
    return games.game(kind).to_act(state)  # type: ignore[arg-type]


async def test_a_server_or_a_member_can_switch_notices_off(harness: Harness) -> None:
    h = harness
    setup_users(h)
    await h.fake.slash(HOST, "settings", {"setting": "turn_notices", "value": "off"}, admin=True)
    await two_people(h)
    assert posted_notices(h) == [], "the server switched them off"
    await h.fake.slash(HOST, "stop")
    await h.fake.slash(HOST, "settings", {"setting": "turn_notices", "value": "on"}, admin=True)
    answer = await h.fake.slash(HOST, "notices", {"switch": "off"})
    assert answer.ephemeral and "off" in answer.content
    await two_people(h, "bingo")
    assert posted_notices(h) == [], "Ann (first to act) switched them off for herself"
    ja = await h.fake.slash(HOST, "notices", {"switch": "on"}, locale="ja")
    assert "メンション" in ja.content


async def test_computer_seats_are_never_mentioned(harness: Harness) -> None:
    h = harness
    h.bot.tables.computers.delay_s = 0.01
    lobby = await two_people(h, "bingo", computer=True)
    for _ in range(30):
        record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
        state = h.bot.service.state_of(record)
        waiting = _to_act(record.kind, state)
        who = next((u for u in (HOST, BEA) if str(u) in waiting), None)
        buttons = h.fake.buttons(lobby)
        label = next((b for b in ("Draw", "Pass", "End turn") if b in buttons), None)
        if who is not None and label is not None:
            await h.fake.click(who, lobby, buttons[label])
        await asyncio.sleep(0.05)
    await settle(h)
    for body in posted_notices(h):
        assert "<@-" not in body["content"] and all(int(u) > 0 for u in body["allowed_mentions"]["users"])
