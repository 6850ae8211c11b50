"""The MonopolizeBingo game message. Drawn from `view_for(state, None)` and public events only,
so nothing public depends on a hidden number (B-3, B-11a): the claim window's buttons are the
same whoever could claim, and the message counts answers without saying who could claim."""

from __future__ import annotations

import discord

from bot.i18n import listed, t
from bot.pictures.style import seat_marker
from bot.store import GameRecord, LogEntry
from cogs.bingo import words
from cogs.bingo.words import ranks
from cogs.buttons import GameButton
from cogs.common import computers_to_move, logged_events
from cogs.discord_types import Item
from engine import bingo
from engine.bingo.state import BingoState
from engine.bingo.view import CardView
from engine.core.story import places, ranked

# Answers in a claim window are private (B-3); the window's result is told when it closes.
PRIVATE_ANSWERS = frozenset({"claim", "pass_claim"})


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
        lines = [t(loc, "bingo.now.claims", player=who, number=w.number, answered=w.answered, asked=len(w.asked))]
        return lines + _hit_coming(loc, state, w.number, who, names)
    if view.stage == "discard":
        return [t(loc, "bingo.now.discard", player=who, count=view.discard_required)]
    return []


def _hit_coming(loc: str, state: BingoState, number: int, who: str, names: dict[str, str]) -> list[str]:
    """The hit the declarer takes when the window closes (B-12, B-13): who owns the number is public
    (B-3), so the table is told now, not only once it lands."""
    coming = bingo.preview_declare(state, number)
    if not coming.hits:
        return []
    hitters = listed(loc, (names.get(h.hitter, "?") for h in coming.hits))
    due = min(coming.due, len(state.players[state.turn].owned))
    return [t(loc, "bingo.now.claims_hit", hitters=hitters, number=number, player=who, due=due)]


def player_fields(record: GameRecord, state: BingoState, names: dict[str, str]) -> list[tuple[str, str]]:
    loc = record.locale
    view = bingo.view_for(state, None)
    fields = []
    for seat, card in enumerate(view.players):
        numbers = sorted(n for col in card.cells.values() for n in col if n is not None)
        bits = [t(loc, "ui.cells", count=len(numbers)), t(loc, "ui.lines", count=len(card.lines))]
        if card.monopolies:
            columns = listed(loc, card.monopolies)
            bits.append(t(loc, "ui.monopolies", columns=columns, count=len(card.monopolies)))
        if card.in_jail:
            bits.append(t(loc, "ui.in_detention"))
        if card.eliminated:
            bits = [t(loc, "ui.out")]
        shown = " ".join(str(n) for n in numbers)
        title = f"{seat_marker(seat)} {names.get(card.name, '?')}"
        fields.append((title, " · ".join(bits) + (f"\n{shown}" if shown else "")))
    return fields


def final_fields(
    record: GameRecord, state: BingoState, log: list[LogEntry], names: dict[str, str]
) -> list[tuple[str, str]]:
    """The standings, labelled: cells owned, then lines (public counts); a stopped game's are
    provisional (B-21 decides only a finished one), the eliminated last."""
    loc = record.locale
    view = bingo.view_for(state, None)

    def key(card: CardView) -> tuple[bool, bool, int, int]:
        return (card.name == state.winner, not card.eliminated, _cells(card), len(card.lines))

    cards = {card.name: card for card in view.players}
    order = ranked(list(cards), lambda name: key(cards[name]))  # level on the count, level in place
    place = places(order)
    rows = []
    for card in (cards[name] for group in order for name in group):
        bits = [t(loc, "ui.cells", count=_cells(card)), t(loc, "ui.lines", count=len(card.lines))]
        if card.eliminated:
            bits = [t(loc, "ui.out")]
        rows.append(f"{place[card.name]}. {names.get(card.name, '?')} — {' · '.join(bits)}")
    title = t(loc, "game.standings") if state.winner else t(loc, "bingo.standings_stopped")
    return [(title, "\n".join(rows))]


def _cells(card: CardView) -> int:
    return sum(1 for col in card.cells.values() for n in col if n is not None)


def items(record: GameRecord, state: BingoState) -> list[Item]:
    """The turn player's move, highlighted; a claim window's Pass and Claim; My card. A computer's
    own moves get no buttons (nobody else may press them)."""
    loc, gid, ver = record.locale, record.id, record.version
    my_card = GameButton(gid, ver, "my_card", label=t(loc, "ui.my_card"))  # information: secondary
    if computers_to_move(record, state):
        return [my_card]
    out: list[Item] = []
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
        # Pass is the highlighted one: it is a move everyone asked may make (a Claim is refused
        # for whoever cannot take the number, and who can is nobody else's business).
        out.append(
            GameButton(
                gid, ver, "pass_claim", number, label=t(loc, "action.pass_claim"), style=discord.ButtonStyle.primary
            )
        )
        out.append(GameButton(gid, ver, "claim", number, label=t(loc, "action.claim")))
    if waiting == "discard":
        out.append(
            GameButton(gid, ver, "discard_pick", label=t(loc, "bingo.discard"), style=discord.ButtonStyle.primary)
        )
    out.append(my_card)
    return out


def history_lines(record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
    """An answer in a claim window is nobody else's business (B-3): only its public results show
    (the claims that won, the hits), and never while the window is open."""
    if entry.action.get("do") in PRIVATE_ANSWERS:
        return [d for d in (words.describe(record, e, names) for e in logged_events(record, entry)) if d]
    return None
