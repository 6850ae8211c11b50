"""The game message designed phone first (issue 35), checked on every message state of seeded
games of both kinds, in both languages: the decision (at most 4 lines and 280 characters) stands
right above its buttons, the whole message holds at most 1,400 characters of text, at most one
button is highlighted, and Discord's layout rules hold."""

from __future__ import annotations

from typing import Any

import pytest

from cogs import layout, render
from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game
from tests.bot.test_render import _rename_bingo, _rename_events, _rename_mega, game_message, record_for
from tests.fakediscord.rules import IS_COMPONENTS_V2, message_problems
from tests.fakediscord.server import walk

BUTTON, ACTION_ROW, TEXT, GALLERY = 2, 1, 10, 12


def _above_buttons(components: list[dict[str, Any]]) -> list[str]:
    """The texts a phone shows before the first row of buttons."""
    texts = []
    for c in components[0]["components"]:
        if c["type"] == ACTION_ROW:
            break
        texts += [x["content"] for x in walk([c]) if x["type"] == TEXT]
    return texts


def _check(view: Any, picture: str) -> tuple[str, list[dict[str, Any]]]:
    components = view.to_components()
    assert message_problems({"components": components, "flags": IS_COMPONENTS_V2}, [picture]) == []
    top = "\n".join(_above_buttons(components))
    has_rows = any(c["type"] == ACTION_ROW for c in walk(components))
    kinds = [c["type"] for c in components[0]["components"]]
    if has_rows and GALLERY in kinds:
        assert kinds.index(ACTION_ROW) < kinds.index(GALLERY), "the buttons come right under the decision"
    assert not has_rows or (len(top) <= layout.TOP_CHARS and len(top.splitlines()) <= layout.TOP_LINES), top
    texts = [c["content"] for c in walk(components) if c["type"] == TEXT]
    assert sum(len(x) for x in texts) <= layout.MESSAGE_CHARS, texts
    buttons = [c for c in walk(components) if c["type"] == BUTTON]
    assert sum(1 for b in buttons if b.get("style") == 1) <= 1, "one main move at most"
    return top, buttons


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_mega_message_puts_the_decision_next_to_its_buttons(locale: str) -> None:
    checked = decided = 0
    for seed in range(3):
        for i, (_, _, _, after, events) in enumerate(mega_random_game(seed, 5, max_actions=400)):
            state = _rename_mega(after)
            record = record_for("mega", state, locale).model_copy(update={"version": i + 1, "deadline": 2e9})
            top, buttons = _check(game_message(record, state, _rename_events(events, after)), "board.png")
            front = state.queue[0] if state.queue else None
            if front is not None and front.kind in ("buy", "auction", "debt") and buttons:
                amount = front.amount if front.kind == "debt" else None
                assert amount is None or f"{amount:,}" in top, top
                decided += 1
            if not state.over:
                assert "<t:2000000000:R>" in top, "until when the table waits is at the top"
            checked += 1
    assert checked > 900 and decided > 50


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_bingo_message_puts_the_decision_next_to_its_buttons(locale: str) -> None:
    checked = 0
    for seed in range(3):
        for i, (_, _, _, after, events) in enumerate(bingo_random_game(seed, 8, max_actions=300)):
            state = _rename_bingo(after)
            record = record_for("bingo", state, locale).model_copy(update={"version": i + 1})
            _check(game_message(record, state, _rename_events(events, after)), "cards.png")
            checked += 1
    assert checked > 500


def test_the_top_is_fitted_by_dropping_detail_lines_first() -> None:
    long = "x" * 300
    assert layout.fit_top(["decide now", long, "closes soon"]) == "decide now"
    assert layout.fit_top([long]).endswith("…") and len(layout.fit_top([long])) == layout.TOP_CHARS
    assert layout.fit_top(["a", "b", "c", "d", "e"]) == "a\nb\nc\nd"


def test_a_finished_game_shows_its_standings_first_and_no_buttons() -> None:
    from tests.engine.mega.helpers import position

    state = position({"name": "0", "cash": 900}, {"name": "1"})
    state.winners = ["1"]
    record = record_for("mega", state, "en").model_copy(update={"status": "finished"})
    final = [("Final standings", "1. P1 — $1,500\n2. P0 — $900"), ("Ratings", "P1: 25.0 → 27.1 (+2.1)")]
    view = render.game_layout(record, state, ["P0 went bankrupt."], final=final)
    components = view.to_components()
    assert not [c for c in walk(components) if c["type"] == BUTTON]
    texts = [c["content"] for c in walk(components) if c["type"] == TEXT]
    assert texts[0].startswith("Game over") and texts[1].startswith("**Final standings**")
