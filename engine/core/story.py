"""The story of a finished game, told from its log: final places, each player's tallies (for
statistics), one public measure per player over the game (for the chart) and its turning points.

Each game tells its own story (`Game.story`); this holds what they share. A story is public: it is
built from public events and public views only, so a game with hidden information (bingo numbers)
tells nothing a player could not see at the table.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from engine.core.events import AnyEvent
from engine.core.jsondata import JsonObject

if TYPE_CHECKING:
    from engine.core.game import State  # the protocol of states; game.py imports this module

# (actor, action, events) as the bot logs every accepted move
Move = tuple[str | None, dict[str, Any], list[dict[str, Any]]]
# A logged action with this key ended the game after it was carried out (its value says why: only
# computers were left at the table), so the replay ends it too, as the bot did in the same move.
ENDS_GAME = "ends_game"
ONLY_COMPUTERS = "only_computers"  # its one reason so far
MAX_POINTS = 120  # points per line on the chart (a long game is sampled evenly)


class Standing(BaseModel):
    player: str
    place: int  # 1 is best; tied players share a place
    won: bool
    counts: dict[str, int] = Field(default_factory=dict)  # e.g. rent collected, lines completed
    by_item: dict[str, dict[str, int]] = Field(default_factory=dict)  # e.g. rent per deed, deeds bought


class Moment(BaseModel):
    """A turning point: `kind` names its words in the catalog; `data` fills them (player ids and
    the game's own keys, which the presenter turns into names)."""

    kind: str
    turn: int
    player: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Story(BaseModel):
    kind: str
    measure: str  # what `series` counts, a catalog key (net worth, cells owned)
    money: bool = False  # whether the measure is an amount of money
    standings: list[Standing]  # best first
    turns: list[int] = Field(default_factory=list)  # the turn of each point of the series
    series: dict[str, list[int]] = Field(default_factory=dict)  # player → measure at each point
    moments: list[Moment] = Field(default_factory=list)
    # A digest of the state the replay ended in, to check it is the state the game really ended in
    # (the bot drops it before storing the story: it is not for players).
    ends_at: str = ""


def digest(state: State) -> str:
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def replay_steps(
    game: Any, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]
) -> Iterator[tuple[Any, list[AnyEvent]]]:
    """Every state of a game from its seed and its logged moves, with the events of each move (the
    first is the new game). A move the rules refuse raises: the log cannot be right."""
    state, events = game.new_game(players, seed, options)
    yield state, events
    for actor, action, _ in moves:
        do = action.get("do")
        if do == "start_game":
            continue
        if do == "stop_game":
            state, events = game.end_early(state)
        else:
            move = action if ENDS_GAME not in action else {k: v for k, v in action.items() if k != ENDS_GAME}
            state, events = game.apply(state, actor, game.parse_action(move))
            if ENDS_GAME in action and not state.over:
                state, more = game.end_early(state)
                events = [*events, *more]
        yield state, events


def final_state(game: Any, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Any:
    """The state a game's log ends in (replayed from its seed, keeping only the last step)."""
    ((state, _),) = deque(replay_steps(game, players, seed, options, moves), maxlen=1)
    return state


def plain_story(game: Any, players: list[str], seed: int, options: JsonObject, moves: Sequence[Move]) -> Story:
    """The story of a game that tells none of its own: the winners first, everyone else after them
    (no tallies, no chart) — what results, ratings and the leaderboard need."""
    state = final_state(game, players, seed, options, moves)
    winners = set(game.winners(state) if state.over else game.provisional_winners(state))
    place = places([[p for p in players if p in winners], [p for p in players if p not in winners]])
    standings = [Standing(player=p, place=place[p], won=p in winners) for p in sorted(players, key=place.__getitem__)]
    return Story(kind=getattr(game, "kind", ""), measure="places", standings=standings, ends_at=digest(state))


def ending_early(action: JsonObject, why: str) -> dict[str, Any]:
    """The logged form of a move after which the bot ended the game early (see ENDS_GAME)."""
    return {**action, ENDS_GAME: why}


def places(order: list[list[str]]) -> dict[str, int]:
    """Places from groups of tied players, best group first: [[a], [b, c], [d]] → 1, 2, 2, 4."""
    out: dict[str, int] = {}
    place = 1
    for group in order:
        for player in group:
            out[player] = place
        place += len(group)
    return out


def ranked(players: list[str], key: Callable[[str], tuple[Any, ...]]) -> list[list[str]]:
    """Players grouped by equal `key`, highest key first."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for player in players:
        groups.setdefault(key(player), []).append(player)
    return [groups[k] for k in sorted(groups, reverse=True)]


class Chart:
    """Collects the measure after each turn, keeping at most MAX_POINTS points (evenly thinned)."""

    def __init__(self, players: list[str]) -> None:
        self.players = players
        self.turns: list[int] = []
        self.series: dict[str, list[int]] = {p: [] for p in players}

    def add(self, turn: int, values: dict[str, int]) -> None:
        if self.turns and self.turns[-1] == turn:
            self.turns.pop()
            for p in self.players:
                self.series[p].pop()
        self.turns.append(turn)
        for p in self.players:
            self.series[p].append(values.get(p, 0))

    def thinned(self) -> tuple[list[int], dict[str, list[int]]]:
        n = len(self.turns)
        if n <= MAX_POINTS:
            return self.turns, self.series
        keep = sorted({round(i * (n - 1) / (MAX_POINTS - 1)) for i in range(MAX_POINTS)})
        return [self.turns[i] for i in keep], {p: [v[i] for i in keep] for p, v in self.series.items()}


def public(events: list[AnyEvent]) -> list[AnyEvent]:
    return [e for e in events if e.visible_for(None)]
