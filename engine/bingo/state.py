"""MonopolizeBingo state: plain pydantic data, secrets included (views filter them, see view.py)."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from engine.bingo.house_rules import BingoRules
from engine.core.model import StateModel
from engine.core.offers import number_offers


class BingoPlayer(StateModel):
    name: str
    card: dict[str, tuple[int | None, ...]]  # fixed at the deal, so copies may share it
    owned: list[str] = Field(default_factory=list)  # cell names, never N3
    in_jail: bool = False
    eliminated: bool = False
    # What the table remembers (engine.bingo.memory): cells seen owned, and numbers this player was
    # asked to claim and did not take.
    shown: list[str] = Field(default_factory=list)
    passed_up: list[int] = Field(default_factory=list)


class ClaimWindow(StateModel):
    """B-11, B-11a: who is asked (public), who may claim the declared number (secret), and the
    (private) answers."""

    number: int
    eligible: list[str]
    asked: list[str] = Field(default_factory=list)  # empty in windows opened before B-11a: the eligible
    claimed: list[str] = Field(default_factory=list)
    passed: list[str] = Field(default_factory=list)
    hitters: list[str] = Field(default_factory=list)  # fixed at the declaration (B-12)


def asked(window: ClaimWindow) -> list[str]:
    return window.asked or window.eligible


def unanswered(window: ClaimWindow) -> list[str]:
    return [n for n in asked(window) if n not in window.claimed and n not in window.passed]


class Hit(StateModel):
    hitter: str
    cell: str
    lines: int
    cells: int


class BingoTrade(StateModel):
    """B-23: positions, exact (`G2`) or any of a column (`G?`)."""

    id: int = 0  # given when proposed (engine.core.offers)
    proposer: str
    receiver: str
    give: list[str]
    get: list[str]


class BingoState(StateModel):
    game: Literal["bingo"] = "bingo"
    version: int = 0
    rng: int
    rules: BingoRules = Field(default_factory=BingoRules)
    players: list[BingoPlayer]
    turn: int = 0
    stage: Literal["draw", "declare", "claims", "discard"] = "draw"
    pile: list[str] = Field(default_factory=list)  # top first; secret
    discards: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)  # the turn player's current draw (public)
    declared: int | None = None
    window: ClaimWindow | None = None
    hits: list[Hit] = Field(default_factory=list)
    discard_due: int = 0  # the hits' total, before capping by cells owned (B-13)
    monopolies: dict[str, str] = Field(default_factory=dict)
    trades: list[BingoTrade] = Field(default_factory=list)
    next_offer: int = 1
    winner: str | None = None
    over: bool = False
    turns_played: int = 0  # turns passed so far (public; the computer's trade manners count in turns)
    # Proposals refused lately, as (proposer, receiver, the cells asked for, turn): public, so a computer
    # never makes the same offer again soon.
    refused: list[tuple[str, str, tuple[str, ...], int]] = Field(default_factory=list)
    proposed_at: dict[str, int] = Field(default_factory=dict)  # player → the turn of their last proposal

    @model_validator(mode="after")
    def _number_offers(self) -> Self:
        """States saved before offers had ids get them (engine.core.offers)."""
        number_offers(self)
        return self
