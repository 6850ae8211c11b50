"""Two strengths of one suite. The README's test command runs the quick one, for every change:
computer-level arenas of a few dozen fixed-seed games, a newcomer's game played for a few hundred
presses. CI runs the full one (FULL_SUITE=1 in `.ci/run`): arenas of their measured size and whole
games to their end. The quick sizes were chosen so that a level played as the one below it fails
(see each test)."""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

FULL = os.environ.get("FULL_SUITE") == "1"


def pick(quick: T, full: T) -> T:
    """The quick suite's value, or the full suite's under FULL_SUITE=1."""
    return full if FULL else quick
