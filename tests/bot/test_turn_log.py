"""The game message's story of recent moves (`cogs.turn_log`): every committed move is told, in
version order, whichever order the moves were noted in."""

from __future__ import annotations

from dataclasses import dataclass

from cogs.turn_log import TurnLog


@dataclass
class Ev:
    kind: str
    text: str = ""


def describe(event: Ev) -> str | None:
    return event.text or None


def turn(who: str) -> list[Ev]:
    return [Ev("turn", f"{who}'s turn")]


def test_a_move_noted_after_a_later_one_is_not_dropped() -> None:
    """The race of issue 38: a timer's outcome (v2) committed, the computer's next move (v3) drawn
    and noted first; the timer's words must still be in the message, before the computer's."""
    log = TurnLog()
    log.add(1, 1, turn("Ann"), describe)
    log.add(1, 3, [Ev("roll", "Bot rolled 7")], describe)
    log.add(1, 2, [Ev("timeout", "Ann ran out of time")], describe)
    assert log.recent(1, [], describe, keep=10) == ["Ann's turn", "Ann ran out of time", "Bot rolled 7"]


def test_the_newest_move_is_the_highest_version_and_is_told_in_full() -> None:
    log = TurnLog()
    log.add(1, 1, [Ev("x", f"old {i}") for i in range(5)], describe)
    log.add(1, 3, [Ev("x", "new a"), Ev("x", "new b")], describe)
    log.add(1, 2, [Ev("x", "middle")], describe)
    assert log.recent(1, [], describe, keep=3) == ["middle", "new a", "new b"]
    assert log.recent(1, [], describe, keep=1) == ["new a", "new b"]  # the newest move is never cut


def test_a_version_is_told_once() -> None:
    log = TurnLog()
    log.add(1, 1, [Ev("x", "once")], describe)
    log.add(1, 1, [Ev("x", "once")], describe)
    assert log.recent(1, [], describe, keep=10) == ["once"]


def test_the_previous_turn_is_kept_and_older_ones_folded() -> None:
    log = TurnLog()
    log.add(1, 1, [*turn("Ann"), Ev("x", "Ann rolled")], describe)
    log.add(1, 2, [*turn("Bob"), Ev("x", "Bob rolled")], describe)
    log.add(1, 3, [Ev("x", "Bob bought"), *turn("Cat"), Ev("x", "Cat rolled")], describe)
    told = ["Bob's turn", "Bob rolled", "Bob bought", "Cat's turn", "Cat rolled"]
    assert log.recent(1, [], describe, keep=10) == told
    log.add(1, 1, [Ev("x", "late and folded")], describe)  # older than the previous turn: not told again
    assert "late and folded" not in log.recent(1, [], describe, keep=10)


def test_games_are_kept_apart_and_forgotten() -> None:
    log = TurnLog()
    log.add(1, 1, [Ev("x", "one")], describe)
    log.add(2, 1, [Ev("x", "two")], describe)
    log.forget(1)
    assert log.recent(1, [Ev("x", "fresh")], describe, keep=10) == ["fresh"]
    assert log.recent(2, [], describe, keep=10) == ["two"]
