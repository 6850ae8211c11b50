"""Mega Monopoly's events, typed: one model per kind with the keys its `data` carries (the rule ids
say where each happens). `MegaEvent` is their discriminated union; `parse_events` reads a logged
list into it. The engine builds events as plain `Event`s on its hot path; a test holds every event
it emits to this list, so a new kind or key cannot slip in untyped."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from engine.core.events import NoData, TypedEvent
from engine.core.table_events import GameStarted, OfferEnded, Resigned, Turn

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class SpaceData(TypedDict):
    space: str


@with_config(_STRICT)
class DecksShuffledData(TypedDict):
    decks: dict[str, list[str]]


class DecksShuffled(TypedEvent):  # M-5: the order stays hidden (visible to nobody)
    kind: Literal["decks_shuffled"]
    data: DecksShuffledData


@with_config(_STRICT)
class DiceData(TypedDict):
    white: list[int]
    speed: int | str  # 1-3, "mr" or "bus" (M-8)


class Dice(TypedEvent):
    kind: Literal["dice"]
    data: DiceData


@with_config(_STRICT)
class MovedData(TypedDict):
    to: str
    steps: int


class Moved(TypedEvent):
    kind: Literal["moved"]
    data: MovedData


@with_config(_STRICT)
class CashData(TypedDict):
    delta: int
    reason: str


class Cash(TypedEvent):
    kind: Literal["cash"]
    data: CashData


@with_config(_STRICT)
class BoughtData(TypedDict):
    space: str
    price: int


class Bought(TypedEvent):
    kind: Literal["bought"]
    data: BoughtData


class Declined(TypedEvent):
    kind: Literal["declined"]
    data: SpaceData


@with_config(_STRICT)
class AuctionOpenedData(TypedDict):
    space: str
    bidders: list[str]


class AuctionOpened(TypedEvent):  # M-21, M-30
    kind: Literal["auction_opened"]
    data: AuctionOpenedData


class AuctionUnsold(TypedEvent):
    kind: Literal["auction_unsold"]
    data: SpaceData


@with_config(_STRICT)
class AuctionWonData(TypedDict):
    space: str
    amount: int


class AuctionWon(TypedEvent):
    kind: Literal["auction_won"]
    data: AuctionWonData


class NothingToAuction(TypedEvent):
    kind: Literal["nothing_to_auction"]
    data: NoData


@with_config(_STRICT)
class AmountData(TypedDict):
    amount: int


class BidPlaced(TypedEvent):
    kind: Literal["bid"]
    data: AmountData


class Passed(TypedEvent):
    kind: Literal["passed"]
    data: NoData


@with_config(_STRICT)
class RentData(TypedDict):
    space: str
    owner: str
    amount: int
    basis: str
    count: NotRequired[int]
    times: NotRequired[int]
    dice: NotRequired[int]
    size: NotRequired[int]
    level: NotRequired[int]
    multiplier: NotRequired[int]


class Rent(TypedEvent):
    kind: Literal["rent"]
    data: RentData


@with_config(_STRICT)
class OwnedSpaceData(TypedDict):
    space: str
    owner: str


class NoRentMortgaged(TypedEvent):
    kind: Literal["no_rent_mortgaged"]
    data: OwnedSpaceData


@with_config(_STRICT)
class DividendData(TypedDict):
    stock: str
    holder: str
    amount: int


class Dividend(TypedEvent):  # M-33, M-34
    kind: Literal["dividend"]
    data: DividendData


@with_config(_STRICT)
class StockData(TypedDict):
    stock: str


class NoDividend(TypedEvent):
    kind: Literal["no_dividend"]
    data: StockData


@with_config(_STRICT)
class TaxData(TypedDict):
    space: str
    amount: int


class Tax(TypedEvent):
    kind: Literal["tax"]
    data: TaxData


@with_config(_STRICT)
class CardData(TypedDict):
    deck: str
    card: str


class CardDrawn(TypedEvent):
    kind: Literal["card"]
    data: CardData


@with_config(_STRICT)
class DeckData(TypedDict):
    deck: str


class DeckEmpty(TypedEvent):
    kind: Literal["deck_empty"]
    data: DeckData


@with_config(_STRICT)
class JailedData(TypedDict):
    why: str


class Jailed(TypedEvent):
    kind: Literal["jailed"]
    data: JailedData


@with_config(_STRICT)
class LeftJailData(TypedDict):
    how: str


class LeftJail(TypedEvent):
    kind: Literal["left_jail"]
    data: LeftJailData


@with_config(_STRICT)
class TriesData(TypedDict):
    tries: int


class StaysInJail(TypedEvent):
    kind: Literal["stays_in_jail"]
    data: TriesData


class Ticket(TypedEvent):  # a house ticket taken
    kind: Literal["ticket"]
    data: NoData


@with_config(_STRICT)
class CountData(TypedDict):
    count: int


class TicketUsed(TypedEvent):
    kind: Literal["ticket_used"]
    data: CountData


@with_config(_STRICT)
class LevelData(TypedDict):
    space: str
    level: int


class Built(TypedEvent):
    kind: Literal["built"]
    data: LevelData


class SoldBuilding(TypedEvent):
    kind: Literal["sold_building"]
    data: LevelData


@with_config(_STRICT)
class SoldGroupData(TypedDict):
    group: str
    levels: int


class SoldGroup(TypedEvent):
    kind: Literal["sold_group"]
    data: SoldGroupData


@with_config(_STRICT)
class EvenedOutData(TypedDict):
    group: str
    layout: dict[str, int]


class EvenedOut(TypedEvent):  # M-31
    kind: Literal["evened_out"]
    data: EvenedOutData


@with_config(_STRICT)
class ShortageData(TypedDict):
    piece: str
    space: str
    rivals: list[str]


class Shortage(TypedEvent):  # M-29
    kind: Literal["shortage"]
    data: ShortageData


@with_config(_STRICT)
class ShortageWonData(TypedDict):
    piece: str
    amount: int


class ShortageWon(TypedEvent):
    kind: Literal["shortage_won"]
    data: ShortageWonData


class Mortgaged(TypedEvent):
    kind: Literal["mortgaged"]
    data: SpaceData


class Unmortgaged(TypedEvent):
    kind: Literal["unmortgaged"]
    data: SpaceData


@with_config(_STRICT)
class DebtOpenedData(TypedDict):
    creditor: str | None
    amount: int
    reason: str


class DebtOpened(TypedEvent):  # M-35
    kind: Literal["debt_opened"]
    data: DebtOpenedData


@with_config(_STRICT)
class DebtPaidData(TypedDict):
    creditor: str | None
    amount: int


class DebtPaid(TypedEvent):
    kind: Literal["debt_paid"]
    data: DebtPaidData


@with_config(_STRICT)
class BankruptData(TypedDict):
    creditor: str | None
    deeds: list[str]


class Bankrupt(TypedEvent):  # M-37, M-38
    kind: Literal["bankrupt"]
    data: BankruptData


@with_config(_STRICT)
class RoundLimitData(TypedDict):
    rounds: int


class RoundLimit(TypedEvent):  # the round-limit house rule, then M-42
    kind: Literal["round_limit"]
    data: RoundLimitData


@with_config(_STRICT)
class GameOverData(TypedDict):
    winners: list[str]
    reason: str
    standings: NotRequired[list[tuple[str, int]]]  # ended by the asset count (M-42): each player's assets


class GameOver(TypedEvent):
    kind: Literal["game_over"]
    data: GameOverData


# --- trades (engine.core.offers) ------------------------------------------------------------------


@with_config(_STRICT)
class TradeData(TypedDict):
    to: str
    offer: int
    give: dict[str, Any]  # a TradeSide: cash, deeds, jail cards
    get: dict[str, Any]


class TradeProposed(TypedEvent):
    kind: Literal["trade_proposed"]
    data: TradeData


class TradeDone(TypedEvent):
    kind: Literal["trade_done"]
    data: TradeData


MegaEvent = Annotated[
    GameStarted
    | DecksShuffled
    | Turn
    | Dice
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


def parse_events(raw: list[dict[str, Any]]) -> list[MegaEvent]:
    """A logged list of events (as `Event.model_dump` wrote them) as Mega's typed events."""
    return EVENTS.validate_python(raw)
