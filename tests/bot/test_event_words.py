"""Every event a game emits is either told in the game message (its presenter's `WORDS`, keyed by
the event model) or deliberately quiet (`QUIET`, each with its reason): a new event model without
words fails here. Over random games, in both languages, the told events name who did what."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from cogs.bingo import words as bingo_words
from cogs.mega import words as mega_words
from engine.bingo.events import BingoEvent, HitTaken
from engine.bingo.fuzz import bingo_random_game
from engine.mega.events import MegaEvent
from engine.mega.fuzz import mega_random_game
from tests.bot.test_render import raw_keys, record_for


def members(union: Any) -> set[type]:
    """The models of a discriminated union (`Annotated[A | B | (C | D), Field(...)]`)."""
    out: set[type] = set()
    for arm in get_args(get_args(union)[0]):
        out |= set(get_args(arm)) or {arm}
    return out


@pytest.mark.parametrize(
    ("union", "words"), [(MegaEvent, mega_words), (BingoEvent, bingo_words)], ids=["mega", "bingo"]
)
def test_every_event_model_is_told_or_deliberately_quiet(union: Any, words: Any) -> None:
    models = members(union)
    assert len(models) > 25
    assert not set(words.WORDS) & words.QUIET
    assert models == set(words.WORDS) | words.QUIET, models ^ (set(words.WORDS) | words.QUIET)


def _names(state: Any) -> dict[str, str]:
    return {p.name: f"Player {p.name}" for p in state.players}


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_mega_events_are_told_with_names_and_no_raw_keys(locale: str) -> None:
    told: set[str] = set()
    for seed in range(2):
        for _, _, _, after, events in mega_random_game(seed, 3, max_actions=400):
            names = _names(after)
            for e in events:
                text = mega_words.describe(locale, e, names)
                if text is None:
                    continue
                told.add(e.kind)
                assert not raw_keys(text), (e, text)
                if e.player is not None and e.kind not in ("turn",):
                    assert names[e.player] in text, (e, text)
    assert len(told) >= 15, told


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_bingo_hits_and_other_events_are_told(locale: str) -> None:
    told: set[str] = set()
    hits = 0
    for seed in range(3):
        for _, _, _, after, events in bingo_random_game(seed, 4, max_actions=600):
            names = _names(after)
            record = record_for("bingo", after, locale)
            for e in events:
                text = bingo_words.describe(record, e, names)
                if e.visible_to is not None:
                    assert text is None, "a secret event is never told"
                    continue
                if text is None:
                    continue
                told.add(e.kind)
                assert not raw_keys(text), (e, text)
                if isinstance(e, HitTaken):
                    hits += 1
                    assert names[e.player] in text and str(e.data["due"]) in text
                    assert all(names[h["hitter"]] in text for h in e.data["hits"])
    assert hits > 0 and len(told) >= 10, told
