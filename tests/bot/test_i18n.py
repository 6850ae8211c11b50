"""One catalog, two languages: every key in both, every engine refusal translated."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.i18n import CATALOG, error_text, locale_for, t
from engine.core.errors import IllegalAction

ENGINE = Path(__file__).resolve().parents[2] / "engine"
RAISERS = {"IllegalAction", "NotYourTurn", "NotInGame", "GameOver", "BadAction"}


def engine_error_codes() -> set[str]:
    codes: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            position = 1 if node.func.id == "require" else 0 if node.func.id in RAISERS else None
            if position is None or len(node.args) <= position:
                continue
            arg = node.args[position]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                codes.add(arg.value)
    return codes


def test_every_engine_refusal_has_a_translation() -> None:
    codes = engine_error_codes()
    assert len(codes) > 60  # the scan really found the engine's refusals
    missing = sorted(c for c in codes if not CATALOG.has("en", f"error.{c}"))
    assert missing == []


def test_lookup_and_fallbacks() -> None:
    assert locale_for("ja") == "ja" and locale_for("en-US") == "en" and locale_for(None) == "en"
    assert locale_for("pt-BR") == "en"  # no Portuguese files: English
    assert t("ja", "error.bid_too_low", minimum=20) == "入札は$20以上にしてください。"
    assert t("en", "error.bid_too_low", minimum=20) == "The bid must be at least $20."
    exc = IllegalAction("bid_too_low", "the bid must be at least $20", minimum=20)
    assert error_text("ja", exc) == "入札は$20以上にしてください。"
    unknown = IllegalAction("brand_new_code", "something new")
    assert error_text("ja", unknown) == "something new"


def test_a_text_names_a_command_as_a_mention_once_discord_has_its_id() -> None:
    """A command mention shows in each reader's client language and runs on a click; until the
    command is synced, the text names it as it reads in the text's language (its ja localizations)."""
    from bot.i18n import know_command
    from bot.i18n.catalog import COMMANDS

    before = COMMANDS.root_id
    try:
        know_command(None)
        assert "/モノポリー 通知" in t("ja", "notices.off")
        assert "/monopoly notices" in t("en", "notices.off")
        know_command(1234)
        assert "</monopoly notices:1234>" in t("ja", "notices.off")
        assert "</monopoly start:1234>" in t("en", "lobby.expired")
    finally:
        know_command(before)
