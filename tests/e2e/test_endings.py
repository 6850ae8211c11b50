"""Every way a game can end, end to end through the bot, for both games (issue 41): the log of the
finished game replays to exactly the state it is stored as having ended in, and the game has its
result, its story and (with two people at the table) ratings.

Ways of ending: the rules' own end (bingo's winner; Mega's round limit, M-42), `/monopoly stop`
(M-42's asset count), a resignation that leaves one player (Mega: bankruptcy to the bank), only
computers left after every person was removed for missed turns or asked to be forgotten, and the
game's thread archived or deleted."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import bot.lobby as lobby_module
from bot.records import Records, tell_to_the_end
from engine import games, replay
from engine.core.story import ENDS_GAME, digest
from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, setup_users
from tests.fakediscord.server import CHANNEL_ID

KINDS = ("mega", "bingo")
PEOPLE = (HOST, BEA)


async def _started(h: Harness, kind: str, computers: int = 0, options: dict[str, Any] | None = None) -> int:
    """Ann and Bea (and `computers` computer seats) at a started table; returns the game's id."""
    setup_users(h)
    h.bot.tables.computers.delay_s = 30.0  # the computers wait: the test decides when the game moves
    answer = await h.fake.slash(HOST, "start", {"game": kind, **(options or {})})
    assert answer.message is not None
    lobby = int(answer.message["id"])
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    for _ in range(computers):
        await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    assert record is not None and record.status == "active"
    return int(record.id)


async def _recorded(h: Harness, game_id: int, rated: bool = True) -> None:
    """The finished game replays to its stored end and has its result, story and ratings."""
    store = h.bot.service.store
    for _ in range(100):
        record = await store.games.get(game_id)
        if record is not None and record.status == "finished" and await store.records.game_result(game_id) is not None:
            break
        await asyncio.sleep(0.05)
    assert record is not None and record.status == "finished"
    assert record.state_json is not None
    moves = [(e.actor, e.action, e.events) for e in await store.games.log(game_id)]
    story, reached = tell_to_the_end(record, moves)
    assert reached == moves, "the log as stored reaches the end, with nothing to mend"
    assert story is not None
    assert story.ends_at == digest(games.game(record.kind).load_state(record.state_json))
    result = await store.records.game_result(game_id)
    assert result is not None, "the finished game got its result"
    assert result.story_json and '"standings"' in result.story_json
    rows = {r.user_id for uid in PEOPLE for r in await store.records.player_results(record.guild_id, uid)}
    assert rows == set(PEOPLE), "every person's result is kept"
    for uid in PEOPLE:
        rating = await store.records.rating(record.guild_id, record.kind, uid)
        assert (rating is not None and rating.games == 1) if rated else rating is None
    await h.fake.quiet()


async def _miss_turn(h: Harness, game_id: int) -> None:
    """The game's deadline passes, exactly as the bot's timer settles it."""
    record = await h.bot.service.store.games.get(game_id)
    assert record is not None
    outcome = await h.bot.tables.deadlines.on_deadline(game_id, record.version)
    if outcome is not None:
        await h.bot.on_timer(outcome)


async def _play_out(h: Harness, game_id: int, limit: int = 2_000) -> None:
    """The people play the rules' way to the end (as a normal computer would play for them); a
    timed window nobody answers runs out."""
    service = h.bot.service
    for _ in range(limit):
        record = await service.store.games.get(game_id)
        assert record is not None
        if record.status != "active":
            return
        state = service.state_of(record)
        moves = [
            (p, games.game(record.kind).computer(state, p, "normal", games.seeded(state, p)))
            for p in games.game(record.kind).to_act(state)
        ]
        player, move = next(((p, m) for p, m in moves if m is not None), (None, None))
        if move is None:
            await _miss_turn(h, game_id)
        else:
            await service.act(game_id, player, move, record.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("kind", KINDS)
async def test_a_game_the_host_stops_is_recorded(harness: Harness, kind: str) -> None:
    game_id = await _started(harness, kind)
    await harness.fake.slash(HOST, "stop")
    await _recorded(harness, game_id)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_game_whose_last_rival_resigns_is_recorded(harness: Harness, kind: str) -> None:
    """Mega: resigning is bankruptcy to the bank (M-41); bingo: the resigned player is out."""
    h = harness
    game_id = await _started(h, kind)
    await h.bot.service.act(game_id, str(BEA), games.game(kind).resign(str(BEA)), None)
    await _recorded(h, game_id)


@pytest.mark.parametrize("kind", KINDS)
async def test_only_computers_left_after_missed_turns_and_forget_me_is_recorded(harness: Harness, kind: str) -> None:
    """The issue's case: the people go out (Ann removed for a missed turn, Bea asks to be
    forgotten), two computers are left, the bot ends the game, and the result is recorded."""
    h = harness
    game_id = await _started(h, kind, computers=2, options={"missed_turns": 1})
    for _ in range(20):  # the first seat is Ann's: her turn (or window) runs out once, she is removed
        record = await h.bot.service.store.games.get(game_id)
        assert record is not None
        if str(HOST) not in games.game(kind).in_play(h.bot.service.state_of(record)):
            break
        await _miss_turn(h, game_id)
    asked = await h.fake.slash(BEA, "forget-me")
    assert asked.ephemeral and asked.message is not None
    buttons = {c["label"]: c["custom_id"] for row in asked.data["components"] for c in row["components"]}
    await h.fake.click_in(BEA, asked.message, buttons["Forget me"])
    store = h.bot.service.store
    for _ in range(100):
        record = await store.games.get(game_id)
        if record is not None and record.status == "finished":
            break
        await asyncio.sleep(0.05)
    assert record is not None and record.status == "finished", "only computers were left"
    last = (await store.games.log(game_id))[-1].action
    assert last.get(ENDS_GAME) == "only_computers", "the log says the bot ended the game there"
    result = None
    for _ in range(100):
        result = await store.records.game_result(game_id)
        if result is not None:
            break
        await asyncio.sleep(0.05)
    assert result is not None, "the finished game got its result and story"
    rows = await store.records.player_results(record.guild_id, HOST)
    assert [r.game_id for r in rows] == [game_id], "Ann's result is kept (Bea asked to be forgotten)"
    await h.fake.quiet()


@pytest.mark.parametrize("kind", KINDS)
async def test_only_computers_left_after_every_person_missed_turns_is_recorded(harness: Harness, kind: str) -> None:
    h = harness
    game_id = await _started(h, kind, computers=2, options={"missed_turns": 1})
    service = h.bot.service
    for _ in range(40):
        record = await service.store.games.get(game_id)
        assert record is not None
        if record.status != "active":
            break
        waiting = games.game(kind).to_act(service.state_of(record))
        if any(p in waiting for p in map(str, PEOPLE)):
            await _miss_turn(h, game_id)
        else:  # a computer's turn: it plays it now
            await _computer_moves(h, game_id, record.version)
    await _recorded(h, game_id)


async def _computer_moves(h: Harness, game_id: int, version: int) -> None:
    """A computer seat to act moves (as the bot's scheduler would, without its delay)."""
    service = h.bot.service
    record = await service.store.games.get(game_id)
    assert record is not None and record.version == version
    state = service.state_of(record)
    for seat in games.game(record.kind).to_act(state):
        move = games.game(record.kind).computer(state, seat, "normal", games.seeded(state, seat))
        if move is not None:
            await service.act(game_id, seat, move, version)
            return
    await _miss_turn(h, game_id)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_game_played_to_its_end_is_recorded(
    harness: Harness, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bingo to its winner; Mega to its round limit (M-42's asset count after one round). The game's
    seed is fixed, so the same game is played every run: with a fresh seed one two-player bingo game
    in about 130 outlasts the 2,000 moves `_play_out` allows (measured: 3 of 400 engine games)."""
    monkeypatch.setattr(lobby_module.secrets, "randbits", lambda bits: 20261204)
    h = harness
    setup_users(h)
    if kind == "mega":
        await h.fake.slash(HOST, "settings", {"setting": "mega.round_limit", "value": "2"}, admin=True)
    game_id = await _started(h, kind)
    await _play_out(h, game_id)
    await _recorded(h, game_id)


@pytest.mark.parametrize(("kind", "how"), [(k, w) for k in KINDS for w in ("archive", "delete")])
async def test_a_game_whose_thread_closes_is_recorded(harness: Harness, kind: str, how: str) -> None:
    h = harness
    setup_users(h)
    await h.fake.slash(HOST, "settings", {"setting": "threads", "value": "on"}, admin=True)
    await h.fake.slash(HOST, "start", {"game": kind})
    (thread,) = h.fake.threads
    record = await h.bot.service.store.games.live_in_channel(thread)
    assert record is not None
    lobby = record.message_id
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"], channel_id=thread)
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"], channel_id=thread)
    await (h.fake.archive_thread(thread) if how == "archive" else h.fake.delete_thread(thread))
    await _recorded(h, record.id)


async def test_rebuilding_recovers_a_game_that_ended_with_only_computers_before_the_fix(harness: Harness) -> None:
    """A game the bot ended for only computers before the end was marked in its log (its last
    move unmarked) gets its result back from `python -m bot.records --rebuild`."""
    h = harness
    game_id = await _started(h, "mega", computers=2, options={"missed_turns": 1})
    await h.bot.service.act(game_id, str(BEA), games.game("mega").resign(str(BEA)), None)
    await h.bot.service.act(game_id, str(HOST), games.game("mega").resign(str(HOST)), None)
    store = h.bot.service.store
    await h.fake.quiet()
    assert (await store.records.game_result(game_id)) is not None
    unmarked = await _unmark_last_move(h, game_id)
    assert ENDS_GAME not in unmarked
    records = Records(store)
    total, recorded = await records.rebuild()
    assert (total, recorded) == (1, 1), "the old log is told to its end again"
    record = await store.games.get(game_id)
    assert record is not None
    moves = [(e.actor, e.action, e.events) for e in await store.games.log(game_id)]
    story, mended = tell_to_the_end(record, moves)
    assert story is not None and mended != moves and ENDS_GAME in mended[-1][1]
    answer = await h.fake.slash(HOST, "replay")  # and its replay file verifies from the seed
    ok, state = replay.verify(json.loads(h.fake.file_data[answer.data["_files"][0]]))
    assert ok and state.over


async def _unmark_last_move(h: Harness, game_id: int) -> dict[str, Any]:
    """The game's log as the bot wrote it before the fix: its last move without ENDS_GAME."""
    import sqlite3

    from bot.store.archive import pack, unpack

    db = sqlite3.connect(h.db)
    (blob,) = db.execute("SELECT data FROM action_archives WHERE game_id = ?", (game_id,)).fetchone()
    entries = unpack(game_id, bytes(blob))
    entries[-1] = entries[-1].model_copy(
        update={"action": {k: v for k, v in entries[-1].action.items() if k != ENDS_GAME}}
    )
    rows = [(e.seq, e.actor, json.dumps(e.action), json.dumps(e.events), e.at) for e in entries]
    db.execute("UPDATE action_archives SET data = ? WHERE game_id = ?", (pack(rows), game_id))
    db.commit()
    db.close()
    return entries[-1].action
