"""Build Mega positions the way conformance cases do, for short rule tests."""

from __future__ import annotations

from typing import Any

from engine import mega
from engine.mega.conformance import setup_state


def position(*players: dict[str, Any], **setup: Any) -> mega.MegaState:
    return setup_state(
        {"game": "mega", "options": setup.pop("options", {}), "setup": {"players": list(players), **setup}}
    )


def act(state: mega.MegaState, by: str | None, do: str, **args: Any) -> mega.MegaState:
    new, _ = mega.apply(state, by, {"do": do, **args})
    return new


def act_events(state: mega.MegaState, by: str | None, do: str, **args: Any) -> tuple[mega.MegaState, list[Any]]:
    return mega.apply(state, by, {"do": do, **args})


def cash(state: mega.MegaState, name: str) -> int:
    return next(p.cash for p in state.players if p.name == name)


def player(state: mega.MegaState, name: str) -> Any:
    return next(p for p in state.players if p.name == name)
