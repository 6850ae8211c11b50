"""The Mega side of the conformance runner: build a state from a case's setup, read expectations."""

from __future__ import annotations

from typing import Any

from engine.core.checks import Problems, rule_options
from engine.mega.actions import parse_action
from engine.mega.board import BOARD, INDEX
from engine.mega.flow import apply
from engine.mega.house_rules import MegaRules
from engine.mega.legal import waiting_for
from engine.mega.queries import set_mortgaged
from engine.mega.state import Bank, DeedAuction, MegaState, Player, ShortageAuction


def _space(space_id: str) -> int:
    if space_id not in INDEX:
        raise ValueError(f"unknown space {space_id}")
    return INDEX[space_id]


def setup_state(case: dict[str, Any]) -> MegaState:
    rules = MegaRules(**rule_options(case))
    setup = case["setup"]
    decks: dict[str, list[str]] = {d: [c.id for c in cards] for d, cards in BOARD.cards.items()}
    jail_pool = [
        c
        for d in ("chance", "community_chest")
        for c in decks[d]
        if c.endswith("get_out_of_jail_free_this_card_may_be_ke")
    ]
    state = MegaState(rng=1, rules=rules, players=[], fixed_dice=True)
    for raw in setup["players"]:
        held = [jail_pool.pop(0) for _ in range(raw.get("jail_cards", 0))]
        for card in held:
            decks[BOARD.deck_of(card)].remove(card)
        state.players.append(_player(raw, rules, held))
        for deed in raw.get("deeds", []):
            _space(deed)
            state.owner[deed] = raw["name"]
        for deed in raw.get("mortgaged", []):
            set_mortgaged(state, deed, True)
        state.buildings.update(raw.get("buildings", {}))
    for deck, top in setup.get("decks", {}).items():
        decks[deck] = list(top) + [c for c in decks[deck] if c not in top]
    state.bank = _bank(setup.get("bank"), state)
    state.decks = decks
    names = [p.name for p in state.players]
    state.turn = names.index(setup.get("turn", names[0]))
    return state


def _player(raw: dict[str, Any], rules: MegaRules, jail_cards: list[str]) -> Player:
    return Player(
        name=raw["name"],
        cash=raw.get("cash", rules.starting_cash),
        position=_space(raw.get("position", "go")),
        in_jail=raw.get("in_jail", False),
        jail_turns=raw.get("jail_turns", 0),
        tickets=raw.get("tickets", 0),
        jail_cards=jail_cards,
    )


def _bank(raw: dict[str, Any] | None, state: MegaState) -> Bank:
    """The case's bank, else what the buildings and tickets on the table leave in it."""
    if raw is not None:
        return Bank(houses=raw.get("houses", 32), hotels=raw.get("hotels", 12), tickets=raw.get("tickets", 16))
    houses = sum(v for v in state.buildings.values() if v < 5)
    hotels = sum(1 for v in state.buildings.values() if v == 5)
    return Bank(houses=32 - houses, hotels=12 - hotels, tickets=16 - sum(p.tickets for p in state.players))


def step(state: MegaState, by: str | None, raw_action: dict[str, Any]) -> MegaState:
    action = parse_action(raw_action)
    new, _ = apply(state, by, action)
    return new


def check(s: MegaState, expect: dict[str, Any]) -> list[str]:
    problems = Problems()
    differ = problems.differ
    for name, fields in expect.get("players", {}).items():
        _check_player(s, name, fields, problems)
    for key, want in expect.get("bank", {}).items():
        differ(f"bank.{key}", getattr(s.bank, key), want)
    for deed, want in expect.get("owner", {}).items():
        differ(f"owner.{deed}", s.owner.get(deed), want)
    if "turn" in expect:
        differ("turn", s.players[s.turn].name, expect["turn"])
    if "waiting_for" in expect:
        differ("waiting_for", waiting_for(s), expect["waiting_for"])
    if "auction" in expect:
        _check_auction(s, expect["auction"], problems)
    if "winner" in expect:
        want = expect["winner"]
        winners: Any = s.winners
        if isinstance(want, str):
            want = [want]
        differ("winner", sorted(winners) if winners else None, sorted(want) if want else None)
    problems.unknown_keys(expect, ("players", "bank", "owner", "turn", "waiting_for", "auction", "winner"))
    return problems


def _check_player(s: MegaState, name: str, fields: dict[str, Any], problems: Problems) -> None:
    p = next((q for q in s.players if q.name == name), None)
    if p is None:
        problems.append(f"no player {name}")
        return
    differ = problems.differ
    mine = {d for d, o in s.owner.items() if o == name}
    for key, want in fields.items():
        if key == "position":
            differ(f"{name}.position", BOARD.spaces[p.position].id, want)
        elif key == "deeds":
            differ(f"{name}.deeds", sorted(mine), sorted(want))
        elif key == "mortgaged":
            differ(f"{name}.mortgaged", sorted(mine & set(s.mortgaged)), sorted(want))
        elif key == "buildings":
            differ(f"{name}.buildings", {d: v for d, v in s.buildings.items() if d in mine and v}, want)
        elif key == "jail_cards":
            differ(f"{name}.jail_cards", len(p.jail_cards), want)
        elif key in ("cash", "in_jail", "jail_turns", "tickets", "bankrupt"):
            differ(f"{name}.{key}", getattr(p, key), want)
        else:
            problems.append(f"unknown player key {key}")


def _check_auction(s: MegaState, expected: dict[str, Any], problems: Problems) -> None:
    front = s.queue[0] if s.queue else None
    if not isinstance(front, (DeedAuction, ShortageAuction)):
        problems.append("auction: no auction is open")
        return
    for key, want in expected.items():
        value = getattr(front, key)
        if key == "high_bid" and front.high_bidder is None:
            value = None  # no bid yet (FORMAT: null until the first bid)
        problems.differ(f"auction.{key}", value, want)


def dump(s: MegaState) -> str:
    return s.model_dump_json()
