"""Per-server defaults: the bot's own settings (language, timers, lobbies, allowed channels) and
every house rule of every game, taken from the engines' option models (one source of truth: a
value is valid exactly when the engine's model accepts it). A game keeps the options it started
with; changing a default only changes games started later."""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.core.game import LEVELS
from engine.core.jsondata import JsonObject
from engine.games import GAMES


@dataclass(frozen=True)
class Setting:
    key: str  # "turn_timeout", or "<game>.<option>" for a house rule
    kind: str  # "int", "bool", "choice" or "channels"
    default: Any
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    rule: str = ""  # the rule id it changes (from the engine's description), if any
    game: str | None = None

    def allowed(self) -> str:
        if self.kind == "int":
            low = "" if self.low is None else str(self.low)
            high = "" if self.high is None else str(self.high)
            return f"{low}–{high}" if high else f"≥ {low}"
        if self.kind == "bool":
            return "on / off"
        if self.kind == "choice":
            return " / ".join(self.choices)
        return "#channels"


SHARED: tuple[Setting, ...] = (
    Setting("language", "choice", "auto", choices=("auto", "en", "ja")),
    Setting("turn_timeout", "int", 120, 30, 3600),
    Setting("missed_turns", "int", 3, 1, 10),
    Setting("away", "choice", "safe", choices=("safe", "computer")),
    Setting("away_level", "choice", "normal", choices=LEVELS),
    Setting("lobby_minutes", "int", 15, 1, 120),
    Setting("threads", "bool", False),
    Setting("turn_notices", "bool", True),
    Setting("channels", "channels", []),
)


def _game_settings() -> tuple[Setting, ...]:
    out = []
    for kind, game in GAMES.items():
        for name, field in game.options_model.model_fields.items():
            annotation = field.annotation
            low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
            high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
            rule = (field.description or "").split(":")[0].strip()
            key = f"{kind}.{name}"
            if annotation is bool:
                out.append(Setting(key, "bool", field.default, rule=rule, game=kind))
            elif annotation is int:
                out.append(Setting(key, "int", field.default, low, high, rule=rule, game=kind))
            elif typing.get_origin(annotation) is typing.Literal:
                choices = tuple(str(c) for c in typing.get_args(annotation))
                out.append(Setting(key, "choice", field.default, choices=choices, rule=rule, game=kind))
    return tuple(out)


class _Settings(Mapping[str, Setting]):
    """The shared settings and every registered game's house rules, read afresh when the games
    change: a game registered after this module was imported (an installed plug-in, `bot.plugins`)
    has its house rules here too."""

    def __init__(self) -> None:
        self._games: tuple[tuple[str, int], ...] = ()
        self._table: dict[str, Setting] = {}

    def _current(self) -> dict[str, Setting]:
        registered = tuple((kind, id(game)) for kind, game in GAMES.items())
        if registered != self._games or not self._table:
            self._table = {s.key: s for s in (*SHARED, *_game_settings())}
            self._games = registered
        return self._table

    def __getitem__(self, key: str) -> Setting:
        return self._current()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())


ALL: Mapping[str, Setting] = _Settings()


class BadValue(Exception):
    """A value out of range or of the wrong kind; the message says what is allowed."""

    def __init__(self, setting: Setting) -> None:
        super().__init__(setting.key)
        self.setting = setting


def parse(key: str, raw: str) -> Any:
    """The value an admin typed, checked: by the engine's own model for a house rule."""
    setting = ALL[key]
    text = raw.strip()
    if setting.kind == "bool":
        lowered = text.lower()
        if lowered in ("on", "true", "yes", "1", "オン"):
            return True
        if lowered in ("off", "false", "no", "0", "オフ"):
            return False
        raise BadValue(setting)
    if setting.kind == "choice":
        if text not in setting.choices:
            raise BadValue(setting)
        value: Any = text
    elif setting.kind == "int":
        if not text.isascii() or not text.lstrip("-").isdigit():
            raise BadValue(setting)
        value = int(text)
        if (setting.low is not None and value < setting.low) or (setting.high is not None and value > setting.high):
            raise BadValue(setting)
    else:
        ids = [part.strip("<#> ") for part in text.replace(",", " ").split()]
        if not all(i.isdigit() for i in ids):
            raise BadValue(setting)
        return [int(i) for i in ids]
    if setting.game is not None:
        try:
            GAMES[setting.game].options_model(**{key.split(".", 1)[1]: value})
        except ValidationError:
            raise BadValue(setting) from None
    return value


def effective(stored: JsonObject) -> dict[str, Any]:
    """Every setting's value in this server: the stored ones, defaults for the rest."""
    return {key: stored.get(key, setting.default) for key, setting in ALL.items()}


def game_options(kind: str, values: JsonObject) -> dict[str, Any]:
    """The engine options of one game from the server's values (only those differing from the
    engine's defaults, so a game records what was chosen)."""
    prefix = f"{kind}."
    return {
        key[len(prefix) :]: value
        for key, value in values.items()
        if key.startswith(prefix) and value != ALL[key].default
    }
