"""The Mega Monopoly game message: status lines, player fields, buttons, events in words and the
final statistics. Reads state, never changes it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord, LogEntry
from cogs.buttons import GameButton, action_buttons
from cogs.mega.panels import panel_items
from engine.mega import legal
from engine.mega.assets import standings
from engine.mega.board import BOARD, SPACES

# Buttons that need no more input, in the order they are shown.
VERBS = ("roll", "pay_fine", "use_jail_card", "buy", "decline", "throw", "pass", "end_turn", "choose_gift")
PRIMARY = frozenset({"roll", "buy"})


def status_lines(record: GameRecord, state: Any, names: dict[str, str]) -> list[str]:
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
        out.append(t(loc, "ui.auction_of", space=SPACES[front.space].name))
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
    debt = debt_line(record, state, names)
    if debt:
        out.append(debt)
    return out


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


def player_fields(record: GameRecord, state: Any, names: dict[str, str]) -> list[tuple[str, str]]:
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


def items(record: GameRecord, state: Any) -> list[discord.ui.Item[Any]]:
    """The turn's buttons, then the panels and selects, then the bid buttons of an auction."""
    out = action_buttons(record, state, legal, VERBS, {"choose_gift": "take"}, PRIMARY)
    out += panel_items(record, state)
    front = state.queue[0] if state.queue else None
    players = {*legal.to_act(state), state.players[state.turn].name}
    bidding = any(a.do == "bid" for player in players for a in legal.legal_actions(state, player))
    if bidding and front is not None and front.kind in ("auction", "shortage"):
        base = front.high_bid if front.high_bidder is not None else 0
        for step in (1, 10, 50, 100):
            amount = max(base + step, 1)
            label = t(record.locale, "ui.bid", amount=amount)
            out.append(GameButton(record.id, record.version, "bid", str(amount), label=label))
    return out


def describe(record: GameRecord, event: Any, names: dict[str, str]) -> str | None:
    if getattr(event, "visible_to", None) is not None:
        return None
    loc = record.locale
    data = dict(event.data)
    who = names.get(event.player or "", "")
    kind = event.kind
    if kind == "dice":
        return t(loc, "ev.dice", player=who, white1=data["white"][0], white2=data["white"][1], speed=data["speed"])
    if kind in ("moved", "bought", "auction_won", "auction_unsold"):
        space = SPACES.get(data.get("to") or data.get("space") or "")
        nums = {k: v for k, v in data.items() if k in ("price", "amount")}
        return t(loc, f"ev.{kind}", player=who, space=space.name if space else "?", **nums)
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
    if kind in ("jailed", "bankrupt", "turn", "game_over"):
        return t(loc, f"ev.{kind}", player=who)
    return None


def final_fields(record: GameRecord, state: Any, log: list[LogEntry], names: dict[str, str]) -> list[tuple[str, str]]:
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
