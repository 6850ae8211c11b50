"""The game message's words (Discord markdown) as HTML for the watch page: everything escaped, then
bold, small lines, mentions as names and Discord's timestamps as <time> elements the page's script
keeps relative ("in 2 minutes") in the reader's language."""

from __future__ import annotations

import datetime
import html
import re
from collections.abc import Mapping

_ESCAPED = re.compile(r"\\([\\*_~`|>#\-\[\]()])")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_MENTION = re.compile(r"&lt;@!?(-?\d+)&gt;")
_TIME = re.compile(r"&lt;t:(\d+)(?::[tTdDfFR])?&gt;")


def to_html(text: str, names: Mapping[str, str]) -> str:
    """One line of a message as HTML."""
    small = text.startswith("-# ")
    if small:
        text = text[3:]
    kept: list[str] = []

    def keep(found: re.Match[str]) -> str:
        kept.append(found.group(1))
        return f"\x00{len(kept) - 1}\x00"

    out = html.escape(_ESCAPED.sub(keep, text), quote=False)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _MENTION.sub(lambda m: "@" + html.escape(names.get(m.group(1), "?"), quote=False), out)
    out = _TIME.sub(lambda m: _time(int(m.group(1))), out)
    out = re.sub("\x00(\\d+)\x00", lambda m: html.escape(kept[int(m.group(1))], quote=False), out)
    return f"<small>{out}</small>" if small else out


def _time(at: int) -> str:
    moment = datetime.datetime.fromtimestamp(at, tz=datetime.UTC)
    return f'<time datetime="{moment.isoformat()}">{moment.strftime("%H:%M UTC")}</time>'


def lines_html(lines: list[str], names: Mapping[str, str]) -> list[str]:
    return [to_html(part, names) for line in lines for part in line.split("\n") if part]
