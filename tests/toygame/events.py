"""The dice race's events, typed (the seam asks each game for its own union)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from engine.core.events import TypedEvent

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class StartedData(TypedDict):
    players: list[str]


@with_config(_STRICT)
class ValueData(TypedDict):
    value: int


@with_config(_STRICT)
class AtData(TypedDict):
    at: NotRequired[int]  # not when the race is ended early


@with_config(_STRICT)
class FellBackData(TypedDict):
    to: int


@with_config(_STRICT)
class Nothing(TypedDict):
    pass


class Started(TypedEvent):
    kind: Literal["race_started"]
    data: StartedData


class Rolled(TypedEvent):
    kind: Literal["race_rolled"]
    data: ValueData


class FellBack(TypedEvent):
    kind: Literal["race_fell_back"]
    data: FellBackData


class Stopped(TypedEvent):
    kind: Literal["race_stopped"]
    data: AtData


class Left(TypedEvent):
    kind: Literal["race_left"]
    data: Nothing


class Won(TypedEvent):
    kind: Literal["race_won"]
    data: AtData


RaceEvent = Annotated[Started | Rolled | FellBack | Stopped | Left | Won, Field(discriminator="kind")]
EVENTS: TypeAdapter[list[RaceEvent]] = TypeAdapter(list[RaceEvent])


def parse_events(raw: list[dict[str, Any]]) -> list[RaceEvent]:
    return EVENTS.validate_python(raw)
