"""`python -m bench.leads` (issue 39): who first owned 8, 12, 16 and 20 cells in bingo, and how the
hero fared from there."""

from __future__ import annotations

from types import SimpleNamespace

from bench.leads import MARKS, first_to, played


def _player(name: str, owned: list[str], eliminated: bool = False) -> SimpleNamespace:
    return SimpleNamespace(name=name, owned=owned, eliminated=eliminated)


def test_B13_the_free_cell_is_no_asset_on_the_way_to_a_lead() -> None:
    jailed = _player("S0", ["B1", "B2", "N3"])  # FREE counted while in detention (B-15), never as an asset
    assert first_to([jailed], 3) is None
    assert first_to([jailed], 2) == "S0"


def test_the_player_with_most_cells_is_first_and_seat_order_breaks_a_tie() -> None:
    players = [_player("S0", ["B1", "B2"]), _player("S1", ["I1", "I2", "I3"]), _player("S2", ["G1", "G2", "G3"])]
    assert first_to(players, 2) == "S1"
    assert first_to(players, 4) is None


def test_an_eliminated_player_leads_nothing() -> None:
    assert first_to([_player("S0", ["B1", "B2"], eliminated=True), _player("S1", ["B1"])], 1) == "S1"


def test_B21_a_hero_who_won_by_all_24_cells_passed_every_mark() -> None:
    told = 0
    for g in range(8):
        firsts, share = played(("hard", "greedy", 900000 + g, g % 4, 2000))
        assert all(mark in firsts for mark in MARKS if max(firsts, default=0) >= mark), firsts
        if share == 1.0 and len(firsts) == len(MARKS):
            told += 1
    assert told, "the hero won some game with every mark passed"
