"""Trade offers shared by every game: each has its own id, and every way an offer stops being
open is an event naming that id and why (accepted, declined, replaced, countered, withdrawn,
expired, another offer accepted, a player left), so a button drawn for one offer can only ever
act on that offer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, cast

from engine.core.errors import IllegalAction
from engine.core.table_events import (
    OfferEnded,
    TradeCountered,
    TradeRejected,
    TradeReplaced,
    TradeWithdrawn,
    TradeWithdrawnData,
)


class OfferEvents(Protocol):
    """Where an offer's events go: a game's list of its own events (which include these)."""

    def append(self, event: OfferEnded, /) -> None: ...


class Offer(Protocol):
    id: int
    proposer: str
    receiver: str


class HasOffers(Protocol):
    trades: Any  # list of the game's offer model
    next_offer: int


OfferT = TypeVar("OfferT", bound=Offer)
S = TypeVar("S")


def add(s: HasOffers, ev: OfferEvents, offer: OfferT, answers: int | None) -> OfferT:
    """Open `offer` with a new id. It replaces an open offer of the same proposer to the same
    receiver; `answers` names an offer made to the proposer that this one counters (withdrawn).
    The game then tells the offer itself (its `trade_proposed` carries the game's kind of sides)."""
    if answers is not None:
        countered = next((t for t in s.trades if t.id == answers), None)
        if countered is None or countered.receiver != offer.proposer or countered.proposer != offer.receiver:
            raise IllegalAction("offer_closed", f"offer {answers} is no longer open", offer=answers)
    offer.id = s.next_offer
    s.next_offer += 1
    for old in [t for t in s.trades if t.proposer == offer.proposer and t.receiver == offer.receiver]:
        s.trades.remove(old)
        ev.append(TradeReplaced.new({"to": offer.receiver, "offer": old.id, "by": offer.id}, offer.proposer))
    if answers is not None:
        countered = next(t for t in s.trades if t.id == answers)
        s.trades.remove(countered)
        ev.append(TradeCountered.new({"proposer": offer.receiver, "offer": answers, "by": offer.id}, offer.proposer))
    s.trades.append(offer)
    return offer


def find(s: HasOffers, proposer: str, receiver: str, offer_id: int | None = None) -> Any:
    """The open offer from `proposer` to `receiver`; with `offer_id`, only if it is that very offer."""
    for t in s.trades:
        if t.proposer == proposer and t.receiver == receiver:
            if offer_id is not None and t.id != offer_id:
                break
            return t
    if offer_id is not None:
        raise IllegalAction("offer_closed", f"offer {offer_id} is no longer open", offer=offer_id)
    raise IllegalAction("no_such_offer", f"there is no open offer from {proposer} to {receiver}")


def reject(s: HasOffers, ev: OfferEvents, offer: Offer) -> None:
    s.trades.remove(offer)
    ev.append(TradeRejected.new({"proposer": offer.proposer, "offer": offer.id}, offer.receiver))


def withdraw(s: HasOffers, ev: OfferEvents, offer: Offer, reason: str, by: str | None = None) -> None:
    """The offer is off the table: its proposer withdrew it, it expired, could not be shown, its
    receiver accepted another one (`competing`, by the acceptor), or a player left (`left`)."""
    s.trades.remove(offer)
    data: TradeWithdrawnData = {"to": offer.receiver, "offer": offer.id, "reason": reason}
    if by is not None:
        data["by"] = by
    ev.append(TradeWithdrawn.new(data, offer.proposer))


def drop_player(s: HasOffers, ev: OfferEvents, name: str) -> None:
    """A player leaves the table: their offers, and offers to them, are withdrawn."""
    for offer in [t for t in s.trades if name in (t.proposer, t.receiver)]:
        withdraw(s, ev, offer, "left", by=name)


def without_offers(s: S) -> S:
    """The state as if no offer were open (a copy), for a move about the table's own decision
    (a computer asked for one never answers an offer instead)."""
    if not getattr(s, "trades", None):
        return s
    return cast(S, s.model_copy(update={"trades": []}))  # type: ignore[attr-defined]


def number_offers(s: HasOffers) -> None:
    """Give ids to offers saved before offers had them."""
    for offer in s.trades:
        if offer.id == 0:
            offer.id = s.next_offer
            s.next_offer += 1


REFUSAL_WAIT = 5  # turns before a computer makes a refused offer again
REFUSAL_WAIT_MAX = 40  # each further refusal of it doubles the wait, up to this
REFUSALS_KEPT = 60  # the refusals a game remembers (public), none older than REFUSAL_FORGET turns
REFUSAL_FORGET = 4 * REFUSAL_WAIT_MAX

Refusal = tuple[str, str, tuple[str, ...], int]  # proposer, receiver, what was asked for, turn


def remember_refusal(refused: list[Refusal], asked: Refusal) -> list[Refusal]:
    """The games' memory of refused offers with `asked` added: enough of it for `refused_lately`
    to count repeated refusals; forgotten after a long while (a person may change their mind)."""
    now = asked[3]
    recent = [r for r in refused if now - r[3] < REFUSAL_FORGET]
    return [*recent[-(REFUSALS_KEPT - 1) :], asked]


def refused_lately(
    refused: Sequence[Refusal], proposer: str, receiver: str, item: str, now: int, backs_off: bool = True
) -> bool:
    """Whether `receiver` refused an offer from `proposer` asking for `item` too recently to ask
    again (the games' `refused`, turns as `now`): five turns after a refusal; backing off, twice as
    long after each further one, so a person is not asked the same thing every round of a long game."""
    times = [at for p, r, items, at in refused if p == proposer and r == receiver and item in items]
    if not times:
        return False
    further = min(len(times) - 1, 8) if backs_off else 0
    wait = min(REFUSAL_WAIT_MAX, REFUSAL_WAIT << further)
    return now - max(times) < wait
