"""Seat colours for colour-blind players (issue 36): every two seat colours stay clearly apart — for
normal vision and under deuteranopia and protanopia simulations (Machado, Oliveira & Fernandes 2009,
full severity) — measured as the CIE76 colour difference in CIELAB. Text on a seat colour is black
or white, whichever contrasts more."""

from __future__ import annotations

import itertools
import math

import pytest

from bot.pictures import style

MIN_DELTA_E = 20.0
MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
}


def _linear(v: float) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(max(c, 0.0), 1.0)
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb: tuple[float, float, float], kind: str) -> tuple[float, float, float]:
    linear = [_linear(v) for v in rgb]
    m = MACHADO[kind]
    r, g, b = (_encoded(sum(m[i][j] * linear[j] for j in range(3))) for i in range(3))
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_every_two_seat_colours_stay_apart(vision: str) -> None:
    seen = [c if vision == "normal" else simulate(c, vision) for c in style.PLAYER_COLOURS]
    for (i, a), (j, b) in itertools.combinations(enumerate(seen), 2):
        delta = math.dist(lab(a), lab(b))
        assert delta >= MIN_DELTA_E, f"seats {i + 1} and {j + 1} look alike ({vision}): ΔE {delta:.1f}"


def test_the_simulation_finds_the_classic_confusion() -> None:
    """The check can fail: pure red and pure green are close under deuteranopia."""
    red, green = simulate((255, 0, 0), "deuteranopia"), simulate((0, 160, 0), "deuteranopia")
    assert math.dist(lab(red), lab(green)) < MIN_DELTA_E


def test_text_on_a_seat_colour_is_black_or_white_as_it_reads_best() -> None:
    assert style.ink_on((250, 230, 45)) == style.INK and style.ink_on((40, 40, 40)) == style.WHITE
