"""A MonopolizeBingo computer player at three levels. It decides from `view_for(state, me)`: its own
card in full and what the table can see, never another player's hidden numbers (B-3).

- easy plays like a newcomer: it sometimes leaves detention by discarding a cell, and never thinks
  about what its rivals may claim from the number it declares;
- normal weighs each number: a cell of its own, the cells a hit would cost, what rivals may claim;
- hard also estimates, from public information only, how likely each rival is to hold a number
  (what the table remembers: numbers seen on their card, numbers they were asked to claim and did
  not take, and what is left unknown of that column, engine.bingo.memory) and values cells by the
  lines and column monopolies (B-18) they build. It never takes a hit for a cell (a hit costs five or more, B-12),
  except for its 24th cell, which wins before any hit counts (B-21); it does not declare a number
  a rival's monopoly keeps it from buying (B-18); it prefers numbers rivals are likely to hold (once
  it owns one, declaring it would cost them a hit) and, when hit, keeps those and the numbers
  rivals own too, the more of them the more (discarded, it could buy one back only into their hits).
  It buys and keeps the numbers rivals' draws leave them no way out of (1 & 8 makes only 18: whoever
  owns 18 hits them, B-7, B-12; engine.bingo.forcing).

At every level it answers a claim window at once (a pass when it cannot or will not claim), stays
in detention (the FREE cell counts and nobody can hit a player inside, B-15), never declares itself
out of the game (a hit while it owns nothing, B-13) when another number keeps it in, trades at most once a
turn, never repeats an offer refused in the last five turns (hard: twice as long after each further
refusal), and never proposes what the rules refuse."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from engine.bingo.actions import (
    AcceptCells,
    BingoAction,
    Claim,
    Declare,
    Discard,
    Draw,
    LeaveJail,
    PassClaim,
    ProposeCells,
    RejectCells,
)
from engine.bingo.cards import COLUMNS, FREE, LINES, NUMBERED, RANGES, number_at
from engine.bingo.flow import discard_required
from engine.bingo.forcing import forced_chance
from engine.bingo.legal import legal_actions, waiting_for
from engine.bingo.queries import current
from engine.bingo.reading import assets, cell_value, column_value, hit_costs, rival_odds
from engine.bingo.state import BingoState, BingoTrade
from engine.bingo.trade import check_offer
from engine.bingo.view import CardView, cards_for
from engine.core.errors import IllegalAction
from engine.core.offers import refused_lately


@dataclass(frozen=True)
class Style:
    slip: float  # chance of a newcomer's mistake (easy)
    rival_weight: float  # how much cells rivals may claim count against a number
    sharp: bool  # hard: rival odds from what is unseen, lines and monopolies in the cell value
    hit_weight: float  # what a cell a hit would cost counts against a cell gained (hard: never worth it)
    block: float = 0.0  # hard: a number I own is one rivals holding it will not declare (B-12)
    co_own: float = 0.0  # hard: keep a number rivals own too, per rival (to buy it back I would take their hits)
    mines: float = 0.0  # hard: buy a number rivals' draws force them to declare (engine.bingo.forcing)
    keep_mines: float = 0.0  # hard: the same when a hit makes it choose what to keep
    own: float = 2.0  # a cell of my own card that a declaration buys, times its value
    leader_cells: float = 12.0  # a rival's claim counts once more for each this many cells they own


STYLES = {
    "easy": Style(slip=0.25, rival_weight=0.0, sharp=False, hit_weight=1.0),
    "normal": Style(slip=0.0, rival_weight=0.6, sharp=False, hit_weight=1.0),
    "hard": Style(
        slip=0.0,
        rival_weight=1.0,
        sharp=True,
        hit_weight=5.0,
        block=6.0,
        co_own=4.0,
        mines=100.0,
        keep_mines=200.0,
    ),
}


@dataclass
class Seat:
    s: BingoState
    player: str
    style: Style
    rng: random.Random
    legal: list[BingoAction]

    @cached_property
    def players(self) -> list[CardView]:
        """Every card as this seat may see it (B-3), built only when a choice needs it: most
        decisions (a claim, another player's turn) do not."""
        return cards_for(self.s, self.player)

    @cached_property
    def my_cells(self) -> dict[int, str]:
        """Where each number of my card sits (a number is at most once on a card, B-2)."""
        return {n: f"{col}{row}" for col in COLUMNS for row, n in enumerate(self.me.cells[col], start=1) if n}

    @cached_property
    def hits(self) -> dict[int, float]:
        """What declaring each number would cost me in hits (B-12), worked out once per decision."""
        return hit_costs(self.players, self.player)

    @cached_property
    def co_owners(self) -> Counter[int]:
        """How many rivals own each number (their owned cells are public, B-3), counted once per
        decision: once I discard such a number, each of them would hit me if I bought it back (B-12)."""
        return Counter({n: len(who - {self.player}) for n, who in self.owners.items()})

    @cached_property
    def owners(self) -> dict[int, frozenset[str]]:
        """Who owns each number (owned cells are public, B-3), gathered once per decision."""
        names: dict[int, set[str]] = {}
        for card in self.players:
            if card.eliminated:
                continue
            for cell in card.owned:
                number = number_at(card.cells, cell)
                if number is not None:
                    names.setdefault(number, set()).add(card.name)
        return {n: frozenset(who) for n, who in names.items()}

    @cached_property
    def declaring_rivals(self) -> list[tuple[str, float]]:
        """Rivals who declare (not in detention, B-16), each with the share of a five-cell hit they
        could lose (no more than what they own, B-13), gathered once per decision."""
        return [
            (c.name, min(1.0, assets(c) / 5))
            for c in self.players
            if c.name != self.player and not c.eliminated and not c.in_jail
        ]

    def mine(self, number: int) -> float:
        """How many cells, per round, rivals' draws would force them to give up to me for owning
        `number` (B-12)."""
        return sum(share * forced_chance(number, name, self.owners) for name, share in self.declaring_rivals)

    @cached_property
    def me(self) -> CardView:
        return next(c for c in self.players if c.name == self.player)

    @cached_property
    def assets(self) -> int:
        """The numbered cells I own (FREE is never an asset, B-13), counted once per decision."""
        return assets(self.me)

    def open_cell(self, number: int) -> str | None:
        """The cell of my card a declaration of `number` would buy (B-10): on my card, not owned
        yet, and I am not in detention (B-15). A rival's monopoly may still refuse it (B-18)."""
        cell = self.my_cells.get(number)
        if cell is None or cell in self.me.owned or self.me.in_jail:
            return None
        return cell

    def slips(self) -> bool:
        return self.style.slip > 0 and self.rng.random() < self.style.slip


def choose(s: BingoState, player: str, level: str = "normal", rng: random.Random | None = None) -> BingoAction | None:
    legal = legal_actions(s, player)
    if not legal:
        return None
    chance = rng or random.Random(s.turns_played ^ zlib.crc32(player.encode()))
    seat = Seat(s, player, STYLES.get(level, STYLES["normal"]), chance, legal)
    answer = _trade_answer(seat)
    if answer is not None:
        return answer
    waiting = waiting_for(s)
    if waiting == "claims":
        return Claim() if any(isinstance(a, Claim) for a in legal) else PassClaim()
    if current(s).name != player:
        return None
    if waiting == "draw":
        return _before_drawing(seat)
    if waiting == "declare":
        declares = [a for a in legal if isinstance(a, Declare)]
        return max(declares, key=lambda a: _declare_score(seat, a.number))
    if waiting == "discard":
        keep_order = sorted((c for c in seat.me.owned if c != FREE), key=lambda c: _keep_value(seat, c))
        return Discard(cells=keep_order[: discard_required(s)])
    return None


def _blocking(seat: Seat, number: int) -> float:
    """How many rivals owning `number` would keep from buying it: while I own it, declaring it
    costs them a hit, so none of them will take it on purpose (B-12)."""
    return sum(rival_odds(c, number) for c in seat.players if c.name != seat.player and not c.eliminated)


def _keep_value(seat: Seat, cell: str) -> float:
    """What keeping a cell is worth when a hit makes me discard (B-13): its lines and columns, and
    for hard the rivals it keeps from that number and whether I could ever declare it again."""
    value = cell_value(seat.me, cell, seat.style.sharp, seat.s.monopolies)
    number = number_at(seat.me.cells, cell)
    if number is not None and seat.style.block:
        value += seat.style.block * _blocking(seat, number)
    if number is not None and seat.style.co_own:
        value += seat.style.co_own * seat.co_owners[number]
    if number is not None and seat.style.keep_mines:
        value += seat.style.keep_mines * seat.mine(number)
    return value


def _before_drawing(seat: Seat) -> BingoAction:
    proposal = _proposal(seat)
    if proposal is not None:
        return proposal
    leaves = [a for a in seat.legal if isinstance(a, LeaveJail)]
    if leaves and seat.slips():  # a newcomer pays a cell to get out; staying in is better (B-15)
        return min(leaves, key=lambda a: cell_value(seat.me, a.cell))
    return Draw()


def _trade_answer(seat: Seat) -> BingoAction | None:
    for offer in seat.s.trades:
        if offer.receiver != seat.player:
            continue
        accept = next((a for a in seat.legal if isinstance(a, AcceptCells) and a.from_ == offer.proposer), None)
        gain = sum(_gain_of_position(seat, c) for c in offer.give)
        loss = sum(cell_value(seat.me, c, seat.style.sharp) for c in offer.get if not c.endswith("?"))
        loss += sum(1.5 for c in offer.get if c.endswith("?"))
        if accept is not None and gain > loss + 0.5:
            return accept
        return RejectCells.model_validate({"from": offer.proposer, "offer": offer.id})
    return None


def _gain_of_position(seat: Seat, cell: str) -> float:
    if cell.endswith("?"):
        return 1.0
    return cell_value(seat.me, cell, seat.style.sharp)


def _proposal(seat: Seat) -> BingoAction | None:
    """Offer a spare cell for the one position that completes a line of mine (B-23): one offer a
    turn, none refused lately, none the rules would refuse (B-18, B-24)."""
    s, me = seat.s, seat.me
    if any(t.proposer == me.name for t in s.trades) or s.proposed_at.get(me.name, -1) == s.turns_played:
        return None
    mine = set(me.owned)
    for _, cells in LINES:
        missing = [c for c in cells if c not in mine and c != FREE]
        if len(missing) != 1 or (FREE in cells and not me.in_jail):
            continue
        wanted = missing[0]
        spare = sorted((c for c in me.owned if c not in cells and c != FREE), key=lambda c: cell_value(me, c))
        for other in seat.players:
            if other.name == me.name or other.eliminated or wanted not in other.owned:
                continue
            if _refused(s, me.name, other.name, wanted, seat.style.sharp):
                continue
            give = next((c for c in spare if c not in other.owned), None)
            if give is not None and _allowed(s, me.name, other.name, give, wanted):
                return ProposeCells(to=other.name, give=[give], get=[wanted])
    return None


def _allowed(s: BingoState, proposer: str, receiver: str, give: str, get: str) -> bool:
    try:
        check_offer(s, BingoTrade(proposer=proposer, receiver=receiver, give=[give], get=[get]))
    except IllegalAction:
        return False
    return True


def _refused(s: BingoState, proposer: str, receiver: str, cell: str, backs_off: bool) -> bool:
    """Hard asks for a refused cell ever more rarely (engine.core.offers); easy and normal wait five turns."""
    return refused_lately(s.refused, proposer, receiver, cell, s.turns_played, backs_off)


WINS = 1000.0  # the declaration that buys my 24th cell: it wins before any hit counts (B-21)
OUT = -1000.0  # a declaration that puts me out of the game (B-13): the last resort


def _own_gain(seat: Seat, number: int) -> float:
    cell = seat.open_cell(number)
    if cell is None:
        return 0.0
    if seat.style.sharp and _capped(seat, cell[0]):
        return 0.0  # B-18: the declaration stands but buys nothing
    if seat.style.sharp and seat.assets == len(NUMBERED) - 1:
        return WINS
    block = seat.style.block * _blocking(seat, number) if seat.style.block else 0.0
    mine = seat.style.mines * seat.mine(number) if seat.style.mines else 0.0
    return seat.style.own * cell_value(seat.me, cell, seat.style.sharp, seat.s.monopolies) + block + mine


def _capped(seat: Seat, col: str) -> bool:
    """Another player holds the column's monopoly and I own four of its cells (B-18)."""
    holder = seat.s.monopolies.get(col)
    return holder is not None and holder != seat.player and sum(1 for c in seat.me.owned if c[0] == col) >= 4


def _rival_gain(seat: Seat, card: CardView, number: int) -> float:
    """What a rival may get from claiming `number`: the chance they hold it unowned (public
    information only) times the mean value of their unowned cells of its column, more for a leader."""
    odds = rival_odds(card, number)
    if odds == 0.0:
        return 0.0
    col = next(c for c, (low, high) in RANGES.items() if low <= number <= high)
    open_cells = [f"{col}{r}" for r in range(1, 6) if f"{col}{r}" not in card.owned and f"{col}{r}" != FREE]
    if not open_cells:
        return 0.0
    mean = sum(column_value(card, c, seat.s.monopolies) for c in open_cells) / len(open_cells)
    return odds * mean * (1.0 + len(card.owned) / seat.style.leader_cells)


def _declare_score(seat: Seat, number: int) -> float:
    me, players = seat.me, seat.players
    score = _own_gain(seat, number)
    if number not in seat.my_cells:
        # Others may claim it: each rival who can claim gets a cell.
        rivals = [c for c in players if c.name != me.name and not c.eliminated and not c.in_jail]
        if seat.style.sharp:
            score -= seat.style.rival_weight * sum(_rival_gain(seat, c, number) for c in rivals)
        else:
            score -= seat.style.rival_weight * len(rivals) / 3
    cost = seat.hits.get(number, 0.0)
    if not cost:
        return score
    if not seat.assets and not _buys(seat, number):
        return OUT  # hit while owning nothing: out of the game (B-13)
    score -= cost * max(seat.style.hit_weight, 3.0 if cost >= max(1, seat.assets) else 1.0)
    return score


def _buys(seat: Seat, number: int) -> bool:
    """The declaration buys a cell of my card (B-10), unless a rival's monopoly refuses it (B-18)."""
    cell = seat.open_cell(number)
    return cell is not None and not _capped(seat, cell[0])


__all__ = ["choose"]
