"""The typed events every game's table shares, whatever the game: it started, a new turn, a player
resigned, and how an offer ended (`engine.core.offers` emits those, whatever its sides are). Each
game's events module adds its own, and its own proposed/done pair of trades (its kind of side)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_args

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from engine.core.events import NoData, TypedEvent

_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
class GameStartedData(TypedDict):
    game: str
    players: list[str]


class GameStarted(TypedEvent[GameStartedData]):
    kind: Literal["game_started"] = "game_started"


class Turn(TypedEvent[NoData]):
    kind: Literal["turn"] = "turn"


class Resigned(TypedEvent[NoData]):
    kind: Literal["resigned"] = "resigned"


@with_config(_STRICT)
class TradeAnsweredData(TypedDict):
    proposer: str
    offer: int


class TradeRejected(TypedEvent[TradeAnsweredData]):
    kind: Literal["trade_rejected"] = "trade_rejected"


@with_config(_STRICT)
class TradeCounteredData(TypedDict):
    proposer: str
    offer: int
    by: int


class TradeCountered(TypedEvent[TradeCounteredData]):
    kind: Literal["trade_countered"] = "trade_countered"


@with_config(_STRICT)
class TradeReplacedData(TypedDict):
    to: str
    offer: int
    by: int


class TradeReplaced(TypedEvent[TradeReplacedData]):
    kind: Literal["trade_replaced"] = "trade_replaced"


@with_config(_STRICT)
class TradeWithdrawnData(TypedDict):
    to: str
    offer: int
    reason: str
    by: NotRequired[str]


class TradeWithdrawn(TypedEvent[TradeWithdrawnData]):
    kind: Literal["trade_withdrawn"] = "trade_withdrawn"


OfferEnded = TradeRejected | TradeCountered | TradeReplaced | TradeWithdrawn
OFFER_ENDINGS: tuple[type[TypedEvent[Any]], ...] = get_args(OfferEnded)  # the same four, as classes
