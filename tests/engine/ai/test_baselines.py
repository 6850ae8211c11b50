"""Issue 39: the buy-and-build-everything baseline plays as described, and the arena reports how
long games last."""

from __future__ import annotations

import random

from engine.ai.arena import Report, arena
from engine.mega.actions import Buy, Mortgage, PayFine, PickAuctionDeed
from engine.mega.baselines import builder
from engine.mega.board import SPACES
from engine.mega.state import BuyOffer, Debt, PickAuction
from tests.engine.mega.helpers import position


def test_the_builder_buys_what_it_can_pay_for_and_leaves_jail_at_once() -> None:
    s = position({"name": "A", "cash": 60}, {"name": "B"})
    s.queue = [BuyOffer(player="A", space="mediterranean_avenue")]
    assert isinstance(builder(s, "A", random.Random(1)), Buy), "all its cash, nothing kept back"
    s = position({"name": "A", "cash": 500, "position": "jail", "in_jail": True}, {"name": "B"})
    assert isinstance(builder(s, "A", random.Random(1)), PayFine)


def test_the_builder_mortgages_its_cheapest_deed_first_in_debt() -> None:
    deeds = ["boardwalk", "baltic_avenue", "short_line"]
    s = position({"name": "A", "cash": 0, "deeds": deeds}, {"name": "B"})
    s.queue = [Debt(debtor="A", creditor="B", amount=100, reason="rent")]
    move = builder(s, "A", random.Random(1))
    assert isinstance(move, Mortgage) and move.space == min(deeds, key=lambda d: SPACES[d].price or 0)


def test_the_builder_picks_the_deed_that_extends_its_majority() -> None:
    s = position({"name": "A", "deeds": ["kentucky_avenue", "indiana_avenue"]}, {"name": "B"})
    s.queue = [PickAuction(player="A")]
    move = builder(s, "A", random.Random(1))
    assert isinstance(move, PickAuctionDeed) and SPACES[move.space].group == "red", move


def test_the_arena_reports_the_length_of_its_games() -> None:
    report = arena("mega", "hard", ["builder"] * 3, 4, seed=3, max_turns=2000)
    assert len(report.lengths) == 4 and report.length_at(1.0) == max(report.lengths)
    sample = Report("h", ["b"], 4, 1.0, [0.0], [0.0], 1, 0.0, [100, 900, 1200, 2001])
    assert sample.longer_than(1000) == 0.5 and sample.length_at(0.5) == 1200


def test_the_arena_tells_a_game_stopped_by_a_player_going_round_in_circles() -> None:
    """A policy that offers a trade and withdraws it for ever holds a game until the action cap:
    the arena says so instead of passing it off as a long game (hard once went round in circles,
    mortgaging and lifting one deed, unseen)."""
    from engine import mega
    from engine.ai.arena import play, policy
    from engine.mega.actions import ProposeTrade, WithdrawTrade
    from engine.mega.state import TradeSide

    hard = policy("mega", "hard")

    def circles(state: mega.MegaState, player: str, rng: random.Random) -> object:
        mine = next((t for t in state.trades if t.proposer == player), None)
        if mine is not None:
            return WithdrawTrade.model_validate({"to": mine.receiver, "offer": mine.id, "reason": "withdrawn"})
        other = next(p.name for p in state.players if p.name != player)
        if state.turn == [p.name for p in state.players].index(player) and not state.queue:
            return ProposeTrade(to=other, give=TradeSide(cash=1), get=TradeSide(jail_cards=0, cash=0))
        return hard(state, player, rng)

    stuck = play("mega", [circles, hard], seed=5, max_turns=400, max_actions=3000)
    sound = play("mega", [hard, hard], seed=5, max_turns=40)
    assert stuck.stuck and stuck.turns < 400, stuck
    assert not sound.stuck, sound
