"""What the rules' secrecy costs a bingo computer: `python -m bench.hidden [--hero hard] [--field
greedy] [--games 1600] [--seed 900000] [--max-turns 2000] [--jobs 2] [--uses blocking,claims]`.

Plays the same games twice: as the rules have it (B-3: a rival's unowned numbers are secret), and
with every rival's numbers shown to the computer's memory (the `remembered` numbers of each card
it reads, engine.bingo.reading.rival_odds), then compares them game by game (bench.paired). The
difference is what knowing rivals' cards would be worth: an upper bound on what better reading of
public information can gain, so it tells whether a target is within reach of a fair player. Never
used by the bot: the computers stay on public information (the tests check it).

`--uses` shows the numbers only where the computer weighs blocking a rival (buying and keeping a
number a rival holds, B-12) or what rivals may claim from a declaration (B-11), to tell which
reading the secrecy costs most."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import engine.bingo.computer as computer
import engine.bingo.view as view
from bench.paired import add_bingo_arguments, bingo_twice
from engine.bingo.cards import CELLS, number_at
from engine.bingo.state import BingoPlayer, BingoState

USES = ("blocking", "claims")


def shown_all(card_view: Callable[..., view.CardView]) -> Callable[..., view.CardView]:
    """`_card_view` with every number of a rival's card in its memory (the viewer's own card is
    shown whole already)."""

    def reveal(s: BingoState, p: BingoPlayer, viewer: str | None) -> view.CardView:
        seen = card_view(s, p, viewer)
        if seen.full:
            return seen
        every = {c: n for c in CELLS if (n := number_at(p.card, c)) is not None}
        return seen.model_copy(update={"remembered": every})

    return reveal


def reveal(uses: tuple[str, ...]) -> Callable[[], None]:
    """Show rivals' numbers to the computer where `uses` says; returns what puts the secret back
    (a benchmark's worker process never needs it)."""
    blocking, rival_gain = computer._blocking, computer._rival_gain
    open_view = shown_all(view._card_view)

    def open_seat(seat: computer.Seat) -> computer.Seat:
        """The same decision with rivals' cards shown, made once per decision."""
        seen = seat.__dict__.get("open_seat")
        if not isinstance(seen, computer.Seat):
            seen = computer.Seat(seat.s, seat.player, seat.style, seat.rng, seat.legal)
            seen.__dict__["players"] = [open_view(seat.s, p, seat.player) for p in seat.s.players]
            seat.__dict__["open_seat"] = seen
        return seen

    def open_blocking(seat: computer.Seat, number: int) -> float:
        return blocking(open_seat(seat), number)

    def open_rival_gain(seat: computer.Seat, card: view.CardView, number: int) -> float:
        seen = next(c for c in open_seat(seat).players if c.name == card.name)
        return rival_gain(seat, seen, number)

    if "blocking" in uses:
        computer._blocking = open_blocking
    if "claims" in uses:
        computer._rival_gain = open_rival_gain

    def restore() -> None:
        computer._blocking, computer._rival_gain = blocking, rival_gain

    return restore


@contextmanager
def revealed(uses: tuple[str, ...]) -> Iterator[None]:
    """Rivals' numbers shown to the computer where `uses` says, for the games played inside."""
    restore = reveal(uses)
    try:
        yield
    finally:
        restore()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_bingo_arguments(parser)
    parser.add_argument("--uses", default=",".join(USES), help="where the numbers are shown: blocking, claims")
    args = parser.parse_args(argv)
    uses = tuple(u.strip() for u in args.uses.split(",") if u.strip())
    if not set(uses) <= set(USES):
        parser.error(f"--uses takes {', '.join(USES)}")
    paired = bingo_twice(args, partial(reveal, uses))
    print(f"bingo: {args.hero} vs {args.players - 1} x {args.field}, {paired.games} games from seed {args.seed}")
    print(f"rivals' numbers secret (B-3): {paired.before:.1%}")
    print(f"shown for {', '.join(uses)}: {paired.after:.1%}")
    print(f"worth of the secret: {paired.diff * 100:+.1f} points (standard error {paired.se * 100:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
