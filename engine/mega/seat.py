"""One Mega computer decision: its level's style, the legal moves and what it reads off the table."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from engine.mega.actions import MegaAction
from engine.mega.appraisal import rent_threat
from engine.mega.board import DEEDS, SPACES
from engine.mega.queries import find
from engine.mega.state import MegaState


@dataclass(frozen=True)
class Style:
    reserve: int  # cash kept back when buying
    build_reserve: int  # cash kept back when building
    bid_stretch: float  # how far above its own value it bids
    trades: bool  # whether it proposes trades
    slip: float  # chance of letting a good purchase or build go by (a newcomer's mistake)
    sharp: bool  # hard: board-sized reserve, jail by game phase, building where rent pays best
    block: bool = False  # values a deed by what it is worth to the opponent it would help most
    eager: bool = False  # buys a majority, set or block even when short of cash
    funds_houses: bool = False  # mortgages lone deeds to pay for houses on a majority
    offer: float = 1.6  # the multiple of a street's price offered for the street making a majority
    stalled_offer: float = 1.75  # the same once every deed is sold: the only way left to a majority
    all_in: bool = False  # at auction, bids its whole cash for a key deed (a majority, a set, a block)
    auction_cash: float = 0.0  # at a table that never trades: the dearest unsold deed's price kept, times this


STYLES = {
    "easy": Style(reserve=350, build_reserve=450, bid_stretch=0.8, trades=False, slip=0.2, sharp=False),
    "normal": Style(reserve=150, build_reserve=250, bid_stretch=1.0, trades=True, slip=0.0, sharp=False),
    "hard": Style(
        reserve=60,
        build_reserve=120,
        bid_stretch=1.0,
        trades=True,
        slip=0.0,
        sharp=True,
        block=True,
        eager=True,
        funds_houses=True,
        offer=1.7,
        stalled_offer=1.7,
        all_in=True,
        auction_cash=1.5,
    ),
}


T = TypeVar("T")


class Options:
    """The legal actions, filtered by type with their types kept."""

    def __init__(self, legal: list[MegaAction]) -> None:
        self.legal = legal

    def of(self, kind: type[T]) -> list[T]:
        return [a for a in self.legal if isinstance(a, kind)]

    def has(self, kind: type) -> bool:
        return any(isinstance(a, kind) for a in self.legal)


@dataclass
class Seat:
    """One decision: the table, the player, their style and their dice of chance."""

    s: MegaState
    player: str
    style: Style
    rng: random.Random
    moves: Options

    @property
    def cash(self) -> int:
        return find(self.s, self.player).cash

    def reserve(self) -> int:
        if not self.style.sharp:
            return self.style.reserve
        return max(self.style.reserve, min(300, rent_threat(self.s, self.player) // 2))

    def slips(self) -> bool:
        return self.style.slip > 0 and self.rng.random() < self.style.slip

    @cached_property
    def build_reserve(self) -> int:
        """Cash kept back from building and lifting mortgages, worked out once per decision. Hard,
        at a table that does not trade, keeps enough to win an auction of any deed still unsold: there
        a majority comes only from landing or from auctions (M-22, M-30), and rivals who build to
        their last dollar cannot bid."""
        plain = self.style.build_reserve
        if not self.style.auction_cash or not _no_trading_table(self.s, self.player):
            return plain
        unsold = [SPACES[d].price or 0 for d in DEEDS if d not in self.s.owner]
        return max(plain, int(self.style.auction_cash * max(unsold))) if unsold else plain


def _no_trading_table(s: MegaState, player: str) -> bool:
    """What the table has shown (public): a rival refused an offer of `player`'s and no rival has
    ever proposed one. A table that trades is read as one until it shows otherwise."""
    refused = any(proposer == player for proposer, *_ in s.refused)
    return refused and not any(name != player for name in s.proposed_at)
