"""B-3: a player's open "My card" is kept up to date — with the newest move, whatever order the
moves are told in and however long a drawing takes (two drawings in flight must never leave the
card showing the older move)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import Outcome
from bot.store import GameRecord, Lobby, LobbyPlayer
from cogs.bingo import my_card
from engine import games
from engine.bingo.state import BingoState

ME = "1"


def moves(count: int) -> list[tuple[GameRecord, BingoState]]:
    """A real bingo game's first moves (each seat plays its first legal action), as saved records."""
    game = games.game("bingo")
    state, _ = game.new_game(["1", "2", "3"], 7, {})
    seats = [LobbyPlayer(id=i, name=n) for i, n in ((1, "Ann"), (2, "Bea"), (3, "Cai"))]
    played: list[tuple[GameRecord, BingoState]] = []
    for version in range(1, count + 1):
        record = GameRecord(
            id=1, guild_id=1, channel_id=1, kind="bingo", status="active", host_id=1, locale="en",
            version=version, lobby=Lobby(players=seats), created_at=0, updated_at=0,
        )  # fmt: skip
        played.append((record, state))
        player = game.to_act(state)[0]
        state, _ = game.apply(state, player, game.legal_actions(state, player)[0])
    return played


class Answer:
    """A private answer whose edits are recorded (the move each drawing was drawn from)."""

    def __init__(self) -> None:
        self.drawn: list[int] = []

    async def edit_original_response(self, *, embed: Any, attachments: Any, view: Any) -> None:
        self.drawn.append(embed)


async def test_B3_the_card_shows_the_newest_move_when_an_older_drawing_is_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    played = moves(12)
    shown = {my_card.digest(r, s, ME) for r, s in played}
    assert len(shown) >= 3, "the moves must change what the card shows"
    first, *later = [(r, s) for r, s in played if my_card.digest(r, s, ME) != my_card.digest(*played[0], ME)]
    newer = next((r, s) for r, s in later if my_card.digest(r, s, ME) != my_card.digest(*first, ME))
    held, release = asyncio.Event(), asyncio.Event()

    async def drawing(record: GameRecord, state: BingoState, me: str) -> tuple[int, None, None]:
        if not held.is_set():  # the first drawing is slow: it waits until the newer move was told
            held.set()
            await release.wait()
        return record.version, None, None

    monkeypatch.setattr(my_card, "card_message", drawing)
    watch, answer = my_card.CardWatch(), Answer()
    watch.keep(played[0][0], ME, answer, my_card.digest(*played[0], ME))
    await watch.on_saved(Outcome(*first))
    await asyncio.wait_for(held.wait(), 5)
    await watch.on_saved(Outcome(*newer))
    await watch.on_saved(Outcome(*first))  # an older move told late changes nothing
    release.set()
    await asyncio.wait_for(asyncio.gather(*watch._tasks), 5)
    assert answer.drawn and answer.drawn[-1] == newer[0].version, answer.drawn
    assert answer.drawn == sorted(answer.drawn), "a drawing of an older move came after a newer one"


async def test_B3_a_move_that_does_not_change_the_card_is_not_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    played = moves(12)
    same = next(((r, s) for r, s in played[1:] if my_card.digest(r, s, ME) == my_card.digest(*played[0], ME)), None)
    if same is None:
        pytest.skip("every move of this game changes the card")

    async def drawing(record: GameRecord, state: BingoState, me: str) -> tuple[int, None, None]:
        return record.version, None, None

    monkeypatch.setattr(my_card, "card_message", drawing)
    watch, answer = my_card.CardWatch(), Answer()
    watch.keep(played[0][0], ME, answer, my_card.digest(*played[0], ME))
    await watch.on_saved(Outcome(*same))
    await asyncio.gather(*watch._tasks)
    assert answer.drawn == []
