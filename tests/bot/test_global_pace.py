"""Every request the bot makes with its token keeps under Discord's global rate limit (50 a second,
interaction answers exempt), whichever part of the bot makes it: paced where discord.py hands it to
aiohttp (`bot.global_pace`)."""

from __future__ import annotations

from bot.global_pace import DISCORD_PER_S, GlobalPace, counted


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _most_in(times: list[float], span: float) -> int:
    """The most requests that go within any `span` seconds."""
    times = sorted(times)
    most, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - span:
            first += 1
        most = max(most, last - first + 1)
    return most


def _send_times(pace: GlobalPace, clock: Clock, arrivals: list[float]) -> list[float]:
    """When requests arriving at these times go (each waits what `reserve` says)."""
    sent = []
    for at in arrivals:
        clock.now = at
        sent.append(at + pace.reserve())
    return sent


def test_a_burst_of_requests_goes_at_the_pace_with_a_small_burst_at_once() -> None:
    clock = Clock()
    pace = GlobalPace(per_s=40, burst=2, clock=clock)
    sent = _send_times(pace, clock, [100.0] * 200)  # two hundred requests at the same moment
    assert sent[:2] == [100.0, 100.0] and sent[2] > 100.0
    assert sent == sorted(sent)  # in the order they came
    assert _most_in(sent, 1.0) <= 42
    # A stretch a little longer than a second (requests sent apart that reach Discord closer
    # together) still holds fewer than Discord's 50.
    assert _most_in(sent, 1.15) < DISCORD_PER_S
    assert sent[-1] - sent[0] >= (200 - 2) / 40 - 1e-9


def test_requests_spread_out_never_wait_and_a_quiet_spell_refills_the_burst() -> None:
    clock = Clock()
    pace = GlobalPace(per_s=40, burst=2, clock=clock)
    arrivals = [100.0 + i * 0.05 for i in range(40)]  # 20 a second
    assert _send_times(pace, clock, arrivals) == arrivals
    later = arrivals[-1] + 1.0
    assert _send_times(pace, clock, [later, later]) == [later, later]


def test_only_requests_to_the_api_that_are_not_an_interactions_answer_count() -> None:
    api = "https://discord.com/api/v10"
    assert counted(f"{api}/channels/1/messages", api)
    assert counted(f"{api}/users/@me", api)
    assert not counted(f"{api}/interactions/1/token/callback", api)
    assert not counted(f"{api}/webhooks/2/token/messages/@original", api)
    assert not counted("wss://gateway.discord.gg/?v=10&encoding=json", api)
    assert not counted("https://cdn.discordapp.com/attachments/1/2/board.png", api)
