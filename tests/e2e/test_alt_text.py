"""Issue 30: every picture the bot posts carries alt text that says what it shows — the board's
positions, cash and deeds; the bingo table's owned cells (never a hidden number)."""

from __future__ import annotations

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users


async def _started(h: Harness, game: str) -> int:
    setup_users(h)
    lobby = await open_lobby(h, game)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    return lobby


async def test_the_board_picture_says_where_everyone_stands(harness: Harness) -> None:
    h = harness
    message = await _started(h, "mega")
    (attachment,) = h.fake.messages[message]["attachments"]
    text = attachment.get("description", "")
    assert "Mega Monopoly board" in text and "Ann: on GO, $1,500" in text and "Bea: on GO" in text, text
    assert len(text) <= 1024


async def test_the_bingo_picture_names_owned_cells_only(harness: Harness) -> None:
    h = harness
    message = await _started(h, "bingo")
    (attachment,) = h.fake.messages[message]["attachments"]
    text = attachment.get("description", "")
    assert "owned cells only" in text and "Ann owns 0 cells" in text, text
    record = await h.bot.service.store.games.live_in_channel(int(h.fake.messages[message]["channel_id"]))
    assert record is not None
    state = h.bot.service.state_of(record)
    hidden = {n for p in state.players for col in p.card.values() for n in col if n is not None}
    numbers = {int(w.strip("(),.;")) for w in text.split() if w.strip("(),.;").isdigit()}
    assert not numbers & hidden, "a hidden number in the public alt text"
