"""engine/ is pure: no Discord, asyncio, SQLite, network or image libraries."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {
    "discord",
    "asyncio",
    "aiosqlite",
    "sqlite3",
    "aiohttp",
    "PIL",
    "socket",
    "requests",
    "threading",
}
ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_engine_imports_no_io_libraries() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
    assert len(list(ENGINE.rglob("*.py"))) > 10  # the walk really looked at the engine
