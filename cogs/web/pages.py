"""The watch pages' HTML: a page that reads without its script (the view is in it), which the script
then keeps live. No inline script or style (the pages' Content-Security-Policy forbids them); every
word from the catalogs, in the game's language; every name escaped."""

from __future__ import annotations

import json
from html import escape
from importlib import resources

from bot.i18n import t
from cogs.web.views import View
from engine.core.jsondata import JsonObject


def _head(lang: str, title: str, script: str | None, root: str | None) -> str:
    """The page's head. Addresses are relative (`root` leads back to the server's top), so the pages
    also work behind a proxy that serves them under a path (PUBLIC_URL=https://example.org/monopoly)."""
    links = ""
    if root is not None:
        links = (
            f'<link rel="icon" href="{root}static/icon.svg" type="image/svg+xml">'
            f'<link rel="stylesheet" href="{root}static/watch.css">'
        )
        links += f'<script src="{root}static/{script}" defer></script>' if script else ""
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>{links}</head>"
    )


def _board(view_box: str, static: str, dynamic: str, description: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{escape(view_box)}" role="img" class="board" '
        'aria-labelledby="board-title board-desc">'
        f'<title id="board-title">{escape(label)}</title><desc id="board-desc">{escape(description)}</desc>'
        f'<g id="static">{static}</g><g id="dynamic">{dynamic}</g></svg>'
    )


def _items(tag: str, element_id: str, lines: list[str]) -> str:
    inner = "".join(f"<li>{line}</li>" for line in lines)
    return f'<{tag} id="{element_id}">{inner}</{tag}>'


def live_page(view: View, static: str, token: str) -> str:
    loc = view.lang
    words = {
        "data-live": t(loc, "web.live"),
        "data-reconnecting": t(loc, "web.reconnecting"),
        "data-closed": t(loc, "web.closed"),
    }
    data = "".join(f' {key}="{escape(value)}"' for key, value in words.items())
    hidden = "" if view.over else " hidden"
    replay = f'<p class="more" id="replay"{hidden}><a href="{token}/replay">{escape(t(loc, "web.replay"))}</a></p>'
    return (
        _head(loc, view.title, "watch.js", "../")
        + f'<body data-events="{token}/events"{data}>'
        + f'<header><h1 id="title">{escape(view.title)}</h1>'
        + f'<p id="status" role="status" aria-live="polite">{escape(t(loc, "web.live"))}</p></header>'
        + '<main><div class="board-wrap">'
        + _board(view.view_box, static, view.dynamic, view.description, t(loc, "web.board"))
        + '</div><div class="side">'
        + f'<section aria-labelledby="now-h"><h2 id="now-h">{escape(t(loc, "web.now"))}</h2>'
        + _items("ul", "headline", view.headline)
        + "</section>"
        + f'<section aria-labelledby="players-h"><h2 id="players-h">{escape(t(loc, "web.players"))}</h2>'
        + _items("ul", "players", view.players)
        + "</section>"
        + f'<section aria-labelledby="moves-h"><h2 id="moves-h">{escape(t(loc, "web.moves"))}</h2>'
        + _items("ul", "moves", view.moves)
        + "</section>"
        + replay
        + "</div></main></body></html>"
    )


def replay_page(title: str, lang: str, token: str | None, story: str | None) -> str:
    """The replay: served (`token`: its steps fetched from the bot), or as a file (None)."""
    loc = lang
    chart = ""
    if story is not None:
        chart = (
            f'<section aria-labelledby="story-h"><h2 id="story-h">{escape(t(loc, "web.story"))}</h2>'
            f'<img src="story.png" alt="{escape(story)}" class="chart"></section>'
        )
    words = {"data-step": t(loc, "web.step", step="{step}", steps="{steps}")}
    data = "".join(f' {key}="{escape(value)}"' for key, value in words.items())
    return (
        _head(loc, title, "replay.js" if token else None, "../../" if token else None)
        + (f'<body data-steps="steps"{data}>' if token else f"<body{data}>")
        + f"<header><h1>{escape(t(loc, 'web.replay_title'))} · {escape(title)}</h1>"
        + (f'<p><a href="../{token}">{escape(t(loc, "web.back"))}</a></p>' if token else "")
        + "</header>"
        + '<main><div class="board-wrap">'
        + _board("0 0 1024 1024", "", "", "", t(loc, "web.board"))
        + '</div><div class="side">'
        + '<div class="controls">'
        + f'<button type="button" id="previous">{escape(t(loc, "web.previous"))}</button>'
        + f'<label for="slider">{escape(t(loc, "web.step_label"))}</label>'
        + '<input type="range" id="slider" min="0" max="0" value="0">'
        + f'<button type="button" id="next">{escape(t(loc, "web.next"))}</button></div>'
        + '<p id="position" role="status" aria-live="polite"></p>'
        + f'<section aria-labelledby="moves-h"><h2 id="moves-h">{escape(t(loc, "web.step_moves"))}</h2>'
        + '<ul id="moves"></ul></section>'
        + chart
        + "</div></main></body></html>"
    )


def message_page(lang: str, text: str) -> str:
    """A page that says one thing (a link that opens nothing, too many requests)."""
    return _head(lang, text, None, None) + f'<body><main><p class="notice">{escape(text)}</p></main></body></html>'


def offline_replay(title: str, lang: str, data: JsonObject) -> str:
    """The replay page as one file that works opened from disk (attached by `/monopoly replay`):
    its steps, script and style inside it. Public information only, like the served page."""
    static = resources.files("cogs.web").joinpath("static")
    style = static.joinpath("watch.css").read_text(encoding="utf-8")
    script = static.joinpath("replay.js").read_text(encoding="utf-8")
    carried = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    page = replay_page(title, lang, None, None).replace("</head>", f"<style>{style}</style></head>")
    tail = f'<script type="application/json" id="steps-data">{carried}</script><script>{script}</script></body>'
    return page.replace("</body>", tail)
