"""Bingo actions: a discriminated union on `do`, named like the conformance format."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.fold import parse_with
from engine.core.jsondata import JsonObject


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Draw(_Action):
    do: Literal["draw"] = "draw"


class Declare(_Action):
    do: Literal["declare"] = "declare"
    number: int


class Claim(_Action):
    do: Literal["claim"] = "claim"
    number: int | None = None  # the window's number the player saw (a button drawn for an older window)


class PassClaim(_Action):
    do: Literal["pass_claim"] = "pass_claim"
    number: int | None = None


class CloseClaims(_Action):
    do: Literal["close_claims"] = "close_claims"


class Discard(_Action):
    do: Literal["discard"] = "discard"
    cells: list[str]


class LeaveJail(_Action):
    do: Literal["leave_jail"] = "leave_jail"
    cell: str


class ProposeCells(_Action):
    do: Literal["propose_trade"] = "propose_trade"
    to: str
    give: list[str] = Field(default_factory=list)
    get: list[str] = Field(default_factory=list)
    answers: int | None = None  # the id of the offer this one counters


class AcceptCells(_Action):
    do: Literal["accept_trade"] = "accept_trade"
    from_: str = Field(alias="from")
    picks: list[str] = Field(default_factory=list)
    offer: int | None = None  # the offer's id, as its button showed it


class RejectCells(_Action):
    do: Literal["reject_trade"] = "reject_trade"
    from_: str = Field(alias="from")
    offer: int | None = None


class WithdrawCells(_Action):
    do: Literal["withdraw_trade"] = "withdraw_trade"
    to: str
    offer: int | None = None
    reason: Literal["withdrawn", "expired", "unposted"] = "withdrawn"


class Resign(_Action):
    """The player leaves the table (or the bot removes them after missed turns): out, as in B-13."""

    do: Literal["resign"] = "resign"


BingoAction = Annotated[
    Draw
    | Declare
    | Claim
    | PassClaim
    | CloseClaims
    | Discard
    | LeaveJail
    | ProposeCells
    | AcceptCells
    | RejectCells
    | WithdrawCells
    | Resign,
    Field(discriminator="do"),
]

ACTION_ADAPTER: TypeAdapter[BingoAction] = TypeAdapter(BingoAction)


def parse_action(raw: JsonObject) -> BingoAction:
    """Validate untrusted input at the boundary; a malformed action is a readable refusal."""
    return parse_with(ACTION_ADAPTER, raw)
