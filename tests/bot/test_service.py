"""The service and timers without Discord: deadlines survive a restart; a crash loses nothing
that was acknowledged."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import Outcome, ServiceError
from bot.store import LobbyPlayer, SqliteStore
from bot.tables import Tables
from bot.timers import Timers
from engine import games
from tests.stored import opened_lobby, put_state, started_game

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    """The test's game database (closed at teardown, whatever the test did)."""
    opened = SqliteStore(tmp_path / "g.db")
    await opened.open()
    yield opened
    if opened.connection.is_open:
        await opened.close()


@pytest.fixture
async def tables(store: SqliteStore, clock: Clock) -> AsyncIterator[Tables]:
    """Service, lobbies, computer seats and deadlines over the test's store."""
    made = Tables.over(store, clock)
    made.computers.delay_s = 3600  # computer seats stay still unless a test lets them move
    yield made
    await made.close()


async def _running_game(tables: Tables, store: SqliteStore, kind: str = "mega") -> int:
    outcome = await started_game(tables, kind=kind)
    # Tests choose the dice: a real game never does.
    state = outcome.state.model_copy(update={"fixed_dice": True})
    await put_state(store, outcome.record, state)
    return outcome.record.id


async def test_an_auction_deadline_survives_a_restart_and_then_closes(
    tmp_path: Path, tables: Tables, store: SqliteStore, clock: Clock
) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    out = await service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, None)
    out = await service.act(gid, "11", {"do": "decline"}, out.record.version)
    assert out.record.deadline_kind == "auction" and out.record.deadline == clock.now + 15
    out = await service.act(gid, "22", {"do": "bid", "amount": 10}, out.record.version)
    await store.close()  # the process stops here

    clock.now += 100  # and comes back after the window has passed
    again = SqliteStore(tmp_path / "g.db")
    await again.open()
    fired: list[Outcome] = []

    async def on_fired(o: Outcome) -> None:
        fired.append(o)

    restarted = Tables.over(again, clock)
    timers = Timers(restarted.deadlines, on_fired, clock=clock)
    restarted.service.on_saved.append(timers.on_saved)
    try:
        assert await timers.restore() == 1
        for _ in range(50):
            if fired:
                break
            await asyncio.sleep(0.02)
        assert fired, "the restored deadline did not fire"
        state = fired[0].state
        assert state.owner["baltic_avenue"] == "22"
        assert games.game("mega").waiting_for(state) == "end_turn"
        assert fired[0].record.deadline_kind == "turn"  # the next deadline is the turn timer
    finally:
        await timers.close()
        await again.close()


async def test_a_turn_deadline_takes_the_safe_default(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    out = await service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, None)
    assert out.record.deadline_kind == "turn"
    timed = await tables.deadlines.on_deadline(gid, out.record.version)
    assert timed is not None and games.game("mega").waiting_for(timed.state) == "auction"  # declined the purchase
    assert await tables.deadlines.on_deadline(gid, out.record.version) is None  # an old deadline does nothing


async def test_stale_versions_and_strangers_are_refused(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    with pytest.raises(ServiceError) as err:
        await service.act(gid, "99", {"do": "roll"}, record.version)  # type: ignore[union-attr]
    assert err.value.key == "not_in_game"
    with pytest.raises(ServiceError) as err:
        await service.act(gid, "11", {"do": "roll"}, record.version - 1)  # type: ignore[union-attr]
    assert err.value.key == "stale"
    both = await asyncio.gather(
        service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, record.version),  # type: ignore[union-attr]
        service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, record.version),  # type: ignore[union-attr]
        return_exceptions=True,
    )
    assert sum(isinstance(b, Outcome) for b in both) == 1
    assert sum(isinstance(b, ServiceError) and b.key == "stale" for b in both) == 1


WORKER = textwrap.dedent(
    """
    import asyncio, sys
    sys.path.insert(0, {root!r})
    from bot.store import LobbyPlayer, SqliteStore
    from bot.tables import Tables
    from engine import games

    async def new_game(tables, channel):
        rec = await tables.lobbies.open_lobby(guild_id=1, channel_id=channel, kind="bingo",
                                              host=LobbyPlayer(id=1, name="a"), locale="en", options={{}},
                                              turn_timeout_s=60, missed_turn_limit=3)
        await tables.lobbies.join(rec.id, LobbyPlayer(id=2, name="b"))
        return rec, await tables.service.start(rec.id, 1)

    async def main():
        store = SqliteStore({db!r})
        await store.open()
        tables = Tables.over(store)
        service = tables.service
        channel = 2
        rec, out = await new_game(tables, channel)
        bingo = games.game("bingo")
        while True:
            state = out.state
            if state.over:  # never fall silent: the test would wait for a move that never comes
                channel += 1
                rec, out = await new_game(tables, channel)
                continue
            actor = bingo.to_act(state)[0]
            safe = bingo.safe_action(state, actor)
            out = await service.act(rec.id, actor if safe else None, safe or bingo.window(state).closes_with, None)
            print("ACK", rec.id, out.record.version, flush=True)

    asyncio.run(main())
    """
)
FIRST_ACK_S, NEXT_ACK_S = 60, 30  # the worker starts Python and the bot's imports first; CI is loaded


async def test_killing_the_process_loses_nothing_acknowledged(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    script = tmp_path / "worker.py"
    script.write_text(WORKER.format(root=str(ROOT), db=str(db)), encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(sys.executable, str(script), stdout=asyncio.subprocess.PIPE)
    acks = game = acked = 0
    assert proc.stdout is not None
    while acks < 40:  # forty acknowledged moves
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), NEXT_ACK_S if acks else FIRST_ACK_S)
        except TimeoutError:
            proc.kill()
            raise AssertionError(f"the worker fell silent after {acks} moves (game {game} at {acked})") from None
        assert line, "the worker stopped early"
        game, acked = (int(word) for word in line.split()[1:])
        acks += 1
    os.kill(proc.pid, signal.SIGKILL)
    await proc.wait()
    store = SqliteStore(db)
    await store.open()  # closed at teardown (tests/conftest.py)
    record = await store.games.get(game)
    assert record is not None and record.version >= acked
    seqs = [e.seq for e in await store.games.log(record.id)]
    assert set(range(2, acked + 1)) <= set(seqs)  # the start and every acknowledged action are logged
    state: Any = games.game("bingo").load_state(record.state_json or "")
    # Versions: 0 the lobby, 1 the join, 2 the start; each action then moves record and state together.
    assert state.version == record.version - 2


async def test_away_player_is_taken_over_by_the_computer(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    lobby = record.lobby.model_copy(update={"away": "computer"})  # type: ignore[union-attr]
    await store.games.save(record.model_copy(update={"lobby": lobby}), expected_version=record.version)  # type: ignore[union-attr]
    out = await service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, None)  # Baltic, $60
    timed = await tables.deadlines.on_deadline(gid, out.record.version)
    assert timed is not None and timed.state.owner.get("baltic_avenue") == "11"  # bought, not declined


async def test_a_game_with_only_computers_left_ends(tables: Tables, store: SqliteStore) -> None:
    from engine.bingo.conformance import setup_state
    from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C

    service = tables.service
    record = await opened_lobby(tables, kind="bingo")
    await tables.lobbies.add_computer(record.id, 11)
    await tables.lobbies.add_computer(record.id, 11)
    started = await service.start(record.id, 11)
    # The human is about to be hit while owning nothing (B-13): they will be out.
    state = setup_state(
        {
            "game": "bingo",
            "options": {},
            "setup": {
                "players": [
                    {"name": "11", "card": CARD_A},
                    {"name": "-1", "card": CARD_B, "owned": ["B2"]},
                    {"name": "-2", "card": CARD_C},
                ],
                "deck": ["7", "10"],
            },
        }
    )
    await put_state(store, started.record, state)
    out = await service.act(record.id, "11", {"do": "draw"}, None)
    out = await service.act(record.id, "11", {"do": "declare", "number": 7}, out.record.version)
    if games.game("bingo").waiting_for(out.state) == "claims":
        out = await service.act(record.id, None, {"do": "close_claims"}, out.record.version)
    assert out.state.players[0].eliminated
    assert out.record.status == "finished" and out.state.over


async def test_missed_turns_remove_the_player_and_acting_resets_the_count(
    tables: Tables, store: SqliteStore, clock: Clock
) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    lobby = record.lobby.model_copy(update={"missed_turn_limit": 2})  # type: ignore[union-attr]
    record = await store.games.save(record.model_copy(update={"lobby": lobby}), expected_version=record.version)  # type: ignore[union-attr]
    first = await tables.deadlines.on_deadline(gid, record.version)  # Ann misses: the timer rolls for her
    assert first is not None and first.record.lobby.missed == {"11": 1}
    # Ann acts herself: the count starts over.
    state = first.state
    move = "end_turn" if games.game("mega").waiting_for(state) == "end_turn" else None
    if move is None:
        choice = games.game("mega").safe_action(state, "11")
        again = await service.act(gid, "11", choice, first.record.version)
    else:
        again = await service.act(gid, "11", {"do": move}, first.record.version)
    assert "11" not in again.record.lobby.missed
    # Keep letting the timers run: whoever misses twice in a row is removed, and nobody earlier.
    current = again
    for _ in range(30):
        before = current.record.lobby.missed
        kind = current.record.deadline_kind
        player = games.game("mega").to_act(current.state)[0] if kind == "turn" else None
        nxt = await tables.deadlines.on_deadline(gid, current.record.version)
        assert nxt is not None
        out = [p.name for p in nxt.state.players if p.bankrupt]
        if out:
            assert out == [player] and before.get(player) == 1
            break
        current = nxt
    else:
        raise AssertionError("nobody was removed after 30 deadlines")


async def test_offers_expire_on_their_own_as_logged_withdrawals(
    tables: Tables, store: SqliteStore, clock: Clock
) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    out = await service.act(
        gid,
        "22",
        {"do": "propose_trade", "to": "11", "give": {"cash": 10}, "get": {}},
        record.version,  # type: ignore[union-attr]
    )
    offer_id = out.state.trades[0].id
    assert out.record.lobby.offers == {str(offer_id): clock.now + 600}
    assert out.record.deadline_kind == "turn"  # the turn timer (120 s) comes before the offer's 600 s
    clock.now += 601
    moved = await service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, out.record.version)
    assert moved.state.trades == [] and moved.record.lobby.offers == {}
    log = await store.games.log(gid)
    # The offer past its time goes first: the move is made on a table without it.
    assert [(e.actor, e.action["do"]) for e in log[-2:]] == [("22", "withdraw_trade"), ("11", "roll")]
    assert log[-2].action["offer"] == offer_id and log[-2].action["reason"] == "expired"


async def test_an_accept_after_the_offer_expired_is_refused_before_its_timer_fires(
    tables: Tables, store: SqliteStore, clock: Clock
) -> None:
    """Issue 29: the expiry's timer is late (or the bot just restarted): the Accept still finds the
    offer expired, and nothing changes hands."""
    from engine.core.errors import IllegalAction

    gid = await _running_game(tables, store)
    service = tables.service
    out = await service.act(gid, "22", {"do": "propose_trade", "to": "11", "give": {"cash": 10}, "get": {}}, None)
    offer_id = out.state.trades[0].id
    cash = {p.name: p.cash for p in out.state.players}
    clock.now += 601  # past the offer's 600 s; no deadline has fired
    with pytest.raises(IllegalAction) as refused:
        await service.act(gid, "11", {"do": "accept_trade", "from": "22", "offer": offer_id}, None)
    assert refused.value.code == "offer_closed"
    record = await store.games.get(gid)
    assert record is not None
    state = service.state_of(record)
    assert state.trades == [] and {p.name: p.cash for p in state.players} == cash
    last = (await store.games.log(gid))[-1]
    assert (last.actor, last.action["do"], last.action["reason"]) == ("22", "withdraw_trade", "expired")
    fate = await service.offer_fate(gid, offer_id)
    assert fate is not None and fate.key == "trade.fate.expired"


async def test_an_offer_deadline_with_nothing_to_withdraw_only_moves_the_deadline(
    tables: Tables, store: SqliteStore, clock: Clock
) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    lobby = record.lobby.model_copy(update={"offer_lifetime_s": 5, "turn_timeout_s": 60})  # type: ignore[union-attr]
    record = await store.games.save(record.model_copy(update={"lobby": lobby}), expected_version=record.version)  # type: ignore[union-attr]
    out = await service.act(gid, "22", {"do": "propose_trade", "to": "11", "give": {"cash": 10}, "get": {}}, None)
    assert out.record.deadline_kind == "offer" and out.record.deadline == clock.now + 5
    answered = await service.act(gid, "11", {"do": "reject_trade", "from": "22"}, None)
    assert answered.record.lobby.offers == {} and answered.record.deadline_kind == "turn"
    version = answered.record.version
    clock.now += 10
    rescheduled = await service.reschedule(answered.record, answered.state)
    assert rescheduled.record.version == version and rescheduled.record.deadline_kind == "turn"
    assert (await store.games.get(gid)).version == version  # type: ignore[union-attr]


async def test_only_bids_restart_the_auction_countdown(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    gid = await _running_game(tables, store)
    service = tables.service
    out = await service.act(gid, "11", {"do": "roll", "dice": [1, 2, "mr"]}, None)
    out = await service.act(gid, "11", {"do": "decline"}, out.record.version)
    opened = out.record.deadline
    clock.now += 5
    out = await service.act(gid, "22", {"do": "propose_trade", "to": "11", "give": {"cash": 5}, "get": {}}, None)
    assert out.record.deadline == opened  # not a bid: the window keeps its end
    clock.now += 5
    out = await service.act(gid, "22", {"do": "bid", "amount": 10}, None)
    assert out.record.deadline == clock.now + 15  # a bid restarts it


async def test_claims_do_not_extend_the_claim_window(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    from engine.bingo.conformance import setup_state
    from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C

    service = tables.service
    rec = await opened_lobby(tables, kind="bingo", host=LobbyPlayer(id=1, name="a"))
    for uid in (2, 3):
        await tables.lobbies.join(rec.id, LobbyPlayer(id=uid, name=str(uid)))
    started = await service.start(rec.id, 1)
    state = setup_state(
        {
            "game": "bingo",
            "options": {},
            "setup": {
                "players": [
                    {"name": "1", "card": CARD_A},
                    {"name": "2", "card": CARD_B},
                    {"name": "3", "card": CARD_C},
                ],
                "deck": ["7", "10"],
            },
        }
    )
    saved = await put_state(store, started.record, state)
    out = await service.act(rec.id, "1", {"do": "draw"}, saved.version)
    out = await service.act(rec.id, "1", {"do": "declare", "number": 7}, out.record.version)
    assert out.record.deadline_kind == "claims"
    opened = out.record.deadline
    clock.now += 4
    out = await service.act(rec.id, "2", {"do": "claim"}, None)
    assert out.record.deadline == opened


async def test_the_next_bank_auction_gets_its_own_countdown(tables: Tables, store: SqliteStore, clock: Clock) -> None:
    from engine.mega.conformance import setup_state

    gid = await _running_game(tables, store)
    service = tables.service
    record = await store.games.get(gid)
    state = setup_state(
        {
            "game": "mega",
            "options": {},
            "setup": {
                "players": [
                    {"name": "11"},
                    {"name": "22", "cash": 10, "position": "birthday_gift", "deeds": ["reading_railroad", "boardwalk"]},
                    {"name": "33"},  # a third seat, so the game goes on after the bankruptcy
                ],
                "turn": "22",
            },
        }
    )
    await put_state(store, record, state)
    out = await service.act(gid, "22", {"do": "roll", "dice": [1, 2, "mr"]}, None)  # luxury tax: a debt
    out = await service.act(gid, "22", {"do": "bankrupt"}, None)  # bank auctions: Reading Railroad first
    first = out.record.deadline
    clock.now += 10
    out = await service.act(gid, None, {"do": "close_auction"}, None)  # then Boardwalk
    assert out.state.queue[0].space == "boardwalk"
    assert out.record.deadline == clock.now + 15 and out.record.deadline != first


async def test_the_parsed_state_cache_is_bounded_and_stays_right(tables: Tables, store: SqliteStore) -> None:
    """A long-running bot keeps the parsed states of the games played lately only."""
    service = tables.service
    service.state_cache = 2
    ids = []
    for channel in range(5):
        ids.append((await started_game(tables, channel=10 + channel)).record.id)
    assert len(service._states) == 2 and list(service._states) == ids[-2:]
    for gid in ids:  # an evicted game is parsed again from the store, at its stored version
        record = await store.games.get(gid)
        assert record is not None
        assert service.state_of(record).model_dump_json() == record.state_json
        out = await service.act(gid, "11", {"do": "roll"}, record.version)
        assert out.record.version == record.version + 1
    assert len(service._states) == 2


async def _computer_mortgaging_on_its_turn(
    tables: Tables, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> tuple[Any, Any]:
    """Ann and a computer (-1) on its turn, whose every move mortgages Baltic Avenue or lifts it
    again: a move that keeps it to act. The saved record and its state."""
    from engine.mega.conformance import setup_state

    record = await opened_lobby(tables)
    await tables.lobbies.add_computer(record.id, 11)
    started = await tables.service.start(record.id, 11)
    state = setup_state(
        {
            "game": "mega",
            "options": {},
            "setup": {"players": [{"name": "11"}, {"name": "-1", "deeds": ["baltic_avenue"]}], "turn": "-1"},
        }
    )
    saved = await put_state(store, started.record, state)
    mega = games.game("mega")

    def mortgage_or_lift(state: Any, player: str, level: str, rng: object) -> object:
        do = "unmortgage" if "baltic_avenue" in state.mortgaged else "mortgage"
        return mega.parse_action({"do": do, "space": "baltic_avenue"})

    monkeypatch.setattr(mega, "computer", mortgage_or_lift)
    return saved, state


async def test_a_computer_going_round_in_circles_plays_safe_and_moves_the_game_on(
    tables: Tables, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer seat that mortgages and lifts one deed over and over (hard once did, issue 39)
    would hold its table for ever: past `moves_per_turn` moves in one turn it plays the timer's
    safe move (here the roll) instead."""
    saved, _ = await _computer_mortgaging_on_its_turn(tables, store, monkeypatch)
    tables.computers.moves_per_turn = 6
    version = saved.version
    for _ in range(8):
        outcome = await tables.computers._play(saved.id, version)
        assert outcome is not None
        version = outcome.record.version
    moves = [e.action.get("do") for e in await store.games.log(saved.id) if e.actor == "-1"]
    assert moves[-8:-2] == ["mortgage", "unmortgage"] * 3 and moves[-2] == "roll", moves


async def test_a_computer_move_is_still_told_when_a_newer_move_is_saved_meanwhile(
    tables: Tables, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a computer's move is saved, its seat's task sends the message update (and a trade's
    public offer). A move saved meanwhile (a click) schedules the computer's next move; it once
    cancelled that telling too, so the table never saw the move."""
    saved, state = await _computer_mortgaging_on_its_turn(tables, store, monkeypatch)
    computers = tables.computers
    first = saved.version
    # The computer is to move at the first version and again after the "click" below, not in between.
    moves_at = {first, first + 2}
    monkeypatch.setattr(computers, "to_move", lambda rec, st: "-1" if rec.version in moves_at else None)
    began: list[int] = []
    told: list[int] = []
    gate = asyncio.Event()

    async def tell(outcome: Outcome) -> None:
        began.append(outcome.record.version)
        await gate.wait()
        told.append(outcome.record.version)

    tables.service.on_background.append(tell)
    computers.delay_s = 0
    computers.schedule(Outcome(saved, state, []))
    async with asyncio.timeout(10):
        while began != [first + 1]:
            await asyncio.sleep(0.01)
        # A click saves the next version and, through the commit hook, schedules the computer again.
        clicked = await store.games.get(saved.id)
        assert clicked is not None
        clicked = await put_state(store, clicked, tables.service.state_of(clicked))
        computers.schedule(Outcome(clicked, tables.service.state_of(clicked), []))
        while began != [first + 1, first + 3]:
            await asyncio.sleep(0.01)
        gate.set()
    for _ in range(100):  # a second for the tellings to end
        await asyncio.sleep(0.01)
        if told == began:
            break
    assert told == began, "a move the table was never told of"


async def test_a_computer_move_saved_as_the_table_closes_is_still_told(
    tables: Tables, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database commits a computer's move even when the task waiting on it is cancelled. The
    bot's shutdown (`close`) once cancelled a move at that moment: saved, and never shown."""
    saved, state = await _computer_mortgaging_on_its_turn(tables, store, monkeypatch)
    computers = tables.computers
    monkeypatch.setattr(computers, "to_move", lambda rec, st: "-1" if rec.version == saved.version else None)
    told: list[int] = []

    async def tell(outcome: Outcome) -> None:
        told.append(outcome.record.version)

    tables.service.on_background.append(tell)
    commit = store.games.save
    closing: list[asyncio.Task[None]] = []

    async def save(*args: Any, **kwargs: Any) -> Any:
        done = await commit(*args, **kwargs)
        if not closing:  # the table closes while the commit's answer is on its way
            closing.append(asyncio.get_running_loop().create_task(computers.close()))
            await asyncio.sleep(0)
        return done

    monkeypatch.setattr(store.games, "save", save)
    computers.delay_s = 0
    computers.schedule(Outcome(saved, state, []))
    async with asyncio.timeout(10):
        while not closing:
            await asyncio.sleep(0.01)
        await closing[0]
    latest = await store.games.get(saved.id)
    assert latest is not None and latest.version == saved.version + 1, "the computer's move was saved"
    assert told == [latest.version], "a saved move the table was never told of"
