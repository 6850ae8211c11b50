"""Issue 27: each game's events are a typed discriminated union (`engine/<game>/events.py`), read by
`Game.parse_events`. Every event the engine emits — at the start, in random games with trades, on
resigning and on ending early — must be one of them, with exactly the keys its model lists; a new
kind or key added without its model fails here."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine import fuzz, games
from engine.bingo import events as bingo_events
from engine.core.events import event
from engine.mega import events as mega_events
from tests.toygame.engine import RACE

GAMES = 30


def _dumped(evs: list) -> list[dict]:  # type: ignore[type-arg]
    return [e.model_dump() for e in evs]


@pytest.mark.parametrize(("kind", "playout"), [("mega", fuzz.mega_random_game), ("bingo", fuzz.bingo_random_game)])
def test_every_event_of_random_games_is_typed(kind: str, playout) -> None:  # type: ignore[no-untyped-def]
    seen: set[str] = set()
    _, started = games.new_game(kind, ["a", "b", "c"], 7, {})
    seen |= {type(e).__name__ for e in games.parse_events(kind, _dumped(started))}
    middle = None
    for seed in range(GAMES):
        for step, (_, _, _, after, evs) in enumerate(playout(seed, 2 + seed % 3)):
            seen |= {type(e).__name__ for e in games.parse_events(kind, _dumped(evs))}
            if seed == 0 and step == 40:
                middle = after
    assert len(seen) > 20  # the games really went through most kinds
    assert middle is not None and not games.is_over(middle)
    quitter = games.to_act(kind, middle)[0]
    _, resigned = games.apply(kind, middle, quitter, games.game(kind).resign(quitter))
    _, ended = games.end_early(kind, middle)
    kinds = {type(e).__name__ for e in games.parse_events(kind, _dumped(resigned + ended))}
    assert {"Resigned", "GameOver"} <= kinds


def test_an_unknown_key_or_kind_is_refused() -> None:
    rent = event("rent", "a", space="boardwalk", owner="b", amount=50, basis="base")
    assert mega_events.parse_events([rent.model_dump()])[0].data["amount"] == 50
    with pytest.raises(ValidationError):
        mega_events.parse_events(
            [event("rent", "a", space="boardwalk", owner="b", amount=50, basis="x", oops=1).model_dump()]
        )
    with pytest.raises(ValidationError):
        mega_events.parse_events([event("teleported", "a").model_dump()])
    with pytest.raises(ValidationError):  # a Mega trade's sides are not bingo's positions
        bingo_events.parse_events([event("trade_done", "a", to="b", give={"cash": 5}, get={}, offer=1).model_dump()])


def test_the_toy_game_brings_its_own_union() -> None:
    state, started = RACE.new_game(["a", "b"], 1, {})
    assert [type(e).__name__ for e in RACE.parse_events(_dumped(started))] == ["Started"]
    _, ended = RACE.end_early(state)
    assert [type(e).__name__ for e in RACE.parse_events(_dumped(ended))] == ["Won"]
