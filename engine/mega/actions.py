"""Mega actions: a discriminated union on `do`, named like the conformance format."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.fold import parse_with
from engine.core.jsondata import JsonObject
from engine.mega.state import TradeSide

SpeedFace = Literal[1, 2, 3, "mr", "bus"]
Dice = tuple[Annotated[int, Field(ge=1, le=6)], Annotated[int, Field(ge=1, le=6)], SpeedFace]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Roll(_Action):
    do: Literal["roll"] = "roll"
    dice: Dice | None = None


class PayFine(_Action):
    do: Literal["pay_fine"] = "pay_fine"


class UseJailCard(_Action):
    do: Literal["use_jail_card"] = "use_jail_card"


class Buy(_Action):
    do: Literal["buy"] = "buy"


class Decline(_Action):
    do: Literal["decline"] = "decline"


class Bid(_Action):
    do: Literal["bid"] = "bid"
    amount: int
    lot: str | None = None  # the space being auctioned, as the bidder saw it (a late button)


class Pass(_Action):
    do: Literal["pass"] = "pass"


class CloseAuction(_Action):
    do: Literal["close_auction"] = "close_auction"


class PickAuctionDeed(_Action):
    do: Literal["pick_auction"] = "pick_auction"
    space: str


class ChooseGift(_Action):
    do: Literal["choose_gift"] = "choose_gift"
    take: Literal["ticket", "cash"]


class Throw(_Action):
    do: Literal["throw"] = "throw"
    dice: Dice | None = None


class Build(_Action):
    do: Literal["build"] = "build"
    space: str
    tickets: int = Field(0, ge=0, le=1)


class SellBuilding(_Action):
    do: Literal["sell_building"] = "sell_building"
    space: str


class SellAllBuildings(_Action):
    do: Literal["sell_all_buildings"] = "sell_all_buildings"
    group: str


class Mortgage(_Action):
    do: Literal["mortgage"] = "mortgage"
    space: str


class Unmortgage(_Action):
    do: Literal["unmortgage"] = "unmortgage"
    space: str


class EvenOutLayout(_Action):
    do: Literal["even_out"] = "even_out"
    layout: dict[str, Annotated[int, Field(ge=0, le=5)]]
    tickets: int = Field(0, ge=0)


class ProposeTrade(_Action):
    do: Literal["propose_trade"] = "propose_trade"
    to: str
    give: TradeSide = Field(default_factory=TradeSide)
    get: TradeSide = Field(default_factory=TradeSide)
    answers: int | None = None  # the id of the offer this one counters


class AcceptTrade(_Action):
    do: Literal["accept_trade"] = "accept_trade"
    from_: str = Field(alias="from")
    offer: int | None = None  # the offer's id, as its button showed it


class RejectTrade(_Action):
    do: Literal["reject_trade"] = "reject_trade"
    from_: str = Field(alias="from")
    offer: int | None = None


class WithdrawTrade(_Action):
    do: Literal["withdraw_trade"] = "withdraw_trade"
    to: str
    offer: int | None = None
    reason: Literal["withdrawn", "expired", "unposted"] = "withdrawn"


class DeclareBankruptcy(_Action):
    do: Literal["bankrupt"] = "bankrupt"


class Resign(_Action):
    """The player leaves the table (or the bot removes them after missed turns): bankrupt to the
    bank, as in M-38."""

    do: Literal["resign"] = "resign"


class EndGame(_Action):
    do: Literal["end_game"] = "end_game"


class EndTurn(_Action):
    do: Literal["end_turn"] = "end_turn"


MegaAction = Annotated[
    Roll
    | PayFine
    | UseJailCard
    | Buy
    | Decline
    | Bid
    | Pass
    | CloseAuction
    | PickAuctionDeed
    | ChooseGift
    | Throw
    | Build
    | SellBuilding
    | SellAllBuildings
    | Mortgage
    | Unmortgage
    | EvenOutLayout
    | ProposeTrade
    | AcceptTrade
    | RejectTrade
    | WithdrawTrade
    | DeclareBankruptcy
    | Resign
    | EndGame
    | EndTurn,
    Field(discriminator="do"),
]

ACTION_ADAPTER: TypeAdapter[MegaAction] = TypeAdapter(MegaAction)

# Actions no player takes: a timer or the table as a whole.
SYSTEM_ACTIONS = frozenset({"close_auction", "end_game"})


def parse_action(raw: JsonObject) -> MegaAction:
    """Validate untrusted input at the boundary; a malformed action is a readable refusal."""
    return parse_with(ACTION_ADAPTER, raw)


def dump_action(action: MegaAction) -> dict[str, Any]:
    return action.model_dump(mode="json", by_alias=True, exclude_defaults=False)
