"""Events: what happened, in order, including every random outcome (dice, shuffles, draws).

Each game lists its events as typed models (`engine/<game>/events.py`): one per kind, with a literal
`kind` and a `data` of known keys, joined in a discriminated union like its actions. The engine
builds them with `new` and `secret`, typed by mypy and without validation on its hot path; the log
stores their dumps and `Game.parse_events` reads them back into the union.

Some events carry secrets (a dealt bingo card, the order of a shuffled pile, a private answer in a
claim window). `visible_to` says who may see one: None means everyone; a list names the players
(an empty list: nobody, kept only for replay and audit). Renderers must honour it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, with_config
from typing_extensions import TypedDict

D = TypeVar("D")


class TypedEvent(BaseModel, Generic[D]):
    """One thing that happened: a game's event model names its `kind` (a literal, with itself as
    default) and the shape of its `data` (a TypedDict) as the type argument."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    player: str | None = None
    data: D
    visible_to: list[str] | None = None

    KIND: ClassVar[str] = ""  # the literal of `kind`, read once per class for `new`

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        default = cls.model_fields["kind"].default
        if isinstance(default, str):
            cls.KIND = default

    @classmethod
    def new(cls, data: D, player: str | None = None) -> Self:
        """A public event. Built without validation: the engine passes already-valid values, on
        the hot path of every action (mypy checks `data` against the model's TypedDict)."""
        return _make(cls, data, player, None)

    @classmethod
    def secret(cls, data: D, visible_to: list[str], player: str | None = None) -> Self:
        """An event only `visible_to` may see (an empty list: nobody)."""
        return _make(cls, data, player, list(visible_to))

    def visible_for(self, viewer: str | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


AnyEvent = TypedEvent[Any]
"""Any game's event, as the shared code (the store, the service, the turn log) handles it."""

_FIELDS = frozenset(("kind", "player", "data", "visible_to"))
_set = object.__setattr__
E = TypeVar("E", bound=TypedEvent[Any])


def _make(cls: type[E], data: Any, player: str | None, visible_to: list[str] | None) -> E:
    if not cls.KIND:
        raise TypeError(f"{cls.__name__} has no kind of its own")
    made = cls.__new__(cls)
    _set(made, "__dict__", {"kind": cls.KIND, "player": player, "data": data, "visible_to": visible_to})
    _set(made, "__pydantic_fields_set__", set(_FIELDS))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


@with_config(ConfigDict(extra="forbid"))
class NoData(TypedDict):
    """The data of an event that says everything by its kind and player."""
