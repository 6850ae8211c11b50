"""What the baselines share: the legal moves by type, and a random legal move."""

from __future__ import annotations

import random
from typing import Any, TypeVar

T = TypeVar("T")


def of(legal: list[Any], kind: type[T]) -> list[T]:
    return [a for a in legal if isinstance(a, kind)]


def pick_random(legal: list[Any], rng: random.Random) -> Any | None:
    """Any legal move, uniformly (the "random" baseline)."""
    return rng.choice(legal) if legal else None
