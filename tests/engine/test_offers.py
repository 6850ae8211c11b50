"""Offers with ids (both games): an answer names the offer it was drawn for and acts on nothing
else; every way an offer ends is an event with its id and why (M-40, B-22 … B-25)."""

from __future__ import annotations

import pytest

from engine import bingo, mega
from engine.core.errors import IllegalAction
from engine.mega.conformance import setup_state as mega_position
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, position


def mega_table() -> mega.MegaState:
    return mega_position(
        {
            "game": "mega",
            "options": {},
            "setup": {"players": [{"name": "A", "deeds": ["boardwalk"]}, {"name": "B"}, {"name": "C"}]},
        }
    )


def test_M40_accept_names_the_offer_and_a_replaced_one_is_closed() -> None:
    s = mega_table()
    s, ev = mega.apply(s, "A", {"do": "propose_trade", "to": "B", "give": {"deeds": ["boardwalk"]}, "get": {"cash": 1}})
    first = s.trades[0].id
    s, ev = mega.apply(s, "A", {"do": "propose_trade", "to": "B", "get": {"cash": 1000}})
    assert [(e.kind, e.data.get("offer")) for e in ev][:2] == [("trade_replaced", first), ("trade_proposed", first + 1)]
    with pytest.raises(IllegalAction) as refused:
        mega.apply(s, "B", {"do": "accept_trade", "from": "A", "offer": first})
    assert refused.value.code == "offer_closed"
    _, ev = mega.apply(s, "B", {"do": "accept_trade", "from": "A", "offer": first + 1})
    assert any(e.kind == "trade_done" and e.data["offer"] == first + 1 for e in ev)


def test_M40_a_counter_withdraws_the_offer_it_answers() -> None:
    s = mega_table()
    s, _ = mega.apply(s, "A", {"do": "propose_trade", "to": "B", "give": {"deeds": ["boardwalk"]}, "get": {"cash": 9}})
    original = s.trades[0].id
    s, ev = mega.apply(s, "B", {"do": "propose_trade", "to": "A", "give": {"cash": 5}, "answers": original})
    assert ("trade_countered", original) in [(e.kind, e.data.get("offer")) for e in ev]
    assert [(o.proposer, o.receiver) for o in s.trades] == [("B", "A")]
    with pytest.raises(IllegalAction):  # a counter to an offer that is gone is refused
        mega.apply(s, "B", {"do": "propose_trade", "to": "A", "give": {"cash": 5}, "answers": original})


def test_M38_a_bankrupt_players_offers_are_withdrawn_with_a_reason() -> None:
    s = mega_table()
    s, _ = mega.apply(s, "A", {"do": "propose_trade", "to": "B", "give": {"deeds": ["boardwalk"]}, "get": {"cash": 9}})
    s, ev = mega.apply(s, "B", {"do": "resign"})
    withdrawn = [e for e in ev if e.kind == "trade_withdrawn"]
    assert withdrawn and withdrawn[0].data["reason"] == "left" and withdrawn[0].data["by"] == "B"


def test_B25_accepting_one_offer_withdraws_the_competing_ones_by_id() -> None:
    s = position(
        {"name": "A", "card": CARD_A, "owned": ["B1"]},
        {"name": "B", "card": CARD_B, "owned": ["B3"]},
        {"name": "C", "card": CARD_C, "owned": ["B4"]},
        deck=["8", "9"],
    )
    s, _ = bingo.apply(s, "A", {"do": "propose_trade", "to": "B", "give": ["B1"], "get": []})
    s, _ = bingo.apply(s, "C", {"do": "propose_trade", "to": "B", "give": ["B4"], "get": []})
    a_offer, c_offer = (o.id for o in s.trades)
    with pytest.raises(IllegalAction):
        bingo.apply(s, "B", {"do": "accept_trade", "from": "A", "offer": c_offer})
    s, ev = bingo.apply(s, "B", {"do": "accept_trade", "from": "A", "offer": a_offer})
    assert [(e.kind, e.data.get("offer"), e.data.get("reason")) for e in ev if e.kind.startswith("trade_")] == [
        ("trade_done", a_offer, None),
        ("trade_withdrawn", c_offer, "competing"),
    ]


def test_offers_saved_before_ids_get_ids_when_loaded() -> None:
    s = mega_table()
    s, _ = mega.apply(s, "A", {"do": "propose_trade", "to": "B", "give": {"deeds": ["boardwalk"]}})
    raw = s.model_dump(mode="json")
    raw["trades"][0]["id"] = 0
    raw["next_offer"] = 1
    loaded = mega.MegaState.model_validate(raw)
    assert loaded.trades[0].id == 1 and loaded.next_offer == 2


def test_fates_read_events_and_log_rows_alike() -> None:
    from bot.offers import fate_of
    from engine.core.table_events import TradeRejected, Turn

    assert fate_of(Turn.new({}, "A")) is None  # no data at all
    closed = TradeRejected.new({"proposer": "A", "offer": 3}, "B")
    assert fate_of(closed) == fate_of(closed.model_dump()) and fate_of(closed).key == "trade.fate.declined"
