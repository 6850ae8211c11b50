"""Mega Monopoly, "play it like classic" house rules (docs/rules/mega.md). Public API."""

from engine.core.errors import IllegalAction
from engine.mega.actions import CloseAuction, MegaAction, parse_action
from engine.mega.assets import asset_count, standings
from engine.mega.flow import apply
from engine.mega.house_rules import MegaRules
from engine.mega.legal import bid_range, legal_actions, to_act, waiting_for
from engine.mega.setup import new_game
from engine.mega.state import MegaState

__all__ = [
    "CloseAuction",
    "IllegalAction",
    "MegaAction",
    "MegaRules",
    "MegaState",
    "apply",
    "asset_count",
    "bid_range",
    "legal_actions",
    "new_game",
    "parse_action",
    "standings",
    "to_act",
    "waiting_for",
]
