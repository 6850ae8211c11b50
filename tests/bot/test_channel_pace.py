"""Discord's per-channel message limit kept on our side (issue 29): a request goes only when the
channel's last five seconds hold fewer than five; a computer seat waits for room for its move's
update and one more, so a burst of computer moves never leaves a deadline's update waiting."""

from __future__ import annotations

from collections import deque

import pytest

from bot import channel_pace
from bot.channel_pace import ChannelPace


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [100.0]
    monkeypatch.setattr(channel_pace.time, "monotonic", lambda: now[0])
    return now


def test_room_for_one_more_and_for_a_spare(clock: list[float]) -> None:
    pace = ChannelPace(per_window=5, window_s=5.0)
    pace._sent[7] = deque([96.0, 97.0, 98.0, 99.0])  # four in the last five seconds
    assert pace.wait_for(7) == 0.0  # a fifth may go now
    assert pace.wait_for(7, spare=1) == pytest.approx(1.0)  # room for two once 96.0 is 5 s old
    pace._sent[7].append(100.0)
    assert pace.wait_for(7) == pytest.approx(1.0)
    assert pace.wait_for(7, spare=1) == pytest.approx(2.0)
    clock[0] = 102.5  # 96.0 and 97.0 have left the window
    assert pace.wait_for(7) == 0.0 and pace.wait_for(7, spare=1) == 0.0
    assert pace.wait_for(8, spare=1) == 0.0  # another channel is not held up


async def test_a_turn_is_counted_when_its_answer_is_back(clock: list[float]) -> None:
    pace = ChannelPace(per_window=2, window_s=5.0)
    for _ in range(2):
        async with pace.turn(7):
            pass
    assert pace.wait_for(7) == pytest.approx(5.0)
