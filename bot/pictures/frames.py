"""The frames between the bot and its drawing processes: a 4-byte big-endian length, then a pickle
(the worker is the bot's own child; nothing else writes to these pipes)."""

from __future__ import annotations

import pickle
import struct
from typing import Any

HEADER = struct.Struct(">I")


def frame(value: Any) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data
