"""The typed events every game's table shares, whatever the game: it started, a new turn, a player
resigned, and how an offer ended (`engine.core.offers` emits those, whatever its sides are). Each
game's events module adds its own, and its own proposed/done pair of trades (its kind of side)."""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from engine.core.events import NoData, TypedEvent

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class GameStartedData(TypedDict):
    game: str
    players: list[str]


class GameStarted(TypedEvent):
    kind: Literal["game_started"]
    data: GameStartedData


class Turn(TypedEvent):
    kind: Literal["turn"]
    data: NoData


class Resigned(TypedEvent):
    kind: Literal["resigned"]
    data: NoData


@with_config(_STRICT)
class TradeAnsweredData(TypedDict):
    proposer: str
    offer: int


class TradeRejected(TypedEvent):
    kind: Literal["trade_rejected"]
    data: TradeAnsweredData


@with_config(_STRICT)
class TradeCounteredData(TypedDict):
    proposer: str
    offer: int
    by: int


class TradeCountered(TypedEvent):
    kind: Literal["trade_countered"]
    data: TradeCounteredData


@with_config(_STRICT)
class TradeReplacedData(TypedDict):
    to: str
    offer: int
    by: int


class TradeReplaced(TypedEvent):
    kind: Literal["trade_replaced"]
    data: TradeReplacedData


@with_config(_STRICT)
class TradeWithdrawnData(TypedDict):
    to: str
    offer: int
    reason: str
    by: NotRequired[str]


class TradeWithdrawn(TypedEvent):
    kind: Literal["trade_withdrawn"]
    data: TradeWithdrawnData


OfferEnded = TradeRejected | TradeCountered | TradeReplaced | TradeWithdrawn
