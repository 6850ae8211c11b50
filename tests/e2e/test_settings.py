"""House rules and server settings (issue 18): an admin sets a default, a non-admin may not, a
lobby picks the default up, the host overrides it before Start, and the game runs with it."""

from __future__ import annotations

import json

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, STRANGER, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID


async def test_server_defaults_lobby_overrides_and_the_game_uses_them(harness: Harness) -> None:
    h = harness
    setup_users(h)
    refused = await h.fake.slash(BEA, "settings", {"setting": "mega.starting_cash", "value": "2000"})
    assert refused.ephemeral and "Manage Server" in refused.content
    out_of_range = await h.fake.slash(HOST, "settings", {"setting": "turn_timeout", "value": "5"}, admin=True)
    assert out_of_range.ephemeral and "30–3600" in out_of_range.content
    saved = await h.fake.slash(HOST, "settings", {"setting": "mega.starting_cash", "value": "2000"}, admin=True)
    assert saved.ephemeral and "$2,000" in saved.content
    await h.fake.slash(HOST, "settings", {"setting": "mega.jail_fine", "value": "75"}, admin=True)
    listing = await h.fake.slash(HOST, "settings", {}, admin=True)
    assert "$2,000" in listing.text() and "M-4" in listing.text() and "default $1,500" in listing.text()

    lobby = await open_lobby(h)
    shown = json.dumps(h.fake.messages[lobby]["embeds"])
    assert "starting cash $2,000" in shown and "jail fine $75" in shown  # the lobby shows the house rules
    # The host overrides one option before Start; the players see it.
    panel = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Options…"])
    assert panel.ephemeral
    select = next(iter(h.fake.selects(panel.message).values()))
    modal = await h.fake.select(
        HOST, int(panel.message["id"]), select["custom_id"], ["mega.jail_fine"], message=panel.message
    )
    assert modal.type == 9
    bad = await h.fake.submit_modal(HOST, modal.data["custom_id"], {"value": "-3"})
    assert bad.ephemeral and "not allowed" in bad.content
    await h.fake.submit_modal(HOST, modal.data["custom_id"], {"value": "20"})
    await h.fake.quiet()
    assert "jail fine $20" in json.dumps(h.fake.messages[lobby]["embeds"])
    stranger = await h.fake.click(STRANGER, lobby, h.fake.buttons(lobby)["Options…"])
    assert stranger.ephemeral and stranger.content  # only the host
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    state = h.bot.service.state_of(record)
    assert [p.cash for p in state.players] == [2000, 2000]
    assert state.rules.jail_fine == 20
    rules = await h.fake.slash(BEA, "rules")
    assert "starting cash $2,000" in rules.text()
    # A new default does not change the running game.
    await h.fake.slash(HOST, "settings", {"setting": "mega.starting_cash", "value": "default"}, admin=True)
    assert h.bot.service.state_of(await h.bot.service.store.games.get(record.id)).rules.starting_cash == 2000


async def test_a_host_picks_an_on_off_or_choice_option_in_words(harness: Harness) -> None:
    """No typing "when_claimable" in a box: the option's values are a select, in words, in the
    same private panel; the lobby then shows the rule in play (B-11a here)."""
    h = harness
    setup_users(h)
    lobby = await open_lobby(h, "bingo")
    panel = await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Options…"])
    select = next(iter(h.fake.selects(panel.message).values()))
    now = {o["value"]: o.get("description") for o in select["options"]}
    # each option says its value in this lobby, in words ("through_cell / all" before)
    assert now["bingo.claim_window"] == "now: everyone is asked to claim", now
    assert now["turn_timeout"] == "now: 120 (30–3600)" and now["away_level"] == "now: normal", now
    values = await h.fake.select(
        HOST, int(panel.message["id"]), select["custom_id"], ["bingo.claim_window"], message=panel.message
    )
    assert values.type == 7 and values.message is not None  # the panel changes in place
    (choose,) = h.fake.selects(values.message).values()
    labels = {o["value"]: o["label"] for o in choose["options"]}
    assert labels == {
        "always": "everyone is asked to claim",
        "when_claimable": "only those who can claim are asked (the table learns who holds the number)",
    }
    done = await h.fake.select(
        HOST, int(values.message["id"]), choose["custom_id"], ["when_claimable"], message=values.message
    )
    assert done.type == 7 and "Changed: Bingo: who is asked to claim" in str(done.data.get("content"))
    await h.fake.quiet()
    assert "House rules: only those who can claim are asked" in json.dumps(h.fake.messages[lobby]["embeds"])
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert record is not None and record.lobby.options["claim_window"] == "when_claimable"


async def test_games_only_in_the_allowed_channels(harness: Harness) -> None:
    h = harness
    setup_users(h)
    await h.fake.slash(HOST, "settings", {"setting": "channels", "value": f"<#{CHANNEL_ID + 5}>"}, admin=True)
    refused = await h.fake.slash(BEA, "start", {"game": "bingo"})
    assert refused.ephemeral and "may not be started in this channel" in refused.content
    await h.fake.slash(HOST, "settings", {"setting": "channels", "value": f"{CHANNEL_ID}"}, admin=True)
    allowed = await h.fake.slash(BEA, "start", {"game": "bingo"})
    assert not allowed.ephemeral


async def test_a_game_in_its_own_thread_and_the_thread_closing_ends_it(harness: Harness) -> None:
    h = harness
    setup_users(h)
    await h.fake.slash(HOST, "settings", {"setting": "threads", "value": "on"}, admin=True)
    opened = await h.fake.slash(HOST, "start", {"game": "mega"})
    (thread_id,) = h.fake.threads
    assert not opened.ephemeral and opened.content == f"Ann opened a Mega Monopoly lobby in <#{thread_id}>."
    record = await h.bot.service.store.games.live_in_channel(thread_id)
    assert record is not None and record.channel_id == thread_id
    assert await h.bot.service.store.games.live_in_channel(CHANNEL_ID) is None  # the channel stays free
    lobby = record.message_id
    from_channel = await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"], channel_id=CHANNEL_ID)
    assert from_channel.ephemeral  # a click must come from the game's thread
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"], channel_id=thread_id)
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"], channel_id=thread_id)
    assert (await h.bot.service.store.games.get(record.id)).status == "active"
    await h.fake.delete_thread(thread_id)
    for _ in range(100):
        if (await h.bot.service.store.games.get(record.id)).status == "finished":
            break
        import asyncio

        await asyncio.sleep(0.05)
    assert (await h.bot.service.store.games.get(record.id)).status == "finished"


async def test_an_archived_thread_cancels_its_lobby(harness: Harness) -> None:
    import asyncio

    h = harness
    setup_users(h)
    await h.fake.slash(HOST, "settings", {"setting": "threads", "value": "on"}, admin=True)
    await h.fake.slash(HOST, "start", {"game": "bingo"})
    (thread_id,) = h.fake.threads
    record = await h.bot.service.store.games.live_in_channel(thread_id)
    await h.fake.archive_thread(thread_id)
    for _ in range(100):
        if (await h.bot.service.store.games.get(record.id)).status == "cancelled":
            break
        await asyncio.sleep(0.05)
    assert (await h.bot.service.store.games.get(record.id)).status == "cancelled"
