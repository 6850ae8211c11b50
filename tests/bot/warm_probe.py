"""A picture module for tests/bot/test_painter.py: says whether its worker prepared it."""

from __future__ import annotations

PREPARED = False


def warm() -> None:
    global PREPARED
    PREPARED = True


def probe() -> bytes:
    return b"prepared" if PREPARED else b"cold"
