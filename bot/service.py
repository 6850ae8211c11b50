"""One entry point for every change to a game: lock the game, load it, check the version, call
the engine, write the log row and the new state in one transaction, then publish the `Outcome`
after the commit, outside the game's lock. Nothing here knows Discord or a game's verbs: timed
windows, resigning and offers come from the game (`engine.core.game`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from bot import offers
from bot.outcome import Outcome, ServiceError
from bot.store import GameRecord, GameStore, NotSaved, VersionConflict
from engine import games
from engine.core.errors import IllegalAction
from engine.core.events import AnyEvent
from engine.core.game import State
from engine.core.story import ONLY_COMPUTERS, ending_early
from engine.core.window import Window

log = logging.getLogger(__name__)

Listener = Callable[[Outcome], Awaitable[None]]
# The outcomes saved under the lock the current task holds, published once it lets go.
_UNPUBLISHED: ContextVar[list[Outcome] | None] = ContextVar("unpublished", default=None)


class GameService:
    def __init__(self, store: GameStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        # Parsed states of the games played lately (a mid-game Mega state is ~11 KB in memory): a
        # bounded cache, so a long-running bot's memory follows its active games, not all it ever saw.
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self.state_cache = 1024
        # (version, deadline) of each game as this process last read or wrote it: a record a click
        # read a moment ago is used as is when it still matches (no second read per click).
        self._known: dict[int, tuple[int, float | None]] = {}
        # Told of every saved change, after its commit and outside the game's lock.
        self.on_saved: list[Listener] = []
        # Told of outcomes the service produced on its own (computer moves): the UI refreshes the message.
        self.on_background: list[Listener] = []
        # Told of every saved change while it is made (a computer seat to schedule).
        self.on_committed: list[Callable[[Outcome], None]] = []

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's lock; what is saved meanwhile is published after it is let go."""
        saved: list[Outcome] = []
        async with self.lock(game_id):
            token = _UNPUBLISHED.set(saved)
            try:
                yield
            finally:
                _UNPUBLISHED.reset(token)
        for outcome in saved:
            await self.publish(outcome)

    async def publish(self, outcome: Outcome) -> None:
        for listener in self.on_saved:
            try:
                await listener(outcome)
            except Exception:  # a listener (timer, message refresh) must not undo a saved move
                log.exception("listener failed for game %s", outcome.record.id)

    async def _told(self, outcome: Outcome) -> None:
        pending = _UNPUBLISHED.get()
        if pending is None:
            await self.publish(outcome)
        else:
            pending.append(outcome)

    def state_of(self, record: GameRecord) -> Any | None:
        """The engine state of a record, parsed once per version."""
        if record.state_json is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state = games.game(record.kind).load_state(record.state_json)
        self._cache(record.id, record.version, state)
        return state

    def state_in_play(self, record: GameRecord) -> State:
        """The state of a game that has started (a lobby has none: asking for it is a bug)."""
        state: State | None = self.state_of(record)
        if state is None:
            raise RuntimeError(f"game {record.id} ({record.status}) has no state")
        return state

    def _cache(self, game_id: int, version: int, state: State) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > self.state_cache:
            self._states.popitem(last=False)

    async def load(self, game_id: int, read: GameRecord | None = None) -> GameRecord:
        """The game as stored; `read` (read just before taking the lock) when this process has
        changed nothing since. Another process's change still fails the save's version check."""
        if read is not None and self._known.get(game_id) == (read.version, read.deadline):
            return read
        record = await self.store.games.get(game_id)
        if record is None:
            raise ServiceError("no_game")
        self._note(record)
        return record

    def _note(self, record: GameRecord) -> None:
        if record.status in ("lobby", "active"):
            self._known[record.id] = (record.version, record.deadline)
        else:
            self._known.pop(record.id, None)

    def forget_known(self, game_id: int) -> None:
        self._known.pop(game_id, None)

    def reload(self, game_id: int) -> None:
        """The store changed a game behind the service's back (a forgotten user's pseudonym): read
        and parse it afresh next time."""
        self._known.pop(game_id, None)
        self._states.pop(game_id, None)

    async def save(
        self,
        record: GameRecord,
        expected: int,
        *,
        state: State | None = None,
        actor: str | None = None,
        action: dict[str, Any] | None = None,
        events: list[AnyEvent] | None = None,
    ) -> Outcome:
        """Write the change in one transaction (log row + record); a new state gets its deadline."""
        if state is not None:
            record = self._deadline_for(record, state, action)
        try:
            saved = await self.store.games.save(
                record,
                expected_version=expected,
                actor=actor,
                action=action,
                events=[e.model_dump(mode="json") for e in events or []],
            )
        except VersionConflict:
            raise ServiceError("stale") from None
        except NotSaved as exc:
            log.error("game %s: a move could not be saved (%s): %s", record.id, exc.reason, exc)
            raise ServiceError("not_saved") from None
        self._note(saved)
        if state is not None:
            self._cache(saved.id, saved.version, state)
        outcome = Outcome(saved, state if state is not None else self.state_of(saved), list(events or []))
        for hook in self.on_committed:
            hook(outcome)
        await self._told(outcome)
        return outcome

    def _deadline_for(self, record: GameRecord, state: State, action: dict[str, Any] | None) -> GameRecord:
        game = games.game(record.kind)
        previous = self.state_of(record)
        window = game.window(state)
        before = game.window(previous) if previous is not None else None
        restarts = action is not None and window is not None and action.get("do") in window.restarted_by
        record = record.model_copy(update={"state_json": state.model_dump_json()})
        if window is not None and window.same_as(before) and not restarts:
            return record  # the same window goes on: its countdown keeps running
        return self._deadline(record, state, window)

    def with_deadline(self, record: GameRecord, state: State) -> GameRecord:
        """Deadlines are absolute times in the store, so a restart resumes them."""
        return self._deadline(record, state, None if state.over else games.game(record.kind).window(state))

    def _deadline(self, record: GameRecord, state: State, window: Window[Any] | None) -> GameRecord:
        """The record with its next deadline: the open window's, else the turn's, or an offer's
        when one runs out sooner; none for a finished game."""
        now = self.clock()
        if state.over:
            return record.model_copy(update={"deadline": None, "deadline_kind": None, "status": "finished"})
        if window is not None:
            deadline, kind = now + window.seconds, window.kind
        else:
            deadline, kind = now + record.lobby.turn_timeout_s, "turn"
        soonest_offer = min(record.lobby.offers.values(), default=None)
        if soonest_offer is not None and soonest_offer < deadline:
            # An offer runs out first: wake up then (the turn or window deadline is set again after).
            deadline, kind = soonest_offer, "offer"
        return record.model_copy(update={"deadline": deadline, "deadline_kind": kind})

    async def start(self, game_id: int, user_id: int, expected_version: int | None = None) -> Outcome:
        async with self.locked(game_id):
            record = await self.load(game_id)
            if record.status != "lobby":
                raise ServiceError("not_lobby")
            if record.host_id != user_id:
                raise ServiceError("not_host")
            if expected_version is not None and expected_version != record.version:
                raise ServiceError("stale")
            game = games.game(record.kind)
            if len(record.lobby.players) < game.min_players:
                raise ServiceError("too_few", min=game.min_players)
            names = [str(p.id) for p in record.lobby.players]
            state, events = game.new_game(names, record.lobby.seed, record.lobby.options)
            started = record.model_copy(update={"status": "active"})
            return await self.save(
                started, record.version, state=state, action={"do": "start_game"}, events=events, actor=str(user_id)
            )

    # --- playing ------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        actor: str | None,
        action: dict[str, Any] | Any,
        expected_version: int | None,
        read: GameRecord | None = None,
        still: Callable[[Any], bool] | None = None,
    ) -> Outcome:
        """Apply a player's (or a timer's) action. `expected_version` is the version the player
        saw; a different current version means their message is out of date, unless `still`
        says the move means the same in the current state (checked under the game's lock).
        `read` is the record the caller just read, if any. Offers past their time are withdrawn
        first, so a late Accept finds its offer expired even when the expiry's timer has not
        fired yet."""
        async with self.locked(game_id):
            record = await self.load(game_id, read)
            if record.status != "active":
                raise ServiceError("not_active")
            if actor is not None and record.lobby.seat(int(actor)) is None:
                raise ServiceError("not_in_game")
            moved_on = expected_version is not None and expected_version != record.version
            if moved_on and (still is None or not still(self.state_of(record))):
                raise ServiceError("stale")
            record = (await self.expire_offers_of(Outcome(record, self.state_of(record)))).record
            if actor is not None and record.lobby.missed.get(actor):
                # Acting again takes back control: the count of missed turns starts over.
                missed = {k: v for k, v in record.lobby.missed.items() if k != actor}
                record = record.model_copy(update={"lobby": record.lobby.model_copy(update={"missed": missed})})
            return await self.apply(record, actor, action)

    async def apply(self, record: GameRecord, actor: str | None, action: dict[str, Any] | Any) -> Outcome:
        """One move on a record the caller holds the lock of (IllegalAction propagates)."""
        game = games.game(record.kind)
        state = self.state_of(record)
        parsed = game.parse_action(action) if isinstance(action, dict) else action
        new_state, events = game.apply(state, actor, parsed)
        dumped = parsed.model_dump(mode="json", by_alias=True)
        if not new_state.over and _only_computers_left(record, game.in_play(new_state)):
            new_state, more = game.end_early(new_state)
            events = [*events, *more]
            dumped = ending_early(dumped, ONLY_COMPUTERS)  # so the replay ends it there too
        record = record.model_copy(update={"lobby": offers.tracked(record, new_state, self.clock())})
        outcome = await self.save(record, record.version, state=new_state, actor=actor, action=dumped, events=events)
        return await self.expire_offers_of(outcome)

    async def reschedule(self, record: GameRecord, state: State) -> Outcome:
        """A new deadline for an unchanged game (no version, no log row)."""
        moved = self.with_deadline(record, state)
        if await self.store.deadlines.set_deadline(record.id, record.version, moved.deadline, moved.deadline_kind):
            self._note(moved)
        else:
            self.forget_known(record.id)
        outcome = Outcome(moved, state)
        await self._told(outcome)
        return outcome

    # --- offers ---------------------------------------------------------------------------------

    async def expire_offers_of(self, outcome: Outcome) -> Outcome:
        """Withdraw offers past their time, each as its own logged action (replay stays exact)."""
        for offer in offers.due(outcome.record, outcome.state, self.clock()):
            try:
                outcome = await self.apply(
                    outcome.record, offer.proposer, offers.withdrawal(outcome.record.kind, offer, "expired")
                )
            except IllegalAction:
                continue
        return outcome

    async def expire_offers(self, game_id: int) -> Outcome | None:
        """Withdraw the game's offers that are past their time now (a press on one came first)."""
        async with self.locked(game_id):
            record = await self.load(game_id)
            if record.status != "active":
                return None
            outcome = await self.expire_offers_of(Outcome(record, self.state_of(record)))
            return outcome if outcome.record.version != record.version else None

    async def withdraw_unposted(self, game_id: int, offer_id: int) -> Outcome | None:
        """An offer whose public message could not be posted is withdrawn (nobody could answer it)."""
        async with self.locked(game_id):
            record = await self.load(game_id)
            offer = next((o for o in offers.open_offers(record.kind, self.state_of(record)) if o.id == offer_id), None)
            if record.status != "active" or offer is None:
                return None
            return await self.apply(record, offer.proposer, offers.withdrawal(record.kind, offer, "unposted"))

    async def offer_fate(self, game_id: int, offer_id: int) -> offers.Fate | None:
        """How an offer that is no longer open was closed, from the game's log."""
        for entry in reversed(await self.store.games.log(game_id)):
            for fate in offers.fates(entry.events):
                if fate.offer == offer_id:
                    return fate
        return None

    # --- ending ---------------------------------------------------------------------------------

    async def drain(self, timeout: float) -> None:
        """Wait (a bounded time) for the moves being made now to be saved."""

        async def wait_all() -> None:
            for lock in list(self._locks.values()):
                async with lock:
                    pass

        try:
            await asyncio.wait_for(wait_all(), timeout)
        except TimeoutError:
            log.warning("stopping with moves still in progress")

    async def stop(self, game_id: int, user_id: int, can_manage: bool, name: str | None = None) -> Outcome:
        """End a game early (M-42 for Mega). `name` is how the table is told who did it when they
        hold no seat (a moderator): the game message names them, not "?"."""
        async with self.locked(game_id):
            record = await self.load(game_id)
            if record.status not in ("lobby", "active"):
                raise ServiceError("not_active")
            if record.host_id != user_id and not can_manage:
                raise ServiceError("not_host_or_manager")
            if record.status == "lobby":
                return await self.save(record.model_copy(update={"status": "cancelled"}), record.version)
            state, events = games.game(record.kind).end_early(self.state_of(record))
            seated = record.lobby.seat(user_id) is not None
            lobby = record.lobby.model_copy(update={"stopped_by": user_id, "stopped_by_name": None if seated else name})
            stopped = record.model_copy(update={"status": "finished", "lobby": lobby})
            return await self.save(
                stopped, record.version, state=state, actor=str(user_id), action={"do": "stop_game"}, events=events
            )


def _only_computers_left(record: GameRecord, in_play: list[str]) -> bool:
    """A game with only computer players left ends (there is nobody to play for)."""
    computers = {str(p.id) for p in record.lobby.players if p.computer}
    return bool(computers) and all(name in computers for name in in_play)


__all__ = ["GameService", "IllegalAction", "Outcome", "ServiceError"]
