"""Mega Monopoly played through button clicks on the loopback Discord (issue: Mega in Discord)."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import Harness
from tests.e2e.mega_table import RED, set_position, state_now
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID

A, B, C = str(HOST), str(BEA), str(CAI)


async def three_players(h: Harness) -> int:
    setup_users(h)
    lobby = await open_lobby(h)
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    return lobby


async def baltic_at_auction(h: Harness) -> int:
    """Three players; Ann rolls onto Baltic Avenue and declines it: its auction is open (M-16).
    Returns the game message."""
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Decline"])
    return msg


async def test_a_purchase(harness: Harness) -> None:
    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(1, 2, "mr")])
    rolled = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert "Baltic" in rolled.text()
    bought = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Buy"])
    assert bought.type == 7
    state = await state_now(h)
    assert state.owner["baltic_avenue"] == A and state.players[0].cash == 1440


async def test_a_declined_deed_is_auctioned_among_several_bidders(harness: Harness) -> None:
    h = harness
    msg = await baltic_at_auction(h)
    assert "Bid $1" in h.fake.buttons(msg)
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Bid $1"])
    modal_opened = await h.fake.click(CAI, msg, h.fake.buttons(msg)["Bid…"])
    assert modal_opened.type == 9
    too_much = await h.fake.submit_modal(CAI, modal_opened.data["custom_id"], {"amount": "5000"})
    assert too_much.ephemeral and "more than $1,500" in too_much.content
    placed = await h.fake.submit_modal(CAI, modal_opened.data["custom_id"], {"amount": "25"})
    assert placed.ephemeral
    await h.fake.quiet()  # the bot refreshes the public message after answering the modal
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Pass"])
    state = await state_now(h)
    assert state.owner["baltic_avenue"] == C and state.players[2].cash == 1475


async def test_bid_box_opens_only_while_a_bid_could_count(harness: Harness) -> None:
    """M-30: Bid… opens the amount box for a bidder; the high bidder, a bidder who passed, and a
    press on a message whose auction is over are told why at once, with no box to type into."""
    h = harness
    msg = await baltic_at_auction(h)
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Bid $1"])
    box = h.fake.buttons(msg)["Bid…"]
    high = await h.fake.click(BEA, msg, box)
    assert high.type == 4 and high.ephemeral and "high bidder" in high.content, high.content
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Pass"])
    passed = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Bid…"])
    assert passed.type == 4 and passed.ephemeral and "passed" in passed.content, passed.content
    assert (await h.fake.click(CAI, msg, h.fake.buttons(msg)["Bid…"])).type == 9  # Cai may still bid
    await h.fake.click(CAI, msg, h.fake.buttons(msg)["Pass"])
    assert (await state_now(h)).owner["baltic_avenue"] == B
    late = await h.fake.click(CAI, msg, box)
    assert late.type == 4 and late.ephemeral and "out of date" in late.content, late.content


async def test_rent_with_a_dividend(harness: Harness) -> None:
    h = harness
    await three_players(h)
    players = [
        {"name": A, "position": "free_parking"},
        {"name": B, "deeds": RED[1:], "buildings": {d: 4 for d in RED[1:]}},
        {"name": C, "deeds": ["kentucky_avenue"]},
    ]
    msg = await set_position(h, players, [(1, 2, 1)])
    answer = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert "dividend" in answer.text()
    state = await state_now(h)
    assert [p.cash for p in state.players] == [1500 - 925, 1500 + 925 - 92, 1500 + 92]


async def test_a_trade_by_mention_is_accepted(harness: Harness) -> None:
    h = harness
    await three_players(h)
    await set_position(h, [{"name": A, "deeds": ["boardwalk"]}, {"name": B, "deeds": ["park_place"]}, {"name": C}], [])
    builder = await h.fake.slash(HOST, "trade", {"player": {"user": BEA}})
    assert builder.ephemeral
    panel = builder.message
    assert "then **Send offer**: Bea answers in the channel." in h.fake.shown(panel), h.fake.shown(panel)
    give = h.fake.selects(panel)["Deeds you give…"]
    panel = (
        await h.fake.select(HOST, int(panel["id"]), give["custom_id"], ["boardwalk"], message=panel)
    ).message or panel
    cash = await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Cash and cards…"])
    assert cash.type == 9
    edited = await h.fake.submit_modal(
        HOST,
        cash.data["custom_id"],
        {"give_cash": "0", "get_cash": "100", "give_cards": "0", "get_cards": "0"},
        message=panel,
    )
    assert edited.type == 7 and "$100" in edited.text()  # the builder is updated in place, not repeated
    panel = edited.message or panel
    sent = await h.fake.click_in(HOST, panel, h.fake.buttons(panel)["Send offer"])
    assert sent.type == 7
    await h.fake.quiet()
    offer = h.fake.newest_with("Accept")  # the public offer
    content = h.fake.messages[offer]["content"]
    assert f"<@{BEA}>" in content and "Boardwalk" in content and "$100" in content
    # Posted as a follow-up of the Send press: no Send Messages permission needed in the channel.
    post = next(r for r in reversed(h.fake.requests) if "/webhooks/" in r[1] and r[0] == "POST")
    assert [str(u) for u in post[2]["allowed_mentions"]["users"]] == [str(BEA)]  # only the receiver is pinged
    stranger = await h.fake.click(CAI, offer, h.fake.buttons(offer)["Accept"])
    assert stranger.ephemeral
    accepted = await h.fake.click(BEA, offer, h.fake.buttons(offer)["Accept"])
    assert accepted.type == 7 and "Accepted by Bea" in accepted.content and not accepted.data.get("components")
    state = await state_now(h)
    assert state.owner["boardwalk"] == B and state.players[0].cash == 1600 and state.players[1].cash == 1400


async def test_a_debt_ending_in_bankruptcy(harness: Harness) -> None:
    h = harness
    await three_players(h)
    players = [
        {"name": A, "position": "free_parking", "cash": 100},
        {
            "name": B,
            "deeds": RED,
            "buildings": {"kentucky_avenue": 4, "indiana_avenue": 4, "illinois_avenue": 5, "michigan_avenue": 4},
        },
        {"name": C},
    ]
    msg = await set_position(h, players, [(1, 2, 1)])
    answer = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    assert "owes" in answer.text() and "$1,100" in answer.text()
    bankrupt = h.fake.buttons(msg)["Declare bankruptcy"]
    other = await h.fake.click(BEA, msg, bankrupt)  # M-36: only the debtor may; asked nothing
    assert other.ephemeral and "Declare bankruptcy?" not in other.content and other.content, other.content
    confirm = await h.fake.click(HOST, msg, bankrupt)
    assert confirm.ephemeral and "Declare bankruptcy?" in confirm.content
    done = await h.fake.click_in(HOST, confirm.message, h.fake.buttons(confirm.message)["Yes, declare bankruptcy"])
    assert done.type == 7
    await h.fake.quiet()
    state = await state_now(h)
    assert state.players[0].bankrupt and state.players[1].cash == 1600
    assert state.players[state.turn].name == B
    late = await h.fake.click(CAI, msg, bankrupt)  # the debt is gone: the old button is out of date
    assert late.ephemeral and "out of date" in late.content, late.content


async def test_a_restart_in_the_middle_of_an_auction_then_it_closes(harness: Harness) -> None:
    h = harness
    msg = await baltic_at_auction(h)
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Bid $10"])
    store = h.bot.service.store
    record = await store.games.live_in_channel(CHANNEL_ID)
    assert record.deadline_kind == "auction"
    await h.restart_after_deadline(record.id)  # the window runs out while the bot is down
    for _ in range(50):
        state = await state_now(h)
        if state.owner.get("baltic_avenue"):
            break
        await asyncio.sleep(0.05)
    assert state.owner.get("baltic_avenue") == B and state.players[1].cash == 1490
    await h.fake.quiet()
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    shown = h.fake.shown(record.message_id)
    assert "Baltic" in shown and "Bea" in shown  # the message tells who won the auction


async def test_the_debt_panel_says_what_a_mortgage_brings_and_what_it_pays(harness: Harness) -> None:
    """M-36, M-39: Ann owes more than her $20. The panel's main button and the select name the
    same amount for the same mortgage — what it brings, not the cash left once the debt is paid
    from it — and asking first says both: what she would have, and that it pays the debt."""
    import re

    from engine.mega.board import SPACES
    from tests.e2e.mega_table import debt_position

    h = harness
    await three_players(h)
    msg = await debt_position(h, HOST, BEA, C)
    owed = (await state_now(h)).queue[0].amount
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Raise $" + f"{owed - 20}…"])
    main = next(label for label in h.fake.buttons(panel.message) if label.startswith("Mortgage "))
    space = next(s for s in ("st_james_place", "tennessee_avenue", "new_york_avenue") if SPACES[s].name in main)
    value = SPACES[space].mortgage
    assert main == f"Mortgage {SPACES[space].name}: +${value}", main
    options = [o for s in h.fake.selects(panel.message).values() for o in s["options"] if o["value"] == space]
    assert options and options[0]["description"] == f"+${value} (mortgage)", options
    total = sum(SPACES[s].mortgage for s in ("st_james_place", "tennessee_avenue", "new_york_avenue"))
    assert f"raise up to ${total}" in h.fake.shown(panel.message), h.fake.shown(panel.message)
    ask = await h.fake.click_in(HOST, panel.message, h.fake.buttons(panel.message)[main])
    words = re.sub(r"\*\*", "", ask.content)
    assert f"for +${value}? You would have ${20 + value}." in words, words
    assert f"That pays the ${owed} you owe: ${20 + value - owed} left." in words, words


async def test_the_fourth_deed_is_settled_from_the_game_message(harness: Harness) -> None:
    """M-31 through Discord: Ann, building on three oranges, buys the fourth. The message names
    the streets in board order with their buildings now; each layout (button and select alike) is
    those numbers with what it costs, whole on the label; the highlighted one settles the group as
    its label says."""
    h = harness
    await three_players(h)
    oranges = ["st_james_place", "tennessee_avenue", "new_york_avenue"]
    ann = {"name": A, "position": "st_james_place", "deeds": oranges, "buildings": dict.fromkeys(oranges, 2)}
    msg = await set_position(h, [ann, {"name": B}, {"name": C}], [(1, 2, 1)])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])  # to New Jersey Avenue
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Buy $200"])
    await h.fake.quiet()
    shown = h.fake.shown(msg)
    order = "St. James Place · Tennessee Avenue · New York Avenue · New Jersey Avenue"
    assert f"Buildings on {order}: now 2 · 2 · 2 · 0." in shown, shown
    (select,) = h.fake.selects(h.fake.messages[msg]).values()
    assert order in select["placeholder"]
    options = {o["label"]: o["description"] for o in select["options"]}
    assert options["2 · 2 · 1 · 1"] == "free: the buildings only move", options
    main = next(label for label in h.fake.buttons(msg) if label.startswith("Settle "))
    levels, cost = main.removeprefix("Settle ").split(": ")
    assert cost == f"costs ${(sum(int(v) for v in levels.split(' · ')) - 6) * 100}", main
    await h.fake.click(HOST, msg, h.fake.buttons(msg)[main])
    state = await state_now(h)
    assert not state.queue, state.queue
    street_order = [*oranges, "new_jersey_avenue"]
    assert " · ".join(str(state.buildings.get(s, 0)) for s in street_order) == levels


async def test_the_auction_space_auctions_the_deed_its_button_names(harness: Harness) -> None:
    """M-21 through Discord: Ann lands on Auction; the highlighted button names a deed and its
    list price, and pressing it opens the auction of that deed; the select offers the groups
    with their unsold deeds."""
    from engine.mega.board import SPACES

    h = harness
    await three_players(h)
    msg = await set_position(h, [{"name": A}, {"name": B}, {"name": C}], [(6, 5, 3)])  # GO + 14
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await h.fake.quiet()
    assert "picks an unsold deed to auction" in h.fake.shown(msg)
    (select,) = h.fake.selects(h.fake.messages[msg]).values()
    assert any(o["label"] == "orange (4 unsold)" for o in select["options"]), select["options"]
    main = next(label for label in h.fake.buttons(msg) if label.startswith("Auction "))
    space = next(s for s, info in SPACES.items() if info.price and main == f"Auction {info.name} (list ${info.price})")
    await h.fake.click(HOST, msg, h.fake.buttons(msg)[main])
    state = await state_now(h)
    assert state.queue and state.queue[0].kind == "auction" and state.queue[0].space == space, state.queue


async def test_the_banks_last_house_is_contested_through_discord(harness: Harness) -> None:
    """M-29 through Discord: Ann builds with one house left in the bank while Bea could build too.
    The message says who wants it at what price and who may outbid; Ann's panel says why nothing
    else can be done meanwhile (M-27); Bea passes, Ann builds and pays, and both are told."""
    h = harness
    await three_players(h)
    oranges = ["st_james_place", "tennessee_avenue", "new_york_avenue"]
    players = [
        {"name": A, "deeds": oranges, "buildings": dict.fromkeys(oranges, 1)},
        {"name": B, "deeds": RED[1:]},
        {"name": C},
    ]
    msg = await set_position(h, players, [], bank={"houses": 1, "hotels": 12, "tickets": 16})
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Manage deeds"])
    build = h.fake.selects(panel.message)["Build…"]
    after = await h.fake.select(
        HOST, int(panel.message["id"]), build["custom_id"], ["st_james_place"], message=panel.message
    )
    assert "until the table is done waiting for bids" in h.fake.shown(after.message), h.fake.shown(after.message)
    # the panel says what the choice did, above the panel drawn again (not just a redrawn panel)
    assert after.data["content"].startswith("Done: The bank's last house"), after.data["content"]
    await h.fake.quiet()
    shown = h.fake.shown(msg)
    assert "The bank's last house: Ann builds it at $100 unless someone outbids." in shown, shown
    assert "Bea may outbid" in shown
    await h.fake.click(BEA, msg, h.fake.buttons(msg)["Pass"])
    await h.fake.quiet()
    told = h.fake.shown(msg)
    assert "Ann won the bank's last house for $100." in told and "Ann pays $100 (building)." in told, told
    state = await state_now(h)
    assert state.buildings["st_james_place"] == 2 and state.bank.houses == 0 and state.players[0].cash == 1400
