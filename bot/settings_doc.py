"""The settings reference of the operators' guide, made from the settings themselves: every field of
`bot.settings.Settings` (its name, default and type) with the explanation `.env.example` gives it, so
the reference cannot drift from the code (a test compares `docs/settings.md` with this output).
`python -m bot.settings_doc > docs/settings.md` writes it again."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic_core import PydanticUndefined

from bot.settings import Settings

EXAMPLE = Path(__file__).resolve().parents[1] / ".env.example"


def explanations(text: str) -> dict[str, str]:
    """Each setting's comment in `.env.example` (the comment lines just above its line)."""
    found: dict[str, str] = {}
    comment: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            comment = []
            continue
        body = stripped.lstrip("#").strip()
        name = body.split("=", 1)[0] if "=" in body and body.split("=", 1)[0].isupper() else None
        if name and " " not in name:
            found.setdefault(name, " ".join(comment))
        elif stripped.startswith("#"):
            comment.append(body)
    return found


def _default(value: object) -> str:
    if value is PydanticUndefined:
        return "required"
    if value is None:
        return "unset"
    return f"`{value}`"


def reference(example: str | None = None) -> str:
    told = explanations(example if example is not None else EXAMPLE.read_text(encoding="utf-8"))
    rows = [
        "# Settings",
        "",
        "Every setting the bot reads, from the environment or from `.env` (the environment wins). Made from",
        "the code by `python -m bot.settings_doc`; the explanations are those of `.env.example`.",
        "",
        "| Setting | Default | What it does |",
        "|---|---|---|",
    ]
    for field in Settings.model_fields.values():
        if not field.alias:
            continue
        rows.append(f"| `{field.alias}` | {_default(field.default)} | {told.get(field.alias, '').replace('|', '/')} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m bot.settings_doc", description=__doc__).parse_args(argv)
    sys.stdout.write(reference())
    return 0


if __name__ == "__main__":
    sys.exit(main())
