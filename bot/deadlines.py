"""What happens when a stored deadline passes: a lobby nobody started closes, a timed window closes
with the move its game names, an offer runs out, or the player the game waits on misses a turn
(the computer or the safe default plays for them; too many in a row and they resign)."""

from __future__ import annotations

from typing import Any

from bot import metrics
from bot.computers import ComputerSeats
from bot.outcome import Outcome
from bot.service import GameService
from bot.store import GameRecord
from engine import games
from engine.core.game import State
from engine.core.window import Window

# Deadline kinds the bot itself sets; any other kind is a game's timed window (`Window.kind`).
LOBBY, TURN, OFFER = "lobby", "turn", "offer"  # engine.core.window.RESERVED_KINDS: no window is so named


class Deadlines:
    def __init__(self, service: GameService) -> None:
        self.service = service

    async def on_deadline(self, game_id: int, version: int) -> Outcome | None:
        service = self.service
        metrics.DEADLINES_FIRED.inc()
        async with service.locked(game_id):
            record = await service.store.games.get(game_id)
            if record is not None and record.status == "lobby" and record.deadline_kind == LOBBY:
                return await self._close_lobby(record)
            if record is None or record.status != "active" or record.version != version:
                return None  # something happened since; a new deadline was set with it
            state = service.state_in_play(record)
            if record.deadline_kind == OFFER:
                outcome = await service.expire_offers_of(Outcome(record, state))
                if outcome.record.version == record.version:  # nothing ran out after all
                    return await service.reschedule(record, state)
                return outcome
            if record.deadline_kind != TURN:
                window = games.game(record.kind).window(state)
                if window is not None and games.game(record.kind).turn_player(state) is None:
                    return await self._missed_window(record, state, window)
                if window is not None:
                    return await service.apply(record, None, window.closes_with)
            return await self._missed_turn(record, state)

    async def _close_lobby(self, record: GameRecord) -> Outcome | None:
        if record.deadline is not None and record.deadline > self.service.clock() + 1:
            return None  # armed for an older deadline
        lobby = record.lobby.model_copy(update={"expired": True})
        return await self.service.save(
            record.model_copy(update={"status": "cancelled", "lobby": lobby}), record.version
        )

    async def _missed_window(self, record: GameRecord, state: State, window: Window[Any]) -> Outcome:
        """In a game without turns every decision is a timed window, so a seat that lets one run
        out has missed a turn: counted, resigned at the limit, played by the computer when the
        table's away rule says so (as for a turn); then the window closes as the game says."""
        service, game = self.service, games.game(record.kind)
        silent = [p for p in window.who if p in game.to_act(state)]
        missed = {**record.lobby.missed, **{p: record.lobby.missed.get(p, 0) + 1 for p in silent}}
        record = record.model_copy(update={"lobby": record.lobby.model_copy(update={"missed": missed})})
        outcome = Outcome(record, state)
        for player in silent:
            now = game.window(state)
            if now is None or not now.same_as(window):
                return outcome  # the moves so far closed it
            move, record = self._stand_in(outcome.record, state, player)
            if move is not None:
                outcome = await service.apply(record, player, move)
                state = outcome.state if outcome.state is not None else state
        now = game.window(state)
        if now is not None and now.same_as(window):
            outcome = await service.apply(outcome.record, None, window.closes_with)
        return outcome

    @staticmethod
    def _stand_in(record: GameRecord, state: State, player: str) -> tuple[Any | None, GameRecord]:
        """The move made for a seat that missed a turn or a window: resigning at the limit, else
        the computer's when the away rule says so (None: the safe default or the window's close
        decides for it), with the record noting a computer's takeover."""
        game = games.game(record.kind)
        if record.lobby.missed.get(player, 0) >= record.lobby.missed_turn_limit:
            return game.resign(player), record
        if record.lobby.away != "computer":
            return None, record
        move = game.computer(state, player, record.lobby.away_level, ComputerSeats.chance(record, player))
        if move is not None and player not in record.lobby.taken_over:
            taken = record.lobby.model_copy(update={"taken_over": [*record.lobby.taken_over, player]})
            record = record.model_copy(update={"lobby": taken})
        return move, record

    async def _missed_turn(self, record: GameRecord, state: State) -> Outcome:
        service = self.service
        game = games.game(record.kind)
        for player in game.to_act(state):
            missed = record.lobby.missed.get(player, 0) + 1
            counted = record.lobby.model_copy(update={"missed": {**record.lobby.missed, player: missed}})
            record = record.model_copy(update={"lobby": counted})
            # Too many missed turns resign the seat; an away seat is played by the computer (a game
            # setting), else by the safe default.
            move, record = self._stand_in(record, state, player)
            choice = move if move is not None else game.safe_action(state, player)
            if choice is not None:
                return await service.apply(record, player, choice)
        # Nothing sensible to do for anyone: push the deadline on so the game is looked at again.
        return await service.reschedule(record, state)
