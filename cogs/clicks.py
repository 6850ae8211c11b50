"""Every click on a game: buttons, selects and modal submissions. The verb in the custom_id is
looked up in a table (the shared verbs here, then the game's presenter); the handler gets a
`Click`; refusals from the service or the rules become private answers and change nothing."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot import metrics
from bot.i18n import error_text, t
from bot.service import Outcome, ServiceError
from bot.store import DatabaseDown, GameRecord, LobbyPlayer
from cogs import render, settings_ui, verbs
from cogs.buttons import CUSTOM_ID, SELECT_ID
from cogs.common import locale_of, names_of, refuse
from cogs.context import Click, Handler, Meaningful, Presenter, Renamed
from cogs.discord_types import Interaction
from cogs.game_message import GameMessage
from cogs.notices import CLICK
from cogs.registry import presenter
from cogs.suggest import play_suggestion
from cogs.trading import TradeFlow
from engine.core.errors import IllegalAction, NotYourTurn

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)


async def add_computer_of_level(click: Click) -> None:
    """The lobby's level select: the host seats a computer of the chosen level."""
    await click.show(await click.lobbies.add_computer(click.record.id, click.interaction.user.id, click.values[0]))


SHARED_SELECTS: dict[str, Handler] = {
    "option_pick": settings_ui.pick_option,
    "option_value": settings_ui.set_option,
    "add_cpu": add_computer_of_level,
}
SHARED_MODALS: dict[str, Handler] = {"option_set": settings_ui.set_option}


def named_now(game: Presenter[Any, Any], verb: str) -> str:
    """A verb as it is named now: a control stored in Discord before a rename carries the old one."""
    verb = verbs.current(verb)
    return game.aliases.get(verb, verb) if isinstance(game, Renamed) else verb


def player_of(interaction: Interaction) -> LobbyPlayer:
    user = interaction.user
    return LobbyPlayer(id=user.id, name=getattr(user, "display_name", None) or user.name)


class ClickRouter(commands.Cog):
    """Every click on a game reaches its handler here (`cogs.buttons.ROUTERS`). It is the `ClickDesk`
    the handlers see: the replies, the game messages and the trade flow it is handed."""

    def __init__(self, bot: MonopolyBot, messages: GameMessage, trades: TradeFlow) -> None:
        self.bot = bot
        self.store = bot.service.store
        self.messages = messages
        self.trades = trades

    # --- routing ----------------------------------------------------------------------------------

    def shared_buttons(self) -> Mapping[str, Handler]:
        return {
            "join": self._lobby,
            "leave": self._lobby,
            "add_cpu": self._lobby,
            "cancel": self._lobby,
            "start": self._lobby,
            "trade_send": self.trades.send_offer,
            "trade_accept": self.trades.answer_offer,
            "trade_decline": self.trades.answer_offer,
            "trade_counter": self.trades.answer_offer,
            "options": settings_ui.open_options,
            "suggest": play_suggestion,
        }

    async def _lobby(self, click: Click) -> None:
        lobbies, game_id, user_id = click.lobbies, click.record.id, click.interaction.user.id
        if click.verb == "join":
            outcome = await lobbies.join(game_id, player_of(click.interaction))
        elif click.verb == "leave":
            outcome = await lobbies.leave(game_id, user_id)
        elif click.verb == "add_cpu":
            outcome = await lobbies.add_computer(game_id, user_id)
        elif click.verb == "cancel":
            outcome = await lobbies.cancel(game_id, user_id)
        else:
            outcome = await click.service.start(game_id, user_id)
        await click.show(outcome)

    async def _play(self, click: Click) -> None:
        """A button that is one engine action, drawn for one version of the state: an old one is
        refused as out of date, unless its action names what it acts on (the engine checks that)."""
        game = presenter(click.record.kind)
        action = game.actions[click.verb](click.arg)
        expected = None if click.verb in game.loose else click.version
        try:
            await click.show(await click.act(action, expected, _still(game, click)))
        except NotYourTurn as exc:
            if click.version is None or click.version == click.record.version:
                raise
            # A button of an older message whose moment has passed (a claim window that closed):
            # say so, and what the table waits for now, rather than the rule it no longer meets.
            raise ServiceError("stale") from exc

    async def _run(self, click: Click, handler: Handler | None) -> None:
        """Every click is answered: a refusal in words, or (for a bug) a plain apology. While it is
        handled it is the players' work that background updates wait for (`bot.foreground`)."""
        started, refusal = time.perf_counter(), None
        CLICK.set(click.interaction)  # a turn notice this click leads to goes as its follow-up
        with self.bot.foreground.serving():
            try:
                if handler is None:
                    raise ServiceError("stale")
                await handler(click)
            except DatabaseDown:
                refusal = "db_down"
                await self._say(click, t(click.locale, "error.db_down"))
                self.messages.repair_later(click.record.id)
            except ServiceError as exc:
                refusal = exc.key
                await self._say(click, await self._refusal(click, exc))
                if exc.key == "not_saved":
                    self.messages.repair_later(click.record.id)
                if exc.key == "stale":
                    await self._repair_if_current(click)
            except IllegalAction as exc:
                refusal = exc.code
                await self._say(click, error_text(click.locale, exc, names_of(click.record)))
            except (ValueError, KeyError, IndexError):
                refusal = "bad_action"
                await self._say(click, t(click.locale, "error.bad_action"))
            except discord.HTTPException:
                # Discord refused an answer (e.g. the interaction expired): the move may be saved, so
                # the game message is brought up to date through REST.
                refusal = "answer_failed"
                log.warning("answering a click in game %s failed", click.record.id, exc_info=True)
                await self._repair(click.record.id)
            except Exception:
                refusal = "internal"
                log.exception("a click in game %s failed", click.record.id)
                await self._say(click, t(click.locale, "error.internal"))
                await self._repair(click.record.id)
            finally:
                metrics.answered(click.record.kind, started, refusal)

    async def _refusal(self, click: Click, exc: ServiceError) -> str:
        """A refusal in words; an out-of-date press also says what the table waits for now."""
        if exc.key != "stale":
            return t(click.locale, f"error.{exc.key}", **exc.params)
        record = await self.store.games.get(click.record.id)
        state = self.bot.service.state_of(record) if record is not None and record.status == "active" else None
        now = render.headline(record, state, names_of(record)) if record is not None and state is not None else []
        if not now:
            return t(click.locale, "error.stale")
        return t(click.locale, "error.stale_now", now=now[0])

    async def _say(self, click: Click, text: str) -> None:
        try:
            await refuse(click.interaction, text)
        except discord.HTTPException:
            log.info("could not answer a click in game %s", click.record.id)

    async def _repair(self, game_id: int) -> None:
        record = await self.store.games.get(game_id)
        if record is not None:
            await self.messages.edit_game_message(Outcome(record, self.bot.service.state_of(record)))

    async def _repair_if_current(self, click: Click) -> None:
        """A press refused as out of date on the game's own current message means that message
        shows an old version (an answer that was lost, an update still queued): draw it again —
        queued with the updates, so a button pressed again and again draws it once, and the
        channel's few message requests are not spent on copies of one drawing."""
        message = click.interaction.message
        record = await self.store.games.get(click.record.id)
        if message is None or record is None or message.id != record.message_id:
            return
        if self.messages.shown_version(record) != record.version:
            self.messages.redraw_soon(record.id)

    async def _record(self, interaction: Interaction, game_id: int) -> GameRecord | None:
        """The game a click names, if it is a game of the channel the click came from."""
        locale = locale_of(interaction)
        try:
            record = await self.store.games.get(game_id) if game_id < 2**63 else None
        except DatabaseDown:
            metrics.refused_before_game("db_down")
            await refuse(interaction, t(locale, "error.db_down"))
            self.messages.repair_later(game_id)
            return None
        except Exception:  # every click is answered, even when reading its game fails unexpectedly
            log.exception("reading game %s for a click failed", game_id)
            metrics.refused_before_game("internal")
            await refuse(interaction, t(locale, "error.internal"))
            return None
        if record is None:
            metrics.refused_before_game("no_game")
            await refuse(interaction, t(locale, "error.no_game"))
            return None
        if interaction.channel_id != record.channel_id or interaction.guild_id != record.guild_id:
            metrics.refused_before_game("wrong_channel")
            await refuse(interaction, t(record.locale, "error.wrong_channel"))
            return None
        return record

    async def on_button(self, interaction: Interaction, game_id: int, version: int, verb: str, arg: str | None) -> None:
        record = await self._record(interaction, game_id)
        if record is None:
            return
        game = presenter(record.kind)
        verb = named_now(game, verb)
        handler = self.shared_buttons().get(verb) or game.buttons.get(verb)
        if handler is None and verb in game.actions:
            handler = self._play
        await self._run(Click(self, interaction, record, verb, arg, version), handler)

    async def on_select(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        record = await self._record(interaction, game_id)
        if record is None:
            return
        if not values or any(not v for v in values):
            await refuse(interaction, t(record.locale, "error.bad_action"))
            return
        click = Click(self, interaction, record, named_now(presenter(record.kind), verb), arg, version, values=values)
        handler = SHARED_SELECTS.get(click.verb) or presenter(record.kind).selects.get(click.verb)
        await self._run(click, handler)

    async def on_modal(
        self,
        interaction: Interaction,
        game_id: int,
        verb: str,
        fields: dict[str, str],
        arg: str | None = None,
    ) -> None:
        record = await self._record(interaction, game_id)
        if record is None:
            return
        click = Click(self, interaction, record, named_now(presenter(record.kind), verb), arg, fields=fields)
        handler = SHARED_MODALS.get(click.verb) or presenter(record.kind).modals.get(click.verb)
        if handler is None:
            await refuse(interaction, t(record.locale, "trade.no_draft"))
            return
        await self._run(click, handler)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """A click on one of our buttons that is no longer on the message (an old render on the
        player's screen). discord.py's DynamicItem dispatch drops those silently, which Discord
        shows as "interaction failed"; answer them here instead (they are out of date)."""
        data = cast(dict[str, Any], dict(interaction.data or {}))
        custom_id = str(data.get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            match = CUSTOM_ID.fullmatch(custom_id)
            if match is not None:
                fields = _modal_fields(data.get("components", []))
                await self.on_modal(interaction, int(match["game"]), match["verb"], fields, match["arg"])
            return
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        if custom_id in _custom_ids(interaction.message.components):
            return
        match = CUSTOM_ID.fullmatch(custom_id)
        if match is not None:
            await self.on_button(interaction, int(match["game"]), int(match["version"]), match["verb"], match["arg"])
            return
        match = SELECT_ID.fullmatch(custom_id)
        if match is not None:
            values = [str(v) for v in data.get("values", [])]
            await self.on_select(
                interaction, int(match["game"]), int(match["version"]), match["verb"], match["arg"], values
            )


def _still(game: Any, click: Click) -> Callable[[Any], bool] | None:
    """For a button drawn for an older version: whether its move means now what it meant then
    (its token, `cogs.context.Meaningful`), checked by the service on the current state."""
    if not click.arg or not isinstance(game, Meaningful):
        return None
    record, verb, token = click.record, click.verb, click.arg
    return lambda state: state is not None and game.meaning(record, state, verb) == token


def _modal_fields(components: list[Any]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for component in components:
        if isinstance(component, dict):
            if "custom_id" in component and "value" in component:
                fields[str(component["custom_id"])] = str(component["value"])
            for key in ("components", "component"):
                inner = component.get(key)
                if inner:
                    fields.update(_modal_fields(inner if isinstance(inner, list) else [inner]))
    return fields


def _custom_ids(components: list[Any]) -> set[str]:
    found: set[str] = set()
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        found |= _custom_ids(list(getattr(component, "children", []) or []))
    return found
