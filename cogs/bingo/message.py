"""The MonopolizeBingo game message. Drawn from `view_for(state, None)`, so hidden numbers never
reach a public message (B-3)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord, LogEntry
from cogs.buttons import GameButton, action_buttons
from engine import bingo
from engine.bingo import legal

VERBS = ("draw", "claim", "pass_claim")
PRIMARY = frozenset({"draw", "claim"})
# Answers in a claim window are private (B-3): the history only says that somebody answered.
PRIVATE_ANSWERS = frozenset({"claim", "pass_claim"})


def status_lines(record: GameRecord, state: Any, names: dict[str, str]) -> list[str]:
    loc = record.locale
    view = bingo.view_for(state, None)
    out = []
    if view.drawn:
        out.append(t(loc, "ui.drawn", cards=" ".join(view.drawn)))
    if view.declared is not None:
        out.append(t(loc, "ui.declared", number=view.declared))
    return out


def player_fields(record: GameRecord, state: Any, names: dict[str, str]) -> list[tuple[str, str]]:
    loc = record.locale
    view = bingo.view_for(state, None)
    fields = []
    for card in view.players:
        numbers = sorted(n for col in card.cells.values() for n in col if n is not None)
        bits = [t(loc, "ui.cells", count=len(numbers)), t(loc, "ui.lines", count=len(card.lines))]
        if card.monopolies:
            bits.append(t(loc, "ui.monopolies", columns="".join(card.monopolies)))
        if card.in_jail:
            bits.append(t(loc, "ui.in_detention"))
        if card.eliminated:
            bits = [t(loc, "ev.eliminated", player="").strip()]
        shown = " ".join(str(n) for n in numbers)
        fields.append((names.get(card.name, "?"), " · ".join(bits) + (f"\n{shown}" if shown else "")))
    return fields


def items(record: GameRecord, state: Any) -> list[discord.ui.Item[Any]]:
    loc, gid, ver = record.locale, record.id, record.version
    out = action_buttons(record, state, legal, VERBS, {}, PRIMARY)
    waiting = bingo.waiting_for(state)
    me = state.players[state.turn]
    if waiting == "declare":
        out.append(
            GameButton(gid, ver, "declare_pick", label=t(loc, "bingo.declare"), style=discord.ButtonStyle.primary)
        )
    if waiting == "discard":
        out.append(
            GameButton(gid, ver, "discard_pick", label=t(loc, "bingo.discard"), style=discord.ButtonStyle.danger)
        )
    if waiting == "draw" and me.in_jail and me.owned:
        out.append(GameButton(gid, ver, "leave_pick", label=t(loc, "bingo.leave")))
    out.append(GameButton(gid, ver, "my_card", label=t(loc, "ui.my_card"), style=discord.ButtonStyle.success))
    return out


def describe(record: GameRecord, event: Any, names: dict[str, str]) -> str | None:
    if getattr(event, "visible_to", None) is not None:
        return None
    loc = record.locale
    data = dict(event.data)
    who = names.get(event.player or "", "")
    kind = event.kind
    if kind == "bought" and "cell" in data:
        return t(loc, "ev.bought_cell", player=who, cell=data["cell"], number=data["number"])
    if kind == "hit":
        lines = [
            t(
                loc,
                "ev.hit_by",
                hitter=names.get(h["hitter"], "?"),
                player=who,
                cell=h["cell"],
                lines=h["lines"],
                cells=h["cells"],
            )
            for h in data["hits"]
        ]
        return " ".join([*lines, t(loc, "ev.hit", player=who, due=data["due"])])
    if kind == "no_number":
        return t(loc, "ev.no_number", player=who, cards=" ".join(data["ranks"]))
    if kind == "claims_open":
        return t(loc, "ev.claims_open", player=who, number=data["number"])
    if kind == "discarded":
        return t(loc, "ev.discarded", player=who, cells=", ".join(data["cells"]))
    if kind == "left_detention":
        return t(loc, "ev.left_detention", player=who, cell=data["cell"])
    if kind in ("released", "stays_in_detention"):
        return t(loc, f"ev.{kind}", player=who)
    if kind == "drew":
        return t(loc, "ev.drew", player=who, cards=" ".join(data["ranks"]))
    if kind in ("declared", "claim_won"):
        return t(loc, f"ev.{kind}", player=who, number=data["number"])
    if kind == "monopoly_won":
        return t(loc, "ev.monopoly_won", player=who, column=data["column"])
    if kind in ("detained", "eliminated", "turn", "game_over"):
        return t(loc, f"ev.{kind}", player=who)
    return None


def history_lines(record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
    """None: describe the entry's public events as usual."""
    if entry.action.get("do") in PRIVATE_ANSWERS:
        return [t(record.locale, "ev.answered", player=names.get(entry.actor or "", "⏱"))]
    return None
