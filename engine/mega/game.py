"""Mega Monopoly as an `engine.core.game.Game` (with trades, a story and conformance cases)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any

from pydantic import BaseModel

from engine.core.fuzzing import Step
from engine.core.game import Offer, Policy
from engine.core.jsondata import JsonObject, JsonObjects
from engine.core.story import Move, Story
from engine.core.window import Window
from engine.mega import computer as mega_ai
from engine.mega import events, timeout_move
from engine.mega import story as mega_story
from engine.mega.actions import AcceptTrade, CloseAuction, MegaAction, RejectTrade, Resign, WithdrawTrade, parse_action
from engine.mega.events import MegaEvent
from engine.mega.flow import apply
from engine.mega.house_rules import MegaRules
from engine.mega.legal import legal_actions, to_act, waiting_for
from engine.mega.queries import current
from engine.mega.setup import new_game
from engine.mega.state import MegaState


class MegaGame:
    kind: str = "mega"
    min_players: int = 2
    max_players: int = 8
    options_model: type[BaseModel] = MegaRules
    window_option: str | None = "auction_window_s"
    has_secrets: bool = False

    def new_game(self, players: list[str], seed: int, options: JsonObject) -> tuple[MegaState, list[MegaEvent]]:
        return new_game(players, seed, MegaRules(**options))

    def load_state(self, text: str) -> MegaState:
        return MegaState.model_validate_json(text)

    def parse_action(self, raw: JsonObject) -> MegaAction:
        return parse_action(raw)

    def parse_events(self, raw: JsonObjects) -> list[MegaEvent]:
        return events.parse_events(raw)

    def apply(
        self, state: MegaState, actor: str | None, action: MegaAction | JsonObject
    ) -> tuple[MegaState, list[MegaEvent]]:
        return apply(state, actor, action)

    def legal_actions(self, state: MegaState, player: str) -> list[MegaAction]:
        return list(legal_actions(state, player))

    def to_act(self, state: MegaState) -> list[str]:
        return to_act(state)

    def waiting_for(self, state: MegaState) -> str:
        return waiting_for(state)

    def winners(self, state: MegaState) -> list[str]:
        return list(state.winners or [])

    def turn_player(self, state: MegaState) -> str | None:
        return current(state).name

    def in_play(self, state: MegaState) -> list[str]:
        return [p.name for p in state.players if not p.bankrupt]

    def window(self, state: MegaState) -> Window[MegaAction] | None:
        """An auction (M-21, M-38): the bidders still in; a new bid restarts the countdown."""
        if waiting_for(state) != "auction":
            return None
        front = state.queue[0]
        return Window(
            kind="auction",
            # Bank auctions (M-38) follow one another deed by deed: each lot is its own window.
            identity=f"{front.kind}:{getattr(front, 'space', '')}",
            seconds=state.rules.auction_window_s,
            who=tuple(to_act(state)),
            closes_with=CloseAuction(),
            restarted_by=frozenset({"bid"}),
        )

    def resign(self, player: str) -> MegaAction:
        return Resign()  # bankrupt to the bank (M-38)

    def open_offers(self, state: MegaState) -> list[Offer]:
        return list(state.trades)

    def withdraw(self, offer: Offer, reason: str) -> MegaAction:
        return WithdrawTrade.model_validate({"to": offer.receiver, "offer": offer.id, "reason": reason})

    def accept(self, offer: Offer) -> MegaAction:
        return AcceptTrade.model_validate({"from": offer.proposer, "offer": offer.id})

    def reject(self, offer: Offer) -> MegaAction:
        return RejectTrade.model_validate({"from": offer.proposer, "offer": offer.id})

    def end_early(self, state: MegaState) -> tuple[MegaState, list[MegaEvent]]:
        # M-42: a stopped game is decided by counting assets.
        return apply(state, None, {"do": "end_game"})

    def provisional_winners(self, state: MegaState) -> list[str]:
        return self.winners(self.end_early(state)[0])

    def public_view(self, state: MegaState) -> MegaState:
        return state  # Mega has no hidden information

    def private_view(self, state: MegaState, player: str) -> MegaState:
        return state

    def computer(
        self, state: MegaState, player: str, level: str = "normal", rng: random.Random | None = None
    ) -> MegaAction | None:
        return mega_ai.choose(state, player, level, rng)

    def safe_action(self, state: MegaState, player: str) -> MegaAction | None:
        return timeout_move.safe_action(state, player)

    def story(self, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
        return mega_story.tell(self, players, seed, options, moves)

    def conformance_adapter(self) -> ModuleType:
        from engine.mega import conformance

        return conformance

    def random_game(self, seed: int, players: int, max_actions: int = 4000) -> Iterator[Step]:
        from engine.mega.fuzz import mega_random_game  # only the fuzzer and the tests play at random

        return mega_random_game(seed, players, max_actions=max_actions)

    def violations(self, before: Any, actor: str | None, action: Any, after: Any, events: list[Any]) -> list[str]:
        from engine.mega.fuzz import mega_violations

        return mega_violations(before, actor, action, after, events)

    @property
    def baselines(self) -> Mapping[str, Policy]:
        from engine.mega.baselines import POLICIES  # only the arena measures against them

        return POLICIES


MEGA = MegaGame()
