"""The board picture in words, for Discord's alt text (screen readers, or a picture that did not
load): where everyone stands with their cash, and each player's deeds with buildings and mortgages."""

from __future__ import annotations

from bot.i18n import t
from bot.store import GameRecord
from cogs.mega import words
from engine.mega.board import BOARD, SPACES
from engine.mega.state import MegaState

ALT_TEXT_MAX = 1024  # Discord's limit for an attachment's description


def describe_board(record: GameRecord, state: MegaState, names: dict[str, str]) -> str:
    loc = record.locale
    parts = [t(loc, "alt.board")]
    for p in state.players:
        who = names.get(p.name, "?")
        if p.bankrupt:
            parts.append(t(loc, "alt.board.out", player=who))
            continue
        where = words.space(loc, BOARD.spaces[p.position].id)
        deeds = [
            _deed(loc, state, space)
            for space in sorted(state.owner, key=lambda s: SPACES[s].index)
            if state.owner[space] == p.name
        ]
        parts.append(
            t(loc, "alt.board.player", player=who, space=where, cash=p.cash, deeds=words.listed(loc, deeds) or "—")
        )
    text = " ".join(parts)
    if len(text) <= ALT_TEXT_MAX:
        return text
    # Too long for Discord: positions and cash, and how many deeds each holds.
    short = [parts[0]] + [
        t(
            loc,
            "alt.board.short",
            player=names.get(p.name, "?"),
            space=words.space(loc, BOARD.spaces[p.position].id),
            cash=p.cash,
            count=sum(1 for o in state.owner.values() if o == p.name),
        )
        for p in state.players
        if not p.bankrupt
    ]
    return " ".join(short)[:ALT_TEXT_MAX]


def _deed(loc: str, state: MegaState, space: str) -> str:
    name = words.space(loc, space)
    if space in state.mortgaged:
        return t(loc, "mega.field.mortgaged", space=name)
    level = state.buildings.get(space, 0)
    return f"{name} ({words.level(loc, level)})" if level else name
