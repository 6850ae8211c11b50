"""A newcomer who only ever presses the highlighted (primary) button of the newest message they can
see finishes whole games of both kinds, with a computer at the table, without one refusal and
without the table ever waiting on them with nothing highlighted (issue 35): the main move is
always there, named, and it is always a move the rules accept."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest

from bot import metrics
from cogs.game_drawing import GameDrawing
from cogs.game_message import GameMessage
from cogs.notices import people_waited_on
from tests.e2e.conftest import Harness
from tests.e2e.holding import Hold, until
from tests.e2e.test_lobby import BEA, HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID, Response, walk
from tests.strength import pick

PRIMARY = 1
# How long the table may wait on a computer, or the message lag behind the stored move, before the
# test calls it stuck (seconds, not polls: the full suite runs several workers on two cores).
STUCK_S = 30.0


def highlighted(message: dict[str, Any]) -> str | None:
    """The custom_id of the message's highlighted button a person can press, if any."""
    found = [
        c["custom_id"]
        for c in walk(message.get("components") or [])
        if c.get("type") == 2 and c.get("style") == PRIMARY and not c.get("disabled") and "custom_id" in c
    ]
    assert len(found) <= 1, f"more than one highlighted button: {found}"
    return found[0] if found else None


class Newcomer:
    """Both people at the table, each pressing only what is highlighted on their newest message."""

    def __init__(self, h: Harness, game_message: int) -> None:
        self.h = h
        self.game_message = game_message
        self.private: dict[int, dict[str, Any]] = {}  # person → their newest private panel
        self.presses = 0
        self.last: tuple[int, str, str] | None = None  # who pressed what, and the answer's words
        self.trail: list[tuple[int, str, str]] = []

    async def press(self, user: int) -> None:
        panel = self.private.get(user)
        target = highlighted(panel) if panel is not None else None
        if panel is not None and target is not None:
            answer = await self.h.fake.click_in(user, panel, target)
        else:
            self.private.pop(user, None)
            message = self.h.fake.messages[self.game_message]
            target = highlighted(message)
            assert target is not None, f"{user} is waited on and nothing is highlighted:\n{self.h.fake.shown(message)}"
            answer = await self.h.fake.click(user, self.game_message, target)
        self.presses += 1
        self.last = (user, target, answer.data.get("content") or "")
        self.trail.append(self.last)
        self._note(user, answer)

    def _note(self, user: int, answer: Response) -> None:
        if answer.type == 4 and answer.ephemeral and answer.message is not None:
            self.private[user] = answer.message  # a panel opened: it is their newest message
        elif answer.type == 7 and answer.message is not None and int(answer.message["id"]) != self.game_message:
            self.private[user] = answer.message  # the panel changed in place
        elif answer.type == 4 and answer.message is not None and not answer.ephemeral:
            self.game_message = int(answer.message["id"])  # the game message was posted anew


async def play(
    h: Harness,
    kind: str,
    refusals: list[str],
    seconds: float = 150.0,
    presses: int | None = None,
    stuck_s: float = STUCK_S,
) -> Newcomer:
    """The game played to its end, or (the quick suite) for `presses` presses."""
    lobby = await open_lobby(h, kind)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Add computer"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    newcomer = Newcomer(h, lobby)
    # This table plays fast: the loopback Discord enforces no per-channel limit here, so the bot's
    # own pacing of it (bot.channel_pace) is opened up; tests/e2e/test_route_limits.py keeps it.
    h.bot.pace.per_window = 100
    store = h.bot.service.store
    loop = asyncio.get_running_loop()
    ends = loop.time() + seconds
    idle_since = lag_since = None  # since when the table waits on nobody / the message lags behind
    while loop.time() < ends:
        record = await store.games.live_in_channel(CHANNEL_ID)
        if record is None:
            break
        newcomer.game_message = record.message_id or newcomer.game_message
        waiting = sorted(people_waited_on(record, h.bot.service.state_of(record)))
        if not waiting:  # the computer's move
            idle_since = idle_since or loop.time()
            assert loop.time() - idle_since < stuck_s, "the table waited on nobody for too long"
            await asyncio.sleep(0.02)
            continue
        idle_since = None
        if not shows(h, newcomer, record.version):
            lag_since = lag_since or loop.time()
            assert loop.time() - lag_since < stuck_s, (
                f"the game message never showed move {record.version} (it shows {shown_move(h, newcomer)})\n"
                + stall_report(h, record)
            )
            await asyncio.sleep(0.02)
            continue
        lag_since = None
        if presses is not None and newcomer.presses >= presses:
            return newcomer
        await newcomer.press(int(waiting[0]))
        if refusals:
            now = await store.games.live_in_channel(CHANNEL_ID)
            state = h.bot.service.state_of(now) if now else None
            queue = getattr(state, "queue", None)
            raise AssertionError(f"refused: {refusals} after {newcomer.last}; now {queue}")
    finished = await store.games.last_finished_in_channel(CHANNEL_ID)
    assert finished is not None, (
        f"the game did not end in {seconds} s ({newcomer.presses} presses): {newcomer.trail[-8:]}"
    )
    return newcomer


def shows(h: Harness, newcomer: Newcomer, version: int) -> bool:
    """Whether the game message shows the move the table is at: a person acts on what they see
    (Discord's per-channel limit may hold a computer's update back a moment)."""
    message = h.fake.messages.get(newcomer.game_message)
    return message is not None and f"move {version}" in h.fake.shown(message)


def shown_move(h: Harness, newcomer: Newcomer) -> str:
    """Which move the game message shows, to say so when it lags behind."""
    message = h.fake.messages.get(newcomer.game_message)
    found = re.search(r"move \d+", h.fake.shown(message)) if message is not None else None
    return found.group(0) if found else "no move"


def stall_report(h: Harness, record: Any) -> str:
    """Where a lagging game message is held up, for the failure's text: what the bot believes the
    message shows, the channel's turn, discord.py's route buckets that hold requests back, the bot's
    tasks and where each waits, and the last requests the loopback Discord answered."""
    cog: GameMessage = h.bot.get_cog("GameMessage")
    game = record.id
    turn = h.bot.pace._locks.get(CHANNEL_ID)
    lines = [
        f"noted shown {cog.shown_version(record)}, newest saved {cog._saved.get(game)}, drawing {game in cog._drawing},"
        f" redraw {game in cog._redraw}, unsure {game in cog._unsure}",
        f"channel turn held: {turn is not None and turn.locked()}",
        f"global limit clear: {h.bot.http._global_over.is_set()}",
    ]
    lines += [f"bucket {key}: {bucket!r}" for key, bucket in h.bot.http._buckets.items() if bucket._pending_requests]
    # Tasks by where they wait: a long game leaves a view's timeout task per message, all at one place.
    waiting: dict[str, list[str]] = {}
    for task in asyncio.all_tasks():
        frames = task.get_stack(limit=1)
        where = f"{frames[0].f_code.co_filename.rsplit('/', 2)[-1]}:{frames[0].f_lineno}" if frames else "?"
        waiting.setdefault(where, []).append(task.get_name())
    for where, names in sorted(waiting.items()):
        named = [n for n in names if not n.startswith("Task-")]
        lines.append(f"{len(names)} task(s) at {where}" + (f": {', '.join(named)}" if named else ""))
    now = time.monotonic()
    for (method, path, _), at in list(zip(h.fake.requests, h.fake.request_times, strict=False))[-12:]:
        lines.append(f"{now - at:6.2f} s ago: {method} {path}")
    return "\n".join(lines)


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    found: list[str] = []
    answered = metrics.answered

    def spy(kind: str, started: float, refusal: str | None) -> None:
        if refusal is not None:
            found.append(refusal)
        answered(kind, started, refusal)

    monkeypatch.setattr(metrics, "answered", spy)
    return found


async def test_a_newcomer_pressing_only_the_highlighted_button_finishes_a_mega_game(
    harness: Harness, refusals: list[str]
) -> None:
    """Little cash (debts come early) and a round limit (M-42) so the game ends within the test."""
    h = harness
    setup_users(h)
    h.bot.tables.computers.delay_s = 0.2  # a person at the table acts within that (no race)
    for setting, value in (("mega.starting_cash", "250"), ("mega.round_limit", "10")):
        await h.fake.slash(HOST, "settings", {"setting": setting, "value": value}, admin=True)
    newcomer = await play(h, "mega", refusals)
    assert newcomer.presses > 20


@pytest.mark.timeout(pick(180, 900))
async def test_a_newcomer_pressing_only_the_highlighted_button_finishes_a_bingo_game(
    harness: Harness, refusals: list[str]
) -> None:
    h = harness
    setup_users(h)
    h.bot.tables.computers.delay_s = 0.05  # in bingo only the turn player acts (claims are answered apart)
    # A bingo game takes 700-1,200 presses: the quick suite plays the first 200 (draws, suggested
    # declarations, passes and discards come up in them), the full suite plays to the end.
    # A whole game takes 25-130 s alone, several times that on a loaded machine.
    newcomer = await play(h, "bingo", refusals, seconds=pick(150.0, 600.0), presses=pick(200, None))
    assert newcomer.presses > 20


async def test_a_slow_answer_to_a_click_never_leaves_the_message_behind_the_computer(
    harness: Harness, refusals: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a loaded machine a click's answer (the move it made) can reach Discord after the next
    move (the computer's, a closing window's) was drawn: it must not leave the message showing the
    older move while the table waits on the person. Each answer here is held back until a newer
    move has been drawn (or a moment has passed), the order a flaky CI run of the test above met."""
    drawn: list[int] = []  # versions the game message was updated to outside a click's answer
    send_edit, answer = GameMessage._send_edit, GameMessage.answer_with_game

    async def noting(self: GameMessage, record: Any, message_id: int, outcome: Any, background: bool) -> bool:
        done = await send_edit(self, record, message_id, outcome, background)
        drawn.append(record.version)
        return done

    async def late(self: GameMessage, interaction: Any, outcome: Any) -> None:
        loop = asyncio.get_running_loop()
        ends = loop.time() + 0.4
        while loop.time() < ends and not any(v > outcome.record.version for v in drawn[-3:]):
            await asyncio.sleep(0.01)
        await answer(self, interaction, outcome)

    monkeypatch.setattr(GameMessage, "_send_edit", noting)
    monkeypatch.setattr(GameMessage, "answer_with_game", late)
    h = harness
    setup_users(h)
    h.bot.tables.computers.delay_s = 0.05
    newcomer = await play(h, "bingo", refusals, seconds=120.0, presses=60, stuck_s=20.0)
    assert newcomer.presses == 60


async def test_a_debt_is_paid_by_pressing_only_the_highlighted_buttons(harness: Harness, refusals: list[str]) -> None:
    """Ann lands on Bea's reds with $20: the message says what is owed and missing, the main move
    is Raise…, the panel's main button is a named mortgage that asks first, and pressing the
    highlighted buttons alone pays the debt (nothing is lost, every mortgage is told)."""
    from tests.e2e.mega_table import debt_position, state_now
    from tests.e2e.test_mega_play import three_players

    h = harness
    await three_players(h)
    msg = await debt_position(h, HOST, BEA, "103")
    state = await state_now(h)
    assert state.queue and state.queue[0].kind == "debt", state.queue
    top = h.fake.shown(msg)
    assert "owes" in top and "still missing" in top
    newcomer = Newcomer(h, msg)
    for _ in range(20):
        state = await state_now(h)
        if not state.queue or state.queue[0].kind != "debt":
            break
        await newcomer.press(HOST)
        assert not refusals, f"refused: {refusals} after {newcomer.last}"
    state = await state_now(h)
    assert not (state.queue and state.queue[0].kind == "debt"), "the debt was paid"
    assert not state.players[0].bankrupt and state.mortgaged, "by mortgaging, not by going bankrupt"
    pressed = [target.split(":")[3] for _, target, _ in newcomer.trail]
    assert {"manage", "manage_ask", "manage_yes"} <= set(pressed), pressed
    await h.fake.quiet()
    told = h.fake.shown(msg)
    assert "mortgaged" in told.lower(), told


async def test_a_press_one_version_behind_counts_while_it_means_the_same(harness: Harness) -> None:
    """Issue 35: Ann mortgages from her private panel, then presses End turn on a game message that
    has not caught up yet: the end of the same turn still means the same, so it is carried out; a
    Roll from an older turn does not, and its refusal says what the table waits for now."""
    from tests.e2e.mega_table import set_position, state_now
    from tests.e2e.test_mega_play import three_players

    h = harness
    await three_players(h)
    players = [{"name": str(HOST), "deeds": ["oriental_avenue"]}, {"name": str(BEA)}, {"name": "103"}]
    msg = await set_position(h, players, [(1, 2, "mr")])
    old_roll = h.fake.buttons(msg)["Roll"]
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Roll"])
    await h.fake.click(HOST, msg, h.fake.buttons(msg)["Buy"])
    end_turn = h.fake.buttons(msg)["End turn"]  # as the message shows it now
    panel = await h.fake.click(HOST, msg, h.fake.buttons(msg)["Manage deeds"])
    (mortgage,) = [s for s in h.fake.selects(panel.message).values() if "ortgage" in (s.get("placeholder") or "")]
    ask = await h.fake.select(
        HOST, int(panel.message["id"]), mortgage["custom_id"], ["oriental_avenue"], message=panel.message
    )
    await h.fake.click_in(HOST, ask.message, h.fake.buttons(ask.message)["Yes"])
    assert "oriental_avenue" in (await state_now(h)).mortgaged
    ended = await h.fake.click(HOST, msg, end_turn)  # drawn one version before the mortgage
    assert ended.type == 7, ended.data
    state = await state_now(h)
    assert state.players[state.turn].name == str(BEA), "the turn passed to Bea"
    late = await h.fake.click(HOST, msg, old_roll)
    assert late.ephemeral and "out of date" in late.content and "Bea" in late.content


async def test_a_slow_update_never_covers_a_newer_answer(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mirror of the test above: an update nobody clicked for (a computer's move, a deadline)
    reads the stored move under its channel's turn and then draws it — slowly on a loaded machine —
    while a click answers with the next move, which Discord shows first. The update, landing after,
    must not leave the message showing the older move while the table waits on a person."""
    from bot.service import Outcome
    from tests.e2e.test_lobby import started_mega

    h = harness
    lobby, roll = await started_mega(h)
    cog: GameMessage = h.bot.get_cog("GameMessage")
    store = h.bot.service.store
    record = await store.games.live_in_channel(CHANNEL_ID)
    assert record is not None and shows(h, Newcomer(h, lobby), record.version)
    hold = Hold()
    hold.patch(monkeypatch, GameDrawing, "message_for", when=lambda kwargs: bool(kwargs.get("background")), after=True)
    cog._unsure.add(record.id)  # drawn although noted as shown: the update of a move saved meanwhile
    stored = Outcome(record, h.bot.service.state_of(record))
    update = asyncio.create_task(cog.edit_game_message(stored, background=True))
    await hold.wait_reached()
    answer = await h.fake.click(HOST, lobby, roll)  # the next move, answered with the game message
    assert answer.type == 7 and f"move {record.version + 1}" in h.fake.shown(h.fake.messages[lobby])
    hold.let_go()
    await asyncio.wait_for(update, 5)
    newest = await store.games.live_in_channel(CHANNEL_ID)
    assert newest is not None and newest.version == record.version + 1
    await until(lambda: shows(h, Newcomer(h, lobby), newest.version))
    assert shows(h, Newcomer(h, lobby), newest.version), f"it shows {shown_move(h, Newcomer(h, lobby))}"
