"""The dice race's rules. Each turn the player rolls one die and moves; then a *push* window opens:
they may push their luck (roll again and move on; a 1 sends them back to where the turn began) or
stop. Whoever reaches the goal first wins. The window closes by itself with Stop when its time is
up; every push starts its countdown again."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.fold import apply_action, parse_with
from engine.core.model import StateModel
from engine.core.rng import randbelow, seed_state
from engine.core.window import Window
from tests.toygame.events import FellBack, Left, RaceEvent, Rolled, Started, Stopped, Won, parse_events


class RaceRules(BaseModel):
    goal: int = Field(20, ge=6, le=100)
    push_window_s: int = Field(10, ge=2, le=120)


class Roll(BaseModel):
    do: Literal["race_roll"] = "race_roll"


class Push(BaseModel):
    do: Literal["race_push"] = "race_push"


class Stop(BaseModel):
    do: Literal["race_stop"] = "race_stop"


class Leave(BaseModel):
    do: Literal["race_leave"] = "race_leave"


RaceAction = Annotated[Roll | Push | Stop | Leave, Field(discriminator="do")]
_ACTIONS: TypeAdapter[RaceAction] = TypeAdapter(RaceAction)


class Runner(StateModel):
    name: str
    at: int = 0
    out: bool = False


class RaceState(StateModel):
    rules: RaceRules = Field(default_factory=RaceRules)
    runners: list[Runner]
    turn: int = 0
    stage: Literal["roll", "push"] = "roll"
    started_at: int = 0  # where the turn player stood before this turn
    rng: int = 0
    version: int = 0
    winner: str | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def _die(s: RaceState, ev: list[RaceEvent], who: str) -> int:
    s.rng, value = randbelow(s.rng, 6)
    ev.append(Rolled.new({"value": value + 1}, who))
    return value + 1


def _next_turn(s: RaceState) -> None:
    s.stage = "roll"
    for step in range(1, len(s.runners) + 1):
        turn = (s.turn + step) % len(s.runners)
        if not s.runners[turn].out:
            s.turn = turn
            return


def _finish_if_won(s: RaceState, ev: list[RaceEvent], runner: Runner) -> None:
    alive = [r for r in s.runners if not r.out]
    if runner.at >= s.rules.goal or len(alive) == 1:
        s.winner = runner.name if runner.at >= s.rules.goal else alive[0].name
        ev.append(Won.new({"at": runner.at}, s.winner))


def _dispatch(s: RaceState, ev: list[RaceEvent], actor: str | None, action: Any) -> None:
    runner = s.runners[s.turn]
    if isinstance(action, Leave):
        leaving = next((r for r in s.runners if r.name == actor and not r.out), None)
        if leaving is None:
            raise IllegalAction("not_in_game", "you are not in this race")
        leaving.out = True
        ev.append(Left.new({}, leaving.name))
        if leaving is runner:
            _next_turn(s)
        _finish_if_won(s, ev, s.runners[s.turn])
        return
    if actor is not None and actor != runner.name:
        raise NotYourTurn("not_your_turn", "it is not your turn")
    if isinstance(action, Roll) and s.stage == "roll" and actor is not None:
        s.started_at = runner.at
        runner.at += _die(s, ev, runner.name)
        s.stage = "push"
    elif isinstance(action, Push) and s.stage == "push" and actor is not None:
        value = _die(s, ev, runner.name)
        runner.at = s.started_at if value == 1 else runner.at + value
        if value == 1:
            ev.append(FellBack.new({"to": runner.at}, runner.name))
            _next_turn(s)
            return
    elif isinstance(action, Stop) and s.stage == "push":  # the player, or the window's time is up
        ev.append(Stopped.new({"at": runner.at}, runner.name))
        _next_turn(s)
        return
    else:
        raise IllegalAction("bad_action", f"{action.do} is not possible now")
    _finish_if_won(s, ev, runner)


class DiceRace:
    kind = "race"
    min_players = 2
    max_players = 4
    options_model: type[BaseModel] = RaceRules
    window_option: str | None = "push_window_s"
    has_secrets = False

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> tuple[RaceState, list[RaceEvent]]:
        state = RaceState(rules=RaceRules(**options), runners=[Runner(name=p) for p in players], rng=seed_state(seed))
        return state, [Started.new({"players": players}, None)]

    def load_state(self, text: str) -> RaceState:
        return RaceState.model_validate_json(text)

    def parse_action(self, raw: dict[str, Any]) -> RaceAction:
        return parse_with(_ACTIONS, raw)

    def parse_events(self, raw: list[dict[str, Any]]) -> list[RaceEvent]:
        return parse_events(raw)

    def apply(self, state: RaceState, actor: str | None, action: Any) -> tuple[RaceState, list[RaceEvent]]:
        return apply_action(state, actor, action, self.parse_action, _dispatch)

    def legal_actions(self, state: RaceState, player: str) -> list[RaceAction]:
        if state.over or player not in self.to_act(state):
            return []
        return [Roll()] if state.stage == "roll" else [Push(), Stop()]

    def to_act(self, state: RaceState) -> list[str]:
        return [] if state.over else [state.runners[state.turn].name]

    def waiting_for(self, state: RaceState) -> str:
        return "game_over" if state.over else f"race_{state.stage}"

    def turn_player(self, state: RaceState) -> str | None:
        return state.runners[state.turn].name

    def in_play(self, state: RaceState) -> list[str]:
        return [r.name for r in state.runners if not r.out]

    def winners(self, state: RaceState) -> list[str]:
        return [state.winner] if state.winner else []

    def window(self, state: RaceState) -> Window[RaceAction] | None:
        if state.over or state.stage != "push":
            return None
        who = state.runners[state.turn].name
        return Window(
            "race_push",
            f"{state.turn}:{state.started_at}",
            state.rules.push_window_s,
            (who,),
            Stop(),
            frozenset({"race_push"}),
        )

    def resign(self, player: str) -> RaceAction:
        return Leave()

    def end_early(self, state: RaceState) -> tuple[RaceState, list[RaceEvent]]:
        leaders = self.provisional_winners(state)
        return state.model_copy(update={"winner": leaders[0]}), [Won.new({}, leaders[0])]

    def provisional_winners(self, state: RaceState) -> list[str]:
        best = max(r.at for r in state.runners if not r.out)
        return [r.name for r in state.runners if not r.out and r.at == best]

    def public_view(self, state: RaceState) -> RaceState:
        return state

    def private_view(self, state: RaceState, player: str) -> RaceState:
        return state

    def computer(self, state: RaceState, player: str, level: str, rng: random.Random) -> RaceAction | None:
        if player not in self.to_act(state):
            return None
        runner = state.runners[state.turn]
        if state.stage == "roll":
            return Roll()
        return Push() if runner.at - state.started_at < 7 and runner.at < state.rules.goal else Stop()

    def safe_action(self, state: RaceState, player: str) -> RaceAction | None:
        if player not in self.to_act(state):
            return None
        return Roll() if state.stage == "roll" else Stop()


RACE = DiceRace()
