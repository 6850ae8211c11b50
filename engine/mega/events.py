"""Mega Monopoly's events, typed: one model per kind with the keys its `data` carries (the rule ids
say where each happens). `MegaEvent` is their discriminated union; `parse_events` reads a logged
list into it. The engine builds these models (`new`, `secret`) and mypy checks each `data`; a test takes
every event it emits through the log, so a key a model does not list cannot slip in."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from engine.core.events import NoData, TypedEvent
from engine.core.jsondata import JsonObjects
from engine.core.table_events import GameStarted as GameStarted
from engine.core.table_events import OfferEnded as OfferEnded
from engine.core.table_events import Resigned as Resigned
from engine.core.table_events import Turn as Turn

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class SpaceData(TypedDict):
    space: str


@with_config(_STRICT)
class DecksShuffledData(TypedDict):
    decks: dict[str, list[str]]


class DecksShuffled(TypedEvent[DecksShuffledData]):  # M-5: the order stays hidden (visible to nobody)
    kind: Literal["decks_shuffled"] = "decks_shuffled"


@with_config(_STRICT)
class DiceData(TypedDict):
    white: list[int]
    speed: int | str  # 1-3, "mr" or "bus" (M-8)


class DiceRolled(TypedEvent[DiceData]):
    kind: Literal["dice"] = "dice"


@with_config(_STRICT)
class MovedData(TypedDict):
    to: str
    steps: int


class Moved(TypedEvent[MovedData]):
    kind: Literal["moved"] = "moved"


@with_config(_STRICT)
class CashData(TypedDict):
    delta: int
    reason: str


class Cash(TypedEvent[CashData]):
    kind: Literal["cash"] = "cash"


@with_config(_STRICT)
class BoughtData(TypedDict):
    space: str
    price: int


class Bought(TypedEvent[BoughtData]):
    kind: Literal["bought"] = "bought"


class Declined(TypedEvent[SpaceData]):
    kind: Literal["declined"] = "declined"


@with_config(_STRICT)
class AuctionOpenedData(TypedDict):
    space: str
    bidders: list[str]


class AuctionOpened(TypedEvent[AuctionOpenedData]):  # M-21, M-30
    kind: Literal["auction_opened"] = "auction_opened"


class AuctionUnsold(TypedEvent[SpaceData]):
    kind: Literal["auction_unsold"] = "auction_unsold"


@with_config(_STRICT)
class AuctionWonData(TypedDict):
    space: str
    amount: int


class AuctionWon(TypedEvent[AuctionWonData]):
    kind: Literal["auction_won"] = "auction_won"


class NothingToAuction(TypedEvent[NoData]):
    kind: Literal["nothing_to_auction"] = "nothing_to_auction"


@with_config(_STRICT)
class AmountData(TypedDict):
    amount: int


class BidPlaced(TypedEvent[AmountData]):
    kind: Literal["bid"] = "bid"


class Passed(TypedEvent[NoData]):
    kind: Literal["passed"] = "passed"


@with_config(_STRICT)
class RentBasis(TypedDict):
    """Why a rent is what it is (M-22 … M-25): the basis and the counts it depends on."""

    basis: str
    count: NotRequired[int]
    times: NotRequired[int]
    dice: NotRequired[int]
    size: NotRequired[int]
    level: NotRequired[int]
    multiplier: NotRequired[int]


@with_config(_STRICT)
class RentData(RentBasis):
    space: str
    owner: str
    amount: int


class Rent(TypedEvent[RentData]):
    kind: Literal["rent"] = "rent"


@with_config(_STRICT)
class OwnedSpaceData(TypedDict):
    space: str
    owner: str


class NoRentMortgaged(TypedEvent[OwnedSpaceData]):
    kind: Literal["no_rent_mortgaged"] = "no_rent_mortgaged"


@with_config(_STRICT)
class DividendData(TypedDict):
    stock: str
    holder: str
    amount: int


class Dividend(TypedEvent[DividendData]):  # M-33, M-34
    kind: Literal["dividend"] = "dividend"


@with_config(_STRICT)
class StockData(TypedDict):
    stock: str


class NoDividend(TypedEvent[StockData]):
    kind: Literal["no_dividend"] = "no_dividend"


@with_config(_STRICT)
class TaxData(TypedDict):
    space: str
    amount: int


class Tax(TypedEvent[TaxData]):
    kind: Literal["tax"] = "tax"


@with_config(_STRICT)
class CardData(TypedDict):
    deck: str
    card: str


class CardDrawn(TypedEvent[CardData]):
    kind: Literal["card"] = "card"


@with_config(_STRICT)
class DeckData(TypedDict):
    deck: str


class DeckEmpty(TypedEvent[DeckData]):
    kind: Literal["deck_empty"] = "deck_empty"


@with_config(_STRICT)
class JailedData(TypedDict):
    why: str


class Jailed(TypedEvent[JailedData]):
    kind: Literal["jailed"] = "jailed"


@with_config(_STRICT)
class LeftJailData(TypedDict):
    how: str


class LeftJail(TypedEvent[LeftJailData]):
    kind: Literal["left_jail"] = "left_jail"


@with_config(_STRICT)
class TriesData(TypedDict):
    tries: int


class StaysInJail(TypedEvent[TriesData]):
    kind: Literal["stays_in_jail"] = "stays_in_jail"


class Ticket(TypedEvent[NoData]):  # a house ticket taken
    kind: Literal["ticket"] = "ticket"


@with_config(_STRICT)
class CountData(TypedDict):
    count: int


class TicketUsed(TypedEvent[CountData]):
    kind: Literal["ticket_used"] = "ticket_used"


@with_config(_STRICT)
class LevelData(TypedDict):
    space: str
    level: int


class Built(TypedEvent[LevelData]):
    kind: Literal["built"] = "built"


@with_config(_STRICT)
class SoldBuildingData(TypedDict):
    space: str
    level: int
    left_uneven: NotRequired[str]  # M-31a: an outright hotel sale left this group uneven


class SoldBuilding(TypedEvent[SoldBuildingData]):
    kind: Literal["sold_building"] = "sold_building"


@with_config(_STRICT)
class SoldGroupData(TypedDict):
    group: str
    levels: int


class SoldGroup(TypedEvent[SoldGroupData]):
    kind: Literal["sold_group"] = "sold_group"


@with_config(_STRICT)
class EvenedOutData(TypedDict):
    group: str
    layout: dict[str, int]


class EvenedOut(TypedEvent[EvenedOutData]):  # M-31
    kind: Literal["evened_out"] = "evened_out"


@with_config(_STRICT)
class ShortageData(TypedDict):
    piece: str
    space: str
    rivals: list[str]


class Shortage(TypedEvent[ShortageData]):  # M-29
    kind: Literal["shortage"] = "shortage"


@with_config(_STRICT)
class ShortageWonData(TypedDict):
    piece: str
    amount: int


class ShortageWon(TypedEvent[ShortageWonData]):
    kind: Literal["shortage_won"] = "shortage_won"


class Mortgaged(TypedEvent[SpaceData]):
    kind: Literal["mortgaged"] = "mortgaged"


class Unmortgaged(TypedEvent[SpaceData]):
    kind: Literal["unmortgaged"] = "unmortgaged"


@with_config(_STRICT)
class DebtOpenedData(TypedDict):
    creditor: str | None
    amount: int
    reason: str


class DebtOpened(TypedEvent[DebtOpenedData]):  # M-35
    kind: Literal["debt_opened"] = "debt_opened"


@with_config(_STRICT)
class DebtPaidData(TypedDict):
    creditor: str | None
    amount: int


class DebtPaid(TypedEvent[DebtPaidData]):
    kind: Literal["debt_paid"] = "debt_paid"


@with_config(_STRICT)
class BankruptData(TypedDict):
    creditor: str | None
    deeds: list[str]


class Bankrupt(TypedEvent[BankruptData]):  # M-37, M-38
    kind: Literal["bankrupt"] = "bankrupt"


@with_config(_STRICT)
class RoundLimitData(TypedDict):
    rounds: int


class RoundLimit(TypedEvent[RoundLimitData]):  # the round-limit house rule, then M-42
    kind: Literal["round_limit"] = "round_limit"


@with_config(_STRICT)
class GameOverData(TypedDict):
    winners: list[str]
    reason: str
    standings: NotRequired[list[tuple[str, int]]]  # ended by the asset count (M-42): each player's assets


class GameOver(TypedEvent[GameOverData]):
    kind: Literal["game_over"] = "game_over"


# --- trades (engine.core.offers) ------------------------------------------------------------------


@with_config(_STRICT)
class TradeData(TypedDict):
    to: str
    offer: int
    give: dict[str, Any]  # a TradeSide: cash, deeds, jail cards
    get: dict[str, Any]


class TradeProposed(TypedEvent[TradeData]):
    kind: Literal["trade_proposed"] = "trade_proposed"


class TradeDone(TypedEvent[TradeData]):
    kind: Literal["trade_done"] = "trade_done"


MegaEvent = Annotated[
    GameStarted
    | DecksShuffled
    | Turn
    | DiceRolled
    | Moved
    | Cash
    | Bought
    | Declined
    | AuctionOpened
    | AuctionUnsold
    | AuctionWon
    | NothingToAuction
    | BidPlaced
    | Passed
    | Rent
    | NoRentMortgaged
    | Dividend
    | NoDividend
    | Tax
    | CardDrawn
    | DeckEmpty
    | Jailed
    | LeftJail
    | StaysInJail
    | Ticket
    | TicketUsed
    | Built
    | SoldBuilding
    | SoldGroup
    | EvenedOut
    | Shortage
    | ShortageWon
    | Mortgaged
    | Unmortgaged
    | DebtOpened
    | DebtPaid
    | Bankrupt
    | Resigned
    | RoundLimit
    | GameOver
    | TradeProposed
    | TradeDone
    | OfferEnded,
    Field(discriminator="kind"),
]
EVENTS: TypeAdapter[list[MegaEvent]] = TypeAdapter(list[MegaEvent])


def parse_events(raw: JsonObjects) -> list[MegaEvent]:
    """A logged list of events (as the service dumped them) as Mega's typed events."""
    return EVENTS.validate_python(raw)
