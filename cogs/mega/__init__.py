"""Mega Monopoly's Discord side: one `Presenter` (see `cogs.context`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import discord

from bot.pictures import Picture
from bot.store import GameRecord, LogEntry
from cogs.common import plain_names, raw_names, simple_action
from cogs.context import Handler, WatchBoard
from cogs.mega import alt_text, manage, message, panels, story, svg, trade
from cogs.mega.picture import render_board_json
from engine.mega.state import MegaState


class MegaPresenter:
    kind = "mega"
    display_name = "Mega Monopoly"  # English; the catalog has cmd.choice.<kind>
    picture_file = "board.png"
    catalogs: ClassVar[Path | None] = None  # bot/i18n/locales/<locale>/mega.ftl
    colour = discord.Colour.from_rgb(200, 30, 45)

    def __init__(self) -> None:
        self.actions: dict[str, Any] = {verb: simple_action(verb) for verb in message.VERBS}
        self.actions["choose_gift"] = lambda arg: {"do": "choose_gift", "take": arg}
        self.loose: frozenset[str] = frozenset()
        self.buttons: dict[str, Handler] = {
            "manage": manage.open_manage,
            "manage_yes": manage.confirm_manage,
            "manage_ask": manage.ask_suggested,
            "bid_custom": panels.open_bid_modal,
            "bankrupt": panels.open_bankruptcy,
            "bankrupt_yes": panels.confirm_bankruptcy,
            "bid": panels.bid_button,
            "trade_cash": trade.open_cash,
        }
        self.selects: dict[str, Handler] = {
            **dict.fromkeys(("build", "sell", "mortgage", "unmortgage"), manage.manage_choice),
            "pick": panels.pick_auction,
            "pick_group": panels.pick_group,
            "layout": panels.settle_layout,
            "trade_give": trade.choose_deeds,
            "trade_get": trade.choose_deeds,
        }
        self.modals: dict[str, Handler] = {"bid_modal": panels.bid_modal, "trade_cash_modal": trade.cash_modal}
        # The trade builder's verbs as they were spelt before (stored buttons still carry them).
        self.aliases = {
            "tcash": "trade_cash",
            "tcash_modal": "trade_cash_modal",
            "tgive": "trade_give",
            "tget": "trade_get",
        }
        self.trade = trade.TRADE

    status_lines = staticmethod(message.status_lines)
    player_fields = staticmethod(message.player_fields)
    items = staticmethod(message.items)
    meaning = staticmethod(message.meaning)  # cogs.context.Meaningful: a press one version behind
    describe = staticmethod(message.describe)
    moment_text = staticmethod(story.moment_text)
    stats_lines = staticmethod(story.stats_lines)
    final_fields = staticmethod(message.final_fields)

    def history_lines(self, record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
        return None

    def picture(self, record: GameRecord, state: MegaState) -> Picture:
        function, args = self.picture_job(record, state)
        return Picture("board.png", function(*args))

    def picture_job(self, record: GameRecord, state: MegaState) -> tuple[Callable[..., bytes], tuple[object, ...]]:
        """What to run (in a worker process) to draw the board: a module function and its inputs."""
        names = raw_names(record)
        # The state goes as JSON: dumping it here and reading it there costs less than pickling it.
        return render_board_json, (state.model_dump_json(), [names.get(p.name) for p in state.players], record.locale)

    def picture_description(self, record: GameRecord, state: MegaState) -> str:
        return alt_text.describe_board(record, state, raw_names(record))

    def watch_board(self, record: GameRecord, state: MegaState) -> WatchBoard:
        names = plain_names(record)
        static, dynamic = svg.board_layers(state, [names.get(p.name, "?") for p in state.players], record.locale)
        return WatchBoard(svg.VIEW_BOX, static, dynamic, self.picture_description(record, state))

    def picture_key(self, record: GameRecord, state: MegaState) -> str:
        """A digest of everything the board shows: the same key, the same picture (no drawing)."""
        seats = [(p.position, p.cash, p.tickets, p.in_jail, p.bankrupt) for p in state.players]
        shown = (
            sorted(state.owner.items()),
            sorted(state.mortgaged),
            sorted(state.buildings.items()),
            seats,
            state.last_roll.model_dump() if state.last_roll else None,
            state.landed,
            (state.bank.houses, state.bank.hotels, state.bank.tickets),
            sorted(raw_names(record).items()),
            record.locale,
        )
        return hashlib.sha256(repr(shown).encode()).hexdigest()


PRESENTER = MegaPresenter()
