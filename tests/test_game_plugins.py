"""Games from other installed packages (issue 38): found through the entry points of `bot.plugins`,
registered on both layers with no edit here, their house rules among the settings; a plug-in that
cannot be loaded or is refused stops the start with one line."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from bot import plugins, server_settings
from cogs import registry
from engine import games
from tests.e2e.test_failures import env_for
from tests.e2e.test_runtime import ROOT


@pytest.fixture
def race_unregistered() -> Iterator[None]:
    yield
    registry.unregister("race")
    games.unregister("race")


def _installed(monkeypatch: pytest.MonkeyPatch, *points: tuple[str, str, str]) -> None:
    found = [EntryPoint(name=name, value=value, group=group) for group, name, value in points]
    monkeypatch.setattr(plugins, "entry_points", lambda group: [p for p in found if p.group == group])


def test_an_installed_game_joins_both_layers_with_its_house_rules(
    monkeypatch: pytest.MonkeyPatch, race_unregistered: None
) -> None:
    _installed(
        monkeypatch,
        (plugins.GAMES_GROUP, "race", "tests.toygame.engine:RACE"),
        (plugins.PRESENTERS_GROUP, "race", "tests.toygame.presenter:PRESENTER"),
    )
    assert "race.goal" not in server_settings.ALL
    assert registry.load_installed() == ["race"]
    assert "race" in games.GAMES and "race" in registry.PRESENTERS
    assert server_settings.ALL["race.goal"].default == 20, "its house rules are settings once it is registered"
    assert server_settings.parse("race.goal", "30") == 30
    assert registry.load_installed() == ["race"], "loading again changes nothing"


@pytest.mark.parametrize(
    ("points", "says"),
    [
        ([(plugins.GAMES_GROUP, "race", "tests.toygame.nowhere:RACE")], "cannot be loaded"),
        ([(plugins.GAMES_GROUP, "dice", "tests.toygame.engine:RACE")], "no game of kind 'dice'"),
        (
            [
                (plugins.GAMES_GROUP, "race", "tests.toygame.engine:RACE"),
                (plugins.PRESENTERS_GROUP, "race", "tests.toygame.engine:RACE"),
            ],
            "refused",  # an engine game where the Discord side should be
        ),
    ],
)
def test_a_broken_plugin_is_named(
    monkeypatch: pytest.MonkeyPatch, race_unregistered: None, points: list[tuple[str, str, str]], says: str
) -> None:
    _installed(monkeypatch, *points)
    with pytest.raises(plugins.PluginFailed, match=says):
        registry.load_installed()


def _dist_info(folder: Path, entry_points: str) -> None:
    """An installed distribution as importlib.metadata finds it on the path."""
    info = folder / "race_game-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: race-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


async def _check(tmp_path: Path, site: Path) -> tuple[int | None, str, str]:
    env = {**os.environ, **env_for(tmp_path / "games.sqlite3"), "PYTHONPATH": f"{ROOT}{os.pathsep}{site}"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--check", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, out.decode(), err.decode()


async def test_python_m_bot_loads_an_installed_game_and_names_a_broken_one(tmp_path: Path) -> None:
    good, bad = tmp_path / "good", tmp_path / "bad"
    _dist_info(good, "[monopoly_bot.games]\nrace = tests.toygame.engine:RACE\n")
    _dist_info(bad, "[monopoly_bot.games]\nrace = race_game.missing:RACE\n")
    code, out, _ = await _check(tmp_path, good)
    assert code == 0 and "ok" in out
    code, _, err = await _check(tmp_path, bad)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert "game plug-in 'race'" in lines[0] and "race_game.missing:RACE" in lines[0]
