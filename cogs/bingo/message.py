"""The MonopolizeBingo game message. Drawn from `view_for(state, None)` and public events only,
so nothing public depends on a hidden number (B-3, B-11a): the claim window's buttons are the
same whoever could claim, and the message counts answers without saying who could claim."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.pictures.style import seat_marker
from bot.store import GameRecord, LogEntry
from cogs.buttons import GameButton
from engine import bingo
from engine.bingo.state import BingoState
from engine.core.events import Event

# Answers in a claim window are private (B-3); the window's result is told when it closes.
PRIVATE_ANSWERS = frozenset({"claim", "pass_claim"})


def ranks(loc: str, cards: list[str]) -> str:
    """Card ranks as players call them (the Joker in the game's language)."""
    return " ".join(t(loc, f"bingo.rank.{r}") if r == "JOKER" else r for r in cards)


def status_lines(record: GameRecord, state: BingoState, names: dict[str, str]) -> list[str]:
    """What the table waits for, in words a newcomer can follow."""
    loc = record.locale
    view = bingo.view_for(state, None)
    if view.over:
        return []
    turn = next(c for c in view.players if c.name == view.turn)
    who = names.get(view.turn, "?")
    if view.stage == "draw":
        key = "bingo.now.draw_detained" if turn.in_jail else "bingo.now.draw"
        return [t(loc, key, player=who)]
    if view.stage == "declare":
        return [t(loc, "bingo.now.declare", player=who, cards=ranks(loc, view.drawn))]
    if view.stage == "claims" and view.window is not None:
        w = view.window
        return [t(loc, "bingo.now.claims", player=who, number=w.number, answered=w.answered, asked=len(w.asked))]
    if view.stage == "discard":
        return [t(loc, "bingo.now.discard", player=who, count=view.discard_required)]
    return []


def player_fields(record: GameRecord, state: BingoState, names: dict[str, str]) -> list[tuple[str, str]]:
    loc = record.locale
    view = bingo.view_for(state, None)
    fields = []
    for seat, card in enumerate(view.players):
        numbers = sorted(n for col in card.cells.values() for n in col if n is not None)
        bits = [t(loc, "ui.cells", count=len(numbers)), t(loc, "ui.lines", count=len(card.lines))]
        if card.monopolies:
            bits.append(t(loc, "ui.monopolies", columns=", ".join(card.monopolies)))
        if card.in_jail:
            bits.append(t(loc, "ui.in_detention"))
        if card.eliminated:
            bits = [t(loc, "ui.out")]
        shown = " ".join(str(n) for n in numbers)
        title = f"{seat_marker(seat)} {names.get(card.name, '?')}"
        fields.append((title, " · ".join(bits) + (f"\n{shown}" if shown else "")))
    return fields


def items(record: GameRecord, state: BingoState) -> list[discord.ui.Item[Any]]:
    loc, gid, ver = record.locale, record.id, record.version
    out: list[discord.ui.Item[Any]] = []
    waiting = bingo.waiting_for(state)
    me = state.players[state.turn]
    if waiting == "draw":
        out.append(GameButton(gid, ver, "draw", label=t(loc, "action.draw"), style=discord.ButtonStyle.primary))
        if me.in_jail and me.owned:
            out.append(GameButton(gid, ver, "leave_pick", label=t(loc, "bingo.leave")))
    if waiting == "declare":
        out.append(
            GameButton(gid, ver, "declare_pick", label=t(loc, "bingo.declare"), style=discord.ButtonStyle.primary)
        )
    if waiting == "claims" and state.window is not None:
        # B-11a: the same two buttons whoever could claim; each carries the window's number.
        number = str(state.window.number)
        out.append(
            GameButton(gid, ver, "claim", number, label=t(loc, "action.claim"), style=discord.ButtonStyle.primary)
        )
        out.append(GameButton(gid, ver, "pass_claim", number, label=t(loc, "action.pass_claim")))
    if waiting == "discard":
        out.append(
            GameButton(gid, ver, "discard_pick", label=t(loc, "bingo.discard"), style=discord.ButtonStyle.danger)
        )
    out.append(GameButton(gid, ver, "my_card", label=t(loc, "ui.my_card"), style=discord.ButtonStyle.success))
    return out


def describe(record: GameRecord, event: Any, names: dict[str, str]) -> str | None:
    if getattr(event, "visible_to", None) is not None:
        return None
    loc = record.locale
    data = dict(event.data)
    who = names.get(event.player or "", "?")
    kind = event.kind
    if kind == "bought" and "cell" in data:
        return t(loc, "ev.bought_cell", player=who, cell=data["cell"], number=data["number"])
    if kind == "hit":
        lines = [t(loc, "ev.hit_by", hitter=names.get(h["hitter"], "?"), player=who, **_hit(h)) for h in data["hits"]]
        return " ".join([*lines, t(loc, "ev.hit", player=who, due=data["due"])])
    if kind == "no_number":
        return t(loc, "ev.no_number", player=who, cards=ranks(loc, data["ranks"]))
    if kind == "drew":
        return t(loc, "ev.drew", player=who, cards=ranks(loc, data["ranks"]))
    if kind == "claims_open":
        return t(loc, "ev.claims_open", number=data["number"])
    if kind == "claims_closed":
        return None if data.get("claimants") else t(loc, "ev.claims_closed", number=data["number"])
    if kind == "claim_won":
        return t(loc, "ev.claim_won", player=who, number=data["number"], cell=data["cell"])
    if kind == "buy_refused_monopoly":
        return t(loc, "ev.buy_refused_monopoly", player=who, cell=data["cell"], holder=names.get(data["holder"], "?"))
    if kind == "discarded":
        return t(loc, "ev.discarded", player=who, cells=", ".join(data["cells"]))
    if kind == "left_detention":
        return t(loc, "ev.left_detention", player=who, cell=data["cell"])
    if kind == "declared":
        return t(loc, "ev.declared", player=who, number=data["number"])
    if kind in ("monopoly_won", "monopoly_lost"):
        return t(loc, f"ev.{kind}", player=who, column=data["column"])
    if kind == "trade_done":
        give, get = ", ".join(data.get("give", [])) or "—", ", ".join(data.get("get", [])) or "—"
        return t(
            loc, "bingo.ev.trade_done", player=who, other=names.get(str(data.get("to", "")), "?"), give=give, get=get
        )
    if kind in ("released", "stays_in_detention", "detained", "eliminated", "resigned", "turn", "game_over"):
        return t(loc, f"ev.{kind}", player=who)
    if kind == "reshuffled":
        return t(loc, "ev.reshuffled")
    return None


def _hit(h: dict[str, Any]) -> dict[str, Any]:
    return {"cell": h["cell"], "lines": h["lines"], "cells": h["cells"]}


def history_lines(record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
    """An answer in a claim window is nobody else's business (B-3): only its public results show
    (the claims that won, the hits), and never while the window is open."""
    if entry.action.get("do") in PRIVATE_ANSWERS:
        events = [Event.model_validate(e) for e in entry.events]
        return [d for d in (describe(record, e, names) for e in events) if d]
    return None
