"""The apply step both games share: validate at the boundary, work on a copy, count versions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import TypeAdapter, ValidationError

from engine.core.clone import clone
from engine.core.errors import BadAction, GameOver
from engine.core.jsondata import JsonObject


class GameState(Protocol):
    version: int

    @property
    def over(self) -> bool: ...


S = TypeVar("S", bound=Any)
A = TypeVar("A")
E = TypeVar("E")  # the game's event union


def parse_with(adapter: TypeAdapter[A], raw: JsonObject) -> A:
    """Untrusted input becomes a typed action or a readable refusal."""
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BadAction("bad_action", f"malformed action ({where}: {first['msg']})") from exc


def apply_action(
    state: S,
    actor: str | None,
    action: Any,
    parse: Callable[[dict[str, Any]], Any],
    dispatch: Callable[[S, list[E], str | None, Any], None],
) -> tuple[S, list[E]]:
    """Apply one action to a copy; an IllegalAction leaves `state` untouched."""
    if isinstance(action, dict):
        action = parse(action)
    if state.over:
        raise GameOver("game_over", "the game is over")
    new = clone(state)
    events: list[E] = []
    dispatch(new, events, actor, action)
    new.version += 1
    return new, events
