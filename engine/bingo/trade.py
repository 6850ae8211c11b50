"""Trades by position (B-22 … B-25): exact cells (`G2`) or any n of a column (`G?`)."""

from __future__ import annotations

from collections import Counter

from engine.bingo.cards import COLUMNS, FREE, is_cell, sort_cells
from engine.bingo.events import BingoEvent, TradeDone, TradeProposed
from engine.bingo.queries import active, column_count, find, refresh_monopolies, require, seat_order_from
from engine.bingo.state import BingoPlayer, BingoState, BingoTrade
from engine.core import offers
from engine.core.errors import IllegalAction


def _is_any(entry: str) -> bool:
    return len(entry) == 2 and entry[0] in COLUMNS and entry[1] == "?"


def _check_entries(entries: list[str]) -> None:
    for entry in entries:
        require(entry != FREE, "free_not_traded", "the FREE cell is never traded (B-24)")
        require(
            is_cell(entry) or _is_any(entry),
            "bad_cell",
            f"{entry} is not a cell (B1 … O5, or G? for any of G)",
        )
    exact = [e for e in entries if not _is_any(e)]
    require(len(set(exact)) == len(exact), "duplicate_cell", "a cell is named twice")


def _check_side(giver: BingoPlayer, taker: BingoPlayer, entries: list[str]) -> None:
    """The giver owns each given cell; the taker does not own that position already (B-24)."""
    exact = [e for e in entries if not _is_any(e)]
    for cell in exact:
        require(
            cell in giver.owned,
            "trade_not_owned",
            f"{giver.name} does not own {cell}",
            player=giver.name,
            cell=cell,
        )
        require(
            cell not in taker.owned,
            "trade_already_owned",
            f"{taker.name} already owns position {cell}",
            player=taker.name,
            cell=cell,
        )
    for column, wanted in Counter(e[0] for e in entries if _is_any(e)).items():
        available = [c for c in giver.owned if c[0] == column and c not in exact and c not in taker.owned]
        require(
            len(available) >= wanted,
            "trade_not_enough",
            f"{giver.name} has only {len(available)} cells of column {column} that {taker.name} could take",
            player=giver.name,
            column=column,
        )


def _monopoly_limits_hold(
    s: BingoState, a: BingoPlayer, b: BingoPlayer, a_gives: list[str], b_gives: list[str]
) -> None:
    """B-18 after the trade: a holder keeps a column only while owning all of it; everyone else
    stays at 4 or fewer cells of a column someone holds."""
    counts = {p.name: {c: column_count(p, c) for c in COLUMNS} for p in (a, b)}
    for entry in a_gives:
        counts[a.name][entry[0]] -= 1
        counts[b.name][entry[0]] += 1
    for entry in b_gives:
        counts[b.name][entry[0]] -= 1
        counts[a.name][entry[0]] += 1
    for column, holder in s.monopolies.items():
        if holder in counts and counts[holder][column] < 5:
            continue  # the holder trades part of the column away and loses it (B-19)
        for name in (a.name, b.name):
            if name != holder and counts[name][column] > 4:
                raise IllegalAction(
                    "monopoly_cap",
                    f"{holder} holds the {column} monopoly: {name} may own at most 4 cells of it (B-18)",
                    column=column,
                )


def check_offer(s: BingoState, offer: BingoTrade) -> None:
    proposer = active(s, offer.proposer)
    receiver = active(s, offer.receiver)
    require(proposer.name != receiver.name, "trade_self", "you cannot trade with yourself")
    require(bool(offer.give or offer.get), "trade_empty", "the offer is empty")
    _check_entries(offer.give)
    _check_entries(offer.get)
    _check_side(proposer, receiver, offer.give)
    _check_side(receiver, proposer, offer.get)
    _monopoly_limits_hold(s, proposer, receiver, offer.give, offer.get)


def propose(s: BingoState, ev: list[BingoEvent], offer: BingoTrade, answers: int | None = None) -> None:
    check_offer(s, offer)
    offers.add(s, ev, offer, answers)
    ev.append(
        TradeProposed.new(
            {"to": offer.receiver, "offer": offer.id, "give": offer.give, "get": offer.get}, offer.proposer
        )
    )


def find_offer(s: BingoState, proposer: str, receiver: str, offer_id: int | None = None) -> BingoTrade:
    found: BingoTrade = offers.find(s, proposer, receiver, offer_id)
    return found


def _resolve(giver: BingoPlayer, taker: BingoPlayer, entries: list[str], picks: list[str]) -> list[str]:
    """Replace each `X?` with the next pick, checking it fits (B-23)."""
    exact = [e for e in entries if not _is_any(e)]
    out = list(exact)
    for entry in entries:
        if not _is_any(entry):
            continue
        require(bool(picks), "picks_missing", f"choose which cell of column {entry[0]} you mean")
        pick = picks.pop(0)
        require(
            is_cell(pick)
            and pick[0] == entry[0]
            and pick in giver.owned
            and pick not in taker.owned
            and pick not in out,
            "bad_pick",
            f"{pick} cannot stand for {entry}: it must be a cell of column {entry[0]} that "
            f"{giver.name} owns and {taker.name} does not",
        )
        out.append(pick)
    return out


def accept(s: BingoState, ev: list[BingoEvent], offer: BingoTrade, picks: list[str]) -> None:
    try:
        check_offer(s, offer)
    except IllegalAction as exc:
        raise IllegalAction("trade_impossible", f"this offer can no longer be carried out: {exc.message}") from exc
    a, b = find(s, offer.proposer), find(s, offer.receiver)
    remaining = list(picks)
    a_gives = _resolve(a, b, offer.give, remaining)
    b_gives = _resolve(b, a, offer.get, remaining)
    require(not remaining, "too_many_picks", "more picks than `?` entries")
    a.owned = sort_cells((set(a.owned) - set(a_gives)) | set(b_gives))
    b.owned = sort_cells((set(b.owned) - set(b_gives)) | set(a_gives))
    s.trades.remove(offer)
    ev.append(TradeDone.new({"to": b.name, "give": a_gives, "get": b_gives, "offer": offer.id}, a.name))
    # B-25: accepting one offer withdraws the others made to the same player.
    for other in [t for t in s.trades if t.receiver == b.name]:
        offers.withdraw(s, ev, other, "competing", by=b.name)
    # B-19: however a monopoly ends, whoever owns the whole column then takes it (seat order).
    refresh_monopolies(s, ev, seat_order_from(s, s.turn))
