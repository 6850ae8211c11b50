"""Issue 40: what the watch pages show. Links are signed and cannot be forged or carried to another
game; a bingo page shows public information only (the oracle of the public message: change every
number nobody has seen and nothing on the page changes, through whole games); the words are
escaped; a replay has a step for every move."""

from __future__ import annotations

import json
import random
from typing import Any

from bot.store import GameRecord, Lobby, LobbyPlayer
from bot.watch import WatchLinks
from cogs.web.text import to_html
from cogs.web.views import live_view, replay
from engine import games
from engine.bingo.cards import COLUMNS
from engine.bingo.fuzz import bingo_random_game

SECRET = "s" * 40


def record(kind: str, players: int, locale: str = "en", names: list[str] | None = None) -> GameRecord:
    seats = [LobbyPlayer(id=i + 1, name=(names or [f"P{i + 1}" for i in range(players)])[i]) for i in range(players)]
    return GameRecord(
        id=7, guild_id=1, channel_id=1, kind=kind, status="active", host_id=1, locale=locale,
        version=3, lobby=Lobby(players=seats), created_at=0, updated_at=0,
    )  # fmt: skip


def test_links_are_signed_for_one_game_and_round() -> None:
    links = WatchLinks(SECRET, "https://watch.example.org/")
    token = links.token(42, 0)
    assert links.read(token) == (42, 0) and links.url(42, 0) == f"https://watch.example.org/watch/{token}"
    game, round_, mac = token.split(".")
    assert links.read(f"43.{round_}.{mac}") is None, "a signature does not open another game"
    assert links.read(f"{game}.1.{mac}") is None, "nor another round"
    assert links.read(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert WatchLinks("t" * 40, "https://x").read(token) is None, "another secret signs other links"
    assert links.read("42.0.../../etc") is None and links.read("") is None


def test_names_and_words_are_escaped() -> None:
    names = {"5": "<img src=x onerror=alert(1)>"}
    html = to_html("**Ann** pays <@5> \\*now\\* until <t:1700000000:R> <script>", names)
    assert "<script>" not in html and "<img" not in html and "&lt;img src=x" in html
    assert html.startswith("<b>Ann</b>") and "*now*" in html and '<time datetime="2023-11-14T22:13:20+00:00">' in html


def _hidden_changed(state: Any, rnd: random.Random) -> Any:
    """The same table with every number nobody has seen changed (valid cards)."""
    changed = state.model_copy(deep=True)
    for player in changed.players:
        seen = set(player.owned) | set(getattr(player, "shown", ()))
        for ci, col in enumerate(COLUMNS):
            keep_rows = {int(c[1:]) - 1 for c in seen if c[0] == col}
            keep = {player.card[col][r] for r in keep_rows}
            rows = [r for r in range(5) if r not in keep_rows and player.card[col][r] is not None]
            pool = [n for n in range(ci * 15 + 1, ci * 15 + 16) if n not in keep]
            numbers = list(player.card[col])
            for r, n in zip(rows, rnd.sample(pool, len(rows)), strict=True):
                numbers[r] = n
            player.card = {**player.card, col: tuple(numbers)}
    return changed


def test_a_bingo_page_never_depends_on_a_hidden_number_through_whole_games() -> None:
    rnd = random.Random(3)
    compared = changed_cards = 0
    for seed in range(4):
        table = record("bingo", 4)
        for step, (_, _, _, after, _) in enumerate(bingo_random_game(seed, 4, max_actions=600)):
            if step % 7:
                continue
            other = _hidden_changed(after, rnd)
            changed_cards += other.players != after.players
            one, static_one = live_view(table, after, [])
            two, static_two = live_view(table, other, [])
            assert json.dumps(one.public()) == json.dumps(two.public()) and static_one == static_two, (seed, step)
            compared += 1
    assert compared > 100 and changed_cards > 100, "the hidden numbers really changed"


def played(kind: str, table: GameRecord, moves: int, seed: int) -> list[Any]:
    """A game played with random legal moves from the table's seed, as the bot logs it."""
    from bot.store import LogEntry

    seats = [str(p.id) for p in table.lobby.players]
    state, _ = games.game(kind).new_game(seats, table.lobby.seed, {})
    rnd, log = random.Random(seed), []
    for seq in range(moves):
        options = [(seat, a) for seat in seats for a in games.game(kind).legal_actions(state, seat)]
        if not options or state.over:
            break
        actor, action = rnd.choice(options)
        state, _ = games.game(kind).apply(state, actor, action)
        raw = action.model_dump(mode="json") if hasattr(action, "model_dump") else dict(action)
        log.append(LogEntry(game_id=table.id, seq=seq, actor=actor, action=raw, events=[], at=0))
    return log


def test_a_replay_has_a_step_for_every_move_and_tells_the_moves() -> None:
    for kind, players in (("mega", 3), ("bingo", 3)):
        table = record(kind, players, names=["Ann", "Bea", "Cai"])
        table = table.model_copy(update={"lobby": table.lobby.model_copy(update={"seed": 11})})
        log = played(kind, table, 60, seed=4)
        view_box, static, told = replay(table, log)
        assert len(told) == len(log) + 1 and [s.number for s in told] == list(range(len(log) + 1))
        assert sum(bool(step.moves) for step in told[1:]) > len(log) // 3, "the moves are told"
        assert len({step.dynamic for step in told}) > 5, "the board changes along the game"
        if kind == "mega":
            assert view_box == "0 0 1024 1024" and ">Board-</tspan>" in static


def test_a_forgotten_player_is_a_pseudonym_on_the_page_too() -> None:
    from bot.i18n import t
    from bot.store.forget import forget_in_lobby

    table = record("mega", 3, names=["Ann", "Bea", "Cai"])
    state, _ = games.game("mega").new_game([str(p.id) for p in table.lobby.players], 1, {})
    before, _ = live_view(table, state, [])
    assert "Bea" in json.dumps(before.public(), ensure_ascii=False)
    lobby = Lobby.model_validate_json(forget_in_lobby(table.lobby.model_dump_json(), 2))
    from bot.store.forget import swap_ids

    forgotten = table.model_copy(update={"lobby": lobby})
    state = games.game("mega").load_state(swap_ids(state.model_dump_json(), 2))
    after, _ = live_view(forgotten, state, [])
    shown = json.dumps(after.public(), ensure_ascii=False)
    assert "Bea" not in shown and t("en", "forget.former") in shown


def test_the_svg_boards_names_fit_their_cells_in_both_languages() -> None:
    """Every space's name on the watch page's board fits its cell, taking letters wide (a full-width
    character as wide as its size, a Latin one 0.62 of it), and stays at least 12 px."""
    import html
    import re

    from cogs.mega import svg
    from cogs.mega.board_geometry import name_box
    from engine.mega.board import BOARD

    for locale in ("en", "ja"):
        texts = re.findall(r'<text font-size="(\d+)"[^>]*>(.*?)</text>', svg.spaces(locale))
        names = [(int(size), re.findall(r">([^<]*)</tspan>", body)) for size, body in texts if "$" not in body]
        assert len(names) == len(BOARD.spaces)
        for space, (size, lines) in zip(BOARD.spaces, names, strict=True):
            box = name_box(space.index)
            widest = max(svg.em_width(html.unescape(line)) * size for line in lines)
            assert widest <= box[2] - box[0] and len(lines) * (size + 1) <= box[3] - box[1], (locale, space.id, lines)
            assert size >= 12, (locale, space.id, size)


async def test_a_view_that_cannot_be_built_leaves_the_pages_as_they_are(caplog: Any) -> None:
    """The database away while a move is told: nothing is sent, the failure is logged (not left in
    a task nobody reads), and the next move's view goes out."""
    import asyncio

    from cogs.web.hub import Hub

    table = record("mega", 2)
    state, _ = games.game("mega").new_game(["1", "2"], 1, {})
    view, _ = live_view(table, state, [])
    failing = True

    async def build(game_id: int) -> Any:
        if failing:
            raise ConnectionError("database away")
        return view

    hub = Hub(build)
    async with hub.watch(7) as news:
        hub.changed(7)
        await asyncio.sleep(0.05)
        assert news.empty()
        assert any("could not be built" in r.getMessage() for r in caplog.records), "the failure is logged"
        failing = False
        hub.changed(7)
        told = await asyncio.wait_for(news.get(), 1.0)
        assert told.view is view
