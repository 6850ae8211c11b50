"""The rulebook is in the project (issue 37): every rule id cited anywhere in the code and the tests
(`M-31e`, `B-11a` …) is written out under that id in `docs/rules/`, and so is every rule of the rule
texts the project was given (when they are beside the checkout)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\b([MB]-[0-9]+[a-z]?)\b")
DEFINED = re.compile(r"\*\*([MB]-[0-9]+[a-z]?)\b")


def defined(folder: Path) -> set[str]:
    return {m for path in folder.glob("*.md") for m in DEFINED.findall(path.read_text(encoding="utf-8"))}


def cited() -> dict[str, str]:
    found: dict[str, str] = {}
    for top in ("engine", "bot", "cogs", "tests"):
        for path in (ROOT / top).rglob("*.py"):
            for rule in CITED.findall(path.read_text(encoding="utf-8")):
                found.setdefault(rule, str(path.relative_to(ROOT)))
    return found


def test_every_cited_rule_is_in_the_rulebook() -> None:
    book = defined(ROOT / "docs" / "rules")
    uses = cited()
    assert len(uses) > 60, "the code cites its rules"
    missing = {rule: where for rule, where in uses.items() if rule not in book}
    assert not missing, f"cited but not in docs/rules: {missing}"


def test_the_rulebook_has_every_rule_of_the_given_texts() -> None:
    given = ROOT.parent / "shared" / "rules"
    if not given.is_dir():
        return  # a checkout without the steering folder beside it
    assert defined(given) <= defined(ROOT / "docs" / "rules"), sorted(defined(given) - defined(ROOT / "docs" / "rules"))


def test_the_engines_point_to_the_rulebook() -> None:
    for game in ("mega", "bingo"):
        doc = (ROOT / "engine" / game / "__init__.py").read_text(encoding="utf-8")
        assert f"docs/rules/{game}.md" in doc


def test_the_japanese_rulebook_has_every_rule_of_the_english_one() -> None:
    """Most players are Japanese: docs/ja/rules/ carries every rule under the same id, no more."""
    english, japanese = defined(ROOT / "docs" / "rules"), defined(ROOT / "docs" / "ja" / "rules")
    assert len(english) > 60
    assert japanese == english, (sorted(english - japanese), sorted(japanese - english))
