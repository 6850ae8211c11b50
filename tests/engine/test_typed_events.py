"""Issue 27: each game's events are a typed discriminated union (`engine/<game>/events.py`). The
engine builds them as those models (mypy checks each `data` against its TypedDict); the log stores
their dumps and `Game.parse_events` reads them back. Built without validation on the hot path, so
here every event the engine emits — at the start, in random games with trades, on resigning and on
ending early — must survive the trip through the log unchanged: a key its model does not list would
be dropped silently by the dump, and fails here."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from pydantic import ValidationError

from engine import games
from engine.bingo import events as bingo_events
from engine.bingo.fuzz import bingo_random_game
from engine.core.events import TypedEvent
from engine.mega import events as mega_events
from engine.mega.events import Rent
from engine.mega.fuzz import mega_random_game
from tests.toygame.engine import RACE

GAMES = 30


def _through_the_log(kind: str, evs: list[Any]) -> set[str]:
    """Dump as the service does, read back as the store's reader does; nothing may change."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pydantic warns when a value is not of its declared type
        dumped = [e.model_dump(mode="json") for e in evs]
    raw = json.loads(json.dumps([{**e.__dict__} for e in evs]))  # what the engine built, as JSON
    assert dumped == raw, "an event carries a key or a value its model does not declare"
    parsed = games.game(kind).parse_events(dumped)
    assert [type(p) for p in parsed] == [type(e) for e in evs]
    assert [p.model_dump(mode="json") for p in parsed] == dumped
    return {type(e).__name__ for e in evs}


@pytest.mark.parametrize(("kind", "playout"), [("mega", mega_random_game), ("bingo", bingo_random_game)])
def test_every_event_of_random_games_is_typed(kind: str, playout: Any) -> None:
    _, started = games.game(kind).new_game(["a", "b", "c"], 7, {})
    seen = _through_the_log(kind, started)
    middle = None
    for seed in range(GAMES):
        for step, (_, _, _, after, evs) in enumerate(playout(seed, 2 + seed % 3)):
            seen |= _through_the_log(kind, evs)
            if seed == 0 and step == 40:
                middle = after
    assert len(seen) > 20  # the games really went through most kinds
    assert middle is not None and not middle.over
    quitter = games.game(kind).to_act(middle)[0]
    _, resigned = games.game(kind).apply(middle, quitter, games.game(kind).resign(quitter))
    _, ended = games.game(kind).end_early(middle)
    assert {"Resigned", "GameOver"} <= _through_the_log(kind, resigned + ended)


def test_an_extra_key_is_caught_on_the_way_to_the_log() -> None:
    sneaky = Rent.new({"space": "boardwalk", "owner": "b", "amount": 50, "basis": "single"}, "a")
    sneaky.data["oops"] = 1  # type: ignore[typeddict-unknown-key]
    with pytest.raises(AssertionError):
        _through_the_log("mega", [sneaky])


def test_an_unknown_key_or_kind_is_refused() -> None:
    rent = {"kind": "rent", "player": "a", "data": {"space": "boardwalk", "owner": "b", "amount": 50, "basis": "x"}}
    assert isinstance(mega_events.parse_events([rent])[0], Rent)
    with pytest.raises(ValidationError):
        mega_events.parse_events([{**rent, "data": {**rent["data"], "oops": 1}}])
    with pytest.raises(ValidationError):
        mega_events.parse_events([{"kind": "teleported", "player": "a", "data": {}}])
    with pytest.raises(ValidationError):  # a Mega trade's sides are not bingo's positions
        done = {"to": "b", "give": {"cash": 5}, "get": {}, "offer": 1}
        bingo_events.parse_events([{"kind": "trade_done", "player": "a", "data": done}])


def test_only_a_model_with_its_own_kind_can_be_built() -> None:
    with pytest.raises(TypeError):
        TypedEvent.new({})


def test_the_toy_game_brings_its_own_union() -> None:
    state, started = RACE.new_game(["a", "b"], 1, {})
    assert [type(e).__name__ for e in RACE.parse_events([e.model_dump() for e in started])] == ["Started"]
    _, ended = RACE.end_early(state)
    assert [type(e).__name__ for e in RACE.parse_events([e.model_dump() for e in ended])] == ["Won"]
