"""Mega Monopoly in words: names of spaces, groups and pieces in the game's language, and every
event described with its amounts and reasons. Used by the message, the history and the panels."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.mega.board import SPACES

# Money moves that a richer event already tells (rent, purchase, building…); the others are told
# from the cash event itself, with its reason.
TOLD_ELSEWHERE = frozenset({"rent", "dividend", "purchase", "auction", "mortgage", "tax", "trade"})


def listed(loc: str, parts: list[str]) -> str:
    """A list in the language's own way: "a, b" or 「a、b」."""
    return ("、" if loc == "ja" else ", ").join(parts)


def space(loc: str, space_id: str) -> str:
    return t(loc, f"space.{space_id}") if space_id in SPACES else space_id


def group(loc: str, group_id: str | None) -> str:
    return t(loc, f"group.{group_id}") if group_id else ""


def group_of(loc: str, space_id: str) -> str:
    info = SPACES[space_id]
    if info.group:
        return group(loc, info.group)
    return t(loc, "mega.kind.railroad") if info.kind == "railroad" else t(loc, "mega.kind.utility")


def level(loc: str, value: int) -> str:
    if value == 5:
        return t(loc, "level.hotel")
    return t(loc, "level.houses", count=value) if value else t(loc, "level.none")


def speed(loc: str, face: Any) -> str:
    return t(loc, f"speed.{face}")


def side(loc: str, data: dict[str, Any]) -> str:
    """One side of a trade: deeds, cash, cards."""
    parts = [space(loc, d) for d in data.get("deeds", [])]
    if data.get("cash"):
        parts.append(f"${int(data['cash']):,}")
    if data.get("jail_cards"):
        parts.append(t(loc, "trade.cards", count=data["jail_cards"]))
    return listed(loc, parts) or t(loc, "trade.nothing")


def rent_why(loc: str, data: dict[str, Any]) -> str:
    basis = data.get("basis")
    if basis is None:
        return t(loc, "rent.why.single")
    why = t(
        loc, f"rent.why.{basis}", **{k: v for k, v in data.items() if k in ("count", "size", "level", "times", "dice")}
    )
    if data.get("multiplier", 1) == 2:
        why += ", " + t(loc, "rent.why.twice")
    return why


def describe(loc: str, event: Any, names: dict[str, str]) -> str | None:
    """A public event in words, or None (not shown)."""
    if getattr(event, "visible_to", None) is not None:
        return None
    data = dict(event.data)
    who = names.get(event.player or "", "?")

    def name(key: str) -> str:
        value = data.get(key)
        return names.get(str(value), "?") if value else t(loc, "mega.bank")

    kind = event.kind
    sp = space(loc, data.get("space") or data.get("to") or "") if (data.get("space") or data.get("to")) else ""
    if kind == "dice":
        return t(
            loc,
            "ev.dice",
            player=who,
            white1=data["white"][0],
            white2=data["white"][1],
            speed=speed(loc, data["speed"]),
        )
    if kind == "moved":
        return t(loc, "ev.moved", player=who, space=sp)
    if kind in ("bought", "declined", "auction_opened", "auction_unsold", "unmortgaged", "no_rent_mortgaged"):
        return t(loc, f"ev.{kind}", player=who, space=sp, price=data.get("price", 0), owner=name("owner"))
    if kind in ("bid", "auction_won"):
        return t(loc, f"ev.{kind}", player=who, amount=data["amount"], space=sp)
    if kind == "rent":
        return t(
            loc, "ev.rent", player=who, owner=name("owner"), amount=data["amount"], space=sp, why=rent_why(loc, data)
        )
    if kind == "dividend":
        stock = space(loc, data["stock"])
        return t(loc, "ev.dividend", player=who, holder=name("holder"), amount=data["amount"], stock=stock)
    if kind == "card":
        deck = t(loc, f"deck.{data.get('deck', 'chance')}")
        return t(loc, "ev.card", player=who, deck=deck, text=t(loc, f"card.{data['card']}"))
    if kind == "tax":
        return t(loc, "ev.tax", player=who, amount=data["amount"], space=sp)
    if kind == "cash":
        reason = data.get("reason", "")
        if reason in TOLD_ELSEWHERE:
            return None
        key = "ev.cash_in" if data["delta"] > 0 else "ev.cash_out"
        why = t(loc, f"cash.why.{reason}")
        if why == f"cash.why.{reason}":  # a reason without words yet: say it plainly
            why = reason.replace("_", " ")
        return t(loc, key, player=who, amount=abs(data["delta"]), why=why)
    if kind in ("ticket", "passed", "resigned", "turn"):
        return t(loc, f"ev.{kind}", player=who)
    if kind == "ticket_used":
        return t(loc, "ev.ticket_used", player=who, count=data["count"])
    if kind == "jailed":
        return t(loc, "ev.jailed", player=who, why=t(loc, f"jail.why.{data.get('why', 'go_to_jail')}"))
    if kind == "left_jail":
        return t(loc, "ev.left_jail", player=who, how=t(loc, f"jail.how.{data.get('how', 'fine')}"))
    if kind == "stays_in_jail":
        return t(loc, "ev.stays_in_jail", player=who, tries=data.get("tries", 1))
    if kind in ("built", "sold_building"):
        text = t(loc, f"ev.{kind}", player=who, space=sp, level=level(loc, data["level"]))
        if data.get("left_uneven"):
            text += " " + t(loc, "ev.left_uneven", group=group(loc, data["left_uneven"]), player=who)
        return text
    if kind == "sold_group":
        return t(loc, "ev.sold_group", player=who, group=group(loc, data["group"]), levels=data.get("levels", 0))
    if kind == "mortgaged":
        return t(loc, "ev.mortgaged", player=who, space=sp, amount=SPACES[data["space"]].mortgage or 0)
    if kind == "evened_out":
        layout = ", ".join(f"{space(loc, m)} {level(loc, v)}" for m, v in data.get("layout", {}).items())
        return t(loc, "ev.evened_out", player=who, group=group(loc, data["group"]), layout=layout)
    if kind == "shortage":
        rivals = ", ".join(names.get(r, "?") for r in data.get("rivals", []))
        return t(loc, "ev.shortage", player=who, piece=t(loc, f"mega.{data['piece']}"), rivals=rivals)
    if kind == "shortage_won":
        return t(loc, "ev.shortage_won", player=who, piece=t(loc, f"mega.{data['piece']}"), amount=data["amount"])
    if kind in ("debt_opened", "debt_paid"):
        return t(loc, f"ev.{kind}", player=who, creditor=name("creditor"), amount=data["amount"])
    if kind == "trade_done":
        other = names.get(str(data.get("to")), "?")
        give, get = side(loc, data.get("give", {})), side(loc, data.get("get", {}))
        return t(loc, "ev.trade_done", player=who, other=other, give=give, get=get)
    if kind == "bankrupt":
        return t(loc, "ev.bankrupt", player=who, creditor=name("creditor"))
    if kind == "nothing_to_auction":
        return t(loc, "ev.nothing_to_auction")
    if kind == "game_over":
        winners = [names.get(w, "?") for w in data.get("winners") or []]
        if data.get("reason") == "asset_count" and winners:
            return t(loc, "ev.game_over_assets", winners=", ".join(winners), count=len(winners))
        return t(loc, "ev.game_over")
    return None
