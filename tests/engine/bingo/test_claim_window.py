"""B-11a: the claim window keeps secrets. Whether a window opens, who is asked and when it closes
depend on public facts only (who is in the game and not in detention), never on hidden numbers."""

from __future__ import annotations

import random

import pytest

from engine import bingo
from engine.bingo.cards import cell_of
from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, act, player, position

ALWAYS = {"claim_window": "always"}
A = {"name": "A", "card": CARD_A}
B = {"name": "B", "card": CARD_B}
C = {"name": "C", "card": CARD_C}


def test_B11a_default_is_always() -> None:
    assert bingo.BingoRules().claim_window == "always"


def test_B11a_a_window_opens_even_when_nobody_can_claim() -> None:
    # 7 is on B's card only; in a two-player game a window that opened only for claimants would
    # tell A that B holds it. With B-11a it opens for 7 (B's) and for 26 (nobody's) alike.
    for deck, number in ((["7", "10"], 7), (["2", "6"], 26)):
        s = position(A, B, deck=deck, options=ALWAYS)
        s = act(act(s, "A", "draw"), "A", "declare", number=number)
        assert bingo.waiting_for(s) == "claims"
        assert bingo.to_act(s) == ["B"]
        assert bingo.view_for(s, None).window is not None
        assert bingo.view_for(s, None).window.asked == ["B"]  # type: ignore[union-attr]


def test_B11a_claim_from_a_player_who_cannot_claim_is_refused_and_counts_as_nothing() -> None:
    s = position(A, B, C, deck=["7", "10"], options=ALWAYS)
    s = act(act(s, "A", "draw"), "A", "declare", number=70)  # 70 is B's (O5); C has no 70
    with pytest.raises(bingo.IllegalAction) as refused:
        act(s, "C", "claim")
    assert refused.value.code == "claim_not_on_card", "the reason, from C's own card, told to C alone"
    assert sorted(bingo.to_act(s)) == ["B", "C"]
    s = act(s, "C", "pass_claim")
    s = act(s, "B", "claim")
    assert player(s, "B").owned == ["O5"] and bingo.waiting_for(s) == "draw"


def test_B11a_only_claimants_are_offered_claim_but_everyone_asked_may_pass() -> None:
    s = position(A, B, C, deck=["7", "10"], options=ALWAYS)
    s = act(act(s, "A", "draw"), "A", "declare", number=70)
    assert {a.do for a in bingo.legal_actions(s, "B")} == {"claim", "pass_claim"}
    assert {a.do for a in bingo.legal_actions(s, "C")} == {"pass_claim"}


def test_B11a_detained_players_are_not_asked_and_no_window_when_nobody_can_be_asked() -> None:
    s = position(A, {**B, "in_jail": True}, C, deck=["2", "6"], options=ALWAYS)
    s = act(act(s, "A", "draw"), "A", "declare", number=26)  # C's I3
    assert bingo.to_act(s) == ["C"]
    lonely = position(A, {**B, "in_jail": True}, deck=["7", "10"], options=ALWAYS)
    lonely = act(act(lonely, "A", "draw"), "A", "declare", number=7)
    assert bingo.waiting_for(lonely) == "draw"  # nobody to ask: no window, the turn moves on


def test_B11a_own_number_opens_no_window() -> None:
    s = position(A, B, deck=["A", "10"], options=ALWAYS)
    s = act(act(s, "A", "draw"), "A", "declare", number=1)  # A's B1
    assert bingo.waiting_for(s) == "draw" and player(s, "A").owned == ["B1"]


def test_B11a_when_claimable_opens_only_for_claimants() -> None:
    s = position(A, B, deck=["2", "6"], options={"claim_window": "when_claimable"})
    s = act(act(s, "A", "draw"), "A", "declare", number=26)  # nobody's number
    assert bingo.waiting_for(s) == "draw"


def _public(state: bingo.BingoState, events: list) -> tuple:  # type: ignore[type-arg]
    view = bingo.view_for(state, None)
    return (
        view.model_dump_json(),
        [(e.kind, e.player, e.data) for e in events if e.visible_to is None],
        bingo.to_act(state),
        bingo.waiting_for(state),
    )


def _swap_hidden(state: bingo.BingoState, rnd: random.Random) -> bingo.BingoState:
    """Change every unowned number of the non-turn players' cards (keeping each column's range and
    the card valid): what the table cannot see."""
    s = state.model_copy(deep=True)
    for seat, p in enumerate(s.players):
        if seat == s.turn:
            continue
        card = {col: list(vals) for col, vals in p.card.items()}
        for ci, col in enumerate(card):
            low = ci * 15 + 1
            owned_values = {card[col][int(c[1:]) - 1] for c in p.owned if c[0] == col}
            free_rows = [r for r in range(5) if card[col][r] is not None and f"{col}{r + 1}" not in p.owned]
            pool = [n for n in range(low, low + 15) if n not in owned_values]
            picks = rnd.sample(pool, len(free_rows))
            for r, n in zip(free_rows, picks, strict=True):
                card[col][r] = n
        p.card = {col: tuple(vals) for col, vals in card.items()}
    return s


@pytest.mark.parametrize("seed", range(12))
def test_B11a_nothing_public_depends_on_hidden_numbers(seed: int) -> None:
    """Declare the same number in a position and in the same position with every hidden number
    changed: the public view, the public events, who is asked and what the game waits on are the
    same until somebody answers (each answer is the player's own, private choice)."""
    rnd = random.Random(seed)
    s = position(A, B, C, deck=["J", "K"], options=ALWAYS)
    s = act(s, "A", "draw")
    number = rnd.randint(1, 75)
    while cell_of(s.players[0].card, number) is not None:
        number = rnd.randint(1, 75)
    other = _swap_hidden(s, rnd)
    one = bingo.apply(s, "A", {"do": "declare", "number": number})
    two = bingo.apply(other, "A", {"do": "declare", "number": number})
    assert _public(*one)[1:] == _public(*two)[1:]
    # Everyone passes: the outcome of an all-pass window is public and the same.
    a, b = one[0], two[0]
    for name in list(bingo.to_act(a)):
        a, ev_a = bingo.apply(a, name, {"do": "pass_claim"})
        b, ev_b = bingo.apply(b, name, {"do": "pass_claim"})
        assert _public(a, ev_a)[1:] == _public(b, ev_b)[1:]


def test_B10_B12_B13_declare_preview_tells_the_whole_consequence() -> None:
    # A owns nothing; B owns her 7 (B2) with row 2 complete: declaring 7 (not on A's card) opens a
    # window and B's hit would put A out; declaring 1 (A's B1) takes it and B's hit costs 1 (capped later).
    s = position(A, {**B, "owned": ["B2", "I2", "N2", "G2", "O2"]}, deck=["7", "10"], options=ALWAYS)
    s = act(s, "A", "draw")
    seven = bingo.preview_declare(s, 7)
    assert seven.take == "window" and seven.eliminated and [h.hitter for h in seven.hits] == ["B"]
    assert seven.due == 10  # one completed line through B2 (B-12)
    seventy = bingo.preview_declare(s, 70)
    assert seventy.take == "window" and not seventy.hits
    after = act(s, "A", "declare", number=7)
    after = act(after, "B", "pass_claim")
    assert player(after, "A").eliminated  # the preview was right


def test_B10_B18_declare_preview_own_cell_taken_owned_or_blocked() -> None:
    s = position({**A, "owned": ["B1"]}, B, deck=["A", "2"], options=ALWAYS)
    s = act(s, "A", "draw")
    assert bingo.preview_declare(s, 12).take == "window"
    assert bingo.preview_declare(s, 21).take == "window"
    s.drawn = ["A", "2"]
    one = bingo.preview_declare(s, 1)
    assert one.take == "owned" and one.cell == "B1"
    blocked = position(
        {**A, "owned": ["B1", "B2", "B3", "B4"]}, {**B, "owned": ["B1", "B2", "B3", "B4", "B5"]}, deck=["5", "10"]
    )
    blocked.monopolies = {"B": "B"}
    blocked = act(blocked, "A", "draw")
    five = bingo.preview_declare(blocked, 5)
    assert five.take == "blocked" and five.holder == "B"
