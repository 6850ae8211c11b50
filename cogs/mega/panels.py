"""Mega Monopoly panels beyond the turn buttons: managing deeds, the Auction-space pick, the
fourth-deed settlement, debts, bankruptcy confirmation and custom bids, with their handlers.
Every option comes from `legal_actions`; nothing here decides a rule."""

from __future__ import annotations

from typing import NoReturn

import discord

from bot.i18n import error_text, listed, money, t
from bot.service import ServiceError
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_OPTIONS, AmountModal, names_of, parse_amount
from cogs.context import Click
from cogs.discord_types import Item
from cogs.mega import words
from cogs.mega.bids import bid_buttons
from cogs.suggest import suggestion_button
from engine import mega
from engine.core.errors import IllegalAction
from engine.core.jsondata import JsonObject
from engine.mega.actions import Bid, DeclareBankruptcy, MegaAction
from engine.mega.board import GROUPS, SPACES
from engine.mega.state import DeedAuction, EvenOut, MegaState, PickAuction, ShortageAuction


def deed_label(space: str, loc: str = "en") -> str:
    info = SPACES[space]
    group = f" · {words.group(loc, info.group)}" if info.group else ""
    return f"{words.space(loc, space)}{group}"[:100]


def chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)] or [[]]


def panel_items(record: GameRecord, state: MegaState) -> list[Item]:
    """Selects and buttons for what the game waits on, beyond simple verbs."""
    loc, gid, ver = record.locale, record.id, record.version
    items: list[Item] = []
    front = state.queue[0] if state.queue else None
    waiting = mega.waiting_for(state)
    chooser = getattr(front, "player", None)
    if waiting in SUGGESTED and isinstance(chooser, str):  # a choice in a select: its main move, named
        button = suggestion_button(record, state, chooser, SUGGESTED[waiting], suggestion)
        items += [button] if button is not None else []
    if waiting == "pick_auction" and isinstance(front, PickAuction):
        picks = [a.space for a in mega.legal_actions(state, front.player) if a.do == "pick_auction"]
        items += _pick_select(record, picks)
    if waiting == "even_out" and isinstance(front, EvenOut):
        opts = _layout_options(record, state, front)
        if opts:
            placeholder = t(loc, "mega.select.layout", streets=levels_order_hint(loc, front))
            items.append(GameSelect(gid, ver, "layout", options=opts, placeholder=placeholder[:150]))
    if waiting == "auction":
        items.append(GameButton(gid, ver, "bid_custom", label=t(loc, "mega.bid_custom")))
    if waiting == "debt" and front is not None and front.kind == "debt":
        # The way out of a debt is raising the money (the main move); bankruptcy asks first.
        debtor = next(p for p in state.players if p.name == front.debtor)
        missing = max(0, front.amount - debtor.cash)
        label = t(loc, "mega.raise", amount=missing)
        items.append(GameButton(gid, ver, "manage", label=label, style=discord.ButtonStyle.primary))
        items.append(GameButton(gid, ver, "bankrupt", label=t(loc, "action.bankrupt")))
        return items
    items.append(manage_button(record))
    return items


def manage_button(record: GameRecord) -> GameButton:
    """Manage deeds: every player's own panel, whoever the game waits on (M-27)."""
    return GameButton(record.id, record.version, "manage", label=t(record.locale, "mega.manage"))


def _pick_select(record: GameRecord, picks: list[str]) -> list[Item]:
    """One select for the Auction space (M-26): the deeds themselves when they fit, else their
    colour groups first (the deeds of the chosen group then come privately)."""
    loc, gid, ver = record.locale, record.id, record.version
    if not picks:
        return []
    if len(picks) <= MAX_OPTIONS:
        opts = [_pick_option(loc, s) for s in picks]
        return [GameSelect(gid, ver, "pick", options=opts, placeholder=t(loc, "mega.select.pick"))]
    groups: dict[str, list[str]] = {}
    for space in picks:
        groups.setdefault(_kind_of(space), []).append(space)
    opts = [
        discord.SelectOption(
            label=t(loc, "mega.pick_group", group=_kind_name(loc, key), count=len(spaces))[:100],
            value=key,
            description=listed(loc, [words.space(loc, s) for s in spaces])[:100],
        )
        for key, spaces in groups.items()
    ]
    return [GameSelect(gid, ver, "pick_group", options=opts[:MAX_OPTIONS], placeholder=t(loc, "mega.select.pick"))]


def _pick_option(loc: str, space: str) -> discord.SelectOption:
    return discord.SelectOption(
        label=deed_label(space, loc), value=space, description=money(loc, SPACES[space].price or 0)
    )


def _kind_of(space: str) -> str:
    info = SPACES[space]
    return info.group or info.kind


def _kind_name(loc: str, key: str) -> str:
    return t(loc, f"mega.kind.{key}") if key in ("railroad", "utility") else words.group(loc, key)


# The choices made in a select whose suggested move gets a highlighted button (`cogs.suggest`).
SUGGESTED = {
    "pick_auction": frozenset({"pick_auction"}),
    "even_out": frozenset({"even_out", "sell_all_buildings"}),
    "place_building": frozenset({"build"}),
}


def suggestion(record: GameRecord, state: MegaState, action: MegaAction) -> str | None:
    """A suggested move in words, for its button."""
    loc = record.locale
    if action.do == "pick_auction":
        return t(loc, "mega.suggest.pick", space=words.space(loc, action.space), price=SPACES[action.space].price or 0)
    front = state.queue[0] if state.queue else None
    if action.do == "even_out" and isinstance(front, EvenOut):
        levels = [action.layout[m] for m in GROUPS[front.group].members]
        cost = layout_cost_text(loc, state, front, levels, action.tickets)
        return t(loc, "mega.suggest.layout", layout=levels_text(levels), cost=cost)
    if action.do == "build":
        return t(loc, "mega.suggest.build", space=words.space(loc, action.space))
    if action.do == "sell_all_buildings":
        return t(loc, "mega.suggest.sell_group", group=words.group(loc, action.group))
    return None


def _layout_options(record: GameRecord, state: MegaState, front: EvenOut) -> list[discord.SelectOption]:
    """M-31: the fourth-deed layouts, cheapest first (redistribution, then building up): Discord
    shows 25 options at most."""
    loc = record.locale
    layouts = [a for a in mega.legal_actions(state, front.player) if a.do == "even_out"]
    members = GROUPS[front.group].members
    before = sum(state.buildings.get(m, 0) for m in members)
    layouts.sort(key=lambda a: (abs(sum(a.layout.values()) - before), -a.tickets))
    opts = []
    for a in layouts[:MAX_OPTIONS]:
        levels = [a.layout[m] for m in members]
        describe = layout_cost_text(loc, state, front, levels, a.tickets)
        value = ",".join(str(v) for v in levels) + f"/{a.tickets}"
        opts.append(discord.SelectOption(label=levels_text(levels), value=value, description=describe[:100]))
    return opts


def layout_cost_text(loc: str, state: MegaState, front: EvenOut, levels: list[int], tickets: int) -> str:
    """What a layout costs (M-31: buildings added at the house price, tickets paying for some) or
    brings back (removed ones sold at half price)."""
    group = GROUPS[front.group]
    added = sum(levels) - sum(state.buildings.get(m, 0) for m in group.members)
    if added < 0:
        return t(loc, "mega.layout_refund", amount=-added * (group.house_cost // 2))
    cost = max(0, added - tickets) * group.house_cost
    if tickets:
        return t(loc, "mega.layout_cost_tickets", cost=cost, tickets=tickets)
    return t(loc, "mega.layout_cost", cost=cost)


def levels_order_hint(loc: str, front: EvenOut) -> str:
    """The streets a layout's numbers stand for, in order, for the select's placeholder."""
    return " · ".join(words.space(loc, m) for m in GROUPS[front.group].members)


def levels_text(levels: list[int]) -> str:
    """A layout as the buildings on each street in board order ("2 · 2 · 1 · H"): short enough
    for any button or option; the streets' order is said beside it (`layout_order`)."""
    return " · ".join("H" if v == 5 else str(v) for v in levels)


def layout_order(loc: str, state: MegaState, front: EvenOut) -> str:
    """The group's streets in board order with their buildings now (M-31): what the numbers of a
    layout stand for."""
    now = levels_text([state.buildings.get(m, 0) for m in GROUPS[front.group].members])
    return t(loc, "mega.layout_order", streets=levels_order_hint(loc, front), now=now)


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


async def seated_in_running_game(click: Click) -> bool:
    if click.record.status != "active" or click.state is None:
        await click.refuse(click.text("error.not_active"))
        return False
    if not click.seated:
        await click.refuse(click.text("error.not_in_game"))
        return False
    return True


def raise_refusal(click: Click, action: MegaAction | JsonObject, *, moment_passed: bool = False) -> NoReturn:
    """A move the clicker cannot make now, answered before anything is asked of them: a button of
    an older message whose moment has passed is out of date (what the table waits for now);
    otherwise the engine's own reason, in words."""
    if moment_passed and click.version != click.record.version:
        raise ServiceError("stale")
    mega.apply(click.state, click.me, action)  # raises the engine's refusal
    raise ServiceError("stale")  # accepted after all: the table moved on since it was asked


async def open_bankruptcy(click: Click) -> None:
    """Asks first (M-36), and only while the clicker may go bankrupt: a press on an older message
    whose debt is settled is out of date, not a question about a debt that is gone."""
    if await seated_in_running_game(click):
        if not any(a.do == "bankrupt" for a in mega.legal_actions(click.state, click.me)):
            raise_refusal(click, DeclareBankruptcy(), moment_passed=True)
        text, view = bankrupt_confirm(click.record)
        await click.private(text, view=view)


async def open_bid_modal(click: Click) -> None:
    """The amount box, only while a bid of the clicker's could count (M-30): one who has passed,
    holds the high bid or pressed Bid… on a message whose auction is over is told at once, not
    after typing an amount."""
    if await seated_in_running_game(click):
        front = click.state.queue[0] if click.state.queue else None
        if mega.bid_range(click.state, click.me) is None:
            raise_refusal(click, Bid(amount=1), moment_passed=not isinstance(front, (DeedAuction, ShortageAuction)))
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
    try:
        outcome = await click.act({"do": "bid", "amount": amount, "lot": lot or None})
    except IllegalAction as exc:
        if exc.code not in ("bid_too_low", "auction_changed", "no_auction", "already_high"):
            raise
        record = await click.service.store.games.get(click.record.id)
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
        await click.private(click.done_text(outcome))
        await click.desk.messages.edit_game_message(outcome)
    else:
        await click.show(outcome)


async def bid_button(click: Click) -> None:
    amount, _, lot = (click.arg or "").partition(".")
    await _bid(click, int(amount), lot or None, from_modal=False)


async def confirm_bankruptcy(click: Click) -> None:
    outcome = await click.act({"do": "bankrupt"})
    await click.done(outcome)


async def pick_auction(click: Click) -> None:
    # Picked from a group's private list, it says done there (Click.show).
    await click.show(await click.act({"do": "pick_auction", "space": click.values[0]}))


async def pick_group(click: Click) -> None:
    """A colour group chosen for the Auction space: its unsold deeds, privately, to the picker."""
    state = click.state
    front = state.queue[0] if isinstance(state, MegaState) and state.queue else None
    if not isinstance(front, PickAuction):
        raise ServiceError("stale")
    if front.player != click.me:
        await click.refuse(click.text("error.not_your_choice"))
        return
    picks = [a.space for a in mega.legal_actions(state, click.me) if a.do == "pick_auction"]
    chosen = [s for s in picks if _kind_of(s) == click.values[0]][:MAX_OPTIONS]
    if not chosen:
        raise ServiceError("stale")
    view = discord.ui.View(timeout=None)
    opts = [_pick_option(click.locale, s) for s in chosen]
    view.add_item(
        GameSelect(
            click.record.id, click.record.version, "pick", options=opts, placeholder=click.text("mega.select.pick")
        )
    )
    await click.private(view=view)


async def settle_layout(click: Click) -> None:
    state = click.state
    front = state.queue[0] if state is not None and state.queue else None
    if front is None or front.kind != "even_out":
        raise ServiceError("stale")
    layout, tickets = layout_from(click.values[0], GROUPS[front.group].members)
    await click.show(await click.act({"do": "even_out", "layout": {**layout}, "tickets": tickets}))


async def bid_modal(click: Click) -> None:
    amount = parse_amount(click.fields.get("amount", ""))
    if amount is None:
        await click.refuse(click.text("mega.bad_amount"))
        return
    await _bid(click, amount, click.arg, from_modal=True)
