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


class Started(TypedEvent[StartedData]):
    kind: Literal["race_started"] = "race_started"


class Rolled(TypedEvent[ValueData]):
    kind: Literal["race_rolled"] = "race_rolled"


class FellBack(TypedEvent[FellBackData]):
    kind: Literal["race_fell_back"] = "race_fell_back"


class Stopped(TypedEvent[AtData]):
    kind: Literal["race_stopped"] = "race_stopped"


class Left(TypedEvent[Nothing]):
    kind: Literal["race_left"] = "race_left"


class Won(TypedEvent[AtData]):
    kind: Literal["race_won"] = "race_won"


RaceEvent = Annotated[Started | Rolled | FellBack | Stopped | Left | Won, Field(discriminator="kind")]
EVENTS: TypeAdapter[list[RaceEvent]] = TypeAdapter(list[RaceEvent])


def parse_events(raw: list[dict[str, Any]]) -> list[RaceEvent]:
    return EVENTS.validate_python(raw)
