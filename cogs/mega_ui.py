"""Mega Monopoly panels beyond the turn buttons: managing deeds, the Auction-space pick, the
fourth-deed settlement, debts, bankruptcy confirmation, custom bids and end-of-game statistics.
Every option comes from `legal_actions`; nothing here decides a rule."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord, LogEntry
from cogs.buttons import GameButton, GameSelect
from engine import mega
from engine.mega.assets import standings
from engine.mega.board import GROUPS, SPACES
from engine.mega.table import unmortgage_cost

MAX_OPTIONS = 25


def _deed_label(space: str) -> str:
    info = SPACES[space]
    group = f" · {info.group.replace('_', ' ')}" if info.group else ""
    return f"{info.name}{group}"[:100]


def _chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)] or [[]]


def manage_options(record: GameRecord, state: Any, player: str) -> dict[str, list[discord.SelectOption]]:
    """Build / sell / mortgage / lift choices for one player, with prices, from legal_actions."""
    loc = record.locale
    me = next(p for p in state.players if p.name == player)
    out: dict[str, list[discord.SelectOption]] = {"build": [], "sell": [], "mortgage": [], "unmortgage": []}
    for action in mega.legal_actions(state, player):
        if action.do == "build":
            info = SPACES[action.space]
            level = state.buildings.get(action.space, 0)
            piece = t(loc, "mega.hotel") if level == 4 else t(loc, "mega.house")
            if action.tickets:
                text = t(loc, "mega.build_ticket", piece=piece, count=me.tickets)
                value = f"{action.space}!t"
            else:
                text = t(loc, "mega.build_cash", piece=piece, cost=info.house_cost)
                value = action.space
            out["build"].append(
                discord.SelectOption(label=_deed_label(action.space), value=value, description=text[:100])
            )
        elif action.do == "sell_building":
            info = SPACES[action.space]
            level = state.buildings.get(action.space, 0)
            text = t(loc, "mega.sell_for", level=level, amount=(info.house_cost or 0) // 2)
            out["sell"].append(
                discord.SelectOption(label=_deed_label(action.space), value=action.space, description=text)
            )
        elif action.do == "sell_all_buildings":
            label = t(loc, "mega.sell_group", group=action.group.replace("_", " "))
            out["sell"].append(discord.SelectOption(label=label[:100], value=f"group:{action.group}"))
        elif action.do == "mortgage":
            text = t(loc, "mega.mortgage_for", amount=SPACES[action.space].mortgage)
            out["mortgage"].append(
                discord.SelectOption(label=_deed_label(action.space), value=action.space, description=text)
            )
        elif action.do == "unmortgage":
            text = t(loc, "mega.lift_for", amount=unmortgage_cost(state, action.space))
            out["unmortgage"].append(
                discord.SelectOption(label=_deed_label(action.space), value=action.space, description=text)
            )
    return out


def manage_panel(record: GameRecord, state: Any, player: str) -> tuple[discord.Embed, discord.ui.View]:
    loc = record.locale
    options = manage_options(record, state, player)
    embed = discord.Embed(title=t(loc, "mega.manage_title"))
    me = next(p for p in state.players if p.name == player)
    embed.description = t(loc, "mega.manage_you", cash=me.cash, tickets=me.tickets)
    view = discord.ui.View(timeout=None)
    rows = 0
    for verb, opts in options.items():
        for part, chunk in enumerate(_chunks(opts)):
            if not chunk or rows >= 5:
                continue
            placeholder = t(loc, f"mega.select.{verb}") + (f" ({part + 1})" if len(opts) > MAX_OPTIONS else "")
            view.add_item(GameSelect(record.id, record.version, verb, options=chunk, placeholder=placeholder, row=rows))
            rows += 1
    if rows == 0:
        embed.description += "\n" + t(loc, "mega.manage_nothing")
    return embed, view


def extra_items(record: GameRecord, state: Any) -> list[discord.ui.Item[Any]]:
    """Selects and buttons for what the game waits on, beyond simple verbs."""
    loc, gid, ver = record.locale, record.id, record.version
    items: list[discord.ui.Item[Any]] = []
    front = state.queue[0] if state.queue else None
    waiting = mega.waiting_for(state)
    if waiting == "pick_auction" and front is not None:
        picks = [a.space for a in mega.legal_actions(state, front.player) if a.do == "pick_auction"]
        opts = [discord.SelectOption(label=_deed_label(s), value=s, description=f"${SPACES[s].price}") for s in picks]
        for part, chunk in enumerate(_chunks(opts)):
            if chunk:
                items.append(
                    GameSelect(gid, ver, "pick", str(part), options=chunk, placeholder=t(loc, "mega.select.pick"))
                )
    if waiting == "even_out" and front is not None:
        layouts = [a for a in mega.legal_actions(state, front.player) if a.do == "even_out"]
        members = GROUPS[front.group].members
        before = sum(state.buildings.get(m, 0) for m in members)
        house = GROUPS[front.group].house_cost
        # Discord shows 25 options at most: cheapest first (redistribution, then building up).
        layouts.sort(key=lambda a: (abs(sum(a.layout.values()) - before), -a.tickets))
        opts = []
        for a in layouts[:MAX_OPTIONS]:
            levels = [a.layout[m] for m in members]
            added = sum(levels) - before
            cost = max(0, added - a.tickets) * house if added > 0 else -(-added * (house // 2))
            label = " · ".join(
                f"{SPACES[m].name.split()[0]} {'H' if v == 5 else v}" for m, v in zip(members, levels, strict=True)
            )
            describe = (
                t(loc, "mega.layout_cost", cost=cost, tickets=a.tickets)
                if cost >= 0
                else t(loc, "mega.layout_refund", amount=-cost)
            )
            value = ",".join(str(v) for v in levels) + f"/{a.tickets}"
            opts.append(discord.SelectOption(label=label[:100], value=value, description=describe[:100]))
        if opts:
            items.append(GameSelect(gid, ver, "layout", options=opts, placeholder=t(loc, "mega.select.layout")))
    if waiting == "auction":
        items.append(GameButton(gid, ver, "bid_custom", label=t(loc, "mega.bid_custom")))
    if waiting == "debt":
        items.append(
            GameButton(gid, ver, "bankrupt", label=t(loc, "action.bankrupt"), style=discord.ButtonStyle.danger)
        )
    items.append(GameButton(gid, ver, "manage", label=t(loc, "mega.manage")))
    return items


def debt_line(record: GameRecord, state: Any, names: dict[str, str]) -> str | None:
    front = state.queue[0] if state.queue else None
    if front is None or front.kind != "debt":
        return None
    creditor = names.get(front.creditor, "?") if front.creditor else t(record.locale, "mega.bank")
    me = next(p for p in state.players if p.name == front.debtor)
    return t(
        record.locale,
        "mega.debt",
        debtor=names.get(front.debtor, "?"),
        amount=front.amount,
        creditor=creditor,
        cash=me.cash,
    )


def layout_from(value: str, group_members: list[str]) -> tuple[dict[str, int], int]:
    levels, _, tickets = value.partition("/")
    return dict(zip(group_members, (int(v) for v in levels.split(",")), strict=True)), int(tickets or 0)


def bankrupt_confirm(record: GameRecord) -> tuple[str, discord.ui.View]:
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(
            record.id,
            record.version,
            "bankrupt_yes",
            label=t(record.locale, "mega.bankrupt_yes"),
            style=discord.ButtonStyle.danger,
        )
    )
    return t(record.locale, "mega.bankrupt_sure"), view


class AmountModal(discord.ui.Modal):
    """A modal whose submission the cog handles from the raw interaction (so it works after a restart)."""

    def __init__(self, title: str, custom_id: str, fields: list[tuple[str, str, str]]) -> None:
        super().__init__(title=title[:45], custom_id=custom_id, timeout=None)
        for key, label, default in fields:
            self.add_item(
                discord.ui.TextInput(
                    label=label[:45], custom_id=key, default=default or None, required=False, max_length=9
                )
            )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:  # answered by the cog's listener
        return None


def final_stats(record: GameRecord, state: Any, log: list[LogEntry], names: dict[str, str]) -> list[tuple[str, str]]:
    """Standings with the asset count (M-42), rent collected, dividends and the most landed space."""
    loc = record.locale
    rent: Counter[str] = Counter()
    dividends: Counter[str] = Counter()
    landed: Counter[str] = Counter()
    for entry in log:
        for e in entry.events:
            data = e.get("data", {})
            if e["kind"] == "rent":
                rent[data["owner"]] += data["amount"]
            elif e["kind"] == "dividend":
                dividends[data["holder"]] += data["amount"]
            elif e["kind"] == "moved":
                landed[data["to"]] += 1
    rows = [f"{i + 1}. {names.get(n, '?')} — ${v:,}" for i, (n, v) in enumerate(standings(state))] or ["—"]
    stats = [f"{names.get(n, '?')}: {t(loc, 'mega.rent_collected', amount=rent[n])}" for n in names if rent[n]]
    stats += [f"{names.get(n, '?')}: {t(loc, 'mega.dividends', amount=dividends[n])}" for n in names if dividends[n]]
    if landed:
        space, count = landed.most_common(1)[0]
        stats.append(t(loc, "mega.most_landed", space=SPACES[space].name, count=count))
    return [(t(loc, "game.standings"), "\n".join(rows)), (t(loc, "mega.stats"), "\n".join(stats) or "—")]
