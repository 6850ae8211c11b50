"""Bingo trades by position (B-22 … B-25): the cell draft, its private builder, the public offer
text and the receiver's pick of cells for "any of a column" entries."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from pydantic import BaseModel, Field

from bot.i18n import listed, t
from bot.store import GameRecord
from cogs.bingo.panels import cell_label
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_OPTIONS, headed, names_of
from cogs.context import Click
from engine import bingo
from engine.bingo.cards import COLUMNS, FREE
from engine.bingo.state import BingoState
from engine.bingo.view import CardView


class CellDraft(BaseModel):
    to: str
    answers: int | None = None  # the offer this one counters
    give: list[str] = Field(default_factory=list)
    get: list[str] = Field(default_factory=list)
    give_any: dict[str, int] = Field(default_factory=dict)  # column → how many, any cells
    get_any: dict[str, int] = Field(default_factory=dict)

    def action(self) -> dict[str, Any]:
        give = self.give + [f"{c}?" for c, n in sorted(self.give_any.items()) for _ in range(n)]
        get = self.get + [f"{c}?" for c, n in sorted(self.get_any.items()) for _ in range(n)]
        return {"do": "propose_trade", "to": self.to, "give": give, "get": get, "answers": self.answers}


def describe_cells(locale: str, cells: list[str]) -> str:
    """Named cells by position, then "any n of column G" for the giver's choice (B-23): how many,
    once per column, not "any of G, any of G"."""
    anywhere = Counter(c[0] for c in cells if c.endswith("?"))
    parts = [c for c in cells if not c.endswith("?")]
    parts += [t(locale, "bingo.any_n", n=n, column=col) for col, n in anywhere.items()]
    return listed(locale, parts) or t(locale, "trade.nothing")


class BingoTrade:
    draft_model = CellDraft

    def new_draft(self, to: str, offer: Any | None) -> CellDraft:
        draft = CellDraft(to=to, answers=offer.id if offer is not None else None)
        if offer is not None:
            draft.give = [c for c in offer.get if not c.endswith("?")]
            draft.get = [c for c in offer.give if not c.endswith("?")]
        return draft

    def builder(
        self, record: GameRecord, state: BingoState, me: str, draft: CellDraft
    ) -> tuple[discord.Embed, discord.ui.View]:
        loc, gid, ver = record.locale, record.id, record.version
        names = names_of(record)
        view_state = bingo.view_for(state, me)
        mine = next(c for c in view_state.players if c.name == me)
        theirs = next(c for c in view_state.players if c.name == draft.to)
        action = draft.action()
        embed = discord.Embed(title=t(loc, "trade.builder_title", player=names.get(draft.to, "?")))
        embed.description = (
            headed(loc, t(loc, "trade.you_give"), describe_cells(loc, action["give"]))
            + "\n"
            + headed(loc, t(loc, "trade.you_get"), describe_cells(loc, action["get"]))
            + "\n"
            + t(loc, "bingo.trade_help")
        )
        view = discord.ui.View(timeout=None)
        held_back: list[str] = []
        for verb, card, other, chosen in (
            ("trade_give", mine, theirs, draft.give),
            ("trade_get", theirs, mine, draft.get),
        ):
            # B-24: a position moves only to a player who does not own it already.
            cells = [c for c in card.owned if c != FREE and c not in other.owned]
            held_back += [c for c in card.owned if c != FREE and c in other.owned]
            options = [discord.SelectOption(label=t(loc, "trade.none"), value="-")]
            # B-23: a position names a cell of each card; the number beside it is the one on
            # the chooser's own card, what giving or getting that position means for them.
            options += [discord.SelectOption(label=cell_label(mine, c), value=c, default=c in chosen) for c in cells]
            view.add_item(_select(record, verb, options, len(options)))
        for verb, card, chosen_any in (
            ("trade_give_any", mine, draft.give_any),
            ("trade_get_any", theirs, draft.get_any),
        ):
            view.add_item(_select(record, verb, _any_options(loc, card, chosen_any), 5))
        if held_back:
            embed.description += "\n" + t(loc, "bingo.not_tradable", cells=listed(loc, sorted(set(held_back))))
        view.add_item(
            GameButton(gid, ver, "trade_send", label=t(loc, "trade.send"), style=discord.ButtonStyle.primary, row=4)
        )
        return embed, view

    def offer_text(self, locale: str, proposer: str, give: Any, get: Any) -> str:
        return (
            headed(locale, t(locale, "trade.proposer_gives", player=proposer), describe_cells(locale, list(give)))
            + "\n"
            + headed(locale, t(locale, "trade.proposer_asks", player=proposer), describe_cells(locale, list(get)))
        )

    def accept_panel(
        self, record: GameRecord, state: BingoState, offer: Any, me: str
    ) -> tuple[str, discord.ui.View] | None:
        """B-23: the receiver chooses the cells that the offer's "any of a column" entries stand for.
        None when the offer names exact cells only."""
        loc = record.locale
        wanted = [e for e in offer.give if e.endswith("?")] + [e for e in offer.get if e.endswith("?")]
        if not wanted:
            return None
        view_state = bingo.view_for(state, me)
        proposer = next(c for c in view_state.players if c.name == offer.proposer)
        mine = next(c for c in view_state.players if c.name == me)
        options = []
        for side, giver, taker, entries in (("g", proposer, mine, offer.give), ("t", mine, proposer, offer.get)):
            columns = {e[0] for e in entries if e.endswith("?")}
            exact = {e for e in entries if not e.endswith("?")}
            for cell in giver.owned:
                if cell[0] in columns and cell not in exact and cell not in taker.owned and cell != FREE:
                    key = "bingo.pick_get" if side == "g" else "bingo.pick_give"
                    label = t(loc, key, cell=cell_label(mine, cell))  # my number there (B-23: by position)
                    options.append(discord.SelectOption(label=label, value=f"{side}:{cell}"))
        view = discord.ui.View(timeout=None)
        view.add_item(
            GameSelect(
                record.id,
                record.version,
                "accept_picks",
                str(offer.id),
                options=options[:MAX_OPTIONS],
                placeholder=t(loc, "bingo.select.picks", count=len(wanted)),
                max_values=len(wanted),
                min_values=len(wanted),
            )
        )
        return t(loc, "bingo.picks_help", entries=describe_cells(loc, wanted)), view


TRADE = BingoTrade()


def picks_in_order(offer: Any, chosen: list[str]) -> list[str]:
    """Order chosen cells like the offer's `?` entries (give side first), matching columns."""
    pool = list(chosen)
    out = []
    for side, entries in (("g", offer.give), ("t", offer.get)):
        for entry in entries:
            if not entry.endswith("?"):
                continue
            match = next((c for c in pool if c.startswith(f"{side}:{entry[0]}")), None)
            if match is None:
                raise ValueError("picks do not fit the offer")
            pool.remove(match)
            out.append(match.split(":", 1)[1])
    return out


async def choose_cells(click: Click) -> None:
    """A select of the builder: exact cells to give or get, or "any n of a column"."""
    draft = await click.desk.trades.load_draft(click.record, click.me)
    if not isinstance(draft, CellDraft):
        await click.refuse(click.text("trade.no_draft"))
        return
    chosen = [v for v in click.values if v != "-"]
    if click.verb == "trade_give":
        draft.give = chosen
    elif click.verb == "trade_get":
        draft.get = chosen
    else:
        counts = {v[0]: int(v[1:]) for v in chosen}
        setattr(draft, "give_any" if click.verb == "trade_give_any" else "get_any", counts)
    await click.desk.trades.keep_draft(click.record, click.me, draft)
    embed, view = TRADE.builder(click.record, click.state, click.me, draft)
    await click.edit(embed=embed, view=view)


async def accept_with_picks(click: Click) -> None:
    """B-23: the receiver's choice of cells, for exactly the offer the panel was drawn for."""
    offer_id = int(click.arg or "")
    offer = next((o for o in click.state.trades if o.id == offer_id), None)
    if offer is None or offer.receiver != click.me:
        await click.desk.trades.refuse_closed_offer(click, offer_id)
        return
    picks = picks_in_order(offer, click.values)
    action = {"do": "accept_trade", "from": offer.proposer, "picks": picks, "offer": offer_id}
    await click.done(await click.act(action))


def _select(record: GameRecord, verb: str, options: list[discord.SelectOption], most: int) -> GameSelect:
    """A select of the trade builder (at most Discord's 25 options)."""
    shown = options[:MAX_OPTIONS]
    placeholder = t(record.locale, f"bingo.select.{verb}")
    return GameSelect(
        record.id, record.version, verb, options=shown, placeholder=placeholder, max_values=min(most, len(shown))
    )


def _any_options(loc: str, card: CardView, chosen_any: dict[str, int]) -> list[discord.SelectOption]:
    """ "Any n of column X" for each column the card owns cells in (up to 4 of one column)."""
    options = [discord.SelectOption(label=t(loc, "trade.none"), value="-")]
    for col in COLUMNS:
        owned = sum(1 for c in card.owned if c[0] == col and c != FREE)
        options += [
            discord.SelectOption(
                label=t(loc, "bingo.any_n", n=n, column=col), value=f"{col}{n}", default=chosen_any.get(col) == n
            )
            for n in range(1, min(owned, 4) + 1)
        ]
    return options
