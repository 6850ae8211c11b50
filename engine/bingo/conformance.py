"""The bingo side of the conformance runner."""

from __future__ import annotations

from typing import Any

from engine.bingo.actions import parse_action
from engine.bingo.cards import DECK, FREE, rank, sort_cells, validate_card
from engine.bingo.flow import apply, discard_required
from engine.bingo.house_rules import BingoRules
from engine.bingo.legal import declarable_now, waiting_for
from engine.bingo.queries import refresh_monopolies
from engine.bingo.state import BingoPlayer, BingoState
from engine.core.checks import Problems, rule_options


def setup_state(case: dict[str, Any]) -> BingoState:
    setup = case["setup"]
    players = []
    for raw in setup["players"]:
        card = {col: tuple(values) for col, values in raw["card"].items()}
        validate_card(card)
        owned = raw.get("owned", [])
        if FREE in owned:
            raise ValueError("N3 (FREE) is never owned")
        players.append(
            BingoPlayer(name=raw["name"], card=card, owned=sort_cells(owned), in_jail=raw.get("in_jail", False))
        )
    rest = list(DECK)
    top: list[str] = []
    for wanted in setup.get("deck", []):
        playing_card = next((c for c in rest if rank(c) == wanted), None)
        if playing_card is None:
            raise ValueError(f"no card of rank {wanted!r} left for the deck")
        rest.remove(playing_card)
        top.append(playing_card)
    names = [p.name for p in players]
    state = BingoState(rng=1, rules=BingoRules(**rule_options(case)), players=players, pile=top + rest)
    state.turn = names.index(setup.get("turn", names[0]))
    if "monopolies" in setup:
        state.monopolies = dict(setup["monopolies"])
    else:
        refresh_monopolies(state, [], list(state.players))
    return state


def step(state: BingoState, by: str | None, raw_action: dict[str, Any]) -> BingoState:
    new, _ = apply(state, by, parse_action(raw_action))
    return new


def check(s: BingoState, expect: dict[str, Any]) -> list[str]:
    problems = Problems()
    differ = problems.differ

    for name, fields in expect.get("players", {}).items():
        p = next((q for q in s.players if q.name == name), None)
        if p is None:
            problems.append(f"no player {name}")
            continue
        for key, want in fields.items():
            if key == "owned":
                differ(f"{name}.owned", sorted(p.owned), sorted(want))
            elif key == "discard_due":
                mine = s.players[s.turn].name == name
                differ(f"{name}.discard_due", discard_required(s) if mine else 0, want)
            elif key in ("in_jail", "eliminated"):
                differ(f"{name}.{key}", getattr(p, key), want)
            else:
                problems.append(f"unknown player key {key}")
    if "turn" in expect:
        differ("turn", s.players[s.turn].name, expect["turn"])
    if "waiting_for" in expect:
        differ("waiting_for", waiting_for(s), expect["waiting_for"])
    if "declarable" in expect:
        differ("declarable", declarable_now(s), sorted(expect["declarable"]))
    if "monopolies" in expect:
        differ("monopolies", s.monopolies, expect["monopolies"])
    if "winner" in expect:
        differ("winner", s.winner, expect["winner"])
    problems.unknown_keys(expect, ("players", "turn", "waiting_for", "declarable", "monopolies", "winner"))
    return problems


def dump(s: BingoState) -> str:
    return s.model_dump_json()
