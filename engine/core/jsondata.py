"""JSON as the engine reads it: logged actions and events, options, conformance cases and the
board's card effects. A mapping of JSON values, so a caller may hand any dict of plain data and
the reader narrows what it takes out (or lets pydantic validate it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import JsonValue

JsonObject = Mapping[str, JsonValue]
JsonObjects = Sequence[JsonObject]

__all__ = ["JsonObject", "JsonObjects", "JsonValue"]
