"""Cash moves only through here, and each move is an event (M-35)."""

from __future__ import annotations

from engine.mega.events import Cash, DebtOpened, MegaEvent
from engine.mega.queries import find
from engine.mega.state import Debt, MegaState, Pending, Player


def credit(p: Player, ev: list[MegaEvent], amount: int, reason: str) -> None:
    if amount:
        p.cash += amount
        ev.append(Cash.new({"delta": amount, "reason": reason}, p.name))


def debit(p: Player, ev: list[MegaEvent], amount: int, reason: str) -> None:
    if amount:
        p.cash -= amount
        ev.append(Cash.new({"delta": -amount, "reason": reason}, p.name))


def transfer(s: MegaState, ev: list[MegaEvent], payer: Player, creditor: str | None, amount: int, reason: str) -> None:
    debit(payer, ev, amount, reason)
    if creditor is not None:
        credit(find(s, creditor), ev, amount, reason)


def charge(
    s: MegaState, ev: list[MegaEvent], payer: Player, creditor: str | None, amount: int, reason: str
) -> list[Pending]:
    """Pay now if cash covers it; otherwise return the open debt to queue (M-36)."""
    if amount <= 0:
        return []
    if payer.cash >= amount:
        transfer(s, ev, payer, creditor, amount, reason)
        return []
    ev.append(DebtOpened.new({"creditor": creditor, "amount": amount, "reason": reason}, payer.name))
    return [Debt(debtor=payer.name, creditor=creditor, amount=amount, reason=reason)]


def push_front(s: MegaState, items: list[Pending]) -> None:
    if items:
        s.queue[0:0] = items
