"""MonopolizeBingo as an `engine.core.game.Game` (with trades, a story and conformance cases)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any

from pydantic import BaseModel

from engine.bingo import computer as bingo_ai
from engine.bingo import events, timeout_move
from engine.bingo import story as bingo_story
from engine.bingo.actions import AcceptCells, BingoAction, CloseClaims, RejectCells, Resign, WithdrawCells, parse_action
from engine.bingo.events import BingoEvent
from engine.bingo.flow import apply
from engine.bingo.house_rules import BingoRules
from engine.bingo.legal import legal_actions, to_act, waiting_for
from engine.bingo.queries import current
from engine.bingo.setup import new_game
from engine.bingo.state import BingoState
from engine.bingo.view import BingoView, view_for
from engine.core.fuzzing import Step
from engine.core.game import Offer, Policy
from engine.core.jsondata import JsonObject, JsonObjects
from engine.core.story import Move, Story
from engine.core.window import Window


class BingoGame:
    kind: str = "bingo"
    min_players: int = 2
    max_players: int = 8
    options_model: type[BaseModel] = BingoRules
    window_option: str | None = "claim_window_s"
    has_secrets: bool = True

    def new_game(self, players: list[str], seed: int, options: JsonObject) -> tuple[BingoState, list[BingoEvent]]:
        return new_game(players, seed, BingoRules(**options))

    def load_state(self, text: str) -> BingoState:
        return BingoState.model_validate_json(text)

    def parse_events(self, raw: JsonObjects) -> list[BingoEvent]:
        return events.parse_events(raw)

    def parse_action(self, raw: JsonObject) -> BingoAction:
        return parse_action(raw)

    def apply(
        self, state: BingoState, actor: str | None, action: BingoAction | JsonObject
    ) -> tuple[BingoState, list[BingoEvent]]:
        return apply(state, actor, action)

    def legal_actions(self, state: BingoState, player: str) -> list[BingoAction]:
        return list(legal_actions(state, player))

    def to_act(self, state: BingoState) -> list[str]:
        return to_act(state)

    def waiting_for(self, state: BingoState) -> str:
        return waiting_for(state)

    def winners(self, state: BingoState) -> list[str]:
        return [state.winner] if state.winner else []

    def turn_player(self, state: BingoState) -> str | None:
        return current(state).name

    def in_play(self, state: BingoState) -> list[str]:
        return [p.name for p in state.players if not p.eliminated]

    def window(self, state: BingoState) -> Window[BingoAction] | None:
        """A claim window (B-9): the players asked who have not answered; nothing restarts it."""
        if waiting_for(state) != "claims":
            return None
        return Window(
            kind="claims",
            # A claim window never directly follows another (a turn without one comes between), so two
            # states both in claims are in the same window.
            identity="claims",
            seconds=state.rules.claim_window_s,
            who=tuple(to_act(state)),
            closes_with=CloseClaims(),
        )

    def resign(self, player: str) -> BingoAction:
        return Resign()  # out of the game (B-13)

    def open_offers(self, state: BingoState) -> list[Offer]:
        return list(state.trades)

    def withdraw(self, offer: Offer, reason: str) -> BingoAction:
        return WithdrawCells.model_validate({"to": offer.receiver, "offer": offer.id, "reason": reason})

    def accept(self, offer: Offer) -> BingoAction:
        return AcceptCells.model_validate({"from": offer.proposer, "offer": offer.id})

    def reject(self, offer: Offer) -> BingoAction:
        return RejectCells.model_validate({"from": offer.proposer, "offer": offer.id})

    def end_early(self, state: BingoState) -> tuple[BingoState, list[BingoEvent]]:
        new = state.model_copy(deep=True)
        new.over = True
        return new, []

    def provisional_winners(self, state: BingoState) -> list[str]:
        alive = [p for p in state.players if not p.eliminated]
        best = max((len(p.owned) for p in alive), default=0)
        return [p.name for p in alive if len(p.owned) == best]

    def public_view(self, state: BingoState) -> BingoView:
        return view_for(state, None)  # B-3: hidden numbers never leave the engine

    def private_view(self, state: BingoState, player: str) -> BingoView:
        return view_for(state, player)

    def computer(
        self, state: BingoState, player: str, level: str = "normal", rng: random.Random | None = None
    ) -> BingoAction | None:
        return bingo_ai.choose(state, player, level, rng)

    def safe_action(self, state: BingoState, player: str) -> BingoAction | None:
        return timeout_move.safe_action(state, player)

    def story(self, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
        return bingo_story.tell(self, players, seed, options, moves)

    def conformance_adapter(self) -> ModuleType:
        from engine.bingo import conformance

        return conformance

    def random_game(self, seed: int, players: int, max_actions: int = 4000) -> Iterator[Step]:
        from engine.bingo.fuzz import bingo_random_game  # only the fuzzer and the tests play at random

        return bingo_random_game(seed, players, max_actions=max_actions)

    def violations(self, before: Any, actor: str | None, action: Any, after: Any, events: list[Any]) -> list[str]:
        from engine.bingo.fuzz import bingo_violations

        return bingo_violations(before, actor, action, after, events)

    @property
    def baselines(self) -> Mapping[str, Policy]:
        from engine.bingo.baselines import POLICIES  # only the arena measures against them

        return POLICIES


BINGO = BingoGame()
