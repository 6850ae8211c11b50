"""Trades that cannot be mistaken (issue 13): every offer has an id, its buttons act on exactly
that offer, and an offer's message says how it ended and loses its buttons."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any, cast

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.holding import Hold
from tests.e2e.mega_table import set_position, state_now
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.e2e.test_mega_play import three_players
from tests.fakediscord.server import CHANNEL_ID

A, B, C = str(HOST), str(BEA), str(CAI)
NAMES = {HOST: "Ann", BEA: "Bea", CAI: "Cai"}


async def offer(
    h: Harness, who: int, to: int, give: list[str], get_cash: int = 0, give_cash: int = 0, closed: bool = False
) -> int:
    """Build and send a Mega offer through the builder; returns the public offer message id (open,
    or saying it is closed when it was `closed` before it was up)."""
    builder = await h.fake.slash(who, "trade", {"player": {"user": to}})
    panel = builder.message
    if give:
        select = h.fake.selects(panel)["Deeds you give…"]
        panel = (await h.fake.select(who, int(panel["id"]), select["custom_id"], give, message=panel)).message or panel
    if get_cash or give_cash:
        modal = await h.fake.click_in(who, panel, h.fake.buttons(panel)["Cash and cards…"])
        fields = {"give_cash": str(give_cash), "get_cash": str(get_cash), "give_cards": "0", "get_cards": "0"}
        panel = (await h.fake.submit_modal(who, modal.data["custom_id"], fields, message=panel)).message or panel
    before = set(h.fake.messages)
    sent = await h.fake.click_in(who, panel, h.fake.buttons(panel)["Send offer"])
    assert sent.type == 7, sent.data
    await h.fake.quiet()
    said = {m: h.fake.messages[m]["content"] for m in set(h.fake.messages) - before}
    posted = [m for m, c in said.items() if "offers a trade" in c or (closed and c.startswith("Trade offer from "))]
    assert len(posted) == 1, "exactly one public offer message"
    return posted[0]


def buttons_of(h: Harness, message: int) -> dict[str, str]:
    return h.fake.buttons(message)


async def mega_table(h: Harness) -> None:
    await three_players(h)
    await set_position(h, [{"name": A, "deeds": ["boardwalk"]}, {"name": B, "deeds": ["park_place"]}, {"name": C}], [])


async def test_accept_on_a_replaced_offer_carries_out_nothing(harness: Harness) -> None:
    """Item 1: A offers Boardwalk for $1, then nothing for $1000; Accept on the first message."""
    h = harness
    await mega_table(h)
    first = await offer(h, HOST, BEA, ["boardwalk"], get_cash=1)
    accept_first = buttons_of(h, first)["Accept"]
    second = await offer(h, HOST, BEA, [], get_cash=1000)
    assert not h.fake.messages[first]["components"], "a replaced offer's message loses its buttons"
    assert "Replaced by a newer offer from Ann" in h.fake.messages[first]["content"]
    late = await h.fake.click(BEA, first, accept_first)
    assert late.ephemeral and "Replaced by a newer offer from Ann" in late.content
    state = await state_now(h)
    assert state.owner["boardwalk"] == A and state.players[1].cash == 1500  # nothing changed hands
    assert [o.receiver for o in state.trades] == [B]  # the newer offer is still open
    assert buttons_of(h, second)


async def test_accept_on_an_expired_old_offer_leaves_the_live_one_alone(harness: Harness) -> None:
    """Item 2."""
    h = harness
    await mega_table(h)
    first = await offer(h, HOST, BEA, ["boardwalk"], get_cash=1)
    accept_first = buttons_of(h, first)["Accept"]
    await offer(h, HOST, BEA, [], get_cash=5)
    record = await h.bot.service.store.games.live_in_channel(920000000000000001)
    live = (await state_now(h)).trades[0].id
    lobby = record.lobby.model_copy(update={"offers": {str(live): 9e12}})
    await h.bot.service.store.games.save(record.model_copy(update={"lobby": lobby}), expected_version=record.version)
    refused = await h.fake.click(BEA, first, accept_first)
    assert refused.ephemeral and "no longer" in refused.content
    state = await state_now(h)
    assert [o.id for o in state.trades] == [live]


async def test_after_a_counter_is_accepted_the_original_cannot_be(harness: Harness) -> None:
    """Item 3: a counter withdraws the offer it answers; names, never ids, in every refusal."""
    h = harness
    h.bot.pace.per_window = 100  # many clicks at once: game message edits need not queue for the channel
    await mega_table(h)
    original = await offer(h, HOST, BEA, ["boardwalk"], get_cash=100)
    accept_original = buttons_of(h, original)["Accept"]
    counter = await h.fake.click(BEA, original, buttons_of(h, original)["Counter"])
    assert counter.ephemeral and counter.message is not None
    panel = counter.message
    before = set(h.fake.messages)
    await h.fake.click_in(BEA, panel, h.fake.buttons(panel)["Send offer"])
    await h.fake.quiet()
    countered = next(m for m in set(h.fake.messages) - before if "offers a trade" in h.fake.messages[m]["content"])
    assert "Countered by Bea" in h.fake.messages[original]["content"]
    assert not h.fake.messages[original]["components"]
    accepted = await h.fake.click(HOST, countered, buttons_of(h, countered)["Accept"])
    assert accepted.type == 7 and "Accepted by Ann" in accepted.content
    # closed, the message still says whose offer it was and who gives what ("They give" named nobody)
    assert accepted.content.splitlines() == [
        "Trade offer from Bea to Ann — Accepted by Ann.",
        "**Bea gives**: $100",
        "**Bea asks for**: Boardwalk",
    ], accepted.content
    late = await h.fake.click(BEA, original, accept_original)
    assert late.ephemeral and "Countered by Bea" in late.content
    assert str(BEA) not in late.content and str(HOST) not in late.content  # no raw ids


async def test_a_third_player_is_told_the_offer_is_not_theirs(harness: Harness) -> None:
    """Item 4."""
    h = harness
    await mega_table(h)
    message = await offer(h, HOST, BEA, ["boardwalk"], get_cash=10)
    for verb in ("Accept", "Decline", "Counter"):
        answer = await h.fake.click(CAI, message, buttons_of(h, message)[verb])
        assert answer.ephemeral and answer.content == "This offer is not addressed to you."
    assert (await state_now(h)).trades


async def test_the_builder_offers_only_what_can_be_traded_and_says_why(harness: Harness) -> None:
    """Item 5: streets of a group with buildings are not offered; the builder says why."""
    h = harness
    await three_players(h)
    blues = ["park_place", "boardwalk"]
    await set_position(
        h,
        [{"name": A, "deeds": [*blues, "baltic_avenue"], "buildings": {"boardwalk": 1}}, {"name": B}, {"name": C}],
        [],
    )
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    options = [o["value"] for o in h.fake.selects(builder.message)["Deeds you give…"]["options"]]
    assert options == ["-", "baltic_avenue"]
    assert "Boardwalk" in builder.text() and "sell the buildings" in builder.text()


async def test_send_pressed_three_times_at_once_sends_one_offer(harness: Harness) -> None:
    """Item 6."""
    h = harness
    await mega_table(h)
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    panel = builder.message
    select = h.fake.selects(panel)["Deeds you give…"]
    panel = (await h.fake.select(HOST, int(panel["id"]), select["custom_id"], ["boardwalk"], message=panel)).message
    send = h.fake.buttons(panel)["Send offer"]
    answers = await asyncio.gather(*(h.fake.click_in(HOST, panel, send) for _ in range(3)))
    await h.fake.quiet()
    assert sum(a.type == 7 for a in answers) == 1
    assert all(a.type == 7 or a.ephemeral for a in answers)  # every press is answered
    posted = [m for m in h.fake.messages.values() if "offers a trade" in m.get("content", "")]
    assert len(posted) == 1 and len((await state_now(h)).trades) == 1


async def test_an_offer_is_posted_without_channel_permission_or_withdrawn(harness: Harness) -> None:
    """Item 7: the offer goes out as a follow-up of the press (no Send Messages needed); when even
    that fails, the offer is withdrawn as a logged action and the proposer is told."""
    h = harness
    await mega_table(h)
    h.fake.deny_channel_posts = True
    message = await offer(h, HOST, BEA, ["boardwalk"], get_cash=10)
    assert buttons_of(h, message)["Accept"]
    h.fake.fail_follow_ups = True
    builder = await h.fake.slash(CAI, "trade", {"player": {"user": HOST}})
    panel = builder.message
    modal = await h.fake.click_in(CAI, panel, h.fake.buttons(panel)["Cash and cards…"])
    fields = {"give_cash": "5", "get_cash": "0", "give_cards": "0", "get_cards": "0"}
    panel = (await h.fake.submit_modal(CAI, modal.data["custom_id"], fields, message=panel)).message or panel
    await h.fake.click_in(CAI, panel, h.fake.buttons(panel)["Send offer"])
    await h.fake.quiet()
    state = await state_now(h)
    assert [o.proposer for o in state.trades] == [A]  # Cai's offer, never shown, was withdrawn
    log = await h.bot.service.store.games.log(
        state_id := (await h.bot.service.store.games.live_in_channel(920000000000000001)).id
    )
    assert state_id and log[-1].action == {**log[-1].action, "do": "withdraw_trade", "reason": "unposted"}
    h.fake.deny_channel_posts = h.fake.fail_follow_ups = False


async def test_bingo_an_offer_accepted_through_the_pick_panel_loses_its_buttons(harness: Harness) -> None:
    """Issue 12, item 8: the receiver picks the cells for "any of G" privately; the public offer
    message is closed the moment the trade is done."""
    from tests.e2e.test_bingo_play import cards, position

    h = harness
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await position(h, cards(a=["G1", "G2"], b=["B3"]), ["8", "9"])
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    panel = builder.message
    give_any = h.fake.selects(panel)["Any cells of a column you give…"]
    panel = (await h.fake.select(HOST, int(panel["id"]), give_any["custom_id"], ["G1"], message=panel)).message
    ask = h.fake.selects(panel)["Cells you ask for…"]
    panel = (await h.fake.select(HOST, int(panel["id"]), ask["custom_id"], ["B3"], message=panel)).message
    await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Send offer"])
    await h.fake.quiet()
    message = max(m for m, v in h.fake.messages.items() if "offers a trade" in v.get("content", ""))
    chooser = await h.fake.click(BEA, message, buttons_of(h, message)["Accept"])
    select = next(iter(h.fake.selects(chooser.message).values()))
    await h.fake.select(BEA, int(chooser.message["id"]), select["custom_id"], ["g:G2"], message=chooser.message)
    await h.fake.quiet()
    assert not h.fake.messages[message]["components"]
    assert "Accepted by Bea" in h.fake.messages[message]["content"]


async def test_random_offers_carry_out_exactly_what_the_pressed_button_showed(harness: Harness) -> None:
    """Players propose, replace, counter and answer offers in a random order; every trade carried
    out is exactly the offer whose message the receiver pressed Accept on."""
    h = harness
    h.bot.pace.per_window = 100  # many clicks at once: game message edits need not queue for the channel
    await three_players(h)
    deeds = {A: ["boardwalk", "park_place"], B: ["baltic_avenue", "oriental_avenue"], C: ["reading_railroad"]}
    await set_position(h, [{"name": n, "deeds": d} for n, d in deeds.items()], [])
    rnd = random.Random(7)
    shown: dict[int, str] = {}  # offer message → its text when posted
    players = [HOST, BEA, CAI]
    carried_out = refused = 0
    for _ in range(14):
        who, to = rnd.sample(players, 2)
        state = await state_now(h)
        mine = sorted(d for d, o in state.owner.items() if o == str(who))
        give = rnd.sample(mine, k=min(len(mine), rnd.randint(0, 1)))
        message = await offer(h, who, to, give, get_cash=rnd.randint(1, 50))
        shown[message] = h.fake.messages[message]["content"]
        for _ in range(rnd.randint(0, 2)):
            target = rnd.choice(list(shown))
            presser = rnd.choice(players)
            verb = rnd.choice(["Accept", "Decline"])
            buttons = h.fake.buttons(target)
            if verb not in buttons:
                continue
            before = await state_now(h)
            answer = await h.fake.click(presser, target, buttons[verb])
            await h.fake.quiet()
            after = await state_now(h)
            moved = {d for d in after.owner if after.owner[d] != before.owner.get(d)}
            if verb == "Accept" and answer.type == 7:
                carried_out += 1
                text = shown[target]
                assert all(after.owner[d] in (str(presser), str(who)) for d in moved)
                for d in moved:  # every deed that moved was named on the pressed message
                    assert d.replace("_", " ").title().split()[0] in text
            else:
                refused += answer.ephemeral
                assert not moved, json.dumps(answer.data)
    assert carried_out >= 2 and refused >= 2, (carried_out, refused)  # both paths were exercised


async def test_a_trade_builder_survives_a_restart(harness: Harness) -> None:
    """Drafts are kept in the store: after a restart the same builder goes on and sends."""
    h = harness
    await mega_table(h)
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    panel = builder.message
    select = h.fake.selects(panel)["Deeds you give…"]
    panel = (await h.fake.select(HOST, int(panel["id"]), select["custom_id"], ["boardwalk"], message=panel)).message
    await h.restart()
    sent = await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Send offer"])
    assert sent.type == 7, sent.data
    await h.fake.quiet()
    offer = (await state_now(h)).trades[0]
    assert offer.give.deeds == ["boardwalk"] and offer.proposer == A


async def test_accept_after_the_offer_expired_while_the_bot_was_down_is_refused(harness: Harness) -> None:
    """Issue 29: the offer's time ran out while the bot was down and its expiry has not been
    processed when Accept comes in right after the restart: refused as expired, nothing changes
    hands, and the offer's message says how it ended."""
    h = harness
    await mega_table(h)
    message = await offer(h, HOST, BEA, ["boardwalk"], get_cash=1)
    accept = buttons_of(h, message)["Accept"]
    record = await h.bot.service.store.games.live_in_channel(920000000000000001)
    live = (await state_now(h)).trades[0].id
    lobby = record.lobby.model_copy(update={"offers": {str(live): 1.0}})  # long past; no timer knows it
    await h.bot.service.store.games.save(record.model_copy(update={"lobby": lobby}), expected_version=record.version)
    await h.restart()
    refused = await h.fake.click(BEA, message, accept)
    assert refused.ephemeral and "expired" in refused.content.lower(), refused.content
    state = await state_now(h)
    assert state.trades == [] and state.owner["boardwalk"] == A
    assert [p.cash for p in state.players[:2]] == [1500, 1500]
    await h.fake.quiet()
    assert not h.fake.messages[message]["components"], "the expired offer's message loses its buttons"


def as_before_the_rename(message: dict[str, Any]) -> dict[str, Any]:
    """A message as the bot drew it before the trade builder's verbs were renamed (the games'
    `aliases`, cogs/verbs.py): such messages stay in Discord and people still press them."""
    text = json.dumps(message)
    for new, old in (("trade_send", "tsend"), ("trade_give", "tgive"), ("trade_cash_modal", "tcash_modal")):
        text = text.replace(f":{new}", f":{old}")
    return cast(dict[str, Any], json.loads(text.replace(":trade_cash", ":tcash")))


async def test_a_trade_builder_drawn_before_the_verbs_were_renamed_still_works(harness: Harness) -> None:
    h = harness
    await mega_table(h)
    panel = as_before_the_rename((await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})).message)
    select = h.fake.selects(panel).get("Deeds you give…")
    assert select is not None, (h.fake.selects(panel).keys(), panel)
    assert ":tgive:" in select["custom_id"]
    answer = await h.fake.select(HOST, int(panel["id"]), select["custom_id"], ["boardwalk"], message=panel)
    panel = as_before_the_rename(answer.message or panel)
    assert ":tcash" in h.fake.buttons(panel)["Cash and cards…"]
    modal = await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Cash and cards…"])
    old_modal = modal.data["custom_id"].replace(":trade_cash_modal", ":tcash_modal")
    assert old_modal != modal.data["custom_id"]
    fields = {"give_cash": "0", "get_cash": "100", "give_cards": "0", "get_cards": "0"}
    panel = as_before_the_rename((await h.fake.submit_modal(HOST, old_modal, fields, message=panel)).message or panel)
    before = set(h.fake.messages)
    assert ":tsend" in h.fake.buttons(panel)["Send offer"]
    sent = await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Send offer"])
    assert sent.type == 7, sent.data
    await h.fake.quiet()
    (posted,) = [m for m in set(h.fake.messages) - before if "offers a trade" in h.fake.messages[m]["content"]]
    told = h.fake.messages[posted]["content"]
    assert "Boardwalk" in told and "$100" in told, told


async def test_an_offer_taken_back_while_its_message_was_posted_loses_its_buttons(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's offer is taken back (or the game ends) while its public message is still on its way:
    the message, once up, says the offer is closed and has no Accept for Bea to press."""
    import discord

    from bot.offers import withdrawal

    h = harness
    await mega_table(h)
    hold = Hold()  # the public offer, on its way
    hold.patch(monkeypatch, discord.Webhook, "send", when=lambda kwargs: "offers a trade" in str(kwargs.get("content")))
    sending = asyncio.create_task(offer(h, HOST, BEA, ["boardwalk"], get_cash=1, closed=True))
    await hold.wait_reached()
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert record is not None
    (open_offer,) = (await state_now(h)).trades
    taken_back = withdrawal("mega", open_offer, "withdrawn").model_dump(mode="json", by_alias=True)
    await h.bot.service.act(record.id, A, taken_back, None)
    closing = h.bot.get_cog("Monopoly").trades._closing
    await asyncio.wait_for(asyncio.gather(*closing), 5)  # its closing found no message to close
    hold.let_go()
    posted = await asyncio.wait_for(sending, 10)
    await h.fake.quiet()
    assert not h.fake.messages[posted]["components"], "a closed offer's message shows live buttons"
    said = h.fake.messages[posted]["content"]
    assert said.startswith("Trade offer from Ann to Bea — Withdrawn by Ann.") and "offers a trade" not in said, said
