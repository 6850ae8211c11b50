"""The bingo table in words, for Discord's alt text: public information only (B-3) — each player's
owned cells with their numbers, lines, monopolies, detention. A hidden number never appears."""

from __future__ import annotations

from bot.i18n import joined, listed, sentences, t
from bot.store import GameRecord
from engine.bingo.cards import COLUMNS
from engine.bingo.state import BingoState
from engine.bingo.view import CardView, view_for

ALT_TEXT_MAX = 1024  # Discord's limit for an attachment's description


def describe_table(record: GameRecord, state: BingoState, names: dict[str, str]) -> str:
    loc = record.locale
    parts = [t(loc, "alt.cards")]
    for card in view_for(state, None).players:  # the public view: owned cells only
        parts.append(_card(loc, card, names.get(card.name, "?")))
    text = sentences(loc, parts)
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1] + "…"


def describe_own_card(locale: str, card: CardView) -> str:
    """A player's whole card, for their private picture only."""
    rows = []
    for row in range(5):
        cells = [
            f"{col}{row + 1} {card.cells[col][row] or '★'}" + ("✓" if f"{col}{row + 1}" in card.owned else "")
            for col in COLUMNS
        ]
        rows.append(joined(locale, cells))
    return (t(locale, "alt.own_card") + " " + "; ".join(rows))[:ALT_TEXT_MAX]


def _card(loc: str, card: CardView, who: str) -> str:
    if card.eliminated:
        return t(loc, "alt.cards.out", player=who)
    owned = [f"{c} ({n})" for c in card.owned for n in [card.cells[c[0]][int(c[1:]) - 1]] if n is not None]
    cells = listed(loc, owned) or "—"
    said = [t(loc, "alt.cards.player", player=who, count=len(owned), cells=cells, lines=len(card.lines))]
    if card.monopolies:
        columns = listed(loc, list(card.monopolies))
        said.append(t(loc, "alt.cards.monopolies", columns=columns, count=len(card.monopolies)))
    if card.in_jail:  # its own sentence, naming the player (never read as the next player's)
        said.append(t(loc, "alt.cards.detained", player=who))
    return sentences(loc, said)
