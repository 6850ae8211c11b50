"""Trade offers as the bot keeps them: when each open offer (by id) expires, and how a closed one
ended, read from the events that closed it (the same event kinds in every game, see
`engine.core.offers`). Only for games with trades (`engine.core.game.Trades`); the cog turns a fate
into words on the offer's public message and into the precise refusal for a late press on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import GameRecord, Lobby
from engine import games
from engine.core.game import Action, Offer, State, Trades

CLOSING = frozenset({"trade_done", "trade_rejected", "trade_withdrawn", "trade_replaced", "trade_countered"})


@dataclass(frozen=True)
class Fate:
    offer: int
    key: str  # catalog key: trade.fate.<why>
    player: str | None  # the seat the words name (who accepted, declined, countered…)


def fate_of(event: Any) -> Fate | None:
    """The fate an event gives an offer, or None if it closes none."""
    if isinstance(event, dict):  # from the log
        kind, data, player = event.get("kind"), event.get("data") or {}, event.get("player")
    else:
        kind, data, player = event.kind, event.data or {}, event.player
    if kind not in CLOSING or "offer" not in data:
        return None
    offer = int(data["offer"])
    if kind == "trade_done":
        return Fate(offer, "trade.fate.accepted", data.get("to"))
    if kind == "trade_rejected":
        return Fate(offer, "trade.fate.declined", player)
    if kind == "trade_replaced":
        return Fate(offer, "trade.fate.replaced", player)
    if kind == "trade_countered":
        return Fate(offer, "trade.fate.countered", player)
    reason = data.get("reason", "withdrawn")
    if reason in ("competing", "left"):
        return Fate(offer, f"trade.fate.{reason}", data.get("by"))
    return Fate(offer, f"trade.fate.{reason}", player)


def fates(events: list[Any]) -> list[Fate]:
    return [f for f in (fate_of(e) for e in events) if f is not None]


def open_offers(kind: str, state: State | None) -> Sequence[Offer]:
    """The game's open offers (none for a game without trades)."""
    game = games.game(kind)
    return game.open_offers(state) if state is not None and isinstance(game, Trades) else ()


def withdrawal(kind: str, offer: Offer, reason: str) -> Action:
    """The move that takes `offer` off the table (by its proposer)."""
    game = games.game(kind)
    assert isinstance(game, Trades), "only a game with trades has offers"
    return game.withdraw(offer, reason)


def answer_action(kind: str, offer: Offer, *, accept: bool) -> Action:
    """The receiver's move accepting or declining `offer`."""
    game = games.game(kind)
    assert isinstance(game, Trades), "only a game with trades has offers"
    return game.accept(offer) if accept else game.reject(offer)


def tracked(record: GameRecord, state: State, now: float) -> Lobby:
    """Remember when each open offer (by id) expires; forget offers that are no longer open."""
    trades = open_offers(record.kind, state)
    by_pair = {f"{o.proposer}>{o.receiver}": str(o.id) for o in trades}
    offers: dict[str, float] = {}
    for key, expires in record.lobby.offers.items():
        key = by_pair.get(key, key)  # offers remembered by pair before offers had ids
        if any(str(o.id) == key for o in trades):
            offers[key] = expires
    for offer in trades:
        offers.setdefault(str(offer.id), now + record.lobby.offer_lifetime_s)
    return record.lobby.model_copy(update={"offers": offers})


def due(record: GameRecord, state: State | None, now: float) -> list[Offer]:
    """The open offers past their time at `now`, oldest key first."""
    if record.status != "active" or not record.lobby.offers:
        return []  # nothing to expire (most moves): no need to ask the game for its offers
    by_id = {str(o.id): o for o in open_offers(record.kind, state)}
    return [by_id[key] for key, expires in sorted(record.lobby.offers.items()) if expires <= now and key in by_id]
