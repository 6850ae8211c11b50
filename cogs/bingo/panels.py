"""MonopolizeBingo private panels: the declare picker, discards, leaving detention and "My card",
with their handlers. Everything a panel shows comes from `view_for(state, viewer)`, so nobody
sees a hidden number of someone else."""

from __future__ import annotations

import discord

from bot.i18n import listed, sentences, t
from bot.service import ServiceError
from bot.store import GameRecord
from cogs.bingo.words import ranks
from cogs.buttons import GameSelect
from cogs.common import MAX_OPTIONS, names_of, raw_names
from cogs.context import Click
from cogs.suggest import suggestion_button
from engine import bingo
from engine.bingo.actions import BingoAction
from engine.bingo.cards import COLUMNS, FREE, RANGES
from engine.bingo.state import BingoState
from engine.bingo.view import CardView
from engine.core.jsondata import JsonObject


def _hint(loc: str, state: BingoState, names: dict[str, str], number: int) -> str:
    """The whole consequence of declaring `number`, from what the declarer may know (B-10 … B-13),
    the warning first (Discord cuts an option's description at 100 characters)."""
    p = bingo.preview_declare(state, number)
    if p.take == "take":
        text = t(loc, "bingo.hint.take", cell=p.cell)
    elif p.take == "owned":
        text = t(loc, "bingo.hint.owned", cell=p.cell)
    elif p.take == "blocked":
        text = t(loc, "bingo.hint.blocked", holder=names.get(p.holder or "", "?"), column=(p.cell or "?")[0])
    else:
        text = t(loc, "bingo.hint.window")
    warning = ""
    if p.wins:
        warning = t(loc, "bingo.hint.wins")
    elif p.hits:
        hitters = listed(loc, (names.get(h.hitter, "?")[:20] for h in p.hits))
        owned_after = len(state.players[state.turn].owned) + (p.take == "take")
        if p.eliminated:
            warning = t(loc, "bingo.hint.out", hitters=hitters, owners=len(p.hits))
        else:
            warning = t(loc, "bingo.hint.hit", hitters=hitters, owners=len(p.hits), count=min(p.due, owned_after))
    return (f"{warning} {text}" if warning else text)[:100]


def declare_panel(
    record: GameRecord, state: BingoState, me: str, column: str | None = None
) -> tuple[str, discord.ui.View]:
    """The numbers the draw can make, each with what it would do for the declarer. Up to 25 fit
    one select; more (a J, Q or K in the draw) are chosen column first, then the number."""
    loc = record.locale
    names = raw_names(record)
    view_state = bingo.view_for(state, me)
    numbers = bingo.declarable_now(state)
    view = discord.ui.View(timeout=None)
    if column is None and len(numbers) > MAX_OPTIONS:
        options = []
        for col in COLUMNS:
            low, high = RANGES[col]
            count = sum(1 for n in numbers if low <= n <= high)
            if count:
                label = t(loc, "bingo.select.declare_column", column=col, low=low, high=high, count=count)
                options.append(discord.SelectOption(label=label[:100], value=col))
        placeholder = t(loc, "bingo.select.columns")
        _suggest(view, record, state, me, "declare")
        view.add_item(GameSelect(record.id, record.version, "declare_col", options=options, placeholder=placeholder))
        return t(loc, "bingo.declare_help", cards=ranks(loc, view_state.drawn)), view
    if column is not None:
        low, high = RANGES[column]
        numbers = [n for n in numbers if low <= n <= high]
    chunk = numbers[:MAX_OPTIONS]
    options = [discord.SelectOption(label=str(n), value=str(n), description=_hint(loc, state, names, n)) for n in chunk]
    hint = t(loc, "bingo.select.declare", low=chunk[0], high=chunk[-1]) if chunk else None
    if column is None:
        _suggest(view, record, state, me, "declare")
    view.add_item(GameSelect(record.id, record.version, "declare", moment(state), options=options, placeholder=hint))
    if column is not None:
        return t(loc, "bingo.declare_column_help", column=column), view
    return t(loc, "bingo.declare_help", cards=ranks(loc, view_state.drawn)), view


def moment(state: BingoState) -> str:
    """Which decision a panel's select was drawn for: the turn and what it waits for. Carried in
    the select's custom_id, it tells a choice made in a panel opened turns ago (out of date) from
    one made after a trade elsewhere changed the version (still the same decision)."""
    return f"{state.turns_played}.{bingo.waiting_for(state)}"


def _suggest(view: discord.ui.View, record: GameRecord, state: BingoState, me: str, verb: str) -> None:
    """The panel's main button: the move a normal computer would make here, named."""
    button = suggestion_button(record, state, me, frozenset({verb}), suggestion)
    if button is not None:
        view.add_item(button)


def suggestion(record: GameRecord, state: BingoState, action: BingoAction) -> str | None:
    loc = record.locale
    if action.do == "declare":
        hint = _hint(loc, state, raw_names(record), action.number)
        return t(loc, "bingo.suggest.declare", number=action.number, hint=hint)
    if action.do == "discard":
        return t(loc, "bingo.suggest.discard", cells=listed(loc, action.cells))
    if action.do == "leave_jail":
        return t(loc, "bingo.suggest.leave", cell=action.cell)
    return None


def cell_label(card: CardView, cell: str) -> str:
    number = card.cells[cell[0]][int(cell[1:]) - 1]
    return f"{cell} · {number}" if number is not None else cell


def own_card(state: BingoState, me: str) -> CardView:
    return next(c for c in bingo.view_for(state, me).players if c.name == me)


def discard_panel(record: GameRecord, state: BingoState, me: str) -> tuple[str, discord.ui.View]:
    loc = record.locale
    count = bingo.discard_required(state)
    mine = own_card(state, me)
    cells = [c for c in mine.owned if c != FREE]
    options = [discord.SelectOption(label=cell_label(mine, c), value=c) for c in cells][:MAX_OPTIONS]
    view = discord.ui.View(timeout=None)
    _suggest(view, record, state, me, "discard")
    view.add_item(
        GameSelect(
            record.id,
            record.version,
            "discard",
            moment(state),
            options=options,
            placeholder=t(loc, "bingo.select.discard", count=count),
            max_values=count,
            min_values=count,
        )
    )
    names = names_of(record)
    said = [
        t(loc, "bingo.hit_line", hitter=names.get(h.hitter, "?"), cell=h.cell, lines=h.lines, cells=h.cells)
        for h in state.hits
    ]
    if state.discard_due > count:  # B-13: capped by the cells owned
        said.append(t(loc, "bingo.discard_capped", due=state.discard_due, count=count))
    hits = sentences(loc, said)
    return t(loc, "bingo.discard_help", count=count, hits=hits), view


def leave_panel(record: GameRecord, state: BingoState, me: str) -> tuple[str, discord.ui.View]:
    loc = record.locale
    mine = own_card(state, me)
    options = [discord.SelectOption(label=cell_label(mine, c), value=c) for c in mine.owned if c != FREE][:MAX_OPTIONS]
    view = discord.ui.View(timeout=None)
    _suggest(view, record, state, me, "leave_jail")
    view.add_item(
        GameSelect(
            record.id, record.version, "leave", moment(state), options=options, placeholder=t(loc, "bingo.select.leave")
        )
    )
    return t(loc, "bingo.leave_help"), view


PANELS = {"declare_pick": declare_panel, "discard_pick": discard_panel, "leave_pick": leave_panel}


# --- handlers ----------------------------------------------------------------------------------


# The move each panel is for: it opens only while that move is the clicker's (B-9, B-13, B-16).
PANEL_MOVES = {"declare_pick": "declare", "discard_pick": "discard", "leave_pick": "leave_jail"}


async def open_panel(click: Click) -> None:
    """Declare, discard and leave detention are the turn player's, privately. A button of an older
    message pressed late (the stage has moved on, perhaps to the clicker's own next turn) is out of
    date: it says what the table waits for now, and opens no panel for a move nobody can make."""
    state = click.state
    move = PANEL_MOVES[click.verb]
    running = click.record.status == "active" and state is not None
    if not running or not any(a.do == move for a in bingo.legal_actions(state, click.me)):
        if click.version is not None and click.version != click.record.version:
            raise ServiceError("stale")
        await click.refuse(click.text("error.not_your_turn"))
        return
    text, view = PANELS[click.verb](click.record, state, click.me)
    await click.private(text, view=view)


async def declare_column(click: Click) -> None:
    """The column chosen in the declare picker: its numbers, each with its consequence."""
    state = click.state
    column = click.values[0]
    if click.record.status != "active" or state is None or state.players[state.turn].name != click.me:
        await click.refuse(click.text("error.not_your_turn"))
        return
    if column not in COLUMNS or bingo.waiting_for(state) != "declare":
        raise ServiceError("stale")
    text, view = declare_panel(click.record, state, click.me, column)
    await click.edit(content=text, view=view)


async def choose(click: Click) -> None:
    """A choice in a private panel: declare a number, discard cells, or the cell to leave detention by."""
    value = click.values[0]
    state = click.state
    if click.version != click.record.version and (state is None or click.arg != moment(state)):
        raise ServiceError("stale")  # drawn for another turn or decision: the cards it showed are gone
    if click.verb == "declare":
        action: JsonObject = {"do": "declare", "number": int(value)}
    elif click.verb == "discard":
        action = {"do": "discard", "cells": [*click.values]}
    else:
        action = {"do": "leave_jail", "cell": value}
    await click.done(await click.act(action))
