"""The shape of the plug-ins (issue 11): each game lives in its own packages, the shared code
looks games up in one registry per layer and never names one, and modules import no circle."""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_no_import_cycles() -> None:
    mods = modules("engine", "bot", "cogs")
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = {i if i in mods else i.rsplit(".", 1)[0] for i in top_level_imports(path)}
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
