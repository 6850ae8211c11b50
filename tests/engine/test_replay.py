"""Replay files: a Mega replay re-plays from its seed to the recorded end (a tampered move does not);
a bingo replay carries public events only, never a seed or a hidden number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import replay
from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game


def moves_of(steps):  # type: ignore[no-untyped-def]
    out = [(None, {"do": "start_game"}, [])]
    for _, actor, action, _, events in steps:
        dumped = action.model_dump(mode="json", by_alias=True) if hasattr(action, "model_dump") else action
        out.append((actor, dumped, [e.model_dump(mode="json") for e in events]))
    return out


def test_a_mega_replay_verifies_and_a_tampered_one_does_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = [f"P{i}" for i in range(3)]
    steps = list(mega_random_game(4, 3, max_actions=300))
    data = replay.make_replay("mega", players, 4, {}, moves_of(steps), steps[-1][3])
    ok, state = replay.verify(json.loads(json.dumps(data)))
    assert ok and state.model_dump_json() == steps[-1][3].model_dump_json()
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    assert replay.main([str(path)]) == 0 and "matches" in capsys.readouterr().out
    rolls = [m for m in data["moves"] if m["action"].get("do") == "buy"]
    assert rolls, "the game bought something"
    rolls[0]["action"] = {"do": "decline"}
    path.write_text(json.dumps(data))
    assert replay.main([str(path)]) == 1


def test_a_bingo_replay_has_no_seed_and_no_hidden_numbers() -> None:
    steps = list(bingo_random_game(2, 3, max_actions=300))
    data = replay.make_replay("bingo", [f"P{i}" for i in range(3)], 2, {}, moves_of(steps), steps[-1][3])
    assert "seed" not in data and "moves" not in data
    text = json.dumps(data)
    assert "card_dealt" not in text and "pile_order" not in text and '"card"' not in text
    assert all(e.get("visible_to") is None for e in data["events"])
