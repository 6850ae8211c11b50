"""Helpers for Mega scenarios through the loopback Discord: set a position, rig the next rolls."""

from __future__ import annotations

from typing import Any

from engine.core.rng import randbelow
from engine.mega.conformance import setup_state
from engine.mega.movement import SPEED_FACES
from tests.e2e.conftest import Harness
from tests.fakediscord.server import CHANNEL_ID
from tests.stored import put_state

Roll = tuple[int, int, Any]


def _rolls_from(rng: int, count: int) -> list[Roll]:
    out = []
    for _ in range(count):
        rng, a = randbelow(rng, 6)
        rng, b = randbelow(rng, 6)
        rng, c = randbelow(rng, 6)
        out.append((a + 1, b + 1, SPEED_FACES[c]))
    return out


def rig(rolls: list[Roll]) -> int:
    """An RNG state whose next throws are `rolls` (searching is instant for one or two rolls)."""
    for candidate in range(1, 10_000_000):
        if _rolls_from(candidate, len(rolls)) == rolls:
            return candidate
    raise AssertionError("no RNG state found")


async def set_position(h: Harness, players: list[dict[str, Any]], rolls: list[Roll], **setup: Any) -> int:
    """Put the channel's game into a position (seats keep their user ids) and post a fresh message.
    Returns the new game message id."""
    store = h.bot.service.store
    record = await store.games.live_in_channel(CHANNEL_ID)
    state = setup_state({"game": "mega", "options": setup.pop("options", {}), "setup": {"players": players, **setup}})
    state.fixed_dice = False  # the game rolls for real, from the rigged RNG
    state.rng = rig(rolls) if rolls else 1
    state.version = record.version + 1
    await put_state(store, record, state)
    answer = await h.fake.slash(int(players[0]["name"]), "status")
    return int(answer.message["id"])


ORANGE = ["st_james_place", "tennessee_avenue", "new_york_avenue"]
RED = ["kentucky_avenue", "indiana_avenue", "illinois_avenue", "michigan_avenue"]


async def debt_position(h: Harness, ann: int, bea: int, third: str) -> int:
    """Ann, with $20 and the oranges on Free Parking, rolls onto Bea's built reds: a debt she can
    raise by mortgaging. Returns the game message, after the roll."""
    players = [
        {"name": str(ann), "position": "free_parking", "cash": 20, "deeds": ORANGE},
        {"name": str(bea), "deeds": RED, "buildings": {"kentucky_avenue": 1, "indiana_avenue": 1}},
        {"name": third},
    ]
    msg = await set_position(h, players, [(1, 2, 1)])
    roll = next(cid for cid in h.fake.buttons(msg).values() if cid.split(":")[3] == "roll")  # in any language
    await h.fake.click(ann, msg, roll)
    return msg


async def state_now(h: Harness) -> Any:
    record = await h.bot.service.store.games.live_in_channel(CHANNEL_ID)
    return h.bot.service.state_of(record) if record else None
