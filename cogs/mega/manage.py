"""Mega Monopoly's private deeds panel: build, sell, mortgage and lift mortgages, and the way out
of a debt (M-37 … M-40). Every option comes from `legal_actions`; what an option brings is read
off the engine's own result, and a mortgage or a sale asks before it goes through."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.service import ServiceError
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_OPTIONS
from cogs.context import Click
from cogs.mega import words
from cogs.mega.panels import chunks, deed_label, raise_refusal, seated_in_running_game
from cogs.suggest import suggested_move
from engine import mega
from engine.core.errors import IllegalAction
from engine.core.jsondata import JsonObject
from engine.mega.actions import Mortgage, SellAllBuildings, SellBuilding
from engine.mega.board import SPACES
from engine.mega.queries import unmortgage_cost
from engine.mega.state import Debt, MegaState


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
                discord.SelectOption(label=deed_label(action.space, loc), value=value, description=text[:100])
            )
        elif action.do == "sell_building":
            info = SPACES[action.space]
            level = state.buildings.get(action.space, 0)
            text = t(loc, "mega.sell_for", level=level, amount=(info.house_cost or 0) // 2)
            out["sell"].append(
                discord.SelectOption(label=deed_label(action.space, loc), value=action.space, description=text)
            )
        elif action.do == "sell_all_buildings":
            label = t(loc, "mega.sell_group", group=words.group(loc, action.group))
            out["sell"].append(discord.SelectOption(label=label[:100], value=f"group:{action.group}"))
        elif action.do == "mortgage":
            text = t(loc, "mega.mortgage_for", amount=SPACES[action.space].mortgage)
            out["mortgage"].append(
                discord.SelectOption(label=deed_label(action.space, loc), value=action.space, description=text)
            )
        elif action.do == "unmortgage":
            text = t(loc, "mega.lift_for", amount=unmortgage_cost(state, action.space))
            out["unmortgage"].append(
                discord.SelectOption(label=deed_label(action.space, loc), value=action.space, description=text)
            )
    return out


def proceeds(state: MegaState, player: str, action: JsonObject) -> int | None:
    """What a mortgage or a sale brings the player, as the engine pays it (None: refused). Not
    their cash afterwards: with a debt open, that cash pays the debt at once (M-36)."""
    try:
        _, events = mega.apply(state, player, action)
    except IllegalAction:
        return None
    return sum(e.data["delta"] for e in events if e.kind == "cash" and e.player == player and e.data["delta"] > 0)


def raisable(state: MegaState, player: str) -> int:
    """What selling every building and mortgaging every deed would bring (M-37, M-39)."""
    total = 0
    for group in {SPACES[d].group for d, o in state.owner.items() if o == player and state.buildings.get(d)}:
        total += proceeds(state, player, {"do": "sell_all_buildings", "group": group}) or 0
    mortgages = [d for d, o in state.owner.items() if o == player and d not in state.mortgaged]
    return total + sum(SPACES[d].mortgage or 0 for d in mortgages)


def debt_of(state: MegaState, player: str) -> Debt | None:
    front = state.queue[0] if state.queue else None
    return front if front is not None and front.kind == "debt" and front.debtor == player else None


def manage_panel(record: GameRecord, state: MegaState, player: str) -> tuple[discord.Embed, discord.ui.View]:
    loc = record.locale
    options = manage_options(record, state, player)
    embed = discord.Embed(title=t(loc, "mega.manage_title"))
    me = next(p for p in state.players if p.name == player)
    embed.description = t(loc, "mega.manage_you", cash=me.cash, tickets=me.tickets)
    debt = debt_of(state, player)
    if debt is not None:
        total = raisable(state, player)
        missing = max(0, debt.amount - me.cash)
        key = "mega.manage_debt" if total >= missing else "mega.manage_debt_short"
        params = {"amount": debt.amount, "cash": me.cash, "missing": missing, "total": total}
        embed.description = t(loc, key, **params) + "\n" + embed.description
    view = discord.ui.View(timeout=None)
    rows = 0
    if debt is not None:  # the way out, named and highlighted; the selects stay for a choice of one's own
        suggested = _debt_suggestion(record, state, player)
        if suggested is not None:
            view.add_item(suggested)
            rows += 1
    for verb, opts in options.items():
        for part, chunk in enumerate(chunks(opts)):
            if not chunk or rows >= 5:
                continue
            placeholder = t(loc, f"mega.select.{verb}") + (f" ({part + 1})" if len(opts) > MAX_OPTIONS else "")
            view.add_item(GameSelect(record.id, record.version, verb, options=chunk, placeholder=placeholder, row=rows))
            rows += 1
    if rows == 0 and state.queue:  # M-27: not while something is pending; say what
        waited = t(loc, f"status.waiting.{mega.waiting_for(state)}")
        embed.description += "\n" + t(loc, "mega.manage_wait", what=waited)
    elif rows == 0:
        embed.description += "\n" + t(loc, "mega.manage_nothing")
    return embed, view


def _debt_suggestion(record: GameRecord, state: MegaState, player: str) -> GameButton | None:
    """What a normal computer would do about this debt, as the panel's main button: a mortgage or
    a sale (asked first, like any), or bankruptcy (behind its confirmation)."""
    loc = record.locale
    move = suggested_move(record, state, player)
    if move is None:
        return None
    primary = discord.ButtonStyle.primary
    if move.do == "bankrupt":
        return GameButton(record.id, record.version, "bankrupt", label=t(loc, "action.bankrupt"), style=primary)
    if isinstance(move, Mortgage | SellBuilding):
        verb, value = ("mortgage" if move.do == "mortgage" else "sell"), move.space
    elif isinstance(move, SellAllBuildings):
        verb, value = "sell", f"group:{move.group}"
    else:
        return None
    gain = proceeds(state, player, _manage_action(verb, value))
    if gain is None:
        return None
    if isinstance(move, SellAllBuildings):
        label = t(loc, "mega.suggest.sell_all", group=words.group(loc, move.group), amount=gain)
    else:
        key = "mega.suggest.mortgage" if verb == "mortgage" else "mega.suggest.sell"
        label = t(loc, key, space=words.space(loc, value), amount=gain)
    return GameButton(record.id, record.version, "manage_ask", _choice_arg(verb, value), label=label, style=primary)


def _choice_arg(verb: str, value: str) -> str:
    """A mortgage or sale as a button's arg ("sell+group-red"; custom_ids allow no colon)."""
    return f"{verb}+{value.replace('group:', 'group-', 1)}"


def _choice_of(arg: str | None) -> tuple[str, str]:
    """The (verb, select value) a `_choice_arg` names; a forged one is refused as out of date."""
    verb, _, value = (arg or "").partition("+")
    if verb not in ("mortgage", "sell") or not value:
        raise ServiceError("stale")
    return verb, value.replace("group-", "group:", 1)


async def ask_suggested(click: Click) -> None:
    """The debt panel's main button: the same question as picking it from a select."""
    await _ask_first(click, *_choice_of(click.arg))


async def open_manage(click: Click) -> None:
    """The private panel; from its own "Back" button (a confirmation), drawn again in place."""
    if await seated_in_running_game(click):
        embed, view = manage_panel(click.record, click.state, click.me)
        message = click.interaction.message
        if message is not None and message.flags.ephemeral:
            await click.edit(content=None, embed=embed, view=view)
        else:
            await click.private(embed=embed, view=view)


def _manage_action(verb: str, value: str) -> JsonObject:
    if verb == "build":
        space, _, ticket = value.partition("!")
        return {"do": "build", "space": space, "tickets": 1 if ticket == "t" else 0}
    group = _whole_group(verb, value)
    if group is not None:
        return {"do": "sell_all_buildings", "group": group}
    return {"do": {"sell": "sell_building"}.get(verb, verb), "space": value}


def _whole_group(verb: str, value: str) -> str | None:
    """The group whose buildings a sale option sells all at once (its value `group:<name>`), else None."""
    return value.split(":", 1)[1] if verb == "sell" and value.startswith("group:") else None


async def manage_choice(click: Click) -> None:
    """Build or lift: done from the private panel, which is drawn again; a mortgage or a sale
    first asks, with what it brings and what would still be missing."""
    if click.verb in ("mortgage", "sell"):
        await _ask_first(click, click.verb, click.values[0])
        return
    await _managed(click, _manage_action(click.verb, click.values[0]))


async def _managed(click: Click, action: JsonObject) -> None:
    outcome = await click.act(action)
    state = outcome.state
    if not isinstance(state, MegaState):
        raise ServiceError("not_active")
    embed, view = manage_panel(outcome.record, state, click.me)
    await click.edit(content=click.done_text(outcome), embed=embed, view=view)  # what it did, above the panel
    await click.desk.messages.edit_game_message(outcome)


async def _ask_first(click: Click, verb: str, value: str) -> None:
    state = click.state
    if not isinstance(state, MegaState):
        raise ServiceError("not_active")
    action = _manage_action(verb, value)
    me = next(p for p in state.players if p.name == click.me)
    gain = proceeds(state, click.me, action)
    if gain is None:
        raise_refusal(click, action)
    loc = click.locale
    after = me.cash + gain
    group = _whole_group(verb, value)
    if group is not None:
        text = t(loc, "mega.confirm_sell_group", group=words.group(loc, group), amount=gain, cash=after)
    else:
        key = "mega.confirm_mortgage" if verb == "mortgage" else "mega.confirm_sell"
        text = t(loc, key, space=words.space(loc, value), amount=gain, cash=after)
    debt = debt_of(state, click.me)
    if debt is not None and after < debt.amount:
        text += t(loc, "mega.confirm_still", missing=debt.amount - after)
    elif debt is not None:  # M-36: paid as soon as the cash covers it
        text += t(loc, "mega.confirm_pays", amount=debt.amount, left=after - debt.amount)
    arg = _choice_arg(verb, value)
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(
            click.record.id,
            click.record.version,
            "manage_yes",
            arg,
            label=t(loc, "mega.confirm_yes"),
            style=discord.ButtonStyle.primary,
        )
    )
    view.add_item(GameButton(click.record.id, click.record.version, "manage", label=t(loc, "mega.confirm_back")))
    await click.edit(content=text, embed=None, view=view)


async def confirm_manage(click: Click) -> None:
    """The confirmed mortgage or sale, then the panel again."""
    await _managed(click, _manage_action(*_choice_of(click.arg)))
