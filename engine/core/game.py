"""The contract every game kind fulfils, generic over its state and action types, so the bot and
the tools never branch on the kind: they look the game up in `engine.games` and call it through
this protocol. Optional parts (trades, a story, conformance cases) are small protocols of their
own that a game may implement; callers find them with `isinstance`, and a game without trades
implements nothing for them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from engine.core.events import TypedEvent
from engine.core.fuzzing import Step
from engine.core.jsondata import JsonObject, JsonObjects
from engine.core.story import Move, Story
from engine.core.window import Window

LEVELS = ("easy", "normal", "hard")  # the computer players' strengths (`Game.computer`)


class Action(Protocol):
    """Every action is a pydantic model told apart by its `do` field."""

    @property
    def do(self) -> str: ...

    def model_dump(self, *, mode: str = ..., by_alias: bool | None = ...) -> dict[str, Any]: ...


class State(Protocol):
    version: int

    @property
    def over(self) -> bool: ...

    def model_dump_json(self) -> str: ...


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)
E = TypeVar("E", bound=TypedEvent[Any])


class Game(Protocol[S, A, E]):
    """One game kind: pure functions over its own state; no I/O. Generic over its state, its
    actions and its events (each a discriminated union of the game's own models)."""

    kind: str
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    # Whether the seed reveals hidden information (dealt cards): then replays carry public events only.
    has_secrets: bool
    # The option (of `options_model`) holding the seconds of the game's timed windows, if it has any.
    window_option: str | None

    def new_game(self, players: list[str], seed: int, options: JsonObject) -> tuple[S, list[E]]: ...

    def load_state(self, text: str) -> S: ...

    def parse_action(self, raw: JsonObject) -> A: ...

    def parse_events(self, raw: JsonObjects) -> list[E]:
        """Logged events (as the service dumped them) as the game's typed events; an event of
        a kind or with a key the game does not know is refused."""
        ...

    def apply(self, state: S, actor: str | None, action: A | JsonObject) -> tuple[S, list[E]]: ...

    def legal_actions(self, state: S, player: str) -> list[A]: ...

    def to_act(self, state: S) -> list[str]:
        """The seats the game waits on now."""
        ...

    def waiting_for(self, state: S) -> str:
        """What the game waits for, as a key of its words (`status.waiting.<key>`)."""
        ...

    def turn_player(self, state: S) -> str | None:
        """Whose turn it is (None for a game without turns)."""
        ...

    def in_play(self, state: S) -> list[str]:
        """The seats still in the game (not bankrupt, not eliminated, not resigned)."""
        ...

    def winners(self, state: S) -> list[str]: ...

    def window(self, state: S) -> Window[A] | None:
        """The timed window the table is in, if any."""
        ...

    def resign(self, player: str) -> A:
        """The move that takes a player out of the game (too many missed turns)."""
        ...

    def end_early(self, state: S) -> tuple[S, list[E]]:
        """The table stops the game before its natural end."""
        ...

    def provisional_winners(self, state: S) -> list[str]:
        """Who would win if play were cut off now (simulations with an action budget)."""
        ...

    def public_view(self, state: S) -> BaseModel:
        """What everybody at the table may see."""
        ...

    def private_view(self, state: S, player: str) -> BaseModel:
        """What one player may see (their own secrets included)."""
        ...

    def computer(self, state: S, player: str, level: str, rng: random.Random) -> A | None:
        """A computer seat's move at `level` ("easy", "normal", "hard"), from public information
        only; None when it has nothing to do now (inside a timed window: it lets its time run out)."""
        ...

    def safe_action(self, state: S, player: str) -> A | None:
        """What a timer plays for a player who does not act: never gives anything away."""
        ...


class Offer(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def proposer(self) -> str: ...

    @property
    def receiver(self) -> str: ...


@runtime_checkable
class Trades(Protocol):
    """A game whose players trade by offers (`engine.core.offers`): the bot keeps their expiry."""

    def open_offers(self, state: State) -> Sequence[Offer]: ...

    def withdraw(self, offer: Offer, reason: str) -> Action:
        """The move (by the offer's proposer) that takes the offer off the table."""
        ...

    def accept(self, offer: Offer) -> Action:
        """The receiver's move taking the offer as it stands."""
        ...

    def reject(self, offer: Offer) -> Action:
        """The receiver's move declining the offer."""
        ...


@runtime_checkable
class Storied(Protocol):
    """A game told from its log (`engine.core.story`): places, tallies, a measure over time, turning points."""

    def story(self, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story: ...


# A way of playing a seat: `policy(state, player, rng) -> action | None` (None: nothing to do now).
Policy = Callable[[Any, str, random.Random], Any | None]


@runtime_checkable
class HasBaselines(Protocol):
    """A game with published strategies to measure its computer players against (`engine.ai.arena`,
    `python -m bench.arena`), by name ("gnome", "greedy", "random"…)."""

    @property
    def baselines(self) -> Mapping[str, Policy]: ...


@runtime_checkable
class Fuzzed(Protocol):
    """A game that can be played at random with its invariants checked (`python -m engine.fuzz`)."""

    def new_game(self, players: list[str], seed: int, options: JsonObject) -> tuple[Any, list[Any]]: ...

    def apply(self, state: Any, actor: str | None, action: Any) -> tuple[Any, list[Any]]: ...

    def legal_actions(self, state: Any, player: str) -> list[Any]: ...

    def random_game(self, seed: int, players: int, max_actions: int = ...) -> Iterator[Step]:
        """One game of random legal play, move by move."""
        ...

    def violations(self, before: Any, actor: str | None, action: Any, after: Any, events: list[Any]) -> list[str]:
        """What one move broke of the game's invariants (none: an empty list)."""
        ...


@runtime_checkable
class HasConformance(Protocol):
    """A game with conformance cases (`engine.conformance`)."""

    def conformance_adapter(self) -> ModuleType: ...


AnyGame = Game[Any, Any, Any]


def missing_members(thing: object, protocol: type) -> list[str]:
    """The attributes and methods of `protocol` that `thing` lacks (a registration names them all
    at once, rather than failing on the first one a player reaches)."""
    members = [n for n in vars(protocol) if not n.startswith("_")]
    members += [n for n in getattr(protocol, "__annotations__", {}) if not n.startswith("_")]
    return sorted({n for n in members if not hasattr(thing, n)})
