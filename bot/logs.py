"""Logging that never writes what players were told privately: at DEBUG, discord.py logs request
and response bodies (ephemeral answers included) and interaction tokens, and aiosqlite logs every
statement with its parameters (game states with hidden bingo cards, trade drafts). Those are
replaced here before any handler sees them."""

from __future__ import annotations

import json
import logging
import re

TOKEN_IN_URL = re.compile(r"/(interactions|webhooks)/(\d+)/[^/?\s]+")
HIDDEN = "<not logged>"


def _url(value: object) -> str:
    return TOKEN_IN_URL.sub(r"/\1/\2/<token>", str(value))


class PrivateContent(logging.Filter):
    """Blank the bodies of discord.py's HTTP debug lines and the tokens in their URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if not isinstance(args, tuple) or not args:
            return True
        if record.name == "aiosqlite":  # "executing %s": the statement and its parameters
            record.args = tuple(_call_name(a) for a in args)
            return True
        if record.msg == "%s %s with %s has returned %s" and len(args) == 4:
            record.args = (args[0], _url(args[1]), HIDDEN, args[3])
        elif record.msg == "%s %s has received %s" and len(args) == 3:
            record.args = (args[0], _url(args[1]), HIDDEN)
        else:
            record.args = tuple(_url(a) if isinstance(a, str) and "/" in a else a for a in args)
        return True


def _call_name(value: object) -> str:
    func = getattr(value, "func", value)
    return getattr(func, "__name__", type(value).__name__) + "(…)"


class JsonLines(logging.Formatter):
    """One JSON object a line (`LOG_FORMAT=json`), for log collectors: time, level, logger, message,
    and the traceback when there is one. The private-content filters run before it, as for text."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure(level: str, form: str) -> None:
    """The root logger: plain text lines, or JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler], force=True)


def install() -> None:
    for name in ("discord.http", "discord.webhook.async_", "aiosqlite"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, PrivateContent) for f in logger.filters):
            logger.addFilter(PrivateContent())
