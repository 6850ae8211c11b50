"""A fast deep copy for the engine's pydantic state.

`apply` works on a copy so that a refused action changes nothing. `copy.deepcopy` on pydantic
models is slow (memo dicts, reduce protocol). The state holds only models, lists, dicts and
immutable values, so a direct walk is enough: each model class's annotations say once which
fields can hold something mutable, and only those are copied. Frozen models (rule options) and
tuples are shared.
"""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
_ATOMIC_TYPES = (str, int, bool, float, type(None))
_NESTED = (BaseModel, list, dict)
_MUTABLE_FIELDS: dict[type, tuple[str, ...]] = {}


def _is_immutable(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is typing.Literal or origin is tuple or annotation in _ATOMIC_TYPES:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_is_immutable(arg) for arg in typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return False


def _mutable_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    fields = _MUTABLE_FIELDS.get(cls)
    if fields is None:
        fields = tuple(n for n, f in cls.model_fields.items() if not _is_immutable(f.annotation))
        _MUTABLE_FIELDS[cls] = fields
    return fields


def _copy(value: Any) -> Any:
    kind = type(value)
    # The state's containers are homogeneous (typed fields), so one look at the first element
    # tells whether a shallow copy is enough.
    if kind is list:
        if value and isinstance(value[0], _NESTED):
            return [_copy(v) for v in value]
        return value.copy()
    if kind is dict:
        if value and isinstance(next(iter(value.values())), _NESTED):
            return {k: _copy(v) for k, v in value.items()}
        return value.copy()
    if isinstance(value, BaseModel):
        return value if value.model_config.get("frozen") else clone(value)
    return value


def clone(model: M) -> M:
    cls = model.__class__
    data = model.__dict__.copy()
    for name in _mutable_fields(cls):
        value = data[name]
        if value is not None:
            data[name] = _copy(value)
    new = cls.__new__(cls)
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
