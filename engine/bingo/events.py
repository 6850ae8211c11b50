"""MonopolizeBingo's events, typed: one model per kind with the keys its `data` carries (the rule ids
say where each happens). `BingoEvent` is their discriminated union; `parse_events` reads a logged
list into it. Secret events (a dealt card, the pile's order, an answer in a claim window) say who
may see them in `visible_to`; a test holds every event the engine emits to this list."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from engine.core.events import NoData, TypedEvent
from engine.core.table_events import GameStarted, OfferEnded, Resigned, Turn

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class CardDealtData(TypedDict):
    card: dict[str, list[int | None]]  # column → five numbers, N3 empty (B-2)


class CardDealt(TypedEvent):  # B-3: visible to its owner only
    kind: Literal["card_dealt"]
    data: CardDealtData


@with_config(_STRICT)
class PileData(TypedDict):
    pile: list[str]


class PileOrder(TypedEvent):  # B-4: visible to nobody
    kind: Literal["pile_order"]
    data: PileData


@with_config(_STRICT)
class ReshuffledData(TypedDict):
    cards: int


class Reshuffled(TypedEvent):
    kind: Literal["reshuffled"]
    data: ReshuffledData


@with_config(_STRICT)
class DrewData(TypedDict):
    cards: list[str]
    ranks: list[str]


class Drew(TypedEvent):  # B-5
    kind: Literal["drew"]
    data: DrewData


@with_config(_STRICT)
class RanksData(TypedDict):
    ranks: list[str]


class NoNumber(TypedEvent):  # B-8
    kind: Literal["no_number"]
    data: RanksData


@with_config(_STRICT)
class NumberData(TypedDict):
    number: int


class Declared(TypedEvent):  # B-9
    kind: Literal["declared"]
    data: NumberData


@with_config(_STRICT)
class CellData(TypedDict):
    cell: str
    number: int


class Bought(TypedEvent):  # B-10
    kind: Literal["bought"]
    data: CellData


@with_config(_STRICT)
class RefusedByMonopolyData(TypedDict):
    cell: str
    holder: str


class BuyRefusedMonopoly(TypedEvent):  # B-18
    kind: Literal["buy_refused_monopoly"]
    data: RefusedByMonopolyData


class ClaimsOpen(TypedEvent):  # B-11, B-11a
    kind: Literal["claims_open"]
    data: NumberData


class Claimed(TypedEvent):  # private until the window closes
    kind: Literal["claimed"]
    data: NumberData


class PassedClaim(TypedEvent):
    kind: Literal["passed_claim"]
    data: NumberData


class ClaimRefused(TypedEvent):
    kind: Literal["claim_refused"]
    data: NumberData


@with_config(_STRICT)
class ClaimsClosedData(TypedDict):
    number: int
    claimants: list[str]


class ClaimsClosed(TypedEvent):
    kind: Literal["claims_closed"]
    data: ClaimsClosedData


class ClaimWon(TypedEvent):
    kind: Literal["claim_won"]
    data: CellData


@with_config(_STRICT)
class HitPartData(TypedDict):
    hitter: str
    cell: str
    lines: int
    cells: int


@with_config(_STRICT)
class HitData(TypedDict):
    hits: list[HitPartData]
    due: int


class HitTaken(TypedEvent):  # B-12
    kind: Literal["hit"]
    data: HitData


@with_config(_STRICT)
class CellsData(TypedDict):
    cells: list[str]


class Discarded(TypedEvent):  # B-13
    kind: Literal["discarded"]
    data: CellsData


class Eliminated(TypedEvent):
    kind: Literal["eliminated"]
    data: NoData


class Detained(TypedEvent):  # B-14
    kind: Literal["detained"]
    data: NoData


class StaysInDetention(TypedEvent):
    kind: Literal["stays_in_detention"]
    data: NoData


@with_config(_STRICT)
class LeftDetentionData(TypedDict):
    cell: str


class LeftDetention(TypedEvent):  # B-16, by discarding a cell
    kind: Literal["left_detention"]
    data: LeftDetentionData


class Released(TypedEvent):  # B-16, by a J, Q or K
    kind: Literal["released"]
    data: NoData


@with_config(_STRICT)
class ColumnData(TypedDict):
    column: str


class MonopolyWon(TypedEvent):  # B-18
    kind: Literal["monopoly_won"]
    data: ColumnData


class MonopolyLost(TypedEvent):  # B-19
    kind: Literal["monopoly_lost"]
    data: ColumnData


@with_config(_STRICT)
class GameOverData(TypedDict):
    reason: str


class GameOver(TypedEvent):  # B-21
    kind: Literal["game_over"]
    data: GameOverData


# --- trades by position (B-22 … B-25, engine.core.offers) -------------------------------------------


@with_config(_STRICT)
class TradeData(TypedDict):
    to: str
    offer: int
    give: list[str]
    get: list[str]


class TradeProposed(TypedEvent):
    kind: Literal["trade_proposed"]
    data: TradeData


class TradeDone(TypedEvent):
    kind: Literal["trade_done"]
    data: TradeData


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


def parse_events(raw: list[dict[str, Any]]) -> list[BingoEvent]:
    """A logged list of events (as `Event.model_dump` wrote them) as MonopolizeBingo's typed events."""
    return EVENTS.validate_python(raw)
