"""Plugging the dice race in (and out again) through the two registries."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cogs import registry
from engine import games
from tests.toygame.engine import RACE
from tests.toygame.presenter import PRESENTER


@contextmanager
def dice_race() -> Iterator[None]:
    games.register(RACE)
    registry.register(PRESENTER)
    try:
        yield
    finally:
        registry.unregister(RACE.kind)
        games.unregister(RACE.kind)
