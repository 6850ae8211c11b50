"""The arrows of the design: cogs → bot → engine; engine imports neither, bot never imports cogs."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports_of(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def test_engine_imports_neither_bot_nor_cogs() -> None:
    assert not imports_of("engine") & {"bot", "cogs"}


def test_bot_never_imports_cogs() -> None:
    found = imports_of("bot")
    assert "cogs" not in found
    assert "engine" in found and "discord" in found  # the scan saw real imports
