"""MonopolizeBingo's events, typed: one model per kind with the keys its `data` carries (the rule ids
say where each happens). `BingoEvent` is their discriminated union; `parse_events` reads a logged
list into it. Secret events (a dealt card, the pile's order, an answer in a claim window) say who
may see them in `visible_to`; a test holds every event the engine emits to this list."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

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
class CardDealtData(TypedDict):
    card: dict[str, list[int | None]]  # column → five numbers, N3 empty (B-2)


class CardDealt(TypedEvent[CardDealtData]):  # B-3: visible to its owner only
    kind: Literal["card_dealt"] = "card_dealt"


@with_config(_STRICT)
class PileData(TypedDict):
    pile: list[str]


class PileOrder(TypedEvent[PileData]):  # B-4: visible to nobody
    kind: Literal["pile_order"] = "pile_order"


@with_config(_STRICT)
class ReshuffledData(TypedDict):
    cards: int


class Reshuffled(TypedEvent[ReshuffledData]):
    kind: Literal["reshuffled"] = "reshuffled"


@with_config(_STRICT)
class DrewData(TypedDict):
    cards: list[str]
    ranks: list[str]


class Drew(TypedEvent[DrewData]):  # B-5
    kind: Literal["drew"] = "drew"


@with_config(_STRICT)
class RanksData(TypedDict):
    ranks: list[str]


class NoNumber(TypedEvent[RanksData]):  # B-8
    kind: Literal["no_number"] = "no_number"


@with_config(_STRICT)
class NumberData(TypedDict):
    number: int


class Declared(TypedEvent[NumberData]):  # B-9
    kind: Literal["declared"] = "declared"


@with_config(_STRICT)
class CellData(TypedDict):
    cell: str
    number: int


class Bought(TypedEvent[CellData]):  # B-10
    kind: Literal["bought"] = "bought"


@with_config(_STRICT)
class RefusedByMonopolyData(TypedDict):
    cell: str
    holder: str


class BuyRefusedMonopoly(TypedEvent[RefusedByMonopolyData]):  # B-18
    kind: Literal["buy_refused_monopoly"] = "buy_refused_monopoly"


class ClaimsOpen(TypedEvent[NumberData]):  # B-11, B-11a
    kind: Literal["claims_open"] = "claims_open"


class Claimed(TypedEvent[NumberData]):  # private until the window closes
    kind: Literal["claimed"] = "claimed"


class PassedClaim(TypedEvent[NumberData]):
    kind: Literal["passed_claim"] = "passed_claim"


class ClaimRefused(TypedEvent[NumberData]):
    kind: Literal["claim_refused"] = "claim_refused"


@with_config(_STRICT)
class ClaimsClosedData(TypedDict):
    number: int
    claimants: list[str]


class ClaimsClosed(TypedEvent[ClaimsClosedData]):
    kind: Literal["claims_closed"] = "claims_closed"


class ClaimWon(TypedEvent[CellData]):
    kind: Literal["claim_won"] = "claim_won"


@with_config(_STRICT)
class HitPartData(TypedDict):
    hitter: str
    cell: str
    lines: int
    cells: int


@with_config(_STRICT)
class HitData(TypedDict):
    hits: list[HitPartData]
    due: int  # what the hits add up to (B-12)
    discard: NotRequired[int]  # what is discarded: the due, capped by the cells owned (B-13)


class HitTaken(TypedEvent[HitData]):  # B-12
    kind: Literal["hit"] = "hit"


@with_config(_STRICT)
class CellsData(TypedDict):
    cells: list[str]


class Discarded(TypedEvent[CellsData]):  # B-13
    kind: Literal["discarded"] = "discarded"


class Eliminated(TypedEvent[NoData]):
    kind: Literal["eliminated"] = "eliminated"


class Detained(TypedEvent[NoData]):  # B-14
    kind: Literal["detained"] = "detained"


class StaysInDetention(TypedEvent[NoData]):
    kind: Literal["stays_in_detention"] = "stays_in_detention"


@with_config(_STRICT)
class LeftDetentionData(TypedDict):
    cell: str


class LeftDetention(TypedEvent[LeftDetentionData]):  # B-16, by discarding a cell
    kind: Literal["left_detention"] = "left_detention"


class Released(TypedEvent[NoData]):  # B-16, by a J, Q or K
    kind: Literal["released"] = "released"


@with_config(_STRICT)
class ColumnData(TypedDict):
    column: str


class MonopolyWon(TypedEvent[ColumnData]):  # B-18
    kind: Literal["monopoly_won"] = "monopoly_won"


class MonopolyLost(TypedEvent[ColumnData]):  # B-19
    kind: Literal["monopoly_lost"] = "monopoly_lost"


@with_config(_STRICT)
class GameOverData(TypedDict):
    reason: str


class GameOver(TypedEvent[GameOverData]):  # B-21
    kind: Literal["game_over"] = "game_over"


# --- trades by position (B-22 … B-25, engine.core.offers) -------------------------------------------


@with_config(_STRICT)
class TradeData(TypedDict):
    to: str
    offer: int
    give: list[str]
    get: list[str]


class TradeProposed(TypedEvent[TradeData]):
    kind: Literal["trade_proposed"] = "trade_proposed"


class TradeDone(TypedEvent[TradeData]):
    kind: Literal["trade_done"] = "trade_done"


BingoEvent = Annotated[
    GameStarted
    | CardDealt
    | PileOrder
    | Reshuffled
    | Turn
    | Drew
    | NoNumber
    | Declared
    | Bought
    | BuyRefusedMonopoly
    | ClaimsOpen
    | Claimed
    | PassedClaim
    | ClaimRefused
    | ClaimsClosed
    | ClaimWon
    | HitTaken
    | Discarded
    | Eliminated
    | Detained
    | StaysInDetention
    | LeftDetention
    | Released
    | MonopolyWon
    | MonopolyLost
    | Resigned
    | GameOver
    | TradeProposed
    | TradeDone
    | OfferEnded,
    Field(discriminator="kind"),
]
EVENTS: TypeAdapter[list[BingoEvent]] = TypeAdapter(list[BingoEvent])


def parse_events(raw: JsonObjects) -> list[BingoEvent]:
    """A logged list of events (as the service dumped them) as MonopolizeBingo's typed events."""
    return EVENTS.validate_python(raw)
