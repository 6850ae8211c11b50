"""What the baselines share: the legal moves by type, and a random legal move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def of(legal: Sequence[object], kind: type[T]) -> list[T]:
    return [a for a in legal if isinstance(a, kind)]


def pick_random(legal: Sequence[T], rng: random.Random) -> T | None:
    """Any legal move, uniformly (the "random" baseline)."""
    return rng.choice(legal) if legal else None
