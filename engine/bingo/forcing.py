"""Which numbers a draw forces a player to declare (B-7, B-9, B-12): a computer's reading of the
table, from public information only (who owns which number is public, B-3).

A draw of two number cards allows one or two numbers (3 & 5: 35 or 53; 1 & 8: only 18, since 81 is
no bingo number). When every number it allows is owned by someone else, the player must declare one
anyway and take the owners' hits. So an owned number whose draws leave no way out is a mine for the
others, and a number a rival would own could be one for me. Draws holding a J, Q or K allow ten or
more numbers and almost never leave no way out; they are left out, as are Jokers (B-14)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Set
from functools import cache

from engine.bingo.cards import DECK, declarable, rank

# Draws allowing at most this many numbers can leave no way out; wilder ones practically never do.
NARROW = 3

Draw = tuple[float, tuple[int, ...]]


@cache
def narrow_draws() -> tuple[Draw, ...]:
    """Each two-card draw of a full deck that allows few numbers: its chance and the numbers (B-4, B-7)."""
    counts = Counter(rank(card) for card in DECK)
    total = sum(counts.values())
    kinds = sorted(k for k in counts if k != "JOKER")
    draws: list[Draw] = []
    for i, first in enumerate(kinds):
        for second in kinds[i:]:
            if first == second:
                chance = counts[first] / total * (counts[first] - 1) / (total - 1)
            else:
                chance = 2 * counts[first] / total * counts[second] / (total - 1)
            numbers = tuple(declarable([first, second]))
            if 0 < len(numbers) <= NARROW:
                draws.append((chance, numbers))
    return tuple(draws)


@cache
def draws_with(number: int) -> tuple[Draw, ...]:
    return tuple(d for d in narrow_draws() if number in d[1])


def forced_chance(number: int, declarer: str, owners: Mapping[int, Set[str]]) -> float:
    """The chance that `declarer`'s next draw forces them to declare `number` if it were owned by
    someone else: every other number of that draw is owned by someone other than them. Among
    several such numbers, each is taken to be as likely."""
    total = 0.0
    for chance, numbers in draws_with(number):
        if all(n == number or owners.get(n, frozenset()) - {declarer} for n in numbers):
            total += chance / len(numbers)
    return total
