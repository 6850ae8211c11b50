"""Every `python -m` entry point answers --help (issue 37): it says what it does and exits 0,
quickly, without doing it (no benchmark run, no case file read, no bot started)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def entry_points() -> list[str]:
    found = []
    for folder in ("bot", "engine", "cogs", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if 'if __name__ == "__main__":' in text or path.name == "__main__.py":
                module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                found.append(module.removesuffix(".__main__"))
    return found


def test_the_entry_points_are_found() -> None:
    assert {"bot", "bench.render", "engine.conformance", "bench.preview", "bot.records"} <= set(entry_points())


@pytest.mark.parametrize("module", entry_points())
def test_help_says_what_it_does_and_does_nothing(module: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run(
        [sys.executable, "-m", module, "--help"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.strip()) > 40, f"{module} --help says too little: {run.stdout!r}"
    assert not list(tmp_path.iterdir()), f"{module} --help left files behind"
