"""Mega Monopoly panels beyond the turn buttons: managing deeds, the Auction-space pick, the
fourth-deed settlement, debts, bankruptcy confirmation and custom bids, with their handlers.
Every option comes from `legal_actions`; nothing here decides a rule."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import error_text, money, t
from bot.service import ServiceError
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_OPTIONS, AmountModal, names_of, parse_amount
from cogs.context import Click
from cogs.mega import words
from engine import mega
from engine.core.errors import IllegalAction
from engine.mega.board import GROUPS, SPACES
from engine.mega.state import DeedAuction, MegaState, PickAuction, ShortageAuction
from engine.mega.table import unmortgage_cost


def _deed_label(space: str, loc: str = "en") -> str:
    info = SPACES[space]
    group = f" · {words.group(loc, info.group)}" if info.group else ""
    return f"{words.space(loc, space)}{group}"[:100]


def _chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)] or [[]]


def manage_options(record: GameRecord, state: MegaState, player: str) -> dict[str, list[discord.SelectOption]]:
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
                discord.SelectOption(label=_deed_label(action.space, loc), value=value, description=text[:100])
            )
        elif action.do == "sell_building":
            info = SPACES[action.space]
            level = state.buildings.get(action.space, 0)
            text = t(loc, "mega.sell_for", level=level, amount=(info.house_cost or 0) // 2)
            out["sell"].append(
                discord.SelectOption(label=_deed_label(action.space, loc), value=action.space, description=text)
            )
        elif action.do == "sell_all_buildings":
            label = t(loc, "mega.sell_group", group=words.group(loc, action.group))
            out["sell"].append(discord.SelectOption(label=label[:100], value=f"group:{action.group}"))
        elif action.do == "mortgage":
            text = t(loc, "mega.mortgage_for", amount=SPACES[action.space].mortgage)
            out["mortgage"].append(
                discord.SelectOption(label=_deed_label(action.space, loc), value=action.space, description=text)
            )
        elif action.do == "unmortgage":
            text = t(loc, "mega.lift_for", amount=unmortgage_cost(state, action.space))
            out["unmortgage"].append(
                discord.SelectOption(label=_deed_label(action.space, loc), value=action.space, description=text)
            )
    return out


def manage_panel(record: GameRecord, state: MegaState, player: str) -> tuple[discord.Embed, discord.ui.View]:
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


def panel_items(record: GameRecord, state: MegaState) -> list[discord.ui.Item[Any]]:
    """Selects and buttons for what the game waits on, beyond simple verbs."""
    loc, gid, ver = record.locale, record.id, record.version
    items: list[discord.ui.Item[Any]] = []
    front = state.queue[0] if state.queue else None
    waiting = mega.waiting_for(state)
    if waiting == "pick_auction" and isinstance(front, PickAuction):
        picks = [a.space for a in mega.legal_actions(state, front.player) if a.do == "pick_auction"]
        opts = [
            discord.SelectOption(label=_deed_label(s, loc), value=s, description=money(loc, SPACES[s].price or 0))
            for s in picks
        ]
        for part, chunk in enumerate(_chunks(opts)):
            if chunk:
                items.append(
                    GameSelect(gid, ver, "pick", str(part), options=chunk, placeholder=t(loc, "mega.select.pick"))
                )
    if waiting == "even_out" and front is not None:
        opts = _layout_options(record, state, front)
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


def _layout_options(record: GameRecord, state: MegaState, front: Any) -> list[discord.SelectOption]:
    """M-31: the fourth-deed layouts, cheapest first (redistribution, then building up): Discord
    shows 25 options at most."""
    loc = record.locale
    layouts = [a for a in mega.legal_actions(state, front.player) if a.do == "even_out"]
    members = GROUPS[front.group].members
    before = sum(state.buildings.get(m, 0) for m in members)
    house = GROUPS[front.group].house_cost
    layouts.sort(key=lambda a: (abs(sum(a.layout.values()) - before), -a.tickets))
    opts = []
    for a in layouts[:MAX_OPTIONS]:
        levels = [a.layout[m] for m in members]
        added = sum(levels) - before
        cost = max(0, added - a.tickets) * house if added > 0 else -(-added * (house // 2))
        label = " · ".join(
            f"{words.space(loc, m)} {'H' if v == 5 else v}" for m, v in zip(members, levels, strict=True)
        )
        describe = (
            t(loc, "mega.layout_cost", cost=cost, tickets=a.tickets)
            if cost >= 0
            else t(loc, "mega.layout_refund", amount=-cost)
        )
        value = ",".join(str(v) for v in levels) + f"/{a.tickets}"
        opts.append(discord.SelectOption(label=label[:100], value=value, description=describe[:100]))
    return opts


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


# --- handlers ----------------------------------------------------------------------------------


async def _seated_in_running_game(click: Click) -> bool:
    if click.record.status != "active" or click.state is None:
        await click.refuse(click.text("error.not_active"))
        return False
    if not click.seated:
        await click.refuse(click.text("error.not_in_game"))
        return False
    return True


async def open_manage(click: Click) -> None:
    if await _seated_in_running_game(click):
        embed, view = manage_panel(click.record, click.state, click.me)
        await click.private(embed=embed, view=view)


async def open_bankruptcy(click: Click) -> None:
    if await _seated_in_running_game(click):
        text, view = bankrupt_confirm(click.record)
        await click.private(text, view=view)


async def open_bid_modal(click: Click) -> None:
    if await _seated_in_running_game(click):
        front = click.state.queue[0] if click.state.queue else None
        lot = f":{front.space}" if front is not None and hasattr(front, "space") else ""
        modal = AmountModal(
            click.text("mega.bid_title"),
            f"mm:{click.record.id}:{click.record.version}:bid_modal{lot}",
            [("amount", click.text("mega.bid_amount"), "")],
        )
        await click.interaction.response.send_modal(modal)


async def _bid(click: Click, amount: int, lot: str | None, from_modal: bool) -> None:
    """A bid counts whenever it still beats the high bid on the same lot, whatever message it came
    from (M-30); otherwise the bidder is told the new high bid and offered fresh amounts."""
    from cogs.mega.message import bid_buttons

    try:
        outcome = await click.act({"do": "bid", "amount": amount, "lot": lot or None})
    except IllegalAction as exc:
        if exc.code not in ("bid_too_low", "auction_changed", "no_auction", "already_high"):
            raise
        record = await click.service.store.get(click.record.id)
        state: MegaState | None = click.service.state_of(record) if record is not None else None
        front = state.queue[0] if state is not None and state.queue else None
        if record is None or state is None or not isinstance(front, (DeedAuction, ShortageAuction)):
            await click.refuse(click.text("error.no_auction"))
            return
        view = discord.ui.View(timeout=None)
        for item in bid_buttons(record, state, bidder=click.me):
            view.add_item(item)
        names = names_of(record)
        high = (
            click.text("mega.high", amount=front.high_bid, player=names.get(front.high_bidder, "?"))
            if front.high_bidder
            else click.text("mega.no_high")
        )
        await click.private(error_text(click.locale, exc) + "\n" + high, view=view)
        return
    if from_modal:
        await click.private(click.text("mega.done"))
        await click.table.edit_game_message(outcome)
    else:
        await click.show(outcome)


async def bid_button(click: Click) -> None:
    amount, _, lot = (click.arg or "").partition(".")
    await _bid(click, int(amount), lot or None, from_modal=False)


async def confirm_bankruptcy(click: Click) -> None:
    outcome = await click.act({"do": "bankrupt"})
    await click.done(outcome)


def _manage_action(verb: str, value: str) -> dict[str, Any]:
    if verb == "build":
        space, _, ticket = value.partition("!")
        return {"do": "build", "space": space, "tickets": 1 if ticket == "t" else 0}
    if verb == "sell" and value.startswith("group:"):
        return {"do": "sell_all_buildings", "group": value.split(":", 1)[1]}
    return {"do": {"sell": "sell_building"}.get(verb, verb), "space": value}


async def manage_choice(click: Click) -> None:
    """Build, sell, mortgage or lift: done from the private panel, which is drawn again."""
    outcome = await click.act(_manage_action(click.verb, click.values[0]))
    state = outcome.state
    if not isinstance(state, MegaState):
        raise ServiceError("not_active")
    embed, view = manage_panel(outcome.record, state, click.me)
    await click.edit(embed=embed, view=view)
    await click.table.edit_game_message(outcome)


async def pick_auction(click: Click) -> None:
    await click.show(await click.act({"do": "pick_auction", "space": click.values[0]}))


async def settle_layout(click: Click) -> None:
    state = click.state
    front = state.queue[0] if state is not None and state.queue else None
    if front is None or front.kind != "even_out":
        raise ServiceError("stale")
    layout, tickets = layout_from(click.values[0], GROUPS[front.group].members)
    await click.show(await click.act({"do": "even_out", "layout": layout, "tickets": tickets}))


async def bid_modal(click: Click) -> None:
    amount = parse_amount(click.fields.get("amount", ""))
    if amount is None:
        await click.refuse(click.text("mega.bad_amount"))
        return
    await _bid(click, amount, click.arg, from_modal=True)
