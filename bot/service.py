"""One entry point for every change to a game: lock the game, load it, check the version, call
the engine, write the log row and the new state in one transaction. Nothing here knows Discord."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from bot.lobby import LobbyKeeping
from bot.offers import OfferKeeping
from bot.outcome import Outcome, ServiceError
from bot.store import GameRecord, GameStore, NotSaved, VersionConflict
from bot.tasks import cancel_all
from engine import ai, games
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.defaults import safe_action

log = logging.getLogger(__name__)


Listener = Callable[[Outcome], Awaitable[None]]


class GameService(LobbyKeeping, OfferKeeping):
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
        self.on_saved: list[Listener] = []
        # Outcomes the service produced on its own (computer moves): the UI refreshes the message.
        self.on_background: list[Listener] = []
        self.computer_delay_s = 1.0
        self.lobby_lifetime_s = 15 * 60  # an unstarted lobby closes by itself (and frees its channel)
        self.lobbies_per_host = 3  # open lobbies one user may host at once
        self._autoplay: dict[int, asyncio.Task[None]] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def state_of(self, record: GameRecord) -> Any | None:
        """The engine state of a record, parsed once per version."""
        if record.state_json is None:
            return None
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state = games.load_state(record.kind, record.state_json)
        self._cache(record.id, record.version, state)
        return state

    def _cache(self, game_id: int, version: int, state: Any) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > self.state_cache:
            self._states.popitem(last=False)

    async def _load(self, game_id: int, read: GameRecord | None = None) -> GameRecord:
        """The game as stored; `read` (read just before taking the lock) when this process has
        changed nothing since. Another process's change still fails the save's version check."""
        if read is not None and self._known.get(game_id) == (read.version, read.deadline):
            return read
        record = await self.store.get(game_id)
        if record is None:
            raise ServiceError("no_game")
        self._note(record)
        return record

    def _note(self, record: GameRecord) -> None:
        if record.status in ("lobby", "active"):
            self._known[record.id] = (record.version, record.deadline)
        else:
            self._known.pop(record.id, None)

    async def _save(
        self,
        record: GameRecord,
        expected: int,
        *,
        state: Any | None = None,
        actor: str | None = None,
        action: dict[str, Any] | None = None,
        events: list[Event] | None = None,
    ) -> Outcome:
        if state is not None:
            previous = self.state_of(record)
            same_window = (
                previous is not None
                and games.window_identity(record.kind, previous) is not None
                and games.window_identity(record.kind, previous) == games.window_identity(record.kind, state)
            )
            keep = same_window and (action or {}).get("do") != "bid"  # only a bid restarts the countdown
            record = record.model_copy(update={"state_json": state.model_dump_json()})
            record = self._with_deadline(record, state) if not keep else record
        try:
            saved = await self.store.save(
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
        self._schedule_computer(outcome)
        for listener in self.on_saved:
            try:
                await listener(outcome)
            except Exception:  # a listener (timer, message refresh) must not undo a saved move
                log.exception("listener failed for game %s", saved.id)
        return outcome

    def _with_deadline(self, record: GameRecord, state: Any) -> GameRecord:
        """Deadlines are absolute times in the store, so a restart resumes them."""
        now = self.clock()
        if games.is_over(state):
            return record.model_copy(update={"deadline": None, "deadline_kind": None, "status": "finished"})
        window = games.window_kind(record.kind, state)
        if window is not None:
            seconds = games.window_seconds(record.kind, state)
            deadline, kind = now + seconds, window
        else:
            deadline, kind = now + record.lobby.turn_timeout_s, "turn"
        soonest_offer = min(record.lobby.offers.values(), default=None)
        if soonest_offer is not None and soonest_offer < deadline:
            # An offer runs out first: wake up then (the turn or window deadline is set again after).
            deadline, kind = soonest_offer, "offer"
        return record.model_copy(update={"deadline": deadline, "deadline_kind": kind})

    async def start(self, game_id: int, user_id: int, expected_version: int | None = None) -> Outcome:
        async with self.lock(game_id):
            record = await self._load(game_id)
            if record.status != "lobby":
                raise ServiceError("not_lobby")
            if record.host_id != user_id:
                raise ServiceError("not_host")
            if expected_version is not None and expected_version != record.version:
                raise ServiceError("stale")
            rules = games.RULES[record.kind]
            if len(record.lobby.players) < rules.min_players:
                raise ServiceError("too_few", min=rules.min_players)
            names = [str(p.id) for p in record.lobby.players]
            state, events = games.new_game(record.kind, names, record.lobby.seed, record.lobby.options)
            started = record.model_copy(update={"status": "active"})
            return await self._save(
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
    ) -> Outcome:
        """Apply a player's (or a timer's) action. `expected_version` is the version the player
        saw; a different current version means their message is out of date. `read` is the record
        the caller just read, if any."""
        async with self.lock(game_id):
            record = await self._load(game_id, read)
            if record.status != "active":
                raise ServiceError("not_active")
            if actor is not None and record.lobby.seat(int(actor)) is None:
                raise ServiceError("not_in_game")
            if expected_version is not None and expected_version != record.version:
                raise ServiceError("stale")
            if actor is not None and record.lobby.missed.get(actor):
                # Acting again takes back control: the count of missed turns starts over.
                missed = {k: v for k, v in record.lobby.missed.items() if k != actor}
                record = record.model_copy(update={"lobby": record.lobby.model_copy(update={"missed": missed})})
            return await self._apply(record, actor, action)

    async def _apply(self, record: GameRecord, actor: str | None, action: dict[str, Any] | Any) -> Outcome:
        state = self.state_of(record)
        parsed = games.parse_action(record.kind, action) if isinstance(action, dict) else action
        new_state, events = games.apply(record.kind, state, actor, parsed)  # IllegalAction propagates
        if not games.is_over(new_state) and _only_computers_left(record, new_state):
            new_state, more = games.end_early(record.kind, new_state)
            events = [*events, *more]
        record = record.model_copy(update={"lobby": self._track_offers(record, new_state, actor, parsed)})
        dumped = parsed.model_dump(mode="json", by_alias=True)
        outcome = await self._save(record, record.version, state=new_state, actor=actor, action=dumped, events=events)
        return await self._expire_offers(outcome)

    async def _reschedule(self, record: GameRecord, state: Any) -> Outcome:
        """A new deadline for an unchanged game (no version, no log row)."""
        moved = self._with_deadline(record, state)
        if await self.store.set_deadline(record.id, record.version, moved.deadline, moved.deadline_kind):
            self._note(moved)
        else:
            self._known.pop(record.id, None)
        outcome = Outcome(moved, state)
        for listener in self.on_saved:
            await listener(outcome)
        return outcome

    # --- computer seats ---------------------------------------------------------------------------

    def _computer_to_move(self, record: GameRecord, state: Any) -> str | None:
        if record.status != "active" or state is None or games.is_over(state):
            return None
        computers = {str(p.id) for p in record.lobby.players if p.computer}
        return next((n for n in games.to_act(record.kind, state) if n in computers), None)

    def _schedule_computer(self, outcome: Outcome) -> None:
        record = outcome.record
        if self._computer_to_move(record, outcome.state) is None:
            return
        old = self._autoplay.pop(record.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._autoplay[record.id] = asyncio.get_running_loop().create_task(
            self._computer_move(record.id, record.version), name=f"computer-{record.id}"
        )

    async def _computer_move(self, game_id: int, version: int) -> None:
        """A computer seat plays through the same path as a click, a moment after the last move."""
        await asyncio.sleep(self.computer_delay_s)
        try:
            async with self.lock(game_id):
                record = await self.store.get(game_id)
                if record is None or record.version != version:
                    return
                state = self.state_of(record)
                player = self._computer_to_move(record, state)
                if player is None:
                    return
                choice = ai.choose(record.kind, state, player) or safe_action(record.kind, state, player)
                if choice is None:
                    return  # e.g. the high bidder waits; the window's timer closes it
                try:
                    outcome = await self._apply(record, player, choice)
                except IllegalAction:
                    fallback = safe_action(record.kind, state, player)
                    if fallback is None:
                        return
                    outcome = await self._apply(record, player, fallback)
            for listener in self.on_background:
                await listener(outcome)
        except Exception:
            log.exception("computer move in game %s failed", game_id)

    async def close(self) -> None:
        tasks = list(self._autoplay.values())
        self._autoplay.clear()
        await cancel_all(tasks)

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

    async def on_deadline(self, game_id: int, version: int) -> Outcome | None:
        """A stored deadline passed: close the window, or take the safe default for the player."""
        async with self.lock(game_id):
            record = await self.store.get(game_id)
            if record is not None and record.status == "lobby" and record.deadline_kind == "lobby":
                if record.deadline is not None and record.deadline > self.clock() + 1:
                    return None  # armed for an older deadline
                lobby = record.lobby.model_copy(update={"expired": True})
                return await self._save(
                    record.model_copy(update={"status": "cancelled", "lobby": lobby}), record.version
                )
            if record is None or record.status != "active" or record.version != version:
                return None  # something happened since; a new deadline was set with it
            state = self.state_of(record)
            if record.deadline_kind in ("auction", "claims"):
                return await self._apply(record, None, games.close_window_action(record.kind))
            if record.deadline_kind == "offer":
                outcome = await self._expire_offers(Outcome(record, state))
                if outcome.record.version == record.version:  # nothing ran out after all
                    return await self._reschedule(record, state)
                return outcome
            for player in games.to_act(record.kind, state):
                missed = record.lobby.missed.get(player, 0) + 1
                counted = record.lobby.model_copy(update={"missed": {**record.lobby.missed, player: missed}})
                record = record.model_copy(update={"lobby": counted})
                if missed >= record.lobby.missed_turn_limit:
                    # Too many missed turns: the player leaves, bankrupt to the bank (M-38) / out (B-13).
                    return await self._apply(record, player, {"do": "resign"})
                # Away players: the computer plays their turn, or the safe default (a game setting).
                takeover = ai.choose(record.kind, state, player) if record.lobby.away == "computer" else None
                choice = takeover or safe_action(record.kind, state, player)
                if takeover is not None and player not in record.lobby.taken_over:
                    taken = record.lobby.model_copy(update={"taken_over": [*record.lobby.taken_over, player]})
                    record = record.model_copy(update={"lobby": taken})
                if choice is not None:
                    return await self._apply(record, player, choice)
            # Nothing sensible to do for anyone: push the deadline on so the game is looked at again.
            return await self._reschedule(record, state)

    async def stop(self, game_id: int, user_id: int, can_manage: bool) -> Outcome:
        async with self.lock(game_id):
            record = await self._load(game_id)
            if record.status not in ("lobby", "active"):
                raise ServiceError("not_active")
            if record.host_id != user_id and not can_manage:
                raise ServiceError("not_host_or_manager")
            if record.status == "lobby":
                return await self._save(record.model_copy(update={"status": "cancelled"}), record.version)
            state, events = games.end_early(record.kind, self.state_of(record))
            lobby = record.lobby.model_copy(update={"stopped_by": user_id})
            stopped = record.model_copy(update={"status": "finished", "lobby": lobby})
            return await self._save(
                stopped, record.version, state=state, actor=str(user_id), action={"do": "stop_game"}, events=events
            )


def _only_computers_left(record: GameRecord, state: Any) -> bool:
    """A game with only computer players left ends (there is nobody to play for)."""
    computers = {str(p.id) for p in record.lobby.players if p.computer}
    if not computers:
        return False
    alive = [p.name for p in state.players if not getattr(p, "bankrupt", False) and not getattr(p, "eliminated", False)]
    return all(name in computers for name in alive)


__all__ = ["GameService", "IllegalAction", "Outcome", "ServiceError"]
