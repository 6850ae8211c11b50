"""Rule options (`rules.*` in mega.md): the [interpretation] points a server can switch."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class MegaRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    starting_cash: int = Field(1500, ge=0, description="M-4")
    income_tax: int = Field(200, ge=0, description="M-17")
    luxury_tax: int = Field(75, ge=0, description="M-17")
    bids_capped_by_cash: bool = Field(True, description="M-30: a bid may not exceed the bidder's cash")
    auction_window_s: int = Field(15, ge=3, le=600, description="M-30: the bot's bidding timer")
    utility_card_multiplier: int = Field(10, ge=1, description="M-25: nearest-utility card")
    go_salary: int = Field(200, ge=0, description="M-8")
    jail_fine: int = Field(50, ge=0, description="M-12")
    bus_bonus: int = Field(50, ge=0, description="M-7")
    ticket_cash: int = Field(100, ge=0, description="M-20a/b: cash instead of a ticket")
    fee_percent: int = Field(10, ge=0, le=100, description="M-39/M-40: mortgage interest and transfer fee")
    dividend_percent: int = Field(10, ge=0, le=100, description="M-33")
    round_limit: int = Field(
        0, ge=0, le=1000, description="M-42: house rule, after this many rounds the asset count decides (0: off)"
    )
