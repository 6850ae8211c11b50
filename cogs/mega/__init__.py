"""Mega Monopoly's Discord side: one `Presenter` (see `cogs.context`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.pictures import Picture
from bot.store import GameRecord, LogEntry
from cogs.common import raw_names
from cogs.context import Handler
from cogs.mega import message, panels, trade
from cogs.mega.picture import render_board


def _simple(verb: str) -> Any:
    return lambda arg: {"do": verb}


class MegaPresenter:
    kind = "mega"
    display_name = "Mega Monopoly"  # English; the catalog has cmd.choice.<kind>
    colour = discord.Colour.from_rgb(200, 30, 45)

    def __init__(self) -> None:
        self.actions: dict[str, Any] = {verb: _simple(verb) for verb in message.VERBS}
        self.actions["choose_gift"] = lambda arg: {"do": "choose_gift", "take": arg}
        self.loose: frozenset[str] = frozenset()
        self.buttons: dict[str, Handler] = {
            "manage": panels.open_manage,
            "bid_custom": panels.open_bid_modal,
            "bankrupt": panels.open_bankruptcy,
            "bankrupt_yes": panels.confirm_bankruptcy,
            "bid": panels.bid_button,
            "tcash": trade.open_cash,
        }
        self.selects: dict[str, Handler] = {
            **dict.fromkeys(("build", "sell", "mortgage", "unmortgage"), panels.manage_choice),
            "pick": panels.pick_auction,
            "layout": panels.settle_layout,
            "tgive": trade.choose_deeds,
            "tget": trade.choose_deeds,
        }
        self.modals: dict[str, Handler] = {"bid_modal": panels.bid_modal, "tcash_modal": trade.cash_modal}
        self.trade = trade.TRADE

    status_lines = staticmethod(message.status_lines)
    player_fields = staticmethod(message.player_fields)
    items = staticmethod(message.items)
    describe = staticmethod(message.describe)
    final_fields = staticmethod(message.final_fields)

    def history_lines(self, record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
        return None

    def picture(self, record: GameRecord, state: Any) -> Picture:
        names = raw_names(record)
        seats = [names.get(p.name) for p in state.players]
        return Picture("board.png", render_board(state, seats, record.locale))


PRESENTER = MegaPresenter()
