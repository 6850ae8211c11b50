"""The verbs a button, select or form carries in its custom_id (`cogs.buttons`) that the shared code
handles for every game, and the old spellings of renamed verbs. Buttons stored in Discord before a
rename keep working: an old verb is read as its new name. A game's own verbs may not take any of
these names (`cogs.registry.register` refuses them), or a shared handler would win over the game's."""

from __future__ import annotations

import re

VERB = re.compile(r"[a-z_]{1,24}")  # what a custom_id can carry (cogs.buttons.CUSTOM_ID)

BUTTONS = frozenset(
    {
        "join",
        "leave",
        "add_cpu",
        "cancel",
        "start",
        "trade_send",
        "trade_accept",
        "trade_decline",
        "trade_counter",
        "options",
        "suggest",
    }
)
SELECTS = frozenset({"option_pick", "option_value", "add_cpu"})
MODALS = frozenset({"option_set"})

# Old verb → its name now (renamed so a custom_id reads as what it does).
ALIASES = {"tsend": "trade_send", "optpick": "option_pick", "optset": "option_set"}

RESERVED = BUTTONS | SELECTS | MODALS | frozenset(ALIASES)


def current(verb: str) -> str:
    """The verb as it is named now (a stored button may carry an old spelling)."""
    return ALIASES.get(verb, verb)
