"""The one restart-safe button: its custom_id carries the game, the state version it was drawn
for, a verb and an optional argument (`mm:<game>:<version>:<verb>[:<arg>]`)."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from typing import Any, Protocol, cast

import discord

from bot.i18n import t
from cogs.common import computer_seats
from cogs.discord_types import Interaction, Item
from engine import games
from engine.core.game import State

CUSTOM_ID = re.compile(
    r"mm:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,10}):(?P<verb>[a-z_]{1,24})(?::(?P<arg>[A-Za-z0-9_?.+-]{1,40}))?"
)
MAX_CUSTOM_ID = 100  # Discord's limit


class Router(Protocol):
    """Where a restart-safe button or select of a bot's games is handled (the play cog)."""

    async def on_button(
        self, interaction: Interaction, game_id: int, version: int, verb: str, arg: str | None
    ) -> None: ...

    async def on_select(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None: ...


# Each running bot's router (a test process may run two bots): set when its cog loads.
ROUTERS: weakref.WeakKeyDictionary[discord.Client, Router] = weakref.WeakKeyDictionary()


def custom_id(game_id: int, version: int, verb: str, arg: str | None = None, *, prefix: str = "mm") -> str:
    """`<prefix>:<game>:<version>:<verb>[:<arg>]`, checked against Discord's 100-character limit."""
    value = f"{prefix}:{game_id}:{version}:{verb}" + (f":{arg}" if arg is not None else "")
    pattern = CUSTOM_ID if prefix == "mm" else SELECT_ID
    if len(value) > MAX_CUSTOM_ID or not pattern.fullmatch(value):
        raise ValueError(f"bad custom_id {value!r}")
    return value


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID.pattern):
    def __init__(
        self,
        game_id: int,
        version: int,
        verb: str,
        arg: str | None = None,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=custom_id(game_id, version, verb, arg),
                disabled=disabled,
                row=row,
            )
        )
        self.game_id = game_id
        self.version = version
        self.verb = verb
        self.arg = arg

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: Item, match: re.Match[str], /) -> GameButton:
        return cls(int(match["game"]), int(match["version"]), match["verb"], match["arg"])

    async def callback(self, interaction: Interaction) -> None:
        router = ROUTERS.get(interaction.client)
        if router is not None:  # the cog is loaded with the bot
            await router.on_button(interaction, self.game_id, self.version, self.verb, self.arg)


SELECT_ID = re.compile(
    r"ms:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,10}):(?P<verb>[a-z_]{1,24})(?::(?P<arg>[A-Za-z0-9_?.+-]{1,40}))?"
)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID.pattern):
    """A restart-safe select menu; the chosen values are read from the interaction."""

    def __init__(
        self,
        game_id: int,
        version: int,
        verb: str,
        arg: str | None = None,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        max_values: int = 1,
        min_values: int = 1,
        row: int | None = None,
    ) -> None:
        options = (options or [discord.SelectOption(label="…", value="-")])[:25]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(game_id, version, verb, arg, prefix="ms"),
                options=options,
                placeholder=(placeholder or "")[:150] or None,
                min_values=max(0, min(min_values, len(options))),
                max_values=max(1, min(max_values, len(options))),
                row=row,
            )
        )
        self.game_id = game_id
        self.version = version
        self.verb = verb
        self.arg = arg

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: Item, match: re.Match[str], /) -> GameSelect:
        options = list(item.options) if isinstance(item, discord.ui.Select) else None
        return cls(int(match["game"]), int(match["version"]), match["verb"], match["arg"], options=options)

    async def callback(self, interaction: Interaction) -> None:
        router = ROUTERS.get(interaction.client)
        if router is None:  # the cog is loaded with the bot
            return
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await router.on_select(interaction, self.game_id, self.version, self.verb, self.arg, values)


def action_buttons(
    record: Any,
    state: State,
    verbs: tuple[str, ...],
    arg_of: dict[str, str],
    primary: frozenset[str],
    amounts: dict[str, int] | None = None,
    meaning: Callable[[str], str | None] | None = None,
) -> list[Item]:
    """Buttons for the legal actions that need no more input, of whoever the game waits on (and
    the turn player) but computers' seats (nobody else may press those), in `verbs` order;
    `amounts` gives the amount a label names (by its catalog key, from the game's house rules);
    `arg_of` names the action field a verb's button carries (a gift's choice); `meaning` gives the
    others a token of what they do now, so a press from a message one version behind still counts
    while it means the same (see `cogs.context.Meaningful`). The first button whose verb is in
    `primary` is the highlighted one (one main move)."""
    loc, gid, ver = record.locale, record.id, record.version
    found: set[tuple[str, str | None]] = set()
    game = games.game(record.kind)
    turn = game.turn_player(state)
    people = {*game.to_act(state), *([turn] if turn is not None else [])} - computer_seats(record)
    for player in people:
        for action in game.legal_actions(state, player):
            if action.do in verbs:
                attr = arg_of.get(action.do)
                found.add((action.do, str(getattr(action, attr)) if attr else None))
    items: list[Item] = []
    highlighted = False
    for verb, arg in sorted(found, key=lambda v: (verbs.index(v[0]), v[1] or "")):
        if len(items) >= 20:
            break
        key = f"action.{verb}" + (f".{arg}" if arg else "")
        label = t(loc, key, amount=(amounts or {}).get(key, 0))  # amounts come from the game's rules
        main = verb in primary and not highlighted
        highlighted = highlighted or main
        style = discord.ButtonStyle.primary if main else discord.ButtonStyle.secondary
        token = arg if arg is not None else (meaning(verb) if meaning is not None else None)
        items.append(GameButton(gid, ver, verb, token, label=label, style=style))
    return items
