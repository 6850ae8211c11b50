"""Ratings, statistics and the story of a game, through the loopback Discord: the final message of
a game carries the story (chart and turning points) for both games, and `/monopoly leaderboard` and
`/monopoly stats` answer in English and Japanese with names, never ids."""

from __future__ import annotations

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, CAI, HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID, walk


async def _game_to_the_end(h: Harness, game: str) -> int:
    """A 3-person game that the host stops at once (Mega counts assets, M-42)."""
    lobby = await open_lobby(h, game)
    for user in (BEA, CAI):
        await h.fake.click(user, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await h.fake.slash(HOST, "stop")
    await h.fake.quiet()
    return lobby


def _story_of(h: Harness, message: int) -> str:
    payload = h.fake.messages[message]
    gallery = [i["media"]["url"] for c in walk(payload["components"]) if c["type"] == 12 for i in c["items"]]
    assert gallery[-1] == "attachment://story.png", "the final standings come with the story's chart"
    names = sorted(a["filename"] for a in payload["attachments"])
    assert names[-1] == "story.png" and len(names) == 2
    text = h.fake.shown(message)
    assert text.index("tandings") < text.index("Ratings"), "the standings come first"
    assert "stopped the game: nothing more can be played" in text, "no window or auction looks open"
    return text


async def test_a_finished_game_tells_its_story_and_feeds_the_leaderboard(harness: Harness) -> None:
    h = harness
    setup_users(h)
    for game in ("mega", "bingo"):
        message = await _game_to_the_end(h, game)
        story = _story_of(h, message)
        ended = await h.bot.service.store.games.last_finished_in_channel(CHANNEL_ID)
        cog = h.bot.get_cog("GameMessage")
        assert ended is not None and ended.id not in cog.drawing.turns, "a finished game's words are let go"
        text = story
        assert "Ratings" in text and "Ann" in text and "Bea" in text and "Cai" in text
        assert "Turning points" not in text, "a game stopped at once has no turning points to tell"
        assert str(HOST) not in text and "story.rating" not in text and "story.moments" not in text
        assert "(+" in text and " → " in text, "a first game moves every rating up from the start"
    board = await h.fake.slash(BEA, "leaderboard", {"game": "mega"})
    text = board.text()
    assert not board.ephemeral
    assert f"<@{HOST}>" in text and f"<@{BEA}>" in text and "1 game" in text
    assert text.count("1. <@") == 3, "a game stopped at once is a tie: equal ratings share the first rank"
    ja = await h.fake.slash(BEA, "leaderboard", {"game": "bingo"}, locale="ja")
    assert "ランキング" in ja.text() and "1戦" in ja.text()
    stats = await h.fake.slash(HOST, "stats", {"player": {"user": BEA}})
    text = stats.text()
    assert "Bea" in text and "Mega Monopoly" in text and "MonopolizeBingo" in text
    assert "Rent collected" in text and "average place" in text and "Rating" in text
    assert "(rank 1 of 3)" in text
    mine = await h.fake.slash(CAI, "stats", locale="ja")
    assert "戦績" in mine.text() or "平均順位" in mine.text()
    nobody = await h.fake.slash(HOST, "stats", {"player": {"user": 104}})
    assert "not finished a game" in nobody.text()
    assert h.fake.violations == []


async def test_the_leaderboard_of_a_server_without_games_says_how_it_starts(harness: Harness) -> None:
    h = harness
    setup_users(h)
    answer = await h.fake.slash(HOST, "leaderboard", {"game": "mega"})
    assert "No rated Mega Monopoly games" in answer.text()
