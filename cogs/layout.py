"""The game message as Discord's layout components (a container, flag IS_COMPONENTS_V2), laid out
for a phone: the decision first, its buttons right below it, then the picture, one line per
player and the last few moves. Shared by every game: the presenter supplies the words, the
buttons and the picture; this module only orders and fits them.

Why layout components and not an embed: an embed always sits above the buttons, so on a phone
the price, the high bid or the debt scrolls away before the buttons are in view; a container
puts the buttons right under the decision and shows the picture wider than an embed does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import discord

from cogs.discord_types import Item

TOP_LINES, TOP_CHARS = 4, 280  # text above the first row of buttons
MESSAGE_CHARS = 1400  # text in the whole message
LOG_LINES = 5  # the last moves shown (more when the newest move alone says more)
PLAYER_CHARS = 110  # one compact line per player
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_COMPONENTS = 40  # Discord: components in a layout message, nested ones included


@dataclass
class Picture:
    """An attached picture shown in the message's gallery."""

    filename: str
    description: str | None = None


@dataclass
class Layout:
    """What a game message says, in the order a phone shows it."""

    top: list[str]  # the decision: who acts, on what, for how much, until when
    items: Sequence[Item] = ()  # buttons and selects, main move first
    link: tuple[str, str] | None = None  # (label, url): the watch page's link button, after the moves
    pictures: list[Picture] = field(default_factory=list)
    sections: list[tuple[str, list[str]]] = field(default_factory=list)  # (heading or "", lines) after the picture
    log: list[str] = field(default_factory=list)  # the last moves, oldest first
    footer: str = ""
    colour: discord.Colour | None = None


def fit_top(lines: Sequence[str]) -> str:
    """At most TOP_LINES lines and TOP_CHARS characters; later lines go first, then the last kept
    line is cut with an ellipsis (never a line cut in the middle when dropping it is enough)."""
    kept = [line for line in lines if line][:TOP_LINES]
    while len(kept) > 1 and len("\n".join(kept)) > TOP_CHARS:
        kept.pop()
    text = "\n".join(kept)
    return text if len(text) <= TOP_CHARS else text[: TOP_CHARS - 1].rstrip() + "…"


def _clip(line: str, limit: int) -> str:
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def rows_of(items: Sequence[Item]) -> list[list[Item]]:
    """Buttons in rows of five in the order given; a select alone in its row. Items that would
    need a sixth row are left out (the presenters put the main moves first)."""
    rows: list[list[Item]] = []
    open_row: list[Item] | None = None
    for item in items:
        if _is_select(item):
            rows.append([item])
            open_row = None
            continue
        if open_row is None or len(open_row) >= MAX_BUTTONS_PER_ROW:
            open_row = []
            rows.append(open_row)
        open_row.append(item)
    return rows[:MAX_ROWS]


def _is_select(item: Item) -> bool:
    inner = getattr(item, "item", item)  # a DynamicItem wraps its component
    return isinstance(inner, discord.ui.Select)


def _texts(layout: Layout, top: str) -> tuple[list[str], list[str]]:
    """The sections and the log, trimmed so the whole message stays within MESSAGE_CHARS: the
    oldest moves go first, then long player lines are cut."""
    sections = [
        "\n".join(([f"**{heading}**"] if heading else []) + [_clip(line, PLAYER_CHARS * 4) for line in lines])
        for heading, lines in layout.sections
        if lines
    ]
    log = [_clip(line, 300) for line in layout.log]

    def size() -> int:
        return len(top) + sum(len(s) + 1 for s in sections) + sum(len(x) + 3 for x in log) + len(layout.footer)

    while log and size() > MESSAGE_CHARS:
        log.pop(0)
    if size() > MESSAGE_CHARS:
        sections = ["\n".join(_clip(line, PLAYER_CHARS) for line in section.splitlines()) for section in sections]
    while sections and size() > MESSAGE_CHARS:
        last = sections[-1].splitlines()
        sections[-1] = "\n".join(last[:-1])
        if not sections[-1]:
            sections.pop()
    return sections, log


def layout_view(layout: Layout) -> discord.ui.LayoutView:
    """The message's one container, within Discord's limits (40 components, 5 rows)."""
    top = fit_top(layout.top) or "\u200b"
    sections, log = _texts(layout, top)
    children: list[Item] = [discord.ui.TextDisplay(top)]
    budget = MAX_COMPONENTS - 2 - len(sections) - (1 if log else 0) - (1 if layout.footer else 0)
    budget -= 1 if layout.pictures else 0
    budget -= 2 if layout.link else 0
    for row in rows_of(layout.items):
        if budget < len(row) + 1:
            break
        children.append(discord.ui.ActionRow(*cast(list[discord.ui.Item[discord.ui.LayoutView]], row)))
        budget -= len(row) + 1
    if not layout.items:  # nothing to press (a finished game): its standings come before the pictures
        children += [discord.ui.TextDisplay(section) for section in sections]
        sections = []
    if layout.pictures:
        children.append(
            discord.ui.MediaGallery(
                *(
                    discord.MediaGalleryItem(f"attachment://{p.filename}", description=(p.description or None))
                    for p in layout.pictures[:10]
                )
            )
        )
    children += [discord.ui.TextDisplay(section) for section in sections]
    if log:
        children.append(discord.ui.TextDisplay("\n".join(f"• {line}" for line in log)))
    if layout.link:
        label, url = layout.link
        children.append(discord.ui.ActionRow(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url)))
    if layout.footer:
        children.append(discord.ui.TextDisplay(f"-# {layout.footer}"))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=layout.colour))
    return view


def notice_view(text: str, colour: discord.Colour | None = None) -> discord.ui.LayoutView:
    """A layout message that only says something (an old game message that moved below)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(text[:TOP_CHARS]), accent_colour=colour))
    return view
