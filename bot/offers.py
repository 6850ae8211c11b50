"""How a trade offer stopped being open, read from the events that closed it (the same event
kinds in every game, see `engine.core.offers`). The cog turns a fate into words on the offer's
public message and into the precise refusal for a late press on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.outcome import Outcome
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable

    from bot.store import GameRecord, GameStore, Lobby

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


class OfferKeeping:
    """The service's side of trade offers: when each open offer expires (by id), withdrawing the
    expired and the unposted ones as logged actions, and how a closed one ended."""

    store: GameStore
    clock: Callable[[], float]

    if TYPE_CHECKING:

        def lock(self, game_id: int) -> asyncio.Lock: ...

        def state_of(self, record: GameRecord) -> Any | None: ...

        async def _load(self, game_id: int) -> GameRecord: ...

        async def _apply(self, record: GameRecord, actor: str | None, action: dict[str, Any] | Any) -> Outcome: ...

    def _track_offers(self, record: GameRecord, state: Any, actor: str | None, action: Any) -> Lobby:
        """Remember when each open offer (by id) expires; forget offers that are no longer open."""
        trades = getattr(state, "trades", [])
        by_pair = {f"{o.proposer}>{o.receiver}": str(o.id) for o in trades}
        offers: dict[str, float] = {}
        for key, expires in record.lobby.offers.items():
            key = by_pair.get(key, key)  # offers remembered by pair before offers had ids
            if any(str(o.id) == key for o in trades):
                offers[key] = expires
        for offer in trades:
            offers.setdefault(str(offer.id), self.clock() + record.lobby.offer_lifetime_s)
        return record.lobby.model_copy(update={"offers": offers})

    async def _expire_offers(self, outcome: Outcome) -> Outcome:
        """Withdraw offers past their time, each as its own logged action (replay stays exact)."""
        now = self.clock()
        for key, expires in sorted(outcome.record.lobby.offers.items()):
            if expires > now or outcome.record.status != "active":
                continue
            offer = next((o for o in getattr(outcome.state, "trades", []) if str(o.id) == key), None)
            if offer is None:
                continue
            withdraw = {"do": "withdraw_trade", "to": offer.receiver, "offer": offer.id, "reason": "expired"}
            try:
                outcome = await self._apply(outcome.record, offer.proposer, withdraw)
            except IllegalAction:
                continue
        return outcome

    async def expire_offers(self, game_id: int) -> Outcome | None:
        """Withdraw the game's offers that are past their time now (a press on one came first)."""
        async with self.lock(game_id):
            record = await self._load(game_id)
            if record.status != "active":
                return None
            outcome = await self._expire_offers(Outcome(record, self.state_of(record)))
            return outcome if outcome.record.version != record.version else None

    async def withdraw_unposted(self, game_id: int, offer_id: int) -> Outcome | None:
        """An offer whose public message could not be posted is withdrawn (nobody could answer it)."""
        async with self.lock(game_id):
            record = await self._load(game_id)
            offer = next((o for o in getattr(self.state_of(record), "trades", []) if o.id == offer_id), None)
            if record.status != "active" or offer is None:
                return None
            withdraw = {"do": "withdraw_trade", "to": offer.receiver, "offer": offer_id, "reason": "unposted"}
            return await self._apply(record, offer.proposer, withdraw)

    async def offer_fate(self, game_id: int, offer_id: int) -> Fate | None:
        """How an offer that is no longer open was closed, from the game's log."""
        for entry in reversed(await self.store.log(game_id)):
            for fate in fates(entry.events):
                if fate.offer == offer_id:
                    return fate
        return None
