"""MonopolizeBingo's Discord side: one `Presenter` (see `cogs.context`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import discord

from bot.pictures import Picture
from bot.store import GameRecord
from cogs.bingo import alt_text, message, my_card, panels, story, svg, trade, words
from cogs.bingo.picture import render_table
from cogs.common import plain_names, raw_names, simple_action
from cogs.context import Handler, WatchBoard
from engine import bingo
from engine.bingo.state import BingoState


class BingoPresenter:
    kind = "bingo"
    display_name = "MonopolizeBingo"  # English; the catalog has cmd.choice.<kind>
    picture_file = "cards.png"
    catalogs: ClassVar[Path | None] = None  # bot/i18n/locales/<locale>/bingo.ftl
    colour = discord.Colour.from_rgb(40, 110, 200)

    def __init__(self) -> None:
        # Claim and Pass name the window's number: valid while that window is open, whatever the version.
        self.actions: dict[str, Any] = {
            "draw": simple_action("draw"),
            "claim": lambda arg: {"do": "claim", "number": int(arg or "")},
            "pass_claim": lambda arg: {"do": "pass_claim", "number": int(arg or "")},
        }
        self.loose = frozenset({"claim", "pass_claim"})
        self.buttons: dict[str, Handler] = {
            **dict.fromkeys(panels.PANELS, panels.open_panel),
            "my_card": my_card.show_own_card,
        }
        self.selects: dict[str, Handler] = {
            **dict.fromkeys(("declare", "discard", "leave"), panels.choose),
            **dict.fromkeys(("trade_give", "trade_get", "trade_give_any", "trade_get_any"), trade.choose_cells),
            "accept_picks": trade.accept_with_picks,
            "declare_col": panels.declare_column,
        }
        self.modals: dict[str, Handler] = {}
        # The trade builder's verbs as they were spelt before (stored buttons still carry them).
        self.aliases = {
            "bgive": "trade_give",
            "bget": "trade_get",
            "bgiveany": "trade_give_any",
            "bgetany": "trade_get_any",
            "picks": "accept_picks",
        }
        self.trade = trade.TRADE

    status_lines = staticmethod(message.status_lines)
    player_fields = staticmethod(message.player_fields)
    items = staticmethod(message.items)
    describe = staticmethod(words.describe)
    moment_text = staticmethod(story.moment_text)
    stats_lines = staticmethod(story.stats_lines)
    history_lines = staticmethod(message.history_lines)

    final_fields = staticmethod(message.final_fields)

    def picture(self, record: GameRecord, state: BingoState) -> Picture:
        function, args = self.picture_job(record, state)
        return Picture("cards.png", function(*args))

    def picture_job(self, record: GameRecord, state: BingoState) -> tuple[Callable[..., bytes], tuple[object, ...]]:
        # B-3: the public picture is drawn from the public view only.
        cards = bingo.view_for(state, None).players
        names = raw_names(record)
        return render_table, (cards, [names.get(c.name) for c in cards], record.locale)

    def picture_description(self, record: GameRecord, state: BingoState) -> str:
        return alt_text.describe_table(record, state, raw_names(record))

    def watch_board(self, record: GameRecord, state: BingoState) -> WatchBoard:
        # B-3: the watch page, like the public picture, is drawn from the public view only.
        cards = bingo.view_for(state, None).players
        names = plain_names(record)
        view_box, dynamic = svg.table_layers(cards, [names.get(c.name, "?") for c in cards], record.locale)
        return WatchBoard(view_box, "", dynamic, self.picture_description(record, state))

    def picture_key(self, record: GameRecord, state: BingoState) -> str:
        cards = bingo.view_for(state, None).players
        shown = ([c.model_dump() for c in cards], sorted(raw_names(record).items()))
        return hashlib.sha256(repr(shown).encode()).hexdigest()


PRESENTER = BingoPresenter()
