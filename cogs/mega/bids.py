"""The auction's bid buttons (M-30), shared by the game message and a bidder's private panel: each
names its amount and the lot, so a late press still bids what it says."""

from __future__ import annotations

from bot.i18n import t
from bot.store import GameRecord
from cogs.buttons import GameButton
from cogs.discord_types import Item
from engine.mega.auction import bid_cap
from engine.mega.state import DeedAuction, MegaState, ShortageAuction

BID_STEPS = (1, 10, 50, 100)


def bid_amounts(state: MegaState, bidder: str | None = None) -> list[int]:
    """Absolute bids worth showing: a step above the high bid that someone (or `bidder`) may pay."""
    front = state.queue[0] if state.queue else None
    if front is None or front.kind not in ("auction", "shortage"):
        return []
    base = front.high_bid if front.high_bidder is not None else 0
    can = [n for n in front.bidders if n not in front.passed and n != front.high_bidder]
    if bidder is not None:
        can = [n for n in can if n == bidder]
    caps = [bid_cap(state, front, n) for n in can]
    if not caps:
        return []
    top = None if any(c is None for c in caps) else max(c for c in caps if c is not None)
    return [a for a in (max(base + step, 1) for step in BID_STEPS) if top is None or a <= top]


def bid_buttons(record: GameRecord, state: MegaState, bidder: str | None = None) -> list[Item]:
    """Each bid button names its amount and the lot, so a late press still bids what it says."""
    front = state.queue[0] if state.queue else None
    if not isinstance(front, (DeedAuction, ShortageAuction)):
        return []
    return [
        GameButton(
            record.id, record.version, "bid", f"{amount}.{front.space}", label=t(record.locale, "ui.bid", amount=amount)
        )
        for amount in bid_amounts(state, bidder)
    ]
