"""MonopolizeBingo's story and statistics in words (public information only: cells, lines and
monopolies everybody saw; never a hidden number)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import listed, t
from cogs.common import most
from engine.core.story import Moment


def moment_text(loc: str, moment: Moment, names: dict[str, str]) -> str:
    d = moment.data
    who = names.get(moment.player or "", "?")
    if moment.kind == "biggest_hit":
        by = listed(loc, (names.get(p, "?") for p in d.get("by", [])))
        return t(loc, "bingo.story.biggest_hit", player=who, due=d["due"], by=by)
    if moment.kind == "bingo_end":
        return t(loc, f"bingo.story.end.{d.get('reason')}", player=who)
    return t(loc, f"bingo.story.{moment.kind}", player=who, column=d.get("column", ""))


def stats_lines(loc: str, counts: dict[str, int], by_item: Mapping[str, Mapping[str, int]]) -> list[str]:
    lines = [
        t(
            loc,
            "bingo.stats.cells",
            cells=counts.get("cells_taken", 0),
            claims=counts.get("claims_won", 0),
            hits=counts.get("hits", 0),
        ),
        t(loc, "bingo.stats.lines", lines=counts.get("lines", 0), monopolies=counts.get("monopolies", 0)),
    ]
    favourite = most(by_item.get("monopoly") or {})
    if favourite:
        lines.append(t(loc, "bingo.stats.favourite", column=favourite[0], count=favourite[1]))
    return lines
