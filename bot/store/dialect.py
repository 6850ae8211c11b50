"""What differs between SQLite and PostgreSQL, in one place: placeholders (`?` or `$1`), column
types in the migrations, row locks, and a list parameter. The statements themselves are written
once (`bot.store.sql`, `bot.store.schema`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache


@lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    count = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


@dataclass(frozen=True)
class Dialect:
    name: str
    numbered: bool  # $1, $2… instead of ?
    lock_rows: str  # appended to a SELECT whose rows the transaction then changes
    types: dict[str, str] = field(default_factory=dict)  # the migrations' {TYPE} words

    def __call__(self, sql: str) -> str:
        """A statement of `bot.store.sql` in this dialect."""
        return _numbered(sql) if self.numbered else sql

    def among(self, column: str, values: Sequence[object]) -> tuple[str, tuple[object, ...]]:
        """`column` is one of `values`: the condition (with `?`) and its parameters."""
        if self.numbered:
            return f"{column} = ANY(?::bigint[])", (list(values),)
        return f"{column} IN ({','.join('?' * len(values))})", tuple(values)

    def schema(self, template: str) -> str:
        return template.format(**self.types)


SQLITE = Dialect(
    "sqlite",
    numbered=False,
    lock_rows="",  # SQLite's writer holds the whole file (BEGIN IMMEDIATE)
    types={
        "KEY": "INTEGER PRIMARY KEY AUTOINCREMENT",
        "ID": "INTEGER",
        "TIME": "REAL",
        "BOOL": "INTEGER",
        "BYTES": "BLOB",
    },
)
POSTGRES = Dialect(
    "postgres",
    numbered=True,
    lock_rows=" FOR UPDATE",
    types={
        "KEY": "BIGSERIAL PRIMARY KEY",
        "ID": "BIGINT",
        "TIME": "DOUBLE PRECISION",
        "BOOL": "BOOLEAN",
        "BYTES": "BYTEA",
    },
)
