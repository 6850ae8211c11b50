"""Every conformance case copied into tests/conformance passes; the runner reports failures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.conformance import run_case

CASES = Path(__file__).resolve().parents[1] / "conformance"
FILES = sorted(CASES.rglob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_case_passes(path: Path) -> None:
    assert run_case(json.loads(path.read_text(encoding="utf-8"))) is None


def test_there_are_cases_for_both_games() -> None:
    assert {p.parent.name for p in FILES} == {"mega", "bingo"}


def test_a_wrong_expectation_fails_with_a_reason() -> None:
    case = json.loads((CASES / "mega" / "majority-doubles-rent.json").read_text(encoding="utf-8"))
    case["steps"][-1]["expect"]["players"]["A"]["cash"] = 1465
    why = run_case(case)
    assert why is not None and "A.cash" in why and "1465" in why


def test_an_accepted_step_marked_rejected_fails() -> None:
    case = json.loads((CASES / "mega" / "speed-die-bus-and-mr.json").read_text(encoding="utf-8"))
    case["steps"][0]["rejected"] = True
    assert "should have been refused" in (run_case(case) or "")


def test_cli_prints_summary_and_exit_status(tmp_path: Path) -> None:
    good = CASES / "mega" / "jail-rolls.json"
    bad = json.loads(good.read_text(encoding="utf-8"))
    bad["id"] = "mega/broken"
    bad["steps"][1]["expect"]["players"]["A"]["cash"] = 1
    (tmp_path / "broken.json").write_text(json.dumps(bad), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "engine.conformance", str(good), str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = run.stdout.strip().splitlines()
    assert lines[0] == "PASS mega/jail-rolls"
    assert lines[1].startswith("FAIL mega/broken: ")
    assert lines[-1] == "1 passed, 1 failed"
    assert run.returncode == 1


def test_options_may_be_named_with_the_rules_prefix() -> None:
    case = json.loads((CASES / "mega" / "majority-doubles-rent.json").read_text(encoding="utf-8"))
    case["options"] = {"rules.starting_cash": 1000}
    case["steps"][-1]["expect"]["players"]["A"]["cash"] = 964
    case["steps"][-1]["expect"]["players"]["B"]["cash"] = 1036
    assert run_case(case) is None
