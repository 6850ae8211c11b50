"""Server settings and a lobby's options in Discord: `/monopoly settings` for admins, and the
host's Options… panel before a game starts. Values are checked by `bot.server_settings` (the
engines' own option models); nothing here names a game."""

from __future__ import annotations

import discord

from bot import server_settings
from bot.i18n import CATALOG, listed, money, t
from bot.server_settings import Setting
from bot.store import GameRecord, GameStore
from cogs.buttons import GameSelect
from cogs.common import MAX_OPTIONS, AmountModal, locale_of, refuse
from cogs.context import Click
from cogs.discord_types import Interaction
from engine.core.jsondata import JsonObject

HOST_SHARED = ("turn_timeout", "missed_turns", "away", "away_level")  # shared settings a host may set for one game


def name(loc: str, key: str) -> str:
    return t(loc, f"setting.{key}")


def shown(loc: str, setting: Setting, value: object) -> str:
    if setting.kind == "bool":
        return t(loc, "value.on" if value else "value.off")
    if setting.kind == "channels":
        channels = value if isinstance(value, list | tuple | set) else []
        return " ".join(f"<#{c}>" for c in channels) if channels else t(loc, "value.all_channels")
    if setting.key.endswith(("cash", "tax", "salary", "fine", "bonus")) and isinstance(value, int):
        return money(loc, value)
    return str(value)


def setting_line(loc: str, key: str, value: object) -> str:
    setting = server_settings.ALL[key]
    rule = t(loc, "settings.rule", rule=setting.rule) if setting.rule else ""
    return t(
        loc,
        "settings.line",
        name=name(loc, key),
        code=key,
        value=shown(loc, setting, value),
        default=shown(loc, setting, setting.default),
        allowed=setting.allowed(),
        rule=rule,
    )


def settings_embed(loc: str, stored: JsonObject, only: str | None = None) -> discord.Embed:
    values = server_settings.effective(stored)
    keys = [only] if only else list(server_settings.ALL)
    lines = [setting_line(loc, k, values[k]) for k in keys]
    embed = discord.Embed(title=t(loc, "settings.title"), description="\n".join(lines)[:4000])
    embed.set_footer(text=t(loc, "settings.help")[:2048])
    return embed


def _word(setting: Setting, value: object) -> str | None:
    """The word an on/off or choice value goes by in the catalogs ("on", "when_claimable");
    None for a number."""
    if setting.kind == "choice":
        return str(value)
    if setting.kind == "bool":
        return "on" if value else "off"
    return None


def house_rule(loc: str, key: str, setting: Setting, value: object) -> str:
    """One house rule as the table reads it ("GO pays $400", "only the largest hit counts"): no
    "Mega:" before it in a Mega lobby, no option id ("when_claimable") as its value."""
    word = _word(setting, value)
    return t(loc, f"house.{key}", value=shown(loc, setting, value) if word is None else word)


def options_line(record: GameRecord) -> str:
    """The house rules of a game that differ from the standard ones, in words."""
    loc = record.locale
    parts = []
    for option, value in sorted(record.lobby.options.items()):
        key = f"{record.kind}.{option}"
        setting = server_settings.ALL.get(key)
        if setting is not None and value != setting.default:
            parts.append(house_rule(loc, key, setting, value))
    return t(loc, "lobby.options", options=listed(loc, parts)) if parts else t(loc, "lobby.options_default")


def _keys_for(record: GameRecord) -> list[str]:
    return [*HOST_SHARED, *(k for k, s in server_settings.ALL.items() if s.game == record.kind)]


async def open_options(click: Click) -> None:
    """The host's panel: which option to change."""
    if click.record.status != "lobby" or click.record.host_id != click.interaction.user.id:
        await click.refuse(click.text("error.not_host"))
        return
    loc = click.locale
    options = [
        discord.SelectOption(label=name(loc, k)[:100], value=k, description=_now(click.record, k)[:100])
        for k in _keys_for(click.record)
    ][:MAX_OPTIONS]
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameSelect(
            click.record.id,
            click.record.version,
            "option_pick",
            options=options,
            placeholder=t(loc, "lobby.options_pick"),
        )
    )
    await click.private(t(loc, "lobby.options_help"), view=view)


def value_words(loc: str, key: str, setting: Setting, raw: str) -> str:
    """A value of an on/off or choice option in words, for the host's picker: the house rule's
    phrase, else the words the slash commands use for it, else the value itself."""
    for words_key, params in (
        (f"house.{key}", {"value": raw}),
        (f"cmd.choice.{raw}", {}),
        (f"cpu.level.{raw}", {}),
        (f"value.{raw}", {}),
    ):
        if CATALOG.has(loc, words_key) or CATALOG.has("en", words_key):
            return t(loc, words_key, **params)
    return raw


LOBBY_FIELDS = {"turn_timeout": "turn_timeout_s", "missed_turns": "missed_turn_limit"}  # the rest keep their names


def _now(record: GameRecord, key: str) -> str:
    """An option's value in this lobby, in words ("now: GO pays $200"; a number with its range)."""
    loc, setting = record.locale, server_settings.ALL[key]
    if setting.game is not None:
        value = record.lobby.options.get(key.split(".", 1)[1], setting.default)
    else:
        value = getattr(record.lobby, LOBBY_FIELDS.get(key, key))
    word = _word(setting, value)
    if word is not None:
        return t(loc, "lobby.option_now", value=value_words(loc, key, setting, word))
    return t(loc, "lobby.option_now", value=f"{shown(loc, setting, value)} ({setting.allowed()})")


def _choices(setting: Setting) -> tuple[str, ...]:
    return ("on", "off") if setting.kind == "bool" else setting.choices


async def pick_option(click: Click) -> None:
    """An option picked: on/off and choices are chosen from a second select in the same panel
    (in words, one tap on a phone); numbers are typed in a box that says what is allowed."""
    key = click.values[0]
    setting = server_settings.ALL.get(key)
    if setting is None or key not in _keys_for(click.record):
        await click.refuse(click.text("error.bad_action"))
        return
    if setting.kind in ("bool", "choice"):
        loc = click.locale
        options = [
            discord.SelectOption(label=value_words(loc, key, setting, raw)[:100], value=raw)
            for raw in _choices(setting)
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(
            GameSelect(
                click.record.id,
                click.record.version,
                "option_value",
                key.replace(".", "-"),
                options=options,
                placeholder=name(loc, key)[:150],
            )
        )
        await click.edit(content=t(loc, "lobby.option_choose", option=name(loc, key)), view=view)
        return
    modal = AmountModal(
        name(click.locale, key),
        f"mm:{click.record.id}:{click.record.version}:option_set:{key.replace('.', '-')}",
        [("value", t(click.locale, "lobby.option_value", allowed=setting.allowed()), "")],
    )
    for item in modal.children:
        if isinstance(item, discord.ui.TextInput):
            item.max_length = 40
    await click.interaction.response.send_modal(modal)


async def set_option(click: Click) -> None:
    """A value typed in the option's box, or chosen in its select."""
    key = (click.arg or "").replace("-", ".")
    raw = click.values[0] if click.values else click.fields.get("value", "")
    outcome = await click.lobbies.set_lobby_option(click.record.id, click.interaction.user.id, key, raw)
    said = click.text("lobby.option_set", option=name(click.locale, key))
    if click.values:  # the panel's select: the panel says it
        await click.edit(content=said, view=None)
    else:
        await click.private(said)
    await click.desk.messages.edit_game_message(outcome)


async def answer_settings(store: GameStore, interaction: Interaction, setting: str | None, value: str | None) -> None:
    """`/monopoly settings` (Manage Server): list this server's settings, show one, or change it
    (`default` resets it)."""
    loc = locale_of(interaction)
    if interaction.guild_id is None:
        await refuse(interaction, t(loc, "error.guild_only"))
        return
    if not interaction.permissions.manage_guild:
        await refuse(interaction, t(loc, "error.not_manager"))
        return
    stored = await store.servers.guild_settings(interaction.guild_id)
    if setting is not None and setting not in server_settings.ALL:
        await refuse(interaction, t(loc, "error.unknown_setting", code=setting[:40]))
        return
    if setting is None or value is None:
        await interaction.response.send_message(embed=settings_embed(loc, stored, setting), ephemeral=True)
        return
    entry = server_settings.ALL[setting]
    if value.strip().lower() in ("default", "既定"):
        await store.servers.set_guild_setting(interaction.guild_id, setting, None)
        text = t(loc, "settings.reset", name=name(loc, setting), value=shown(loc, entry, entry.default))
    else:
        try:
            parsed = server_settings.parse(setting, value)
        except server_settings.BadValue:
            await refuse(interaction, t(loc, "error.bad_setting", range=entry.allowed()))
            return
        await store.servers.set_guild_setting(interaction.guild_id, setting, parsed)
        text = t(loc, "settings.saved", name=name(loc, setting), value=shown(loc, entry, parsed))
    await interaction.response.send_message(text, ephemeral=True)
