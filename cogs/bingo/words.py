"""MonopolizeBingo's public events in words: each event model to its words (a model missing from
the table is not shown). Secret events (a dealt card, an answer in a claim window) never are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import listed, sentences, t
from bot.store import GameRecord
from engine.bingo.events import (
    BingoEvent,
    Bought,
    BuyRefusedMonopoly,
    CardDealt,
    Claimed,
    ClaimRefused,
    ClaimsClosed,
    ClaimsOpen,
    ClaimWon,
    Declared,
    Detained,
    Discarded,
    Drew,
    Eliminated,
    GameOver,
    GameStarted,
    HitTaken,
    LeftDetention,
    MonopolyLost,
    MonopolyWon,
    NoNumber,
    PassedClaim,
    PileOrder,
    Released,
    Reshuffled,
    Resigned,
    StaysInDetention,
    TradeDone,
    TradeProposed,
    Turn,
)
from engine.core.events import AnyEvent
from engine.core.table_events import OFFER_ENDINGS


def ranks(loc: str, cards: list[str]) -> str:
    """Card ranks as players call them (the Joker in the game's language): "7 and 10", not "7 10"."""
    named = [t(loc, f"bingo.rank.{r}") if r == "JOKER" else r for r in cards]
    if len(named) == 2:
        return t(loc, "bingo.rank.pair", first=named[0], second=named[1])
    return listed(loc, named)


@dataclass(frozen=True)
class Said:
    """Who is being talked about, in which language."""

    loc: str
    who: str
    names: dict[str, str]

    def name(self, player: str) -> str:
        return self.names.get(player, "?")


def _hit(s: Said, e: HitTaken) -> str:
    parts = [
        t(
            s.loc,
            "ev.hit_by",
            hitter=s.name(h["hitter"]),
            player=s.who,
            cell=h["cell"],
            lines=h["lines"],
            cells=h["cells"],
        )
        for h in e.data["hits"]
    ]
    # The count every text uses: what is discarded, the due capped by the cells owned (B-13).
    due = e.data.get("discard", e.data["due"])
    return sentences(s.loc, [*parts, t(s.loc, "ev.hit", player=s.who, due=due)])


def _trade_done(s: Said, e: TradeDone) -> str:
    give, get = listed(s.loc, e.data["give"]) or "—", listed(s.loc, e.data["get"]) or "—"
    return t(s.loc, "bingo.ev.trade_done", player=s.who, other=s.name(e.data["to"]), give=give, get=get)


def _plain(s: Said, e: AnyEvent) -> str:
    return t(s.loc, f"ev.{e.kind}", player=s.who)


def _column(s: Said, e: MonopolyWon | MonopolyLost) -> str:
    return t(s.loc, f"ev.{e.kind}", player=s.who, column=e.data["column"])


def _bought(s: Said, e: Bought) -> str:
    return t(s.loc, "ev.bought_cell", player=s.who, cell=e.data["cell"], number=e.data["number"])


def _claims_closed(s: Said, e: ClaimsClosed) -> str | None:
    # A window someone won is told by its claim_won and hit events.
    return None if e.data["claimants"] else t(s.loc, "ev.claims_closed", number=e.data["number"])


def _refused(s: Said, e: BuyRefusedMonopoly) -> str:
    return t(s.loc, "ev.buy_refused_monopoly", player=s.who, cell=e.data["cell"], holder=s.name(e.data["holder"]))


# Events deliberately not told in the game message, and why.
QUIET: frozenset[type[AnyEvent]] = frozenset(
    {
        GameStarted,  # the lobby's message becomes the game's
        CardDealt,  # secret: its owner sees it on their own card (B-3)
        PileOrder,  # visible to nobody (B-4)
        Claimed,  # an answer in a claim window is private (B-3, B-11a); the window's close tells
        PassedClaim,
        ClaimRefused,
        TradeProposed,  # trades have their own messages (cogs.trading)
        *OFFER_ENDINGS,
    }
)

# Each event model to its words.
WORDS: dict[type[AnyEvent], Callable[[Said, Any], str | None]] = {
    Bought: _bought,
    HitTaken: _hit,
    NoNumber: lambda s, e: t(s.loc, "ev.no_number", player=s.who, cards=ranks(s.loc, e.data["ranks"])),
    Drew: lambda s, e: t(s.loc, "ev.drew", player=s.who, cards=ranks(s.loc, e.data["ranks"])),
    ClaimsOpen: lambda s, e: t(s.loc, "ev.claims_open", number=e.data["number"]),
    ClaimsClosed: _claims_closed,
    ClaimWon: lambda s, e: t(s.loc, "ev.claim_won", player=s.who, number=e.data["number"], cell=e.data["cell"]),
    BuyRefusedMonopoly: _refused,
    Discarded: lambda s, e: t(s.loc, "ev.discarded", player=s.who, cells=listed(s.loc, e.data["cells"])),
    LeftDetention: lambda s, e: t(s.loc, "ev.left_detention", player=s.who, cell=e.data["cell"]),
    Declared: lambda s, e: t(s.loc, "ev.declared", player=s.who, number=e.data["number"]),
    MonopolyWon: _column,
    MonopolyLost: _column,
    TradeDone: _trade_done,
    **dict.fromkeys((Released, StaysInDetention, Detained, Eliminated, Resigned, Turn, GameOver), _plain),
    Reshuffled: lambda s, e: t(s.loc, "ev.reshuffled"),
}


def describe(record: GameRecord, event: BingoEvent, names: dict[str, str]) -> str | None:
    """A public event in words, or None (secret, or not shown)."""
    if event.visible_to is not None:
        return None
    words = WORDS.get(type(event))
    return words(Said(record.locale, names.get(event.player or "", "?"), names), event) if words else None
