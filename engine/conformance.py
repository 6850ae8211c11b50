"""Run rules conformance cases: `python -m engine.conformance PATH [PATH ...]`.

Prints `PASS <id>` or `FAIL <id>: <why>` per case and ends with `N passed, M failed`;
exits 1 if any failed. The case format is described in tests/conformance/FORMAT.md.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import games
from engine.core.errors import IllegalAction
from engine.core.game import HasConformance


def _adapter(kind: str) -> ModuleType:
    game = games.game(kind)
    if not isinstance(game, HasConformance):
        raise ValueError(f"{kind!r} has no conformance cases")
    return game.conformance_adapter()


def run_case(case: dict[str, Any]) -> str | None:
    """Run one case; None if it passes, else why it failed."""
    try:
        game = _adapter(case["game"])
        state = game.setup_state(case)
    except Exception as exc:
        return f"setup failed: {exc}"
    for number, raw in enumerate(case.get("steps", []), start=1):
        if "expect" in raw:
            problems = game.check(state, raw["expect"])
            if problems:
                return f"step {number}: " + "; ".join(problems)
            continue
        action = {k: v for k, v in raw.items() if k not in ("by", "rejected")}
        by = raw.get("by")
        before = game.dump(state)
        if raw.get("rejected"):
            try:
                game.step(state, by, action)
            except IllegalAction:
                if game.dump(state) != before:
                    return f"step {number}: the refused {action.get('do')} changed the state"
                continue
            except Exception as exc:
                return f"step {number}: {action.get('do')} crashed instead of being refused: {exc!r}"
            return f"step {number}: {by} {action.get('do')} should have been refused"
        try:
            state = game.step(state, by, action)
        except IllegalAction as exc:
            return f"step {number}: {by} {action.get('do')} was refused: {exc.message}"
        except Exception as exc:
            return f"step {number}: {action.get('do')} crashed: {exc!r}"
    return None


def case_files(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        files += sorted(path.rglob("*.json")) if path.is_dir() else [path]
    return files


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return 0
    if not argv:
        print("usage: python -m engine.conformance PATH [PATH ...]", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in case_files(argv):
        try:
            case = json.loads(path.read_text(encoding="utf-8"))
            case_id = case.get("id", path.stem)
        except (OSError, ValueError) as exc:
            print(f"FAIL {path}: unreadable case: {exc}")
            failed += 1
            continue
        why = run_case(case)
        if why is None:
            print(f"PASS {case_id}")
            passed += 1
        else:
            print(f"FAIL {case_id}: {why}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
