"""MonopolizeBingo (独占王ビンゴ); the rules: docs/rules/bingo.md. Public API."""

from engine.bingo.actions import BingoAction, CloseClaims, parse_action
from engine.bingo.flow import apply, discard_required
from engine.bingo.house_rules import BingoRules
from engine.bingo.legal import declarable_now, legal_actions, to_act, waiting_for
from engine.bingo.preview import DeclarePreview, preview_declare
from engine.bingo.setup import new_game
from engine.bingo.state import BingoState
from engine.bingo.view import BingoView, view_for
from engine.core.errors import IllegalAction

__all__ = [
    "BingoAction",
    "BingoRules",
    "BingoState",
    "BingoView",
    "CloseClaims",
    "DeclarePreview",
    "IllegalAction",
    "apply",
    "declarable_now",
    "discard_required",
    "legal_actions",
    "new_game",
    "parse_action",
    "preview_declare",
    "to_act",
    "view_for",
    "waiting_for",
]
