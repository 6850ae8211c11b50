"""The test Discord is as strict as the real one: each documented server rule beyond the OpenAPI
schema, broken once, is refused; a payload within every limit is accepted."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from typing import Any

import discord
import pytest

from tests.fakediscord import rules


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(custom_id: str, n: int = 3, **extra: Any) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def good() -> dict[str, Any]:
    return {
        "content": "x" * 2000,
        "embeds": [
            {
                "title": "t" * 256,
                "description": "d" * 3000,
                "fields": [{"name": "n", "value": "v" * 100} for _ in range(25)],
                "footer": {"text": "f"},
                "image": {"url": "attachment://board.png"},
            }
        ],
        "components": [
            row(*(button(f"b{i}") for i in range(5))),
            row(select("s1", 25, max_values=25)),
            row(select("s2")),
            row(button("c1"), button("c2"), {"type": 2, "style": 5, "label": "Watch", "url": "https://w.example/x"}),
            row(select("s3", placeholder="p" * 150)),
        ],
        "_files": ["board.png"],
    }


BREAKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "duplicate custom_id": lambda b: b["components"][3]["components"].append(button("b1")),
    "custom_id over 100": lambda b: b["components"][3]["components"].append(button("x" * 101)),
    "six action rows": lambda b: b["components"].append(row(button("z"))),
    "six buttons in a row": lambda b: b["components"][0]["components"].append(button("b5")),
    "a select sharing its row": lambda b: b["components"][2]["components"].append(button("z")),
    "26 options": lambda b: b["components"][2]["components"][0].update(select("s2", 26)),
    "option label over 100": lambda b: b["components"][2]["components"][0]["options"][0].update(label="l" * 101),
    "option value over 100": lambda b: b["components"][2]["components"][0]["options"][0].update(value="v" * 101),
    "option description over 100": lambda b: b["components"][2]["components"][0]["options"][0].update(
        description="d" * 101
    ),
    "button label over 80": lambda b: b["components"][3]["components"][0].update(label="l" * 81),
    "placeholder over 150": lambda b: b["components"][4]["components"][0].update(placeholder="p" * 151),
    "max_values over the options": lambda b: b["components"][2]["components"][0].update(max_values=4),
    "content over 2000": lambda b: b.update(content="x" * 2001),
    "title over 256": lambda b: b["embeds"][0].update(title="t" * 257),
    "description over 4096": lambda b: b["embeds"][0].update(description="d" * 4097),
    "26 fields": lambda b: b["embeds"][0]["fields"].append({"name": "n", "value": "v"}),
    "field name over 256": lambda b: b["embeds"][0]["fields"][0].update(name="n" * 257),
    "field value over 1024": lambda b: b["embeds"][0]["fields"][0].update(value="v" * 1025),
    "empty field value": lambda b: b["embeds"][0]["fields"][0].update(value=""),
    "footer over 2048": lambda b: b["embeds"][0].update(footer={"text": "f" * 2049}),
    "embeds over 6000 in all": lambda b: b["embeds"][0].update(description="d" * 4000),
    "eleven embeds": lambda b: b["embeds"].extend({"title": "x"} for _ in range(10)),
    "picture not uploaded": lambda b: b.update(_files=[]),
    "eleven files": lambda b: b.update(_files=["board.png", *(f"f{i}.png" for i in range(10))]),
    "link button without a url": lambda b: b["components"][3]["components"][2].pop("url"),
    "link button with a custom_id": lambda b: b["components"][3]["components"][2].update(custom_id="w"),
    "link button to a non-web url": lambda b: b["components"][3]["components"][2].update(url="javascript:x"),
    "a url on a plain button": lambda b: b["components"][3]["components"][0].update(url="https://w.example"),
}


def test_a_payload_within_every_limit_is_accepted() -> None:
    assert rules.message_problems(good()) == []


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_broken_rule_is_refused(name: str) -> None:
    body = copy.deepcopy(good())
    BREAKS[name](body)
    assert rules.message_problems(body), name


def test_an_edit_keeps_pictures_already_on_the_message() -> None:
    body = {"embeds": [{"image": {"url": "attachment://board.png"}}]}
    assert rules.message_problems(body, ["board.png"]) == []
    assert rules.message_problems(body, []) != []
    body["attachments"] = []  # clearing the attachments drops the picture
    assert rules.message_problems(body, ["board.png"]) != []


def test_modals() -> None:
    text = {"type": 4, "custom_id": "a", "label": "Amount", "style": 1}
    ok = {"title": "Bid", "custom_id": "mm:1:1:bid_modal", "components": [row(text)]}
    assert rules.modal_problems(ok) == []
    too_many = {**ok, "components": [row({**text, "custom_id": f"a{i}"}) for i in range(6)]}
    assert rules.modal_problems(too_many)
    assert rules.modal_problems({**ok, "title": "t" * 46})
    assert rules.modal_problems({**ok, "components": [row({**text, "label": "l" * 46})]})


async def test_interactions_are_answered_once_in_time_and_follow_ups_need_a_live_token() -> None:
    import aiohttp

    from tests.fakediscord.server import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http:
            answer = {"type": 4, "data": {"content": "hi", "allowed_mentions": {"parse": []}}}
            loop = asyncio.get_running_loop()
            late, twice = fake.next_id(), fake.next_id()
            for interaction, sent in ((late, -100.0), (twice, loop.time())):
                fake._pending[interaction] = loop.create_future()
                fake._created[interaction] = sent
            async with http.post(f"{fake.api_base}/interactions/{late}/tok{late}/callback", json=answer) as r:
                # Past 3 s Discord has forgotten it: 404 Unknown interaction, which discord.py raises as NotFound.
                assert (r.status, (await r.json())["code"]) == (404, 10062)
            async with http.post(f"{fake.api_base}/interactions/{twice}/tok{twice}/callback", json=answer) as r:
                assert r.status == 200
            async with http.post(f"{fake.api_base}/interactions/{twice}/tok{twice}/callback", json=answer) as r:
                assert (r.status, (await r.json())["code"]) == (400, 40060)  # never twice
            body = {"content": "later", "allowed_mentions": {"parse": []}}
            async with http.post(f"{fake.api_base}/webhooks/{fake.next_id()}/nosuchtoken", json=body) as r:
                assert (r.status, (await r.json())["code"]) == (401, 50027)
            bad = {"type": 4, "data": {"content": "x" * 2001, "allowed_mentions": {"parse": []}}}
            fresh = fake.next_id()
            fake._pending[fresh] = loop.create_future()
            fake._created[fresh] = loop.time()
            async with http.post(f"{fake.api_base}/interactions/{fresh}/tok{fresh}/callback", json=bad) as r:
                assert r.status == 400
                # A bad body in Discord's error shape: discord.py raises its HTTPException with the reason.
                refused = discord.HTTPException(r, await r.json())
                assert refused.code == 50035 and "2000" in refused.text, refused.text
    finally:
        await fake.stop()
    found = "\n".join(fake.violations)
    assert "answered after" in found and "answered twice" in found and "unknown interaction token" in found


def test_a_slash_command_is_sent_only_as_a_client_could_send_it() -> None:
    """Discord's client sends only registered subcommands and options, every required option and
    a listed choice: a test that asks for anything else is told so, before the bot sees it."""
    from tests.fakediscord.server import _check_invocation

    switch = {"name": "switch", "type": 3, "required": True, "choices": [{"name": "on", "value": "on"}]}
    command = {"name": "monopoly", "options": [{"type": 1, "name": "notices", "options": [switch]}]}
    _check_invocation(command, "notices", {"switch": "on"})
    for sub, options, says in (
        ("notices", {}, "requires"),
        ("notices", {"switch": "maybe"}, "not one of"),
        ("notices", {"switch": "on", "extra": 1}, "no option"),
        ("nosuch", {}, "no subcommand"),
    ):
        with pytest.raises(AssertionError, match=says):
            _check_invocation(command, sub, options)


async def test_a_file_over_the_upload_limit_is_refused_as_too_large() -> None:
    """Discord refuses an upload over the server's limit (10 MiB without boosts) with 413 40005,
    before reading the message; the same message with a small file goes through."""
    import json

    import aiohttp

    from tests.fakediscord.server import CHANNEL_ID, UPLOAD_LIMIT, FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http:
            for size, expected in ((1000, 200), (UPLOAD_LIMIT + 1, 413)):
                form = aiohttp.FormData()
                payload = {
                    "content": "board",
                    "attachments": [{"id": 0, "filename": "board.png"}],
                    "allowed_mentions": {"parse": []},
                }
                form.add_field("payload_json", json.dumps(payload), content_type="application/json")
                form.add_field("files[0]", b"\0" * size, filename="board.png", content_type="image/png")
                url = f"{fake.api_base}/channels/{CHANNEL_ID}/messages"
                async with http.post(url, data=form, headers={"Authorization": "Bot fake.token.value"}) as r:
                    assert r.status == expected, await r.text()
                    if expected == 413:
                        assert (await r.json())["code"] == 40005
    finally:
        await fake.stop()
    assert any("over" in v and "bytes" in v for v in fake.violations), fake.violations
