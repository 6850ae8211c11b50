"""What a game's Discord package gets to work with: one `Click` per interaction, and the
`Presenter` protocol each game implements. The shared cog builds the click, looks the verb up
in the game's tables and turns refusals into private answers; the handlers stay short."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import discord

from bot.i18n import sentences, t
from bot.pictures import Picture
from bot.service import Outcome
from bot.store import GameRecord, LogEntry
from cogs.common import refuse
from cogs.discord_types import Interaction, Item
from engine.core.game import State
from engine.core.jsondata import JsonObject
from engine.core.story import Moment

if TYPE_CHECKING:
    from bot.app import MonopolyBot
    from bot.lobby import Lobbies
    from bot.service import GameService


DONE_LINES = 4  # the lines of a move a private panel repeats once it is done


class GameMessages(Protocol):
    """The game message, as a click's handler redraws it (`cogs.game_message`)."""

    async def answer_with_game(self, interaction: Interaction, outcome: Outcome) -> None: ...

    async def edit_game_message(self, outcome: Outcome, *, background: bool = False) -> bool: ...

    def told(self, outcome: Outcome) -> list[str]:
        """The move's public lines in words."""
        ...


class TradeDrafts(Protocol):
    """Trade offers being built and answered, as a game's trade builder uses them (`cogs.trading`)."""

    async def load_draft(self, record: GameRecord, me: str) -> Any | None:
        """The trade offer `me` is building in this game (kept across restarts), or None."""
        ...

    async def keep_draft(self, record: GameRecord, me: str, draft: Any) -> None: ...

    async def refuse_closed_offer(self, click: Click, offer_id: int) -> None:
        """Say precisely why an offer can no longer be answered (and close its message)."""
        ...


class ClickDesk(Protocol):
    """What a click's handler may ask of the bot (the click router holds them): the bot, the game
    message and the trade drafts. Not a "table" of players: the word is kept for those."""

    @property
    def bot(self) -> MonopolyBot: ...

    @property
    def messages(self) -> GameMessages: ...

    @property
    def trades(self) -> TradeDrafts: ...


@dataclass
class Click:
    """One button press, select choice or modal submission on a game."""

    desk: ClickDesk
    interaction: Interaction
    record: GameRecord
    verb: str
    arg: str | None = None
    version: int | None = None
    values: list[str] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def me(self) -> str:
        return str(self.interaction.user.id)

    @property
    def locale(self) -> str:
        return self.record.locale

    @property
    def service(self) -> GameService:
        return self.desk.bot.service

    @property
    def lobbies(self) -> Lobbies:
        return self.desk.bot.tables.lobbies

    @property
    def state(self) -> Any:
        return self.service.state_of(self.record)

    @property
    def seated(self) -> bool:
        return self.record.lobby.seat(self.interaction.user.id) is not None

    def text(self, key: str, **params: object) -> str:
        return t(self.locale, key, **params)

    async def act(
        self, action: JsonObject, expected: int | None = None, still: Callable[[Any], bool] | None = None
    ) -> Outcome:
        return await self.service.act(self.record.id, self.me, action, expected, read=self.record, still=still)

    async def refuse(self, text: str) -> None:
        await refuse(self.interaction, text)

    async def private(self, content: str | None = None, **kwargs: Any) -> None:
        await self.interaction.response.send_message(content, ephemeral=True, **kwargs)

    async def edit(self, **kwargs: Any) -> None:
        """Edit the message the click came from (a private panel, usually)."""
        await self.interaction.response.edit_message(**kwargs)

    def done_text(self, outcome: Outcome) -> str:
        """What a move made from a private panel did, in the game message's words ("Done: Ann
        declared 7."; a bare "Done." left the player to find their move in the game message)."""
        said = sentences(self.locale, self.desk.messages.told(outcome)[:DONE_LINES])
        return (self.text("done_with", what=said) if said else self.text("done"))[:2000]

    async def done(self, outcome: Outcome) -> None:
        """A private panel did its job: say so there, and refresh the game message."""
        await self.interaction.response.edit_message(content=self.done_text(outcome), view=None)
        await self.desk.messages.edit_game_message(outcome)

    async def show(self, outcome: Outcome) -> None:
        """Answer a click on the game message with the game message itself; a move made from a
        private message (a card, a panel) says it is done there and redraws the game message."""
        message = self.interaction.message
        if message is not None and message.flags.ephemeral:
            await self.done(outcome)
            return
        await self.desk.messages.answer_with_game(self.interaction, outcome)


Handler = Callable[[Click], Awaitable[None]]


class TradeKit(Protocol):
    """A game's side of trading by mention: drafts, the private builder, the public offer text."""

    draft_model: type[Any]  # a pydantic model with `to`, `answers` and `action()`

    def new_draft(self, to: str, offer: Any | None) -> Any:
        """A fresh draft (the reverse of `offer` for a counter-offer)."""
        ...

    def builder(
        self, record: GameRecord, state: State, me: str, draft: Any
    ) -> tuple[discord.Embed, discord.ui.View]: ...

    def offer_text(self, locale: str, proposer: str, give: Any, get: Any) -> str:
        """What changes hands (the offer's sides as plain data, the proposer by name), for the
        public offer message: it still reads right once closed, when nobody is "they" any more."""
        ...

    def accept_panel(self, record: GameRecord, state: State, offer: Any, me: str) -> tuple[str, discord.ui.View] | None:
        """A private step before accepting (e.g. choosing cells), or None to accept at once."""
        ...


S_contra = TypeVar("S_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)


class Presenter(Protocol[S_contra, E_contra]):
    """One game's Discord side: the message, its buttons, panels, handlers and words. What only some
    games have (trades, a picture, a story) are the small protocols below, found with isinstance."""

    @property
    def kind(self) -> str: ...

    @property
    def display_name(self) -> str:
        """In English; the catalog has cmd.choice.<kind>."""
        ...

    @property
    def colour(self) -> discord.Colour: ...

    @property
    def catalogs(self) -> Path | None:
        """A folder of the game's own Fluent files (`<locale>/<name>.ftl`), for a game whose texts
        are not in bot.i18n's folders; None when they are."""
        ...

    @property
    def actions(self) -> Mapping[str, Callable[[str | None], dict[str, Any]]]:
        """Buttons that carry an engine action drawn for one version of the state: verb → action."""
        ...

    @property
    def loose(self) -> frozenset[str]:
        """Of those, the ones whose action names what it acts on (valid after the state moved on)."""
        ...

    @property
    def buttons(self) -> Mapping[str, Handler]: ...

    @property
    def selects(self) -> Mapping[str, Handler]: ...

    @property
    def modals(self) -> Mapping[str, Handler]: ...

    def status_lines(self, record: GameRecord, state: S_contra, names: dict[str, str]) -> list[str]: ...

    def player_fields(self, record: GameRecord, state: S_contra, names: dict[str, str]) -> list[tuple[str, str]]: ...

    def items(self, record: GameRecord, state: S_contra) -> list[Item]:
        """Every button and select of the game message, from the legal actions."""
        ...

    def describe(self, record: GameRecord, event: E_contra, names: dict[str, str]) -> str | None:
        """A public event (one of the game's typed events) in words, or None (not shown, or secret)."""
        ...

    def history_lines(self, record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
        """The words for one logged move where they differ from its events (None: the events)."""
        ...

    def final_fields(
        self, record: GameRecord, state: S_contra, log: list[LogEntry], names: dict[str, str]
    ) -> list[tuple[str, str]]: ...


@runtime_checkable
class Renamed(Protocol):
    """A game whose verbs were renamed: buttons stored in Discord before the rename carry the old
    ones, read as the new (old verb → new verb)."""

    @property
    def aliases(self) -> Mapping[str, str]: ...


@runtime_checkable
class Trading(Protocol):
    """A game whose players trade by mention (`/monopoly trade`)."""

    @property
    def trade(self) -> TradeKit: ...


@runtime_checkable
class Storyteller(Protocol):
    """A game whose finished games are told (`engine.core.game.Storied`) and counted in statistics."""

    def moment_text(self, loc: str, moment: Moment, names: dict[str, str]) -> str:
        """A turning point of the game's story in words."""
        ...

    def stats_lines(self, loc: str, counts: dict[str, int], by_item: Mapping[str, Mapping[str, int]]) -> list[str]:
        """A player's summed records of this game (statistics), in words."""
        ...


@runtime_checkable
class Pictured(Protocol):
    """A game with a public picture on its message (drawn in a worker process)."""

    @property
    def picture_file(self) -> str: ...

    def picture(self, record: GameRecord, state: State) -> Picture:
        """The public picture, drawn here and now."""
        ...

    def picture_job(self, record: GameRecord, state: State) -> tuple[Callable[..., bytes], tuple[object, ...]]:
        """The public picture as a module-level function and its (picklable) inputs, for a worker."""
        ...

    def picture_key(self, record: GameRecord, state: State) -> str:
        """A digest of what the public picture shows: an unchanged key needs no new picture."""
        ...

    def picture_description(self, record: GameRecord, state: State) -> str:
        """What the public picture shows, in words (Discord's alt text, at most 1,024 characters);
        public information only."""
        ...


@dataclass(frozen=True)
class WatchBoard:
    """A game's board for the watch page, as SVG: the part that never changes (sent once) and the
    part a state draws on top, in a `view_box`; `description` says what it shows, in words."""

    view_box: str
    static: str
    dynamic: str
    description: str


@runtime_checkable
class Watchable(Protocol):
    """A game whose table can be watched in the browser (public information only)."""

    def watch_board(self, record: GameRecord, state: State) -> WatchBoard: ...


@runtime_checkable
class Meaningful(Protocol):
    """A game whose buttons carry what they mean now (a token in their custom_id): a press from
    a message drawn one version or more ago is carried out when the token still matches the
    current state (the engine still checks the move), instead of being refused as out of date."""

    def meaning(self, record: GameRecord, state: State, verb: str) -> str | None:
        """A short token ([A-Za-z0-9_.+-], at most 40) of what `verb` does in `state`, or None."""
        ...


def trade_kit(game: Presenter[Any, Any]) -> TradeKit | None:
    return game.trade if isinstance(game, Trading) else None
