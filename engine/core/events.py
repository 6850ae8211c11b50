"""Events: what happened, in order, including every random outcome (dice, shuffles, draws)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Event(BaseModel):
    """One thing that happened. `kind` is a catalog key; `data` fills its message."""

    kind: str
    player: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)


def event(kind: str, player: str | None = None, **data: Any) -> Event:
    # model_construct skips validation: the engine builds events from already-valid values,
    # and this is on the hot path of every action.
    return Event.model_construct(kind=kind, player=player, data=data)
