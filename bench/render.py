"""Picture speed: `python -m bench.render`. Median render time (drawing + PNG) and PNG size of the
Mega board over states from random games, and of a single bingo card and the public table."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.playout import bingo_random_game, mega_random_game
from cogs.bingo.picture import render_card, render_table
from cogs.mega.picture import render_board
from engine import bingo


def measure(label: str, render: Callable[[Any], bytes], items: list[Any]) -> None:
    render(items[0])  # the static layer is drawn once and cached
    times, sizes = [], []
    for item in items:
        start = time.perf_counter()
        data = render(item)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    print(
        f"{label}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(items)} renders; "
        f"PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB"
    )


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(prog="python -m bench.render", description=__doc__).parse_args(argv)
    boards = [
        after for seed in range(6) for i, (_, _, _, after, _) in enumerate(mega_random_game(seed, 6)) if i % 10 == 0
    ]
    measure("mega board (1024 px)", render_board, boards)
    tables = [
        after for seed in range(6) for i, (_, _, _, after, _) in enumerate(bingo_random_game(seed, 4)) if i % 10 == 0
    ]
    cards = [bingo.view_for(s, s.players[0].name).players[0] for s in tables]
    measure("bingo card (own, full)", lambda c: render_card(c, 0), cards)
    measure("bingo table (4 public cards)", lambda s: render_table(bingo.view_for(s, None).players), tables)


if __name__ == "__main__":
    main()
