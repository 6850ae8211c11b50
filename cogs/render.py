"""Embeds and buttons for the lobby and the game message. Reads state, never changes it.
Bingo is drawn from `view_for(state, None)`, so hidden numbers never reach a public message."""

from __future__ import annotations

from typing import Any

import discord
from discord.utils import escape_markdown, escape_mentions

from bot.i18n import t
from bot.store import GameRecord
from cogs.buttons import GameButton
from engine import bingo, games
from engine.mega.board import BOARD, SPACES

COLOURS = {"mega": discord.Colour.from_rgb(200, 30, 45), "bingo": discord.Colour.from_rgb(40, 110, 200)}
MAX_EVENTS = 6


def safe_name(name: str) -> str:
    return escape_markdown(escape_mentions(name))[:64]


def names_of(record: GameRecord) -> dict[str, str]:
    return {str(p.id): safe_name(p.name) for p in record.lobby.players}


# --- lobby -------------------------------------------------------------------------------------


def lobby_embed(record: GameRecord) -> discord.Embed:
    loc = record.locale
    limit = games.RULES[record.kind].max_players
    names = names_of(record)
    embed = discord.Embed(title=t(loc, f"lobby.title.{record.kind}"), colour=COLOURS[record.kind])
    embed.description = t(loc, "lobby.hint")
    embed.add_field(
        name=t(loc, "lobby.players", count=len(record.lobby.players), max=limit),
        value="\n".join(f"{i + 1}. {names[str(p.id)]}" for i, p in enumerate(record.lobby.players))
        or t(loc, "lobby.empty"),
        inline=False,
    )
    embed.set_footer(text=t(loc, "lobby.host", host=names.get(str(record.host_id), "?")))
    return embed


def lobby_view(record: GameRecord) -> discord.ui.View:
    loc, gid, ver = record.locale, record.id, record.version
    view = discord.ui.View(timeout=None)
    if record.status != "lobby":
        return view
    view.add_item(GameButton(gid, ver, "join", label=t(loc, "ui.join"), style=discord.ButtonStyle.success))
    view.add_item(GameButton(gid, ver, "leave", label=t(loc, "ui.leave")))
    view.add_item(GameButton(gid, ver, "add_cpu", label=t(loc, "ui.add_cpu")))
    view.add_item(GameButton(gid, ver, "start", label=t(loc, "ui.start"), style=discord.ButtonStyle.primary))
    view.add_item(GameButton(gid, ver, "cancel", label=t(loc, "ui.cancel"), style=discord.ButtonStyle.danger))
    return view


def closed_lobby_embed(record: GameRecord) -> discord.Embed:
    return discord.Embed(
        title=t(record.locale, f"lobby.title.{record.kind}"), description=t(record.locale, "lobby.cancelled")
    )


# --- the game message --------------------------------------------------------------------------


def game_embed(
    record: GameRecord, state: Any, events: list[Any] | None = None, extra_fields: list[tuple[str, str]] | None = None
) -> discord.Embed:
    loc = record.locale
    names = names_of(record)
    embed = discord.Embed(title=t(loc, f"game.title.{record.kind}"), colour=COLOURS[record.kind])
    lines: list[str] = []
    waiting = games.waiting_for(record.kind, state)
    if games.is_over(state):
        winners = ", ".join(names.get(w, w) for w in games.winners(record.kind, state)) or "—"
        lines.append(t(loc, "game.over", winners=winners) if record.status == "finished" else t(loc, "game.stopped"))
    else:
        lines.append(t(loc, "game.turn", player=names.get(state.players[state.turn].name, "?")))
        lines.append(t(loc, "game.waiting", what=t(loc, f"status.waiting.{waiting}")))
        if record.deadline is not None:
            lines.append(t(loc, "game.deadline", when=f"<t:{int(record.deadline)}:R>"))
    if record.kind == "mega":
        lines += _mega_lines(record, state, names)
    else:
        lines += _bingo_lines(record, state, names)
    described = [d for d in (describe(record, e) for e in events or []) if d][-MAX_EVENTS:]
    if described:
        lines.append("")
        lines += [f"• {d}" for d in described]
    embed.description = "\n".join(lines)[:4000]
    for field_name, value in (
        _mega_players(record, state, names) if record.kind == "mega" else _bingo_players(record, state, names)
    ):
        embed.add_field(name=field_name[:256], value=value[:1024] or "—", inline=True)
    for field_name, value in extra_fields or []:
        embed.add_field(name=field_name[:256], value=value[:1024] or "—", inline=False)
    embed.set_footer(text=t(loc, "game.version", game=record.id, version=record.version))
    return embed


def _mega_lines(record: GameRecord, state: Any, names: dict[str, str]) -> list[str]:
    loc = record.locale
    out = []
    if state.last_roll is not None:
        w1, w2 = state.last_roll.white
        out.append(t(loc, "ui.last_roll", white1=w1, white2=w2, speed=state.last_roll.speed))
    front = state.queue[0] if state.queue else None
    if front is not None and front.kind == "shortage":
        piece = t(loc, "mega.hotel") if front.piece == "hotel" else t(loc, "mega.house")
        out.append(t(loc, "mega.shortage", piece=piece, builder=names.get(front.builder, "?"), price=front.list_price))
    elif front is not None and front.kind == "auction":
        space = SPACES[front.space].name
        out.append(t(loc, "ui.auction_of", space=space))
    if front is not None and front.kind == "even_out":
        who = names.get(front.player, "?")
        street = SPACES[front.new_street].name
        key = "mega.settle_mortgaged" if front.needs_unmortgage else "mega.settle"
        out.append(t(loc, key, player=who, street=street))
    if front is not None and front.kind == "place_building":
        out.append(t(loc, "mega.place", player=names.get(front.player, "?")))
    if front is not None and front.kind in ("auction", "shortage"):
        if front.high_bidder is not None:
            out.append(t(loc, "ui.high_bid", amount=front.high_bid, player=names.get(front.high_bidder, "?")))
        else:
            out.append(t(loc, "ui.no_bid"))
    from cogs.mega_ui import debt_line

    debt = debt_line(record, state, names)
    if debt:
        out.append(debt)
    return out


def _mega_players(record: GameRecord, state: Any, names: dict[str, str]) -> list[tuple[str, str]]:
    """Per player: cash, deeds, tickets, jail and position on one line; the deeds (* = mortgaged) below."""
    loc = record.locale
    fields = []
    for p in state.players:
        if p.bankrupt:
            fields.append((names.get(p.name, "?"), t(loc, "ui.bankrupt")))
            continue
        deeds = sorted((d for d, o in state.owner.items() if o == p.name), key=lambda d: SPACES[d].index)
        bits = [t(loc, "ui.dollar", amount=p.cash), t(loc, "ui.deeds", count=len(deeds))]
        if p.tickets:
            bits.append(t(loc, "ui.tickets", count=p.tickets))
        bits.append(t(loc, "ui.in_jail") if p.in_jail else BOARD.spaces[p.position].name)
        listed = ", ".join(SPACES[d].name.replace(" Avenue", "") + ("*" if d in state.mortgaged else "") for d in deeds)
        fields.append((names.get(p.name, "?"), " · ".join(bits) + (f"\n{listed}" if listed else "")))
    return fields


def _bingo_lines(record: GameRecord, state: Any, names: dict[str, str]) -> list[str]:
    loc = record.locale
    view = bingo.view_for(state, None)
    out = []
    if view.drawn:
        out.append(t(loc, "ui.drawn", cards=" ".join(view.drawn)))
    if view.declared is not None:
        out.append(t(loc, "ui.declared", number=view.declared))
    return out


def _bingo_players(record: GameRecord, state: Any, names: dict[str, str]) -> list[tuple[str, str]]:
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


# Verbs a button can carry without more input, in the order they are shown.
SIMPLE_VERBS = (
    "roll",
    "pay_fine",
    "use_jail_card",
    "buy",
    "decline",
    "throw",
    "draw",
    "claim",
    "pass_claim",
    "pass",
    "end_turn",
)


def game_view(record: GameRecord, state: Any) -> discord.ui.View:
    """Buttons from the legal actions of whoever the game waits on; the engine decides, not the UI."""
    view = discord.ui.View(timeout=None)
    if record.status != "active" or games.is_over(state):
        return view
    loc, gid, ver = record.locale, record.id, record.version
    verbs: list[tuple[str, str | None]] = []
    bids: set[int] = set()
    for player in {*games.to_act(record.kind, state), state.players[state.turn].name}:
        for action in games.legal_actions(record.kind, state, player):
            if action.do in SIMPLE_VERBS:
                verbs.append((action.do, None))
            elif action.do == "choose_gift":
                verbs.append(("choose_gift", action.take))
            elif action.do == "bid":
                bids.add(action.amount)
    seen: set[tuple[str, str | None]] = set()
    count = 0
    for verb, arg in sorted(set(verbs), key=lambda v: (*SIMPLE_VERBS, "choose_gift").index(v[0])):
        if (verb, arg) in seen or count >= 20:
            continue
        seen.add((verb, arg))
        label = t(loc, f"action.{verb}" + (f".{arg}" if arg else ""))
        style = (
            discord.ButtonStyle.primary if verb in ("roll", "buy", "draw", "claim") else discord.ButtonStyle.secondary
        )
        view.add_item(GameButton(gid, ver, verb, arg, label=label, style=style))
        count += 1
    if record.kind == "mega":
        from cogs.mega_ui import extra_items

        for item in extra_items(record, state):
            if count < 25:
                view.add_item(item)
                count += 1
    if record.kind == "bingo":
        from cogs.bingo_ui import extra_items as bingo_items

        for item in bingo_items(record, state):
            if count < 25:
                view.add_item(item)
                count += 1
    if record.kind == "bingo" and count < 25:
        view.add_item(GameButton(gid, ver, "my_card", label=t(loc, "ui.my_card"), style=discord.ButtonStyle.success))
        count += 1
    front = state.queue[0] if record.kind == "mega" and state.queue else None
    if bids and front is not None and front.kind in ("auction", "shortage"):
        base = front.high_bid if front.high_bidder is not None else 0
        for step in (1, 10, 50, 100):
            amount = max(base + step, 1)
            if count < 25:
                view.add_item(GameButton(gid, ver, "bid", str(amount), label=t(loc, "ui.bid", amount=amount)))
                count += 1
    return view


# --- events in words ---------------------------------------------------------------------------


def describe(record: GameRecord, event: Any) -> str | None:
    """A public event in the game's language, or None for events not shown (or secret ones)."""
    if getattr(event, "visible_to", None) is not None:
        return None
    loc = record.locale
    names = names_of(record)
    data = dict(event.data)
    who = names.get(event.player or "", "")
    kind = event.kind
    if kind == "dice":
        return t(loc, "ev.dice", player=who, white1=data["white"][0], white2=data["white"][1], speed=data["speed"])
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
    if kind in ("moved", "bought", "auction_won", "auction_unsold"):
        space = SPACES.get(data.get("to") or data.get("space") or "")
        return t(loc, f"ev.{kind}", player=who, space=space.name if space else "?", **_nums(data))
    if kind == "rent":
        space = SPACES.get(data["space"])
        return t(
            loc,
            "ev.rent",
            player=who,
            owner=names.get(data["owner"], "?"),
            amount=data["amount"],
            space=space.name if space else "?",
        )
    if kind == "dividend":
        return t(loc, "ev.dividend", player=who, holder=names.get(data["holder"], "?"), amount=data["amount"])
    if kind == "card":
        return t(loc, "ev.card", player=who, text=BOARD.card(data["card"]).text)
    if kind == "drew":
        return t(loc, "ev.drew", player=who, cards=" ".join(data["ranks"]))
    if kind in ("declared", "claim_won"):
        return t(loc, f"ev.{kind}", player=who, number=data["number"])
    if kind == "monopoly_won":
        return t(loc, "ev.monopoly_won", player=who, column=data["column"])
    if kind in ("jailed", "bankrupt", "detained", "eliminated", "turn", "game_over"):
        return t(loc, f"ev.{kind}", player=who)
    return None


def _nums(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k in ("price", "amount")}
