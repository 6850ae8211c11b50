"""Settings from the environment or a `.env` file; every failure is one readable line."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """A setting is missing or malformed; the message names it."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    log_format: str = "text"  # "json": one JSON object a line
    api_base: str | None = None
    gateway_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    picture_workers: int = 1  # processes drawing pictures (0: a thread of the bot's own process)
    database_sync: str = "NORMAL"  # SQLite synchronous: NORMAL (crash-safe) or FULL (power-loss safe too)
    database_url: str | None = None  # postgresql://… : a database shared by every process (else SQLite)
    retention_days: int = 30  # a server's data is deleted this long after the bot was removed from it

    def owns(self, guild_id: int) -> bool:
        """Whether this process serves the guild (Discord's shard formula; every guild without shards)."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @property
    def share_of_shards(self) -> float:
        """The part of the bot this process runs: its shards out of all. Processes of one bot share
        its token, and with it Discord's global rate limit."""
        if self.shard_count is None or self.shard_ids is None:
            return 1.0
        return len(self.shard_ids) / self.shard_count


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments skipped; optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :]
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"{path}:{number}: expected KEY=VALUE")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _int(values: Mapping[str, str], key: str) -> int | None:
    raw = values.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(f"{key} must be a whole number, not {raw!r}")
    return int(raw)


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """The environment wins over the `.env` file."""
    values: dict[str, str] = read_env_file(env_file) if env_file is not None else {}
    values.update({k: v for k, v in (os.environ if environ is None else environ).items() if v != ""})
    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError("DISCORD_TOKEN is not set (put it in the environment or in .env)")
    if not TOKEN_SHAPE.match(token):
        raise SettingsError("DISCORD_TOKEN does not look like a bot token (three dot-separated parts)")
    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
    log_format = values.get("LOG_FORMAT", "text").strip().lower() or "text"
    if log_format not in ("text", "json"):
        raise SettingsError("LOG_FORMAT must be text or json")
    api_base = values.get("DISCORD_API_BASE", "").strip().rstrip("/") or None
    if api_base is not None and not re.match(r"^https?://", api_base):
        raise SettingsError("DISCORD_API_BASE must be an http(s) URL")
    gateway = values.get("DISCORD_GATEWAY_URL", "").strip() or None
    if gateway is not None and not re.match(r"^wss?://", gateway):
        raise SettingsError("DISCORD_GATEWAY_URL must be a ws(s) URL")
    shard_count = _int(values, "SHARD_COUNT")
    shard_ids: tuple[int, ...] | None = None
    raw_ids = values.get("SHARD_IDS", "").strip()
    if raw_ids:
        if shard_count is None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT")
        try:
            shard_ids = tuple(int(part) for part in raw_ids.split(","))
        except ValueError:
            raise SettingsError("SHARD_IDS must be comma-separated numbers, e.g. 0,1") from None
        if any(not 0 <= i < shard_count for i in shard_ids):
            raise SettingsError(f"SHARD_IDS must each be between 0 and {shard_count - 1}")
    if shard_count is not None and shard_count < 1:
        raise SettingsError("SHARD_COUNT must be at least 1")
    sync = values.get("DATABASE_SYNC", "NORMAL").strip().upper() or "NORMAL"
    if sync not in ("NORMAL", "FULL"):
        raise SettingsError("DATABASE_SYNC must be NORMAL or FULL")
    workers = _int(values, "PICTURE_WORKERS")
    url = values.get("DATABASE_URL", "").strip() or None
    if url is not None and not re.match(r"^postgres(ql)?://", url):
        raise SettingsError("DATABASE_URL must be a postgresql:// URL (leave it empty for SQLite)")
    retention = _int(values, "RETENTION_DAYS")
    if retention is not None and retention < 0:
        raise SettingsError("RETENTION_DAYS must be 0 or more")
    return Settings(
        retention_days=30 if retention is None else retention,
        database_url=url,
        picture_workers=1 if workers is None else workers,
        database_sync=sync,
        token=token,
        database_path=Path(values.get("DATABASE_PATH", "").strip() or "data/monopoly.sqlite3"),
        dev_guild_id=_int(values, "DEV_GUILD_ID"),
        log_level=level,
        log_format=log_format,
        api_base=api_base,
        gateway_url=gateway,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )
