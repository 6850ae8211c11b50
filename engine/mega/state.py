"""Mega game state: plain pydantic data. Everything the game needs to continue is in here."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import ConfigDict, Field, model_validator

from engine.core.model import StateModel
from engine.core.offers import number_offers
from engine.mega.house_rules import MegaRules


class Player(StateModel):
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    tickets: int = 0
    jail_cards: list[str] = Field(default_factory=list)
    bankrupt: bool = False


class Bank(StateModel):
    houses: int = 32
    hotels: int = 12
    tickets: int = 16


class TradeSide(StateModel):
    model_config = ConfigDict(extra="forbid")  # e.g. tickets are never traded (M-28)

    cash: int = Field(0, ge=0)
    deeds: list[str] = Field(default_factory=list)
    jail_cards: int = Field(0, ge=0)

    def is_empty(self) -> bool:
        return self.cash == 0 and not self.deeds and self.jail_cards == 0


class TradeOffer(StateModel):
    """An open proposal (M-40); several may be open, one per proposer and receiver."""

    id: int = 0  # given when proposed (engine.core.offers)
    proposer: str
    receiver: str
    give: TradeSide
    get: TradeSide


# --- things the game is waiting on (a queue; the front is resolved first) -----------------


class BuyOffer(StateModel):
    kind: Literal["buy"] = "buy"
    player: str
    space: str


class Bidding(StateModel):
    bidders: list[str]
    passed: list[str] = Field(default_factory=list)
    high_bid: int = 0
    high_bidder: str | None = None


class DeedAuction(Bidding):
    """M-30: open ascending auction of one deed."""

    kind: Literal["auction"] = "auction"
    space: str


class ShortageAuction(Bidding):
    """M-29: the last house (or hotel) of the bank, contested by other players who could build."""

    kind: Literal["shortage"] = "shortage"
    piece: Literal["house", "hotel"]
    builder: str
    space: str
    tickets: int = 0
    list_price: int


class PickAuction(StateModel):
    kind: Literal["pick_auction"] = "pick_auction"
    player: str


class Gift(StateModel):
    kind: Literal["gift"] = "gift"
    player: str


class UtilityThrow(StateModel):
    """M-25: the nearest-utility card makes the player throw for the rent."""

    kind: Literal["throw"] = "throw"
    player: str
    space: str
    multiplier: int


class Debt(StateModel):
    """M-35/M-36: an amount owed; paid automatically as soon as the debtor's cash covers it."""

    kind: Literal["debt"] = "debt"
    debtor: str
    creditor: str | None  # None = the bank
    amount: int
    reason: str


class DividendDue(StateModel):
    """M-33/M-34: charged after the rent is settled, to whoever holds the stock then."""

    kind: Literal["dividend"] = "dividend"
    manager: str
    stock: str
    rent: int


class MoveSteps(StateModel):
    """A move that waits for a payment first (the third failed jail roll, M-13)."""

    kind: Literal["move"] = "move"
    player: str
    steps: int
    dice_total: int


class BankAuctions(StateModel):
    """M-38: a bankrupt's deeds auctioned one by one in board order."""

    kind: Literal["bank_auctions"] = "bank_auctions"
    deeds: list[str]


class EvenOut(StateModel):
    """M-31: the fourth deed arrived on a group with buildings; the group must be made even."""

    kind: Literal["even_out"] = "even_out"
    player: str
    group: str
    new_street: str
    needs_unmortgage: bool = False


class PlaceBuilding(StateModel):
    """M-29: a contestant won the last building and now places it (already paid for)."""

    kind: Literal["place_building"] = "place_building"
    player: str
    piece: Literal["house", "hotel"]


Pending = Annotated[
    BuyOffer
    | DeedAuction
    | ShortageAuction
    | PickAuction
    | Gift
    | UtilityThrow
    | Debt
    | DividendDue
    | MoveSteps
    | BankAuctions
    | EvenOut
    | PlaceBuilding,
    Field(discriminator="kind"),
]


class LastRoll(StateModel):
    white: list[int]
    speed: int | str
    total: int


class MegaState(StateModel):
    game: Literal["mega"] = "mega"
    version: int = 0
    rng: int
    rules: MegaRules = Field(default_factory=MegaRules)
    fixed_dice: bool = False  # conformance and tests may name the dice; real games never do
    players: list[Player]
    turn: int = 0
    stage: Literal["roll", "end_turn"] = "roll"
    doubles: int = 0
    last_roll: LastRoll | None = None
    owner: dict[str, str] = Field(default_factory=dict)
    mortgaged: list[str] = Field(default_factory=list)
    buildings: dict[str, int] = Field(default_factory=dict)  # 1-4 houses, 5 = hotel
    bank: Bank = Field(default_factory=Bank)
    decks: dict[str, list[str]] = Field(default_factory=dict)  # top first
    queue: list[Pending] = Field(default_factory=list)
    trades: list[TradeOffer] = Field(default_factory=list)
    next_offer: int = 1
    landed: str | None = None  # the space just landed on, for the picture and the message
    turns_played: int = 0  # turns passed so far (public; the computer's trade manners count in turns)
    rounds_played: int = 0  # times the turn came round to the first seat still playing (round limit, M-42)
    # Trade proposals refused lately, as (proposer, receiver, the deeds asked for, turn): public, so a
    # computer never makes the same offer again soon (it only ever sees the table).
    refused: list[tuple[str, str, tuple[str, ...], int]] = Field(default_factory=list)
    proposed_at: dict[str, int] = Field(default_factory=dict)  # player → the turn of their last proposal
    winners: list[str] | None = None  # set when the game is over

    @property
    def over(self) -> bool:
        return self.winners is not None

    @model_validator(mode="after")
    def _number_offers(self) -> Self:
        """States saved before offers had ids get them (engine.core.offers)."""
        number_offers(self)
        return self
