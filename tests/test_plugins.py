"""The shape of the plug-ins (issue 11): each game lives in its own packages, the shared code
looks games up in one registry per layer and never names one, and modules import no circle."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
KINDS = set(GAMES)
GAME_PACKAGES = {f"{layer}.{kind}" for layer in ("engine", "cogs") for kind in KINDS}
REGISTRIES = {"engine/games.py", "cogs/registry.py", "bot/i18n/__init__.py"}  # and the catalog


def modules(*packages: str) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            found[name] = path
    return found


def in_game_package(module: str) -> bool:
    """A game's engine or Discord package, or its texts in the one catalog (bot.i18n.<kind>_*)."""
    if any(module.startswith(f"bot.i18n.{kind}_") for kind in KINDS):
        return True
    return any(module == p or module.startswith(p + ".") for p in GAME_PACKAGES)


def top_level_imports(path: Path) -> set[str]:
    """Imports that run when the module loads (not those under TYPE_CHECKING or in functions)."""
    return all_imports(path, ast.parse(path.read_text(encoding="utf-8")).body)


def all_imports(path: Path, nodes: list[ast.stmt] | None = None) -> set[str]:
    found: set[str] = set()
    walked = nodes if nodes is not None else ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    for node in walked:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def kind_literals(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in KINDS]


def shared_modules() -> dict[str, Path]:
    return {
        name: path
        for name, path in modules("bot", "cogs").items()
        if not in_game_package(name) and str(path.relative_to(ROOT)) not in REGISTRIES
    }


def test_shared_code_never_names_a_game() -> None:
    offenders = {name: lines for name, path in shared_modules().items() if (lines := kind_literals(path))}
    assert not offenders, f"game-kind literals outside the game packages: {offenders}"


def game_verbs() -> set[str]:
    """Every action type (`do`) of every game, read from its actions module."""
    verbs: set[str] = set()
    for kind in KINDS:
        tree = ast.parse((ROOT / "engine" / kind / "actions.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "do":
                verbs |= {c.value for c in ast.walk(node.annotation) if isinstance(c, ast.Constant)}
    return verbs


def _is_all(node: ast.AST) -> bool:
    return isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def test_shared_code_never_names_a_game_verb() -> None:
    """bot/ and the shared cogs know timed windows, resigning and offers through the Game protocol
    (issue 27), not by the games' action names."""
    verbs = game_verbs()
    assert {"bid", "resign", "close_auction", "close_claims", "withdraw_trade", "accept_trade"} <= verbs
    offenders = {}
    for name, path in shared_modules().items():
        if name.startswith("bot.i18n."):  # the catalog's texts are words, not verbs
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = {id(c) for n in ast.walk(tree) if _is_all(n) for c in ast.walk(n)}
        found = sorted(
            {
                n.value
                for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and n.value in verbs and id(n) not in exported
            }
        )
        if found:
            offenders[name] = found
    assert not offenders, f"game verbs named outside the game packages: {offenders}"


def test_shared_code_never_imports_a_game_package() -> None:
    offenders = {
        name: sorted(i for i in all_imports(path) if in_game_package(i))
        for name, path in shared_modules().items()
        if any(in_game_package(i) for i in all_imports(path))
    }
    assert not offenders, offenders


def test_every_game_has_a_presenter_and_an_engine() -> None:
    from cogs.registry import PRESENTERS

    assert set(PRESENTERS) == KINDS
    for kind in KINDS:
        assert (ROOT / "engine" / kind / "game.py").exists()
        assert (ROOT / "cogs" / kind / "__init__.py").exists()


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str]:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (found := visit(dep, [*path, dep])):
                return found
        state[node] = 2
        return []

    for name in sorted(graph):
        if name not in state and (found := visit(name, [name])):
            return found
    return []


def runtime_imports(path: Path) -> set[str]:
    """Every import that can run: at the top and inside functions, not under TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return found


def test_no_import_cycles() -> None:
    """Function-level imports count too: one that closes a circle only hides it (issue 38)."""
    mods = modules("engine", "bot", "cogs")
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = {i if i in mods else i.rsplit(".", 1)[0] for i in runtime_imports(path)}
        # a package's __init__ importing its own submodules, and a module importing its package, are no circle
        graph[name] = {d for d in targets if d in mods and d != name and not name.startswith(d + ".")}
    cycle = find_cycle(graph)
    assert not cycle, " → ".join(cycle)


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_modules_stay_small() -> None:
    long = {name: n for name, path in modules("bot", "cogs").items() if (n := len(path.read_text().splitlines())) > 420}
    assert not long, long


def test_the_scans_see_real_code() -> None:
    """The checks above can fail: the game packages do name their kind and import their engine."""
    assert any(kind_literals(path) for name, path in modules("cogs").items() if in_game_package(name))
    assert any(in_game_package(i) for i in all_imports(ROOT / "cogs" / "registry.py"))


def _race_presenter(**changes: object) -> object:
    """The toy game's Discord side with some parts changed."""
    from tests.toygame.presenter import RacePresenter

    presenter = RacePresenter()
    for name, value in changes.items():
        setattr(presenter, name, value)
    return presenter


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"buttons": {"join": None}}, "shared code's verbs"),  # the lobby's Join would win over it
        ({"selects": {"option_pick": None}}, "shared code's verbs"),
        ({"modals": {"option_set": None}}, "shared code's verbs"),
        ({"buttons": {"tsend": None}}, "shared code's verbs"),  # an old spelling of a shared verb
        ({"buttons": {"roll2": None}}, "lowercase letters"),  # a custom_id cannot carry it
        ({"aliases": {"race_roll": "race_stop"}}, "old verbs"),  # an alias hiding a verb of today
        ({"aliases": {"old_roll": "nowhere"}}, "old verbs"),
        ({"kind": "nogame"}, "no engine game"),
    ],
)
def test_registration_refuses_names_that_would_misroute_or_misread(changes: dict[str, object], says: str) -> None:
    """Issue 38: reserved names are refused loudly at registration, not discovered in play."""
    from cogs import registry
    from tests.toygame.plugin import dice_race

    with dice_race():
        registry.unregister("race")
        with pytest.raises(registry.Refused, match=says):
            registry.register(_race_presenter(**changes))  # type: ignore[arg-type]
        assert "race" not in registry.PRESENTERS


def test_registration_refuses_a_game_whose_owed_texts_are_missing(tmp_path: Path) -> None:
    """The words the shared code says of every game (its name in /monopoly start, the lobby's
    title, the turn notice, /monopoly rules) must be there before its first lobby."""
    from cogs import registry
    from engine import games
    from tests.toygame.engine import RACE

    other = copy.copy(RACE)
    other.kind = "race_two"
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "race_two.ftl").write_text("cmd-choice-race_two = Dice race two\n", encoding="utf-8")
    games.register(other)
    try:
        with pytest.raises(registry.Refused, match=r"lobby\.title\.race_two, game\.title\.race_two"):
            registry.register(_race_presenter(kind="race_two", catalogs=tmp_path))  # type: ignore[arg-type]
        assert "race_two" not in registry.PRESENTERS
    finally:
        games.unregister("race_two")


def test_a_game_registered_again_brings_its_texts_once() -> None:
    from cogs import registry
    from tests.toygame.plugin import dice_race

    for _ in range(2):
        with dice_race():
            assert "race" in registry.PRESENTERS


def test_the_shared_verbs_are_the_ones_the_click_router_handles() -> None:
    """cogs/verbs.py lists what cogs/clicks.py routes (a game may use neither)."""
    from cogs import clicks, verbs

    assert set(clicks.ClickRouter.shared_buttons(_Named())) == verbs.BUTTONS  # type: ignore[arg-type]
    assert set(clicks.SHARED_SELECTS) == verbs.SELECTS
    assert set(clicks.SHARED_MODALS) == verbs.MODALS


class _Named:
    """Stands in for the router: every attribute the shared buttons name is a placeholder."""

    def __getattr__(self, name: str) -> object:
        return self


@pytest.mark.parametrize("kind", ["lobby", "turn", "offer"])
def test_a_window_may_not_take_the_name_of_one_of_the_bots_deadlines(kind: str) -> None:
    """The store keeps a window's kind as its deadline's kind: a window called "turn" would be
    timed out as a missed turn."""
    from engine.core.window import Window

    with pytest.raises(ValueError, match="may not be called"):
        Window(kind=kind, identity="x", seconds=10, who=("A",), closes_with=None)
    assert Window(kind="auction", identity="x", seconds=10, who=("A",), closes_with=None).kind == "auction"


def test_the_developers_guide_lists_what_a_game_owes() -> None:
    """Every member of both protocols, every text the registration checks and every shared verb
    is named in docs/developers.md ("Adding a game"), so the guide cannot fall behind the code."""
    from cogs import registry, verbs
    from cogs.context import Presenter
    from engine.core.game import Game, missing_members

    guide = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")
    section = guide[guide.index("### Adding a game") : guide.index("## The documentation")]
    owed = [*missing_members(object(), Game), *missing_members(object(), Presenter)]
    owed += [key.format(kind="<kind>") for key in registry.OWED_TEXTS]
    owed += sorted(verbs.BUTTONS | verbs.SELECTS | verbs.MODALS)
    assert [name for name in owed if f"`{name}`" not in section] == []


def test_engine_core_imports_nothing_outside_core() -> None:
    """The shared engine (`engine/core`) is what games build on: it names no game and no tool."""
    outside = {
        name: sorted(i for i in runtime_imports(path) if i.startswith("engine.") and not i.startswith("engine.core"))
        for name, path in modules("engine/core").items()
    }
    assert {name: found for name, found in outside.items() if found} == {}


def test_each_game_lives_in_its_own_package() -> None:
    """A game's computer players, baselines and random play are in its package, found through
    the game object (no registry of games besides engine.games)."""
    from engine.core.game import Fuzzed, HasBaselines

    for kind in KINDS:
        for part in ("computer", "baselines", "fuzz", "story"):
            assert (ROOT / "engine" / kind / f"{part}.py").exists(), (kind, part)
        assert isinstance(GAMES[kind], HasBaselines) and isinstance(GAMES[kind], Fuzzed)
    assert not (ROOT / "engine" / "ai" / "baselines").exists()
