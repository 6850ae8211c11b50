"""MonopolizeBingo keeps its secrets on Discord (B-3, B-11a), checked the strongest way: the same
clicks are played on two tables that differ only in numbers nobody owns, and everything public —
game messages, pictures, offers, `/monopoly history` — must come out identical."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from engine.bingo.cards import COLUMNS
from tests.e2e.conftest import Harness
from tests.e2e.test_bingo_play import cards, declare, position
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.e2e.test_notices import settle
from tests.fakediscord.server import CHANNEL_ID, EPHEMERAL

NOISE = [
    (re.compile(r"<t:\d+:[a-zA-Z]>"), "<t>"),  # deadlines follow the clock
    (re.compile(r"m[ms]:\d+:"), "m?:G:"),  # the game id in custom_ids
    (re.compile(r"Game \d+ · "), "Game G · "),
    (re.compile(r"\b9[0-9]{17}\b"), "ID"),  # message and interaction ids
]


def public(h: Harness, since: int) -> list[str]:
    """Every payload the table could see, in order, with ids and times blanked: the game message's
    answers and edits first, then the other messages (turn notices), each in the order sent. (When
    a notice goes relative to an edit is the event loop's timing, the same information either way.)"""
    out = []
    for method, path, body in h.fake.requests[since:]:
        if method not in ("POST", "PATCH") or not isinstance(body, dict) or "/commands" in path:
            continue
        data = body.get("data") if "/callback" in path else body
        if not isinstance(data, dict) or (data.get("flags") or 0) & EPHEMERAL:
            continue
        shown = {k: data.get(k) for k in ("content", "embeds", "components")}
        shown["pictures"] = body.get("_digests")
        text = json.dumps(shown, ensure_ascii=False, sort_keys=True)
        for pattern, blank in NOISE:
            text = pattern.sub(blank, text)
        out.append(text)
    return sorted(out, key=lambda text: not text.startswith('{"components": [{"accent_color"'))


def reshuffled(players: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    """The same table with every unowned number of Bea's and Cai's cards changed (valid cards)."""
    rnd = random.Random(seed)
    out = []
    for index, p in enumerate(players):
        p = {**p, "card": {c: list(v) for c, v in p["card"].items()}}
        if index > 0:
            for ci, col in enumerate(COLUMNS):
                owned_rows = {int(c[1:]) - 1 for c in p["owned"] if c[0] == col}
                keep = {p["card"][col][r] for r in owned_rows}
                pool = [n for n in range(ci * 15 + 1, ci * 15 + 16) if n not in keep]
                rows = [r for r in range(5) if r not in owned_rows and p["card"][col][r] is not None]
                for r, n in zip(rows, rnd.sample(pool, len(rows)), strict=True):
                    p["card"][col][r] = n
        out.append(p)
    return out


async def play(h: Harness, players: list[dict[str, Any]]) -> tuple[list[str], str]:
    msg = await position(h, players, ["7", "10", "8", "9"])
    await settle(h)  # turn notices go out on their own time: the comparison starts after them
    since = len(h.fake.requests)
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    mid = await h.fake.slash(CAI, "history")  # while the window is open
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Draw"])  # 8 & 9: nothing to declare
    history = await h.fake.slash(CAI, "history")
    await settle(h)
    return public(h, since), mid.text() + history.text()


async def new_table(h: Harness) -> None:
    lobby = await open_lobby(h, "bingo")
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])


async def test_public_output_does_not_depend_on_hidden_numbers(harness: Harness) -> None:
    h = harness
    setup_users(h)
    # Both tables are compared by what they post, not by when: the bot's own pacing of the channel
    # (bot.channel_pace, kept by tests/e2e/test_route_limits.py) is opened up, so notices go at once.
    h.bot.pace.per_window = 100
    # Bea owns B1 (her 6): 7 sits unowned on her card (B2) in the first table, not in the second.
    base = cards(a=["I1"], b=["B1"], c=["G1"])
    other = reshuffled(base, seed=3)
    other[1]["card"]["B"] = [6, 11, 8, 9, 10]  # 7 is nowhere on Bea's card now
    await new_table(h)
    first, first_history = await play(h, base)
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    await h.fake.slash(HOST, "stop")
    await new_table(h)
    second, second_history = await play(h, other)
    assert record is not None
    assert len(first) == len(second) and first, "both tables sent the same number of public messages"
    for a, b in zip(first, second, strict=True):
        assert a == b
    for pattern, blank in NOISE:
        first_history, second_history = pattern.sub(blank, first_history), pattern.sub(blank, second_history)
    assert first_history == second_history


async def test_the_declare_picker_is_accepted_for_every_two_face_card_draw(harness: Harness) -> None:
    """J & K (or any two of J, Q, K) make every number 1–75: the picker asks for the column first
    (B 1–15 … O 61–75), then offers that column's numbers, each with its consequence."""
    h = harness
    setup_users(h)
    await new_table(h)
    for draw in (["J", "K"], ["Q", "Q"], ["K", "J"]):
        msg = await position(h, cards(), [*draw, "8", "9", "8", "9"])
        await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
        picker = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Declare…"])
        (columns,) = h.fake.selects(picker.message).values()
        assert [o["value"] for o in columns["options"]] == list(COLUMNS)
        assert "61" in columns["options"][-1]["label"] and "75" in columns["options"][-1]["label"]
        numbers: list[int] = []
        for column in COLUMNS:
            answer = await h.fake.select(
                HOST, int(picker.message["id"]), columns["custom_id"], [column], message=picker.message
            )
            assert answer.type == 7, "the picker turns into that column's numbers in place"
            (select,) = h.fake.selects(answer.message).values()
            numbers += [int(o["value"]) for o in select["options"]]
        assert sorted(numbers) == list(range(1, 76))
        await h.fake.select(HOST, int(picker.message["id"]), select["custom_id"], ["75"], message=answer.message)
        await h.fake.quiet()
        await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])
        await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
        state = h.bot.service.state_of(await h.bot.service.store.games.live_in_channel(CHANNEL_ID))
        assert state.stage == "draw"
