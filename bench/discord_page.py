"""A message as Discord draws it, as an HTML page: dark theme, the bot's name, the container with its
accent bar, text displays (bold, small print, mentions, relative times), rows of buttons in their
styles, select menus, the media gallery, embeds, and the "Only you can see this" line of a private
answer. Close enough to judge layout and reading at phone and desktop width (`bench.preview`)."""

from __future__ import annotations

import base64
import contextvars
import html
import re
import time
from collections.abc import Mapping
from typing import Any

STYLE = """
body { background:#313338; color:#dbdee1; font-family:"gg sans","Noto Sans","IPAPGothic",sans-serif;
       margin:0; padding:12px 10px; font-size:15px; line-height:1.375; }
.msg { display:flex; gap:12px; margin-bottom:18px; }
.avatar { width:40px; height:40px; border-radius:50%; background:#c81e2d; flex:none; }
.body { min-width:0; flex:1; max-width:600px; }
.name { color:#f2f3f5; font-weight:600; }
.bot { background:#5865f2; color:#fff; font-size:10px; padding:1px 4px; border-radius:3px; margin-left:4px; }
.time { color:#949ba4; font-size:12px; margin-left:6px; }
.container { background:#2b2d31; border-radius:8px; padding:12px; margin-top:4px; border-left:4px solid var(--accent); }
.text { white-space:pre-wrap; margin:6px 0; word-wrap:break-word; }
.small { color:#949ba4; font-size:12px; }
.row { display:flex; flex-wrap:wrap; gap:8px; margin:8px 0; }
.btn { border-radius:8px; padding:6px 14px; font-size:14px; font-weight:500; color:#fff; border:none; min-height:32px; }
.s1 { background:#5865f2; } .s2 { background:#4e5058; } .s3 { background:#248046; } .s4 { background:#da373c; }
.s5 { background:#4e5058; } .disabled { opacity:.5; }
.menu { background:#2b2d31; border:1px solid #1e1f22; border-radius:0 0 8px 8px; margin-top:-4px; }
.option { padding:6px 12px; border-top:1px solid #1e1f22; }
.select { background:#1e1f22; border-radius:8px; padding:9px 12px; color:#949ba4; width:100%; box-sizing:border-box; }
.gallery img { width:100%; max-width:600px; border-radius:8px; display:block; margin:8px 0; }
.embed { background:#2b2d31; border-left:4px solid #1e1f22; border-radius:4px; padding:8px 12px; margin-top:4px; }
.embed .title { font-weight:600; color:#f2f3f5; }
.mention { background:rgba(88,101,242,.3); color:#c9cdfb; border-radius:3px; padding:0 2px; }
.ephemeral { color:#949ba4; font-size:12px; margin-top:4px; } .ephemeral a { color:#00a8fc; }
.content { white-space:pre-wrap; }
h2 { color:#949ba4; font-size:12px; font-weight:600; text-transform:uppercase; margin:0 0 8px; }
"""

ACCENT_DEFAULT = "#1e1f22"


def inline(text: str, names: Mapping[int, str]) -> str:
    """Discord's inline markdown in HTML: bold, mentions, relative times, backslash escapes."""
    escaped: list[str] = []

    def keep(match: re.Match[str]) -> str:
        escaped.append(match.group(1))
        return f"\x00{len(escaped) - 1}\x00"

    text = re.sub(r"\\([\\*_~`|>#-])", keep, text)
    out = html.escape(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(
        r"&lt;@!?(\d+)&gt;",
        lambda m: f'<span class="mention">@{html.escape(names.get(int(m.group(1)), m.group(1)))}</span>',
        out,
    )
    out = re.sub(r"&lt;t:(\d+):R&gt;", lambda m: _relative(int(m.group(1))), out)
    return re.sub("\x00(\\d+)\x00", lambda m: html.escape(escaped[int(m.group(1))]), out)


# The viewer's Discord language: Discord draws timestamps and its own words in it.
VIEWER = contextvars.ContextVar("viewer", default="en")
CLIENT_WORDS = {
    "en": {"today": "Today at 21:04", "only_you": "Only you can see this", "dismiss": "Dismiss message"},
    "ja": {"today": "今日 21:04", "only_you": "これはあなただけに表示されています", "dismiss": "メッセージを削除する"},
}


def _relative(at: int) -> str:
    seconds = at - time.time()
    minutes = max(1, round(abs(seconds) / 60))
    if VIEWER.get() == "ja":
        return f"{minutes}分後" if seconds >= 0 else f"{minutes}分前"
    if abs(seconds) < 90:
        return "in a minute" if seconds >= 0 else "a minute ago"
    return f"in {minutes} minutes" if seconds >= 0 else f"{minutes} minutes ago"


def text_block(content: str, names: Mapping[int, str]) -> str:
    lines = []
    for line in content.split("\n"):
        if line.startswith("-# "):
            lines.append(f'<span class="small">{inline(line[3:], names)}</span>')
        else:
            lines.append(inline(line, names))
    return '<div class="text">' + "\n".join(lines) + "</div>"


def component(c: dict[str, Any], pictures: Mapping[str, bytes], names: Mapping[int, str]) -> str:
    kind = c.get("type")
    if kind == 17:
        accent = c.get("accent_color")
        colour = f"#{accent:06x}" if isinstance(accent, int) else ACCENT_DEFAULT
        inner = "".join(component(x, pictures, names) for x in c.get("components") or [])
        return f'<div class="container" style="--accent:{colour}">{inner}</div>'
    if kind == 10:
        return text_block(c.get("content") or "", names)
    if kind == 1:
        return (
            '<div class="row">' + "".join(component(x, pictures, names) for x in c.get("components") or []) + "</div>"
        )
    if kind == 2:
        disabled = " disabled" if c.get("disabled") else ""
        return f'<button class="btn s{c.get("style", 2)}{disabled}">{html.escape(c.get("label") or "")}</button>'
    if kind == 3:
        box = f'<div class="select">{html.escape(c.get("placeholder") or "Make a selection")} ▾</div>'
        options = c.get("options") or []
        shown = "".join(
            f'<div class="option"><b>{html.escape(o.get("label") or "")}</b>'
            f'<div class="small">{html.escape(o.get("description") or "")}</div></div>'
            for o in options[:6]
        )
        more = f'<div class="option small">… {len(options) - 6} more</div>' if len(options) > 6 else ""
        return box + (f'<div class="menu">{shown}{more}</div>' if options else "")
    if kind == 12:
        return '<div class="gallery">' + "".join(_image(i, pictures) for i in c.get("items") or []) + "</div>"
    if kind == 14:
        return "<hr>"
    return ""


def _image(item: dict[str, Any], pictures: Mapping[str, bytes]) -> str:
    url = str((item.get("media") or {}).get("url") or "")
    data = pictures.get(url.removeprefix("attachment://"))
    if data is None:
        return ""
    alt = html.escape(item.get("description") or "")
    return f'<img alt="{alt}" src="data:image/png;base64,{base64.b64encode(data).decode()}">'


def embed(e: dict[str, Any], pictures: Mapping[str, bytes], names: Mapping[int, str]) -> str:
    parts = []
    if e.get("title"):
        parts.append(f'<div class="title">{inline(e["title"], names)}</div>')
    if e.get("description"):
        parts.append(text_block(e["description"], names))
    for f in e.get("fields") or []:
        parts.append(f'<div class="title">{inline(f.get("name") or "", names)}</div>')
        parts.append(text_block(f.get("value") or "", names))
    image = str((e.get("image") or {}).get("url") or "")
    if image:
        parts.append(_image({"media": {"url": image}}, pictures))
    return '<div class="embed">' + "".join(parts) + "</div>"


def message_html(
    message: Mapping[str, Any],
    pictures: Mapping[str, bytes],
    names: Mapping[int, str],
    *,
    ephemeral: bool = False,
    caption: str = "",
    viewer: str = "en",
) -> str:
    """One message as a page of its own, as a Discord client in the `viewer`'s language draws it."""
    token = VIEWER.set(viewer)
    try:
        return _message_html(message, pictures, names, ephemeral, caption)
    finally:
        VIEWER.reset(token)


def _message_html(
    message: Mapping[str, Any], pictures: Mapping[str, bytes], names: Mapping[int, str], ephemeral: bool, caption: str
) -> str:
    words = CLIENT_WORDS[VIEWER.get()]
    body = []
    if message.get("content"):
        body.append(f'<div class="content">{text_block(message["content"], names)}</div>')
    body += [embed(e, pictures, names) for e in message.get("embeds") or []]
    body += [component(c, pictures, names) for c in message.get("components") or []]
    if ephemeral:
        body.append(f'<div class="ephemeral">👁 {words["only_you"]} · <a>{words["dismiss"]}</a></div>')
    head = f'<span class="name">Monopoly</span><span class="bot">APP</span><span class="time">{words["today"]}</span>'
    title = f"<h2>{html.escape(caption)}</h2>" if caption else ""
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        f'<style>{STYLE}</style></head><body>{title}<div class="msg"><div class="avatar"></div>'
        f'<div class="body">{head}{"".join(body)}</div></div></body></html>'
    )
