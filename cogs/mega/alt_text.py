"""The board picture in words, for Discord's alt text (screen readers, or a picture that did not
load): the dice and the space just landed on, whose turn it is, then each player — where they are
(in jail or just visiting), their cash, and their deeds summarised by colour group with every
building and every mortgage named — always within Discord's 1,024 characters."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import listed, sentences, t
from bot.store import GameRecord
from cogs.mega import words
from engine.mega.board import BOARD, GROUPS, SPACES
from engine.mega.state import MegaState, Player

ALT_TEXT_MAX = 1024  # Discord's limit for an attachment's description
Namer = Callable[[str, str], str]  # (locale, space id) → the name a text uses


def describe_board(record: GameRecord, state: MegaState, names: dict[str, str]) -> str:
    """The whole board in words; on a crowded board the deeds' names are shortened as the printed
    board shortens them ("Kentucky", "B&O RR"), so that nothing is left out."""
    text = _told(record.locale, state, names, words.space)
    if len(text) > ALT_TEXT_MAX:
        text = _told(record.locale, state, names, brief)
    if len(text) > ALT_TEXT_MAX:  # the tersest wording, every fact still there
        text = _told(record.locale, state, names, brief, terse=True)
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1] + "…"


def brief(loc: str, space: str) -> str:
    """A deed's name as short as the printed board has it."""
    name = words.space(loc, space)
    for long, short in BRIEF[loc if loc in BRIEF else "en"]:
        name = name.replace(long, short)
    return name


BRIEF = {
    "en": (
        (" Avenue", ""),
        (" Place", ""),
        (" Railroad", " RR"),
        (" Company", " Co."),
        ("North ", "N. "),
        ("South ", "S. "),
    ),
    "ja": (("・アベニュー", ""), ("・プレース", ""), ("アベニュー", "")),
}


def _told(loc: str, state: MegaState, names: dict[str, str], name_of: Namer, terse: bool = False) -> str:
    parts = [t(loc, "alt.board"), *_the_moment(loc, state, names)]
    for p in state.players:
        who = names.get(p.name, "?")
        if p.bankrupt:
            parts.append(t(loc, "alt.board.out", player=who))
            continue
        held = listed(loc, holdings(loc, state, p.name, name_of, terse)) or t(loc, "alt.board.no_deeds")
        held = held.rstrip(".")  # "Electric Co." ends the sentence itself
        key = "alt.board.player_terse" if terse else "alt.board.player"
        parts.append(t(loc, key, player=who, where=_where(loc, p, terse), cash=p.cash, deeds=held))
    return sentences(loc, parts)


def _the_moment(loc: str, state: MegaState, names: dict[str, str]) -> list[str]:
    """The dice, the space just landed on and whose turn it is."""
    out = []
    if state.last_roll is not None:
        w1, w2 = state.last_roll.white
        out.append(t(loc, "alt.board.dice", white1=w1, white2=w2, speed=words.speed(loc, state.last_roll.speed)))
    turn = names.get(state.players[state.turn].name, "?")
    if state.landed == "jail" and not state.over:  # in jail or just visiting, not "on In Jail / Just Visiting"
        out.append(t(loc, "alt.board.turn_at", player=turn, where=_where(loc, state.players[state.turn])))
    elif state.landed and not state.over:
        out.append(t(loc, "alt.board.landed", player=turn, space=words.space(loc, state.landed)))
    elif not state.over:
        out.append(t(loc, "alt.board.turn", player=turn))
    return out


def _where(loc: str, p: Player, terse: bool = False) -> str:
    space = BOARD.spaces[p.position].id
    if p.in_jail:
        return t(loc, "alt.board.in_jail")
    if space == "jail":
        return t(loc, "alt.board.visiting")
    return brief(loc, space) if terse else t(loc, "mega.field.on", space=words.space(loc, space))


def holdings(loc: str, state: MegaState, player: str, name_of: Namer = words.space, terse: bool = False) -> list[str]:
    """A player's deeds by colour group ("the oranges 3/3, 2 houses each"), railroads and
    utilities by count; buildings named per deed where they differ; mortgages by name."""
    mine = {d for d, o in state.owner.items() if o == player}
    out = []
    for group, info in GROUPS.items():
        held = [m for m in info.members if m in mine]
        if held:
            out.append(_group(loc, state, group, info.size, held, name_of, terse))
    for kind in ("railroad", "utility"):
        held = [s.id for s in BOARD.spaces if s.kind == kind and s.id in mine]
        if held:
            out.append(t(loc, f"alt.board.{kind}s", count=len(held)))
    mortgaged = [name_of(loc, d) for d in sorted(mine, key=lambda d: SPACES[d].index) if d in state.mortgaged]
    if mortgaged:
        out.append(t(loc, "alt.board.mortgaged", deeds=listed(loc, mortgaged)))
    return out


def _group(loc: str, state: MegaState, group: str, size: int, held: Sequence[str], name_of: Namer, terse: bool) -> str:
    levels = [state.buildings.get(m, 0) for m in held]
    name = words.group(loc, group)
    if not any(levels):
        return t(loc, "alt.board.group", group=name, count=len(held), size=size)
    if len(set(levels)) == 1:
        built = words.level(loc, levels[0]) if terse else t(loc, "alt.board.each", level=words.level(loc, levels[0]))
    elif terse:  # the common level, then the deeds built otherwise: "2 houses; Illinois 3"
        common = max(set(levels), key=levels.count)
        odd = [f"{name_of(loc, m)} {_count(loc, v)}" for m, v in zip(held, levels, strict=True) if v != common]
        built = ("；" if loc == "ja" else "; ").join([words.level(loc, common), listed(loc, odd)])
    else:  # by level: "Kentucky, Indiana 2 houses each; Illinois a hotel"
        by_level: dict[int, list[str]] = {}
        for member, level in zip(held, levels, strict=True):
            if level:
                by_level.setdefault(level, []).append(name_of(loc, member))
        built = ("；" if loc == "ja" else "; ").join(
            t(
                loc,
                "alt.board.built",
                deeds=listed(loc, deeds),
                level=words.level(loc, level),
                count=1 if terse else len(deeds),
            )
            for level, deeds in sorted(by_level.items())
        )
    return t(loc, "alt.board.group_built", group=name, count=len(held), size=size, built=built)


def _count(loc: str, level: int) -> str:
    """A building level in a word or a digit: "3", "hotel", "none"."""
    if level == 5:
        return t(loc, "alt.board.hotel")
    return str(level) if level else t(loc, "alt.board.none")
