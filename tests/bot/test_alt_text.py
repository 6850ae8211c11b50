"""The alt text of the busiest boards (issue 36): eight players, every deed owned, buildings of every
level, mortgages, in both languages — always within Discord's 1,024 characters, never cut, and
every building and every mortgage named (a group whose deeds are built alike is named once with
its level); jail and just visiting told apart; the dice and the space landed on told."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.store import GameRecord, Lobby, LobbyPlayer
from cogs.mega import words
from cogs.mega.alt_text import ALT_TEXT_MAX, brief, describe_board
from engine.mega.board import SPACES
from tests.pictures.busy import NAMES, busy_board


def record(locale: str) -> GameRecord:
    seats = [LobbyPlayer(id=i + 1, name=n) for i, n in enumerate(NAMES)]
    return GameRecord(
        id=1, guild_id=1, channel_id=1, kind="mega", status="active", host_id=1, locale=locale,
        version=1, lobby=Lobby(players=seats), created_at=0, updated_at=0,
    )  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_M42_the_busiest_boards_are_told_whole_within_1024_characters(locale: str) -> None:
    for seed in range(100):
        state = busy_board(seed)
        names = {str(i): n for i, n in enumerate(NAMES)}
        text = describe_board(record(locale), state, names)
        assert len(text) <= ALT_TEXT_MAX and not text.endswith("…"), (len(text), text)
        for deed in state.mortgaged:
            assert named(locale, deed, said_of(text, state.owner[deed])), (deed, text)
        for deed, level in state.buildings.items():
            if level:  # named with its level, or its group named with the level all its deeds have
                part = said_of(text, state.owner[deed])
                group, built = words.group(locale, SPACES[deed].group), words.level(locale, level)
                assert named(locale, deed, part) or (group in part and built in part), (deed, part)
        assert t(locale, "alt.board.in_jail") in text and t(locale, "alt.board.visiting") in text
        assert brief(locale, "boardwalk") in text and all(n in text for n in NAMES)


def said_of(text: str, seat: str) -> str:
    """The part of the alt text about one player (from their name to the next player's)."""

    def opening(name: str) -> int:
        found = [i for mark in (":", " (", "：", "（") if (i := text.find(name + mark)) >= 0]
        return min(found, default=-1)

    start = opening(NAMES[int(seat)])
    ends = [i for n in NAMES if (i := opening(n)) > start]
    return text[start : min(ends, default=len(text))]


def named(locale: str, deed: str, text: str) -> bool:
    """The deed is named, by its name or as the printed board shortens it."""
    return words.space(locale, deed) in text or brief(locale, deed) in text


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_M11_the_alt_text_says_a_jailed_turn_player_is_in_jail(locale: str) -> None:
    """Sent to jail, the turn player was "Ann's turn, on In Jail / Just Visiting" in the alt text."""
    from tests.engine.mega.helpers import position

    jailed = position({"name": "1", "in_jail": True, "position": "jail"}, {"name": "2"})
    jailed.landed = "jail"
    said = describe_board(record(locale), jailed, {"1": "Ann", "2": "Bea"})
    assert t(locale, "alt.board.turn_at", player="Ann", where=t(locale, "alt.board.in_jail")) in said, said
    assert words.space(locale, "jail") not in said, said
