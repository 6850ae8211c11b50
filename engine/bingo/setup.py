"""Starting a bingo game: a random card for each player and a shuffled deck (B-1, B-2, B-4)."""

from __future__ import annotations

from engine.bingo.cards import DECK, deal_card
from engine.bingo.events import BingoEvent, CardDealt, GameStarted, PileOrder
from engine.bingo.house_rules import BingoRules
from engine.bingo.state import BingoPlayer, BingoState
from engine.core.errors import IllegalAction
from engine.core.rng import seed_state, shuffled

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def new_game(names: list[str], seed: int, rules: BingoRules | None = None) -> tuple[BingoState, list[BingoEvent]]:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction("player_count", f"MonopolizeBingo is played by {MIN_PLAYERS}-{MAX_PLAYERS} players (B-1)")
    if len(set(names)) != len(names):
        raise IllegalAction("duplicate_player", "each player may sit only once")
    rng = seed_state(seed)
    players = []
    events: list[BingoEvent] = [GameStarted.new({"game": "bingo", "players": names}, None)]
    for name in names:
        rng, card = deal_card(rng)
        players.append(BingoPlayer(name=name, card=card))
        events.append(CardDealt.secret({"card": {col: list(cells) for col, cells in card.items()}}, [name], name))
    rng, pile = shuffled(rng, list(DECK))
    events.append(PileOrder.secret({"pile": pile}, [], None))
    state = BingoState(rng=rng, rules=rules or BingoRules(), players=players, pile=pile)
    return state, events
