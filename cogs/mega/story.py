"""Mega Monopoly's story and statistics in words: turning points and a player's summed records."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t
from cogs.common import most
from cogs.mega import words
from engine.core.story import Moment


def moment_text(loc: str, moment: Moment, names: dict[str, str]) -> str:
    d = moment.data
    who = names.get(moment.player or "", "?")
    if moment.kind == "biggest_rent":
        payer, owner = names.get(d.get("payer") or "", "?"), names.get(d.get("owner") or "", "?")
        return t(
            loc,
            "mega.story.biggest_rent",
            payer=payer,
            owner=owner,
            amount=d["amount"],
            space=words.space(loc, d["space"]),
        )
    if moment.kind == "decisive_group":
        return t(loc, "mega.story.decisive_group", player=who, group=words.group(loc, d["group"]), rent=d["rent"])
    if moment.kind == "bankrupt":
        creditor = d.get("creditor")
        if creditor is None:
            return t(loc, "mega.story.bankrupt_bank", player=who)
        return t(loc, "mega.story.bankrupt", player=who, creditor=names.get(creditor, "?"))
    return t(loc, f"mega.story.{moment.kind}", player=who)


def stats_lines(loc: str, counts: dict[str, int], by_item: Mapping[str, Mapping[str, int]]) -> list[str]:
    lines = [
        t(
            loc,
            "mega.stats.money",
            rent=counts.get("rent", 0),
            paid=counts.get("rent_paid", 0),
            dividends=counts.get("dividends", 0),
        ),
        t(loc, "mega.stats.deeds", count=counts.get("deeds_bought", 0), auctions=counts.get("auctions_won", 0)),
    ]
    favourite = most(by_item.get("bought") or {})
    if favourite:
        lines.append(t(loc, "mega.stats.favourite", space=words.space(loc, favourite[0]), count=favourite[1]))
    profitable = most(by_item.get("rent") or {})
    if profitable:
        lines.append(t(loc, "mega.stats.profitable", space=words.space(loc, profitable[0]), amount=profitable[1]))
    return lines
