"""The one place the Discord side names its games: each game's package registers a presenter."""

from __future__ import annotations

from cogs import bingo, mega
from cogs.context import Presenter

PRESENTERS: dict[str, Presenter] = {p.kind: p for p in (mega.PRESENTER, bingo.PRESENTER)}


def presenter(kind: str) -> Presenter:
    return PRESENTERS[kind]
