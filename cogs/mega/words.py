"""Mega Monopoly in words: names of spaces, groups and pieces in the game's language, and every
event described with its amounts and reasons. Used by the message, the history and the panels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import listed, money, sentences, t
from engine.core.events import AnyEvent
from engine.core.table_events import OFFER_ENDINGS
from engine.mega.board import SPACES
from engine.mega.events import (
    AuctionOpened,
    AuctionUnsold,
    AuctionWon,
    Bankrupt,
    BidPlaced,
    Bought,
    Built,
    CardDrawn,
    Cash,
    DebtOpened,
    DebtPaid,
    DeckEmpty,
    DecksShuffled,
    Declined,
    DiceRolled,
    Dividend,
    EvenedOut,
    GameOver,
    GameStarted,
    Jailed,
    LeftJail,
    MegaEvent,
    Mortgaged,
    Moved,
    NoDividend,
    NoRentMortgaged,
    NothingToAuction,
    Passed,
    Rent,
    Resigned,
    RoundLimit,
    Shortage,
    ShortageWon,
    SoldBuilding,
    SoldGroup,
    StaysInJail,
    Tax,
    Ticket,
    TicketUsed,
    TradeDone,
    TradeProposed,
    Turn,
    Unmortgaged,
)

# Money moves that a richer event already tells (rent, purchase, building…); the others are told
# from the cash event itself, with its reason.
TOLD_ELSEWHERE = frozenset({"rent", "dividend", "purchase", "auction", "mortgage", "tax", "trade"})


def space(loc: str, space_id: str) -> str:
    return t(loc, f"space.{space_id}") if space_id in SPACES else space_id


def group(loc: str, group_id: str | None) -> str:
    return t(loc, f"group.{group_id}") if group_id else ""


def group_of(loc: str, space_id: str) -> str:
    info = SPACES[space_id]
    if info.group:
        return group(loc, info.group)
    return t(loc, "mega.kind.railroad") if info.kind == "railroad" else t(loc, "mega.kind.utility")


def level(loc: str, value: int) -> str:
    if value == 5:
        return t(loc, "level.hotel")
    return t(loc, "level.houses", count=value) if value else t(loc, "level.none")


def speed(loc: str, face: int | str) -> str:
    return t(loc, f"speed.{face}")


def side(loc: str, data: dict[str, Any]) -> str:
    """One side of a trade: deeds, cash, cards."""
    parts = [space(loc, d) for d in data.get("deeds", [])]
    if data.get("cash"):
        parts.append(money(loc, data["cash"]))
    if data.get("jail_cards"):
        parts.append(t(loc, "trade.cards", count=data["jail_cards"]))
    return listed(loc, parts) or t(loc, "trade.nothing")


def rent_why(loc: str, data: Mapping[str, Any]) -> str:
    basis = data.get("basis")
    if basis is None:
        return t(loc, "rent.why.single")
    why = t(
        loc, f"rent.why.{basis}", **{k: v for k, v in data.items() if k in ("count", "size", "level", "times", "dice")}
    )
    if data.get("multiplier", 1) == 2:
        why = listed(loc, (why, t(loc, "rent.why.twice")))
    return why


@dataclass(frozen=True)
class Said:
    """One public event being put into words: its data, who did it, everybody's names."""

    loc: str
    kind: str
    data: Mapping[str, Any]  # the event's TypedDict
    who: str
    names: dict[str, str]

    @property
    def space_id(self) -> str:
        """The space the event is about (a deed's `space`, a move's `to`), or ""."""
        return str(self.data.get("space") or self.data.get("to") or "")

    @property
    def space(self) -> str:
        return space(self.loc, self.space_id) if self.space_id else ""

    def name(self, key: str) -> str:
        value = self.data.get(key)
        return self.names.get(str(value), "?") if value else t(self.loc, "mega.bank")

    def text(self, key: str, **params: object) -> str:
        return t(self.loc, key, **params)


def describe(loc: str, event: MegaEvent, names: dict[str, str]) -> str | None:
    """A public event in words, or None (secret, or not shown)."""
    if event.visible_to is not None:
        return None
    words = WORDS.get(type(event))
    if words is None:
        return None
    return words(Said(loc, event.kind, event.data, names.get(event.player or "", "?"), names))


def _dice(e: Said) -> str:
    white, face = e.data["white"], speed(e.loc, e.data["speed"])
    return e.text("ev.dice", player=e.who, white1=white[0], white2=white[1], speed=face)


def _deed(e: Said) -> str:
    return e.text(f"ev.{e.kind}", player=e.who, space=e.space, price=e.data.get("price", 0), owner=e.name("owner"))


def _amount_on_space(e: Said) -> str:
    return e.text(f"ev.{e.kind}", player=e.who, amount=e.data["amount"], space=e.space)


def _rent(e: Said) -> str:
    why = rent_why(e.loc, e.data)
    return e.text("ev.rent", player=e.who, owner=e.name("owner"), amount=e.data["amount"], space=e.space, why=why)


def _dividend(e: Said) -> str:
    stock = space(e.loc, e.data["stock"])
    return e.text("ev.dividend", player=e.who, holder=e.name("holder"), amount=e.data["amount"], stock=stock)


def _card(e: Said) -> str:
    deck = e.text(f"deck.{e.data.get('deck', 'chance')}")
    return e.text("ev.card", player=e.who, deck=deck, text=e.text(f"card.{e.data['card']}"))


def _deck_empty(e: Said) -> str:
    return e.text("ev.deck_empty", player=e.who, deck=e.text(f"deck.{e.data['deck']}"))


def _cash(e: Said) -> str | None:
    reason = e.data.get("reason", "")
    if reason in TOLD_ELSEWHERE:
        return None
    key = "ev.cash_in" if e.data["delta"] > 0 else "ev.cash_out"
    why = e.text(f"cash.why.{reason}")
    if why == f"cash.why.{reason}":  # a reason without words yet: say it plainly
        why = reason.replace("_", " ")
    return e.text(key, player=e.who, amount=abs(e.data["delta"]), why=why)


def _plain(e: Said) -> str:
    return e.text(f"ev.{e.kind}", player=e.who)


def _building(e: Said) -> str:
    text = e.text(f"ev.{e.kind}", player=e.who, space=e.space, level=level(e.loc, e.data["level"]))
    if e.data.get("left_uneven"):
        text = sentences(
            e.loc, [text, e.text("ev.left_uneven", group=group(e.loc, e.data["left_uneven"]), player=e.who)]
        )
    return text


def _evened_out(e: Said) -> str:
    layout = listed(e.loc, (f"{space(e.loc, m)} {level(e.loc, v)}" for m, v in e.data.get("layout", {}).items()))
    return e.text("ev.evened_out", player=e.who, group=group(e.loc, e.data["group"]), layout=layout)


def _shortage(e: Said) -> str:
    piece = e.text(f"mega.{e.data['piece']}")
    if e.kind == "shortage_won":
        return e.text("ev.shortage_won", player=e.who, piece=piece, amount=e.data["amount"])
    rivals = listed(e.loc, (e.names.get(r, "?") for r in e.data.get("rivals", [])))
    return e.text("ev.shortage", player=e.who, piece=piece, rivals=rivals)


def _trade_done(e: Said) -> str:
    other = e.names.get(str(e.data.get("to")), "?")
    give, get = side(e.loc, e.data.get("give", {})), side(e.loc, e.data.get("get", {}))
    return e.text("ev.trade_done", player=e.who, other=other, give=give, get=get)


def _game_over(e: Said) -> str:
    winners = [e.names.get(w, "?") for w in e.data.get("winners") or []]
    if e.data.get("reason") == "asset_count" and winners:
        return e.text("ev.game_over_assets", winners=listed(e.loc, winners), count=len(winners))
    return e.text("ev.game_over")


# Events deliberately not told in the game message, and why.
QUIET: frozenset[type[AnyEvent]] = frozenset(
    {
        GameStarted,  # the lobby's message becomes the game's
        DecksShuffled,  # visible to nobody (M-5)
        NoDividend,  # no money moves; the rent line already said who was paid
        TradeProposed,  # trades have their own messages (cogs.trading)
        *OFFER_ENDINGS,
    }
)

# Each event model to its words.
WORDS: dict[type[AnyEvent], Callable[[Said], str | None]] = {
    DiceRolled: _dice,
    Moved: lambda e: e.text("ev.moved", player=e.who, space=e.space, to=e.space_id),
    **dict.fromkeys((Bought, Declined, AuctionOpened, AuctionUnsold, Unmortgaged, NoRentMortgaged), _deed),
    **dict.fromkeys((BidPlaced, AuctionWon, Tax), _amount_on_space),
    Rent: _rent,
    Dividend: _dividend,
    CardDrawn: _card,
    DeckEmpty: _deck_empty,
    Cash: _cash,
    **dict.fromkeys((Ticket, Passed, Resigned, Turn), _plain),
    TicketUsed: lambda e: e.text("ev.ticket_used", player=e.who, count=e.data["count"]),
    Jailed: lambda e: e.text("ev.jailed", player=e.who, why=e.text(f"jail.why.{e.data.get('why', 'go_to_jail')}")),
    LeftJail: lambda e: e.text("ev.left_jail", player=e.who, how=e.text(f"jail.how.{e.data.get('how', 'fine')}")),
    StaysInJail: lambda e: e.text("ev.stays_in_jail", player=e.who, tries=e.data.get("tries", 1)),
    **dict.fromkeys((Built, SoldBuilding), _building),
    SoldGroup: lambda e: e.text(
        "ev.sold_group", player=e.who, group=group(e.loc, e.data["group"]), levels=e.data.get("levels", 0)
    ),
    Mortgaged: lambda e: e.text(
        "ev.mortgaged", player=e.who, space=e.space, amount=SPACES[e.data["space"]].mortgage or 0
    ),
    EvenedOut: _evened_out,
    **dict.fromkeys((Shortage, ShortageWon), _shortage),
    **dict.fromkeys(
        (DebtOpened, DebtPaid),
        lambda e: e.text(f"ev.{e.kind}", player=e.who, creditor=e.name("creditor"), amount=e.data["amount"]),
    ),
    TradeDone: _trade_done,
    Bankrupt: lambda e: e.text("ev.bankrupt", player=e.who, creditor=e.name("creditor")),
    NothingToAuction: lambda e: e.text("ev.nothing_to_auction"),
    GameOver: _game_over,
    RoundLimit: lambda e: e.text("ev.round_limit", rounds=e.data["rounds"]),
}
