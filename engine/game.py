"""The contract every game kind fulfils, so the bot and the tools never branch on the kind:
they look the game up in `engine.games.GAMES` and call it through this protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from engine.core.events import Event
from engine.story import Move, Story


class Game(Protocol):
    """One game kind: pure functions over its own state; no I/O."""

    kind: str
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    # The option (of `options_model`) holding the seconds of the game's timed window.
    window_option: str
    # Whether the seed reveals hidden information (dealt cards): then replays carry public events only.
    has_secrets: bool

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> tuple[Any, list[Event]]: ...

    def load_state(self, text: str) -> Any: ...

    def parse_action(self, raw: dict[str, Any]) -> Any: ...

    def apply(self, state: Any, actor: str | None, action: Any) -> tuple[Any, list[Event]]: ...

    def legal_actions(self, state: Any, player: str) -> list[Any]: ...

    def to_act(self, state: Any) -> list[str]: ...

    def waiting_for(self, state: Any) -> str: ...

    def winners(self, state: Any) -> list[str]: ...

    def window_kind(self, state: Any) -> str | None:
        """A timed window the table is in, closed by `close_window_action` when its time is up."""
        ...

    def window_identity(self, state: Any) -> str | None:
        """Which window is open, so a change of state inside one window keeps its countdown."""
        ...

    def close_window_action(self) -> Any: ...

    def end_early(self, state: Any) -> tuple[Any, list[Event]]:
        """The table stops the game before its natural end."""
        ...

    def provisional_winners(self, state: Any) -> list[str]:
        """Who would win if play were cut off now (simulations with an action budget)."""
        ...

    def public_view(self, state: Any) -> Any:
        """What everybody at the table may see."""
        ...

    def private_view(self, state: Any, player: str) -> Any:
        """What one player may see (their own secrets included)."""
        ...

    def computer_choice(self, state: Any, player: str) -> Any | None: ...

    def safe_action(self, state: Any, player: str) -> Any | None:
        """What a timer plays for a player who does not act: never gives anything away."""
        ...

    def story(self, players: list[str], seed: int, options: dict[str, Any], moves: Sequence[Move]) -> Story:
        """The game told from its log (`engine.story`): places, tallies, a measure over time, turning
        points; public information only."""
        ...

    def conformance_adapter(self) -> Any:
        """The module that sets up and checks conformance cases of this game."""
        ...
