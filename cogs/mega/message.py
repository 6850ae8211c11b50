"""The Mega Monopoly game message: what the table waits for (with the prices and rents a decision
needs), the players' fields, the buttons, and the final statistics. Reads state, never changes it."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from bot.i18n import listed, money, sentences, t
from bot.pictures.style import seat_marker
from bot.store import GameRecord, LogEntry
from cogs.buttons import GameButton, action_buttons
from cogs.common import computers_to_move
from cogs.discord_types import Item
from cogs.mega import words
from cogs.mega.bids import bid_buttons
from cogs.mega.panels import layout_order, manage_button, panel_items
from engine.core.story import places, ranked
from engine.mega.assets import standings
from engine.mega.board import BOARD, GROUPS, SPACES
from engine.mega.events import MegaEvent
from engine.mega.rent import count_owned
from engine.mega.state import Bidding, BuyOffer, DeedAuction, MegaState, Pending, Player, ShortageAuction

# Buttons that need no more input, in the order they are shown.
VERBS = ("roll", "pay_fine", "use_jail_card", "buy", "decline", "throw", "pass", "end_turn", "choose_gift")
# The main move, highlighted: the first of these the table may make now.
PRIMARY = frozenset({"roll", "buy", "decline", "end_turn", "throw", "pass", "choose_gift"})


def status_lines(record: GameRecord, state: MegaState, names: dict[str, str]) -> list[str]:
    """The decision in front of the table and what deciding it needs (the roll itself is told
    in the moves below the picture)."""
    if state.over:
        return []
    front = state.queue[0] if state.queue else None
    debt = debt_line(record, state, names)
    if debt:
        return [debt]
    if front is not None and front.kind == "buy":
        return _buy_lines(record, state, names, front)
    now = _decision(record, state, names, front)
    return [now] if now else []


def _jail_line(loc: str, who: str, turn: Player, fine: int) -> str:
    """M-12, M-13: the ways out this player has (a card only if they hold one), and what the
    third failed try costs."""
    tries = turn.jail_turns + 1
    line = t(loc, "mega.now.roll_jail", player=who, tries=tries, fine=fine, card="yes" if turn.jail_cards else "no")
    return line + (t(loc, "mega.now.jail_last_try", player=who, fine=fine) if tries >= 3 else "")


def _decision(record: GameRecord, state: MegaState, names: dict[str, str], front: Pending | None) -> str | None:
    """The decision in front of the table, with what a newcomer needs to decide it."""
    loc = record.locale
    turn = state.players[state.turn]
    who = names.get(turn.name, "?")
    if front is None:
        if state.stage == "roll":
            if turn.in_jail:
                return _jail_line(loc, who, turn, state.rules.jail_fine)
            return t(loc, "mega.now.roll", player=who)
        return t(loc, "mega.now.end_turn", player=who)
    player = names.get(getattr(front, "player", "") or "", "?")
    if front.kind == "auction":
        info = SPACES[front.space]
        return t(
            loc,
            "mega.now.auction",
            space=words.space(loc, front.space),
            group=words.group_of(loc, front.space),
            price=info.price or 0,
            high=_high(loc, front, names),
        )
    if front.kind == "shortage":
        piece = t(loc, "mega.hotel") if front.piece == "hotel" else t(loc, "mega.house")
        line = t(loc, "mega.shortage", piece=piece, builder=names.get(front.builder, "?"), price=front.list_price)
        return sentences(loc, [line, _high(loc, front, names)])
    if front.kind == "pick_auction":
        return t(loc, "mega.now.pick", player=player)
    if front.kind == "gift":
        return t(loc, "mega.now.gift", player=player, cash=state.rules.ticket_cash)
    if front.kind == "throw":
        return t(loc, "mega.now.throw", player=player, times=front.multiplier)
    if front.kind == "even_out":
        if front.needs_unmortgage:
            return t(loc, "mega.settle_mortgaged", player=player, street=words.space(loc, front.new_street))
        line = t(loc, "mega.settle", player=player, street=words.space(loc, front.new_street))
        return sentences(loc, [line, layout_order(loc, state, front)])
    if front.kind == "place_building":
        return t(loc, "mega.place", player=player)
    return None


def _high(loc: str, front: Bidding, names: dict[str, str]) -> str:
    if front.high_bidder is None:
        return t(loc, "mega.no_high")
    return t(loc, "mega.high", amount=front.high_bid, player=names.get(front.high_bidder, "?"))


def _buy_lines(record: GameRecord, state: MegaState, names: dict[str, str], front: BuyOffer) -> list[str]:
    """M-16: the price and the buyer's cash first; then the rent it would earn and who owns the
    rest of its group (dropped first when the top of the message is full)."""
    loc = record.locale
    info = SPACES[front.space]
    buyer = next(p for p in state.players if p.name == front.player)
    if info.kind == "property" and info.group:
        rent = t(loc, "mega.rent.street", rent=(info.rent or [0])[0])
        members = [m for m in GROUPS[info.group].members if m != front.space]
    elif info.kind == "railroad":
        count = 1 + count_owned(state, buyer.name, "railroad")
        rent = t(loc, "mega.rent.railroad", rent=BOARD.railroad_rent_by_count[count - 1], count=count)
        members = [s.id for s in BOARD.spaces if s.kind == "railroad" and s.id != front.space]
    else:
        count = 1 + count_owned(state, buyer.name, "utility")
        rent = t(loc, "mega.rent.utility", times=BOARD.utility_multiplier_by_count[count - 1], count=count)
        members = [s.id for s in BOARD.spaces if s.kind == "utility" and s.id != front.space]
    shown = []
    for m in members:
        owner = state.owner.get(m)
        key = "mega.owned_by" if owner else "mega.unowned"
        shown.append(t(loc, key, space=words.space(loc, m), player=names.get(owner or "", "?")))
    others = t(loc, "mega.others", streets=listed(loc, shown)) if shown else ""
    price = info.price or 0
    common = {"player": names.get(buyer.name, "?"), "space": words.space(loc, front.space), "price": price}
    if buyer.cash < price:
        return [t(loc, "mega.now.buy_short", **common, cash=buyer.cash, missing=price - buyer.cash)]
    first = t(loc, "mega.now.buy", **common, group=words.group_of(loc, front.space), cash=buyer.cash)
    return [first, t(loc, "mega.now.buy_detail", rent=rent, others=others).strip()]


def debt_line(record: GameRecord, state: MegaState, names: dict[str, str]) -> str | None:
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
        missing=max(0, front.amount - me.cash),
    )


def player_fields(record: GameRecord, state: MegaState, names: dict[str, str]) -> list[tuple[str, str]]:
    """Per player: cash, where they are, tickets and jail cards; then their deeds by colour group
    with buildings, majority and mortgages."""
    loc = record.locale
    fields = []
    for seat, p in enumerate(state.players):
        title = f"{seat_marker(seat)} {names.get(p.name, '?')}"
        if p.bankrupt:
            fields.append((title, t(loc, "ui.bankrupt")))
            continue
        space = BOARD.spaces[p.position].id
        if p.in_jail:
            where = t(loc, "mega.field.jail", tries=p.jail_turns + 1)
        elif space == "jail":
            where = t(loc, "alt.board.visiting")  # not "on In Jail / Just Visiting"
        else:
            where = t(loc, "mega.field.on", space=words.space(loc, space))
        bits = [t(loc, "mega.field.status", cash=p.cash, where=where)]
        if p.tickets:
            bits.append(t(loc, "mega.field.tickets", count=p.tickets))
        if p.jail_cards:
            bits.append(t(loc, "mega.field.cards", count=len(p.jail_cards)))
        lines = [" · ".join(bits), *_deed_lines(loc, state, p.name)]
        fields.append((title, "\n".join(lines)))
    return fields


# A deed as the embed shows it: (space id, mortgaged, buildings).
_Deed = tuple[str, bool, int]


def _street(loc: str, deed: _Deed) -> str:
    space_id, mortgaged, level = deed
    name = words.space(loc, space_id)
    if mortgaged:
        return t(loc, "mega.field.mortgaged", space=name)
    return name + (" 🏨" if level == 5 else f" 🏠{level}" if level else "")


def _deed_lines(loc: str, state: MegaState, player: str) -> list[str]:
    """A player's deeds by colour group. Worked out once per distinct holding (it changes only when
    deeds are bought, built on, mortgaged or traded; the embed is drawn on every click)."""
    mine = tuple(
        sorted(
            (deed, deed in state.mortgaged, state.buildings.get(deed, 0))
            for deed, owner in state.owner.items()
            if owner == player
        )
    )
    return list(_holding_lines(loc, mine))


@lru_cache(maxsize=4096)
def _holding_lines(loc: str, mine: tuple[_Deed, ...]) -> tuple[str, ...]:
    held = {deed[0]: deed for deed in mine}
    out = []
    for group, info in GROUPS.items():
        in_group = [m for m in info.members if m in held]
        if not in_group:
            continue
        status = (
            t(loc, "mega.field.full")
            if len(in_group) == info.size
            else t(loc, "mega.field.majority")
            if len(in_group) == info.size - 1
            else ""
        )
        streets = listed(loc, [_street(loc, held[m]) for m in in_group])
        out.append(
            t(
                loc,
                "mega.field.group",
                group=words.group(loc, group),
                count=len(in_group),
                size=info.size,
                status=status,
                streets=streets,
            )
        )
    for kind, key in (("railroad", "mega.field.railroads"), ("utility", "mega.field.utilities")):
        of_kind = [s.id for s in BOARD.spaces if s.kind == kind and s.id in held]
        if of_kind:
            out.append(t(loc, key, count=len(of_kind), streets=listed(loc, [_street(loc, held[m]) for m in of_kind])))
    return tuple(out) or (t(loc, "mega.field.no_deeds"),)


def items(record: GameRecord, state: MegaState) -> list[Item]:
    """The turn's buttons (the main move first and highlighted, amounts on the labels), then the
    panels and selects, then the bids of an auction. While only computers are to move, just the
    people's own deeds to manage (M-27)."""
    if computers_to_move(record, state):
        return [manage_button(record)]
    front = state.queue[0] if state.queue else None
    amounts = {"action.pay_fine": state.rules.jail_fine, "action.choose_gift.cash": state.rules.ticket_cash}
    if front is not None and front.kind == "buy":
        amounts["action.buy"] = SPACES[front.space].price or 0
    out = action_buttons(
        record,
        state,
        VERBS,
        {"choose_gift": "take"},
        PRIMARY,
        amounts,
        lambda verb: meaning(record, state, verb),
    )
    out += _unaffordable_buy(record, state, front)
    out += bid_buttons(record, state)  # right after Pass: the auction's row
    out += panel_items(record, state)
    return out


def _unaffordable_buy(record: GameRecord, state: MegaState, front: Pending | None) -> list[Item]:
    """A deed the buyer cannot pay for: Buy stays in view, greyed, saying how much is missing."""
    if front is None or front.kind != "buy":
        return []
    buyer = next(p for p in state.players if p.name == front.player)
    price = SPACES[front.space].price or 0
    if buyer.cash >= price:
        return []
    label = t(record.locale, "action.buy_short", amount=price, missing=price - buyer.cash)
    return [GameButton(record.id, record.version, "buy", "short", label=label, disabled=True)]


def meaning(record: GameRecord, state: MegaState, verb: str) -> str | None:
    """What a turn button does now, as a token (`cogs.context.Meaningful`): the same roll, the
    same end of the same turn, Buy or Decline of the same deed, Pass in the same auction."""
    front = state.queue[0] if state.queue else None
    turn = str(state.turns_played)
    if verb == "roll":
        return f"{turn}.{state.doubles}" if front is None and state.stage == "roll" else None
    if verb in ("end_turn", "pay_fine", "use_jail_card", "throw"):
        return turn
    if verb in ("buy", "decline") and front is not None and front.kind == "buy":
        return f"{turn}.{front.space}"
    if verb == "pass" and isinstance(front, (DeedAuction, ShortageAuction)):
        return f"{turn}.{front.space}"
    return None


def describe(record: GameRecord, event: MegaEvent, names: dict[str, str]) -> str | None:
    return words.describe(record.locale, event, names)


def final_fields(
    record: GameRecord, state: MegaState, log: list[LogEntry], names: dict[str, str]
) -> list[tuple[str, str]]:
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
    assets = dict(standings(state))
    order = ranked(list(assets), lambda n: (assets[n],))  # level on the count, level in place (M-42)
    place = places(order)
    rows = [f"{place[n]}. {names.get(n, '?')} — {money(loc, assets[n])}" for group in order for n in group] or ["—"]
    stats = [f"{names.get(n, '?')}: {t(loc, 'mega.rent_collected', amount=rent[n])}" for n in names if rent[n]]
    stats += [f"{names.get(n, '?')}: {t(loc, 'mega.dividends', amount=dividends[n])}" for n in names if dividends[n]]
    if landed:
        space, count = landed.most_common(1)[0]
        stats.append(t(loc, "mega.most_landed", space=words.space(loc, space), count=count))
    return [(t(loc, "mega.standings"), "\n".join(rows)), (t(loc, "mega.stats"), "\n".join(stats) or "—")]
