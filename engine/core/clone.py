"""A fast deep copy for the engine's pydantic state.

`apply` works on a copy so that a refused action changes nothing. `copy.deepcopy` on pydantic
models is slow (memo dicts, reduce protocol); the state holds only models, lists, dicts and
immutable scalars, so a direct walk is enough and several times faster.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__


_NESTED = (BaseModel, list, dict)


def _copy(value: Any) -> Any:
    # The state's containers are homogeneous (typed fields), so one look at the first element
    # tells whether a shallow copy is enough.
    kind = type(value)
    if kind is list:
        if value and isinstance(value[0], _NESTED):
            return [_copy(v) for v in value]
        return value.copy()
    if kind is dict:
        if value and isinstance(next(iter(value.values())), _NESTED):
            return {k: _copy(v) for k, v in value.items()}
        return value.copy()
    if isinstance(value, BaseModel):
        return clone(value)
    return value


def clone(model: M) -> M:
    cls = model.__class__
    new = cls.__new__(cls)
    _set(new, "__dict__", {k: _copy(v) for k, v in model.__dict__.items()})
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
