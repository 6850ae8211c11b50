"""Events: what happened, in order, including every random outcome (dice, shuffles, draws).

Some events carry secrets (a dealt bingo card, the order of a shuffled pile, a private answer in a
claim window). `visible_to` says who may see one: None means everyone; a list names the players
(an empty list: nobody, kept only for replay and audit). Renderers must honour it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, with_config
from typing_extensions import TypedDict


class Event(BaseModel):
    """One thing that happened. `kind` is a catalog key; `data` fills its message."""

    kind: str
    player: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    visible_to: list[str] | None = None

    def visible_for(self, viewer: str | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


_FIELDS = frozenset(Event.model_fields)
_set = object.__setattr__


def _make(kind: str, player: str | None, data: dict[str, Any], visible_to: list[str] | None) -> Event:
    # Like model_construct without its checks: the engine builds events from already-valid
    # values, on the hot path of every action.
    e = Event.__new__(Event)
    _set(e, "__dict__", {"kind": kind, "player": player, "data": data, "visible_to": visible_to})
    _set(e, "__pydantic_fields_set__", set(_FIELDS))
    _set(e, "__pydantic_extra__", None)
    _set(e, "__pydantic_private__", None)
    return e


def event(kind: str, player: str | None = None, **data: Any) -> Event:
    return _make(kind, player, data, None)


def secret_event(kind: str, visible_to: list[str], player: str | None = None, **data: Any) -> Event:
    return _make(kind, player, data, list(visible_to))


class TypedEvent(BaseModel):
    """An event in its typed form: each game lists its own (`engine/<game>/events.py`) as models with
    a literal `kind` and a `data` of known keys, a discriminated union like its actions. Same shape
    as `Event` (the log stores that), so `Game.parse_events` reads a logged list as the game's union
    and a test holds every event the engine emits to it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    player: str | None = None
    visible_to: list[str] | None = None


@with_config(ConfigDict(extra="forbid"))
class NoData(TypedDict):
    """The data of an event that says everything by its kind and player."""
