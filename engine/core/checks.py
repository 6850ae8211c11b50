"""Collecting mismatches between expected and actual values (the conformance adapters)."""

from __future__ import annotations

from typing import Any


def rule_options(case: dict[str, Any]) -> dict[str, Any]:
    """A case's options, named `x` or `rules.x` (the rules files write them as `rules.*`)."""
    return {k.removeprefix("rules."): v for k, v in (case.get("options") or {}).items()}


class Problems(list[str]):
    def differ(self, what: str, got: Any, want: Any) -> None:
        if got != want:
            self.append(f"{what}: expected {want!r}, got {got!r}")

    def unknown_keys(self, given: dict[str, Any], known: tuple[str, ...], what: str = "expect") -> None:
        self.extend(f"unknown {what} key {key}" for key in given if key not in known)
