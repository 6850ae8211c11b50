"""Replay files: `python -m engine.replay FILE` verifies a game's replay and prints its end.

A replay is the game's public record as JSON. For a game without secrets (Mega Monopoly) it holds
the seed, the options and every move, so replaying from the seed must reach the very state the game
ended in (its digest is in the file): a tampered move or a wrong rule breaks it. A game with hidden
information (MonopolizeBingo's cards and pile) never gets its seed into a file — the seed would
reveal every card — so its replay holds only the public events, in order, and the tool prints them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.core.story import Move, digest, final_state

FORMAT = "monopoly-replay/1"


def make_replay(
    kind: str,
    players: list[str],
    seed: int,
    options: dict[str, Any],
    moves: list[tuple[str | None, dict[str, Any], list[dict[str, Any]]]],
    ended_in: Any,
) -> dict[str, Any]:
    """The replay of a finished game from its log rows (actor, action, events); `ended_in` is
    the state the game really ended in, whose digest a replay must reach."""
    from engine.games import game

    rules = game(kind)
    head: dict[str, Any] = {"format": FORMAT, "game": kind, "players": players}
    if rules.has_secrets:
        public = [e for _, _, events in moves for e in events if e.get("visible_to") is None]
        return {**head, "events": public}
    recorded = [{"actor": a, "action": m} for a, m, _ in moves]
    return {**head, "seed": seed, "options": options, "moves": recorded, "final": digest(ended_in)}


def verify(replay: dict[str, Any]) -> tuple[bool, Any]:
    """Replay from the seed; (matches the recorded end, final state). Public-only replays verify
    nothing and return (True, None)."""
    from engine.games import game

    if replay.get("format") != FORMAT:
        raise ValueError(f"not a replay file (format {replay.get('format')!r})")
    rules = game(replay["game"])
    if "seed" not in replay:
        return True, None
    moves: list[Move] = [(m["actor"], m["action"], []) for m in replay["moves"]]
    # A move the rules refuse raises: the file cannot be right.
    state = final_state(rules, replay["players"], replay["seed"], replay.get("options", {}), moves)
    return digest(state) == replay.get("final"), state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    replay = json.loads(args.file.read_text(encoding="utf-8"))
    try:
        ok, state = verify(replay)
    except Exception as exc:  # a file that cannot be replayed at all
        print(f"FAIL: the replay cannot be played: {exc}")
        return 1
    if state is None:
        print(f"{replay['game']}: {len(replay.get('events', []))} public events (no seed: nothing to verify)")
        for event in replay.get("events", [])[-10:]:
            print(" ", event.get("kind"), event.get("player") or "", event.get("data") or {})
        return 0
    winners = getattr(state, "winners", None) or []
    print(f"{replay['game']}: {len(replay['moves'])} moves replayed from seed {replay['seed']}")
    print(f"final state {'matches' if ok else 'DOES NOT match'} the recorded one; winners: {', '.join(winners) or '—'}")
    for p in getattr(state, "players", []):
        print(f"  {p.name}: ${getattr(p, 'cash', 0):,}{' (bankrupt)' if getattr(p, 'bankrupt', False) else ''}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
