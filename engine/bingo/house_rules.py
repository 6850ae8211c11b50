"""Rule options (`rules.*` in bingo.md): the [interpretation] points a server can switch."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class BingoRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    hits_stack: bool = Field(True, description="B-12: several hitters add up (off: only the largest)")
    hit_lines: Literal["through_cell", "all"] = Field(
        "through_cell",
        description="B-12: count the hitter's completed lines through the hit cell, or all of them",
    )
    claim_window: Literal["always", "when_claimable"] = Field(
        "always",
        description="B-11a: open a claim window for everyone asked after every declaration not on the turn "
        "player's card (always), or only when someone can claim (when_claimable: faster, but it tells)",
    )
    claim_window_s: int = Field(15, ge=3, le=600, description="B-11: the bot's claim timer")
