"""Starting a game: seats, starting cash, shuffled decks (M-3, M-4, M-18)."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.rng import seed_state, shuffled
from engine.mega.board import BOARD
from engine.mega.events import DecksShuffled, GameStarted, MegaEvent
from engine.mega.house_rules import MegaRules
from engine.mega.state import Bank, MegaState, Player

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def new_game(names: list[str], seed: int, rules: MegaRules | None = None) -> tuple[MegaState, list[MegaEvent]]:
    rules = rules or MegaRules()
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction("player_count", f"Mega Monopoly needs {MIN_PLAYERS}-{MAX_PLAYERS} players (M-4)")
    if len(set(names)) != len(names):
        raise IllegalAction("duplicate_player", "each player may sit only once")
    rng = seed_state(seed)
    decks: dict[str, list[str]] = {}
    for deck, cards in BOARD.cards.items():
        rng, order = shuffled(rng, [c.id for c in cards])
        decks[deck] = order
    state = MegaState(
        rng=rng,
        rules=rules,
        players=[Player(name=n, cash=rules.starting_cash) for n in names],
        bank=Bank(houses=BOARD.bank.houses, hotels=BOARD.bank.hotels, tickets=BOARD.bank.house_tickets),
        decks=decks,
    )
    return state, [
        GameStarted.new({"game": "mega", "players": names}, None),
        DecksShuffled.secret({"decks": decks}, [], None),  # the order is hidden from players
    ]
