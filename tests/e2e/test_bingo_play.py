"""MonopolizeBingo played through clicks on the loopback Discord, with a privacy watch: no public
payload may show a player a number of theirs they never owned."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from engine.bingo.conformance import setup_state
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C
from tests.fakediscord.server import CHANNEL_ID, EPHEMERAL, shown_text, walk
from tests.stored import put_state

A, B, C = str(HOST), str(BEA), str(CAI)
NAMES = {A: "Ann", B: "Bea", C: "Cai"}


class Watch:
    """Remembers every number each player has owned, to judge what public messages may show."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.ever: dict[str, set[int]] = {A: set(), B: set(), C: set()}
        self.cards: dict[str, Any] = {}

    async def note(self) -> Any:
        record = await self.h.bot.service.store.games.live_in_channel(CHANNEL_ID)
        state = self.h.bot.service.state_of(record) if record else None
        if state is not None:
            for p in state.players:
                self.cards[p.name] = p.card
                self.ever[p.name] |= {p.card[c[0]][int(c[1:]) - 1] for c in p.owned}
        return state

    def check_public_payloads(self) -> None:
        for method, path, body in self.h.fake.requests:
            if not isinstance(body, dict) or method not in ("POST", "PATCH"):
                continue
            data = body.get("data") if "/callback" in path else body
            if not isinstance(data, dict) or (data.get("flags") or 0) & EPHEMERAL:
                continue
            for embed in data.get("embeds") or []:
                for fld in embed.get("fields") or []:
                    who = next((n for n, label in NAMES.items() if fld["name"].endswith(" " + label)), None)
                    self._check(who, fld["value"].split("\n", 1)[-1], set())
            for line in shown_text({"components": data.get("components") or []}).splitlines():
                # A player's line of the layout message: "<seat> **Ann** — 5 cells · 1 line …"; its
                # counts are the only numbers it may show.
                who = next((n for n, label in NAMES.items() if f"**{label}** —" in line), None)
                counts = {int(x) for x in re.findall(r"\d+", line.split(" — ", 1)[-1])[:2]}
                self._check(who, line.split(" — ", 1)[-1], counts)

    def _check(self, who: str | None, text: str, counts: set[int]) -> None:
        if who is None or who not in self.cards:
            return
        shown = {int(x) for x in re.findall(r"\b\d+\b", text)} - counts
        on_card = {v for col in self.cards[who].values() for v in col if v is not None}
        leaked = (shown & on_card) - self.ever[who]
        assert not leaked, f"{who}'s hidden numbers {leaked} shown publicly"


@pytest.fixture
async def table(harness: Harness) -> Any:
    h = harness
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    watch = Watch(h)
    yield h, watch
    await watch.note()
    watch.check_public_payloads()


async def position(h: Harness, players: list[dict[str, Any]], deck: list[str], turn: str = A) -> int:
    store = h.bot.service.store
    record = await store.games.live_in_channel(CHANNEL_ID)
    state = setup_state({"game": "bingo", "options": {}, "setup": {"players": players, "deck": deck, "turn": turn}})
    state.version = record.version + 1
    await put_state(store, record, state)
    answer = await h.fake.slash(int(turn), "status")
    return int(answer.message["id"])


def cards(**owned: list[str]) -> list[dict[str, Any]]:
    return [
        {"name": A, "card": CARD_A, "owned": owned.get("a", [])},
        {"name": B, "card": CARD_B, "owned": owned.get("b", [])},
        {"name": C, "card": CARD_C, "owned": owned.get("c", [])},
    ]


async def declare(h: Harness, user: int, msg: int, number: int) -> str:
    """Declare `number` through the picker; returns what the picker says once it is done."""
    picker = await h.fake.click(user, msg, h.fake.buttons(msg)["Declare…"])
    assert picker.ephemeral
    select = next(
        s for s in h.fake.selects(picker.message).values() if str(number) in [o["value"] for o in s["options"]]
    )
    done = await h.fake.select(
        user, int(picker.message["id"]), select["custom_id"], [str(number)], message=picker.message
    )
    await h.fake.quiet()
    return str(done.data.get("content"))


async def test_a_claim_with_two_claimants(table: Any) -> None:
    h, watch = table
    msg = await position(h, cards(), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    said = await declare(h, HOST, msg, 7)
    # B-9: the picker says what it did, not a bare "Done."
    assert said == "Done: Ann declared 7. The others may claim 7 (a claim window is open).", said
    assert "Ann drew 7 and 10." in h.fake.shown(msg)  # B-5: two cards, not "drew 7 10"
    refused = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Claim"])
    assert refused.ephemeral and refused.content == "You cannot claim this number."
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Claim"])
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Claim"])
    state = await watch.note()
    assert state.players[1].owned == ["B2"] and state.players[2].owned == ["B2"]


async def test_a_hit_with_discards(table: Any) -> None:
    h, watch = table
    msg = await position(h, cards(a=["B1", "I1", "G1", "O1", "O2", "O3"], b=["B2"]), ["7", "10"])
    await watch.note()
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])  # B-11a: Bea is asked too (she owns 7)
    assert "5 cells" in h.fake.shown(msg)
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Discard…"])
    select = next(iter(h.fake.selects(panel.message).values()))
    assert select["min_values"] == select["max_values"] == 5
    await h.fake.select(
        HOST, int(panel.message["id"]), select["custom_id"], ["B1", "I1", "G1", "O1", "O2"], message=panel.message
    )
    state = await watch.note()
    assert state.players[0].owned == ["O3"] and state.players[state.turn].name == B


async def test_detention_in_and_out(table: Any) -> None:
    h, watch = table
    msg = await position(h, cards(a=["B1", "B2"]), ["JOKER", "5", "8", "9", "8", "9"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    state = await watch.note()
    assert state.players[0].in_jail
    for user in (BEA, CAI):  # nothing declarable for them
        await h.fake.click(user, msg, h.fake.buttons(msg)["Draw"])
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Leave detention…"])
    select = next(iter(h.fake.selects(panel.message).values()))
    await h.fake.select(HOST, int(panel.message["id"]), select["custom_id"], ["B2"], message=panel.message)
    state = await watch.note()
    assert not state.players[0].in_jail and state.players[0].owned == ["B1"]


async def test_a_column_monopoly(table: Any) -> None:
    h, watch = table
    msg = await position(h, cards(a=["B2", "B3", "B4", "B5"]), ["A", "10"])
    await watch.note()
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 1)
    state = await watch.note()
    assert state.monopolies == {"B": A}
    assert "monopoly of column B" in h.fake.shown(msg)


async def test_a_trade_by_position_by_mention(table: Any) -> None:
    h, watch = table
    await position(h, cards(a=["G1", "G2"], b=["B3"]), ["8", "9"])
    await watch.note()
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    panel = builder.message
    give_any = h.fake.selects(panel)["Any cells of a column you give…"]
    panel = (
        await h.fake.select(HOST, int(panel["id"]), give_any["custom_id"], ["G1"], message=panel)
    ).message or panel  # any 1 of G
    ask = h.fake.selects(panel)["Cells you ask for…"]
    # B-23: Ann would get B3 of her own card (3), not Bea's number there (8)
    assert [o["label"] for o in ask["options"]][1:] == ["B3 · 3"], ask["options"]
    panel = (await h.fake.select(HOST, int(panel["id"]), ask["custom_id"], ["B3"], message=panel)).message or panel
    await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Send offer"])
    await h.fake.quiet()
    offer = h.fake.newest_with("Accept")
    assert "any 1 of column G" in h.fake.messages[offer]["content"] and "B3" in h.fake.messages[offer]["content"]
    chooser = await h.fake.click(BEA, offer, h.fake.buttons(offer)["Accept"])
    assert chooser.ephemeral  # B-23: Bea chooses which G cell "any of G" means
    select = next(iter(h.fake.selects(chooser.message).values()))
    assert sorted(o["value"] for o in select["options"]) == ["g:G1", "g:G2"]
    # the numbers Bea would get on her own card (51, 52), not Ann's there (46, 47)
    assert sorted(o["label"] for o in select["options"]) == ["you get G1 · 51", "you get G2 · 52"]
    picked = await h.fake.select(
        BEA, int(chooser.message["id"]), select["custom_id"], ["g:G2"], message=chooser.message
    )
    assert picked.type == 7, picked.content
    state = await watch.note()
    assert state.players[0].owned == ["B3", "G1"] and state.players[1].owned == ["G2"]


async def test_a_restart_during_a_claim_window(table: Any) -> None:
    h, watch = table
    msg = await position(h, cards(), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Claim"])
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert record.deadline_kind == "claims"
    await h.restart_after_deadline(record.id)  # the window runs out while the bot is down
    for _ in range(50):
        state = await watch.note()
        if state.stage == "draw":
            break
        await asyncio.sleep(0.05)
    assert state.players[1].owned == ["B2"] and state.players[2].owned == []  # Cai never answered


async def test_B11a_a_refused_claim_says_why_and_my_card_answers_the_window(table: Any) -> None:
    """Issue 35: Cai (no 70 on his card) is told privately why he cannot claim; Bea's own card
    shows the window's answer with it, Claim highlighted because her card can take 70, and
    claiming from there is done there while the game message moves on."""
    h, watch = table
    msg = await position(h, cards(), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 70)  # 70 is Bea's O5; Cai has none
    refused = await h.fake.click(CAI, msg, h.fake.buttons(msg)["Claim"])
    assert refused.ephemeral and "70 is not on your card" in refused.content and "Pass" in refused.content
    card = await h.fake.click(BEA, msg, h.fake.buttons(msg)["My card"])
    assert card.ephemeral and card.message is not None
    styles = {c["label"]: c["style"] for c in walk(card.message["components"]) if c["type"] == 2}
    assert styles == {"Claim": 1, "Pass": 2}, styles
    other = await h.fake.click(CAI, msg, h.fake.buttons(msg)["My card"])
    assert {c["label"] for c in walk(other.message["components"]) if c["type"] == 2} == {"Pass"}
    done = await h.fake.click_in(BEA, card.message, h.fake.buttons(card.message)["Claim"])
    assert done.type == 7 and done.data.get("content") == "Done."  # a claim is told when the window closes
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.quiet()
    state = await watch.note()
    assert "O5" in next(p for p in state.players if p.name == B).owned
    for _ in range(50):  # Cai's card, still open, was drawn again: the window it answered is closed
        if not walk(h.fake.messages[int(other.message["id"])]["components"]):
            break
        await asyncio.sleep(0.05)
    assert not walk(h.fake.messages[int(other.message["id"])]["components"]), "the open card keeps up"


async def test_an_old_declare_button_opens_no_picker_once_the_stage_moved_on(table: Any) -> None:
    """B-9: Declare… of an older message, pressed late — by the player whose turn it is now, or by
    the one who already declared — says the message is out of date and what the table waits for;
    it never opens a picker for a draw that is not there."""
    h, watch = table
    msg = await position(h, cards(), ["A", "10", "8", "9"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    old_declare = h.fake.buttons(msg)["Declare…"]
    refused = await h.fake.click(CAI, msg, old_declare)  # still current: simply not Cai's turn
    assert refused.ephemeral and refused.content == "It is not your turn.", refused.content
    await declare(h, HOST, msg, 1)  # on Ann's card: hers, and Bea's turn begins
    state = await watch.note()
    assert state.players[state.turn].name == B and state.stage == "draw"
    for user in (BEA, HOST):
        answer = await h.fake.click(user, msg, old_declare)
        assert answer.ephemeral and "out of date" in answer.content, answer.content
        assert "Bea" in answer.content and "Draw" in answer.content, answer.content
        assert not h.fake.selects(answer.message), "a picker opened for a stage that is over"


async def test_a_pass_pressed_after_its_claim_window_closed_is_out_of_date(table: Any) -> None:
    """B-11a: Claim and Pass count while their window is open, whatever message they come from;
    pressed after it closed, they say the message is out of date and what the table waits for."""
    h, watch = table
    msg = await position(h, cards(), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    old_pass = h.fake.buttons(msg)["Pass"]
    await h.fake.click(BEA, msg, old_pass)
    await h.fake.click(CAI, msg, old_pass)
    state = await watch.note()
    assert state.stage == "draw" and state.players[state.turn].name == B
    late = await h.fake.click(CAI, msg, old_pass)
    assert late.ephemeral and "out of date" in late.content and "Bea" in late.content, late.content


async def test_a_hit_larger_than_the_holding_says_all_of_it_goes(table: Any) -> None:
    """B-12, B-13: a hit of five on a player owning three cells takes the three; the discard panel
    says so, rather than asking for 3 beside a hit line that says 5."""
    h, _ = table
    msg = await position(h, cards(a=["B1", "I1", "G1"], b=["B2"]), ["7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    await declare(h, HOST, msg, 7)
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Discard…"])
    assert "discard 3 cells" in panel.content and "5 cells." in panel.content, panel.content
    assert "That is 5 cells in all, more than you own: all 3 of yours go." in panel.content, panel.content


async def test_B9_a_declare_picker_from_an_earlier_turn_is_out_of_date(table: Any) -> None:
    """A picker left open is chosen from a turn later, when its number happens to be declarable
    again: it was drawn for other cards, so it is refused as out of date and nothing is declared;
    a trade elsewhere meanwhile (a new version, the same decision) does not make it stale."""
    h, watch = table
    msg = await position(h, cards(a=["G1"], b=["B3"]), ["7", "10", "8", "9", "8", "9", "7", "10"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Draw"])
    old = (await h.fake.click(HOST, msg, h.fake.buttons(msg)["Declare…"])).message
    await declare(h, HOST, msg, 7)
    for user in (CAI, BEA):
        await h.fake.click(user, msg, h.fake.buttons(msg)["Pass"])
    for user in (BEA, CAI, HOST):  # 8 & 9 make no number (B-8); Ann draws 7 & 10 again
        await h.fake.click(user, msg, h.fake.buttons(msg)["Draw"])
    state = await watch.note()
    assert state.players[state.turn].name == A and state.stage == "declare"
    select = next(iter(h.fake.selects(old).values()))
    late = await h.fake.select(HOST, int(old["id"]), select["custom_id"], ["70"], message=old)
    assert late.ephemeral and "out of date" in late.content, late.content
    assert (await watch.note()).stage == "declare"  # nothing declared
    # the same decision, a version later (a trade offered meanwhile): the open picker still works
    fresh = (await h.fake.click(HOST, msg, h.fake.buttons(msg)["Declare…"])).message
    builder = await h.fake.slash(BEA, "trade", {"player": {"user": HOST}})
    ask = h.fake.selects(builder.message)["Cells you ask for…"]
    panel = (
        await h.fake.select(BEA, int(builder.message["id"]), ask["custom_id"], ["G1"], message=builder.message)
    ).message
    await h.fake.click_in(BEA, panel, h.fake.buttons(panel)["Send offer"])
    await h.fake.quiet()
    select = next(iter(h.fake.selects(fresh).values()))
    done = await h.fake.select(HOST, int(fresh["id"]), select["custom_id"], ["70"], message=fresh)
    assert done.type == 7 and "declared 70" in str(done.data.get("content")), done.data
