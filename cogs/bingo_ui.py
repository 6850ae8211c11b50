"""MonopolizeBingo panels: the declare picker, discards, leaving detention and position trades.
Everything a panel shows comes from `view_for(state, viewer)`, so nobody sees a hidden number."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from engine import bingo
from engine.bingo.cards import COLUMNS, FREE

MAX_OPTIONS = 25


def extra_items(record: GameRecord, state: Any) -> list[discord.ui.Item[Any]]:
    loc, gid, ver = record.locale, record.id, record.version
    items: list[discord.ui.Item[Any]] = []
    waiting = bingo.waiting_for(state)
    me = state.players[state.turn]
    if waiting == "declare":
        items.append(
            GameButton(gid, ver, "declare_pick", label=t(loc, "bingo.declare"), style=discord.ButtonStyle.primary)
        )
    if waiting == "discard":
        items.append(
            GameButton(gid, ver, "discard_pick", label=t(loc, "bingo.discard"), style=discord.ButtonStyle.danger)
        )
    if waiting == "draw" and me.in_jail and me.owned:
        items.append(GameButton(gid, ver, "leave_pick", label=t(loc, "bingo.leave")))
    return items


def _hint(view: Any, me: str, number: int) -> str:
    mine = next(c for c in view.players if c.name == me)
    for col in COLUMNS:
        for row, value in enumerate(mine.cells[col], start=1):
            if value == number:
                return "bingo.hint.owned" if f"{col}{row}" in mine.owned else "bingo.hint.yours"
    for card in view.players:
        if card.name != me and number in {v for col in card.cells.values() for v in col if v is not None}:
            return "bingo.hint.hit"
    return "bingo.hint.open"


def declare_panel(record: GameRecord, state: Any, me: str) -> tuple[str, discord.ui.View]:
    """Every declarable number (up to 75) in selects of 25, each with what it means for the declarer."""
    loc = record.locale
    view_state = bingo.view_for(state, me)
    numbers = bingo.declarable_now(state)
    view = discord.ui.View(timeout=None)
    for part in range(0, len(numbers), MAX_OPTIONS):
        chunk = numbers[part : part + MAX_OPTIONS]
        options = [
            discord.SelectOption(label=str(n), value=str(n), description=t(loc, _hint(view_state, me, n)))
            for n in chunk
        ]
        placeholder = t(loc, "bingo.select.declare", low=chunk[0], high=chunk[-1])
        view.add_item(GameSelect(record.id, record.version, "declare", options=options, placeholder=placeholder))
    return t(loc, "bingo.declare_help", cards=" ".join(view_state.drawn)), view


def _cell_label(card: Any, cell: str) -> str:
    number = card.cells[cell[0]][int(cell[1:]) - 1]
    return f"{cell} · {number}" if number is not None else cell


def discard_panel(record: GameRecord, state: Any, me: str) -> tuple[str, discord.ui.View]:
    loc = record.locale
    count = bingo.discard_required(state)
    mine = next(c for c in bingo.view_for(state, me).players if c.name == me)
    cells = [c for c in mine.owned if c != FREE]
    options = [discord.SelectOption(label=_cell_label(mine, c), value=c) for c in cells][:MAX_OPTIONS]
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameSelect(
            record.id,
            record.version,
            "discard",
            options=options,
            placeholder=t(loc, "bingo.select.discard", count=count),
            max_values=count,
            min_values=count,
        )
    )
    hits = "; ".join(t(loc, "bingo.hit_line", cell=h.cell, lines=h.lines, cells=h.cells) for h in state.hits)
    return t(loc, "bingo.discard_help", count=count, hits=hits or "—"), view


def leave_panel(record: GameRecord, state: Any, me: str) -> tuple[str, discord.ui.View]:
    loc = record.locale
    mine = next(c for c in bingo.view_for(state, me).players if c.name == me)
    options = [discord.SelectOption(label=_cell_label(mine, c), value=c) for c in mine.owned if c != FREE][:MAX_OPTIONS]
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameSelect(record.id, record.version, "leave", options=options, placeholder=t(loc, "bingo.select.leave"))
    )
    return t(loc, "bingo.leave_help"), view


# --- trades by position (B-22 … B-25) -----------------------------------------------------------


@dataclass
class CellDraft:
    to: str
    give: list[str] = field(default_factory=list)
    get: list[str] = field(default_factory=list)
    give_any: dict[str, int] = field(default_factory=dict)  # column → how many, any cells
    get_any: dict[str, int] = field(default_factory=dict)

    def action(self) -> dict[str, Any]:
        give = self.give + [f"{c}?" for c, n in sorted(self.give_any.items()) for _ in range(n)]
        get = self.get + [f"{c}?" for c, n in sorted(self.get_any.items()) for _ in range(n)]
        return {"do": "propose_trade", "to": self.to, "give": give, "get": get}


def describe_cells(locale: str, cells: list[str]) -> str:
    parts = []
    for c in cells:
        parts.append(t(locale, "bingo.any_of", column=c[0]) if c.endswith("?") else c)
    return ", ".join(parts) or t(locale, "trade.nothing")


def trade_builder(record: GameRecord, state: Any, me: str, draft: CellDraft) -> tuple[discord.Embed, discord.ui.View]:
    loc, gid, ver = record.locale, record.id, record.version
    from cogs.render import names_of

    names = names_of(record)
    view_state = bingo.view_for(state, me)
    mine = next(c for c in view_state.players if c.name == me)
    theirs = next(c for c in view_state.players if c.name == draft.to)
    action = draft.action()
    embed = discord.Embed(title=t(loc, "trade.builder_title", player=names.get(draft.to, "?")))
    embed.description = (
        f"**{t(loc, 'trade.you_give')}:** {describe_cells(loc, action['give'])}\n"
        f"**{t(loc, 'trade.you_get')}:** {describe_cells(loc, action['get'])}\n{t(loc, 'bingo.trade_help')}"
    )
    view = discord.ui.View(timeout=None)
    for verb, card, chosen in (("bgive", mine, draft.give), ("bget", theirs, draft.get)):
        cells = [c for c in card.owned if c != FREE]
        options = [discord.SelectOption(label=t(loc, "trade.none"), value="-")]
        options += [discord.SelectOption(label=_cell_label(card, c), value=c, default=c in chosen) for c in cells]
        view.add_item(
            GameSelect(
                gid,
                ver,
                verb,
                options=options[:MAX_OPTIONS],
                placeholder=t(loc, f"bingo.select.{verb}"),
                max_values=len(options[:MAX_OPTIONS]),
            )
        )
    for verb, card, chosen_any in (("bgiveany", mine, draft.give_any), ("bgetany", theirs, draft.get_any)):
        options = [discord.SelectOption(label=t(loc, "trade.none"), value="-")]
        for col in COLUMNS:
            owned = sum(1 for c in card.owned if c[0] == col and c != FREE)
            for n in range(1, min(owned, 4) + 1):
                options.append(
                    discord.SelectOption(
                        label=t(loc, "bingo.any_n", n=n, column=col),
                        value=f"{col}{n}",
                        default=chosen_any.get(col) == n,
                    )
                )
        view.add_item(
            GameSelect(
                gid,
                ver,
                verb,
                options=options[:MAX_OPTIONS],
                placeholder=t(loc, f"bingo.select.{verb}"),
                max_values=min(5, len(options[:MAX_OPTIONS])),
            )
        )
    view.add_item(GameButton(gid, ver, "tsend", label=t(loc, "trade.send"), style=discord.ButtonStyle.primary, row=4))
    return embed, view


def cell_offer_text(locale: str, give: list[str], get: list[str]) -> str:
    return (
        f"**{t(locale, 'trade.they_give')}:** {describe_cells(locale, give)}\n"
        f"**{t(locale, 'trade.they_get')}:** {describe_cells(locale, get)}"
    )


def picks_panel(record: GameRecord, state: Any, offer: Any, me: str) -> tuple[str, discord.ui.View] | None:
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
                options.append(
                    discord.SelectOption(label=t(loc, key, cell=_cell_label(giver, cell)), value=f"{side}:{cell}")
                )
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameSelect(
            record.id,
            record.version,
            "picks",
            offer.proposer,
            options=options[:MAX_OPTIONS],
            placeholder=t(loc, "bingo.select.picks", count=len(wanted)),
            max_values=len(wanted),
            min_values=len(wanted),
        )
    )
    return t(loc, "bingo.picks_help", entries=describe_cells(loc, wanted)), view


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
