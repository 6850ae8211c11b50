"""How typed the seam between shared code and the games is (issue 38): `python -m bench.seam`.

Counts, over engine/, bot/ and cogs/: functions with `Any` in their signature (and their share),
parameters written `state: Any`, calls of a module-level engine.games function other than `game`
(the string facade that is gone), and registries of games (module-level dicts keyed by kind)."""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT = {"game", "register", "unregister", "seeded", "tell"}  # what engine.games offers now


def census(root: Path = ROOT) -> dict[str, float]:
    functions = with_any = state_any = facade = 0
    for folder in ("engine", "bot", "cogs"):
        for path in (root / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    functions += 1
                    args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                    args += [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
                    notes = [a.annotation for a in args] + [node.returns]
                    with_any += any(n is not None and re.search(r"\bAny\b", ast.unparse(n)) for n in notes)
                    state_any += sum(
                        a.arg == "state" and a.annotation is not None and ast.unparse(a.annotation) == "Any"
                        for a in args
                    )
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "games"
                    and node.func.attr not in KEPT
                ):
                    facade += 1
    return {
        "functions": functions,
        "with_any": with_any,
        "share_with_any": with_any / max(1, functions),
        "state_any": state_any,
        "facade_calls": facade,
    }


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    found = census()
    print(
        f"{found['functions']:.0f} functions, {found['with_any']:.0f} with Any in their signature "
        f"({found['share_with_any']:.1%}; target 10%), state: Any {found['state_any']:.0f} (target 5), "
        f"engine.games facade calls {found['facade_calls']:.0f} (target 0)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
