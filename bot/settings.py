"""Settings from the environment or a `.env` file (pydantic-settings); every failure is one readable
line that names the variable.

`Settings(...)` built in code reads nothing else (a test's or a tool's settings never pick up a
developer's `.env`); `load_settings()` is the one place that reads the environment and `.env`."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Literal

from dotenv.parser import parse_stream
from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_URLS = {  # setting → (the scheme it must have, what to say if not)
    "api_base": (r"^https?://", "must be an http(s) URL"),
    "gateway_url": (r"^wss?://", "must be a ws(s) URL"),
    "database_url": (r"^postgres(ql)?://", "must be a postgresql:// URL (leave it empty for SQLite)"),
    "public_url": (
        r"^https?://[^/?#\s]+(/[^?#\s]*)?$",
        "must be an http(s) URL with no query, like https://watch.example.org",
    ),
}
_WHOLE_NUMBERS = (
    "dev_guild_id",
    "shard_count",
    "picture_workers",
    "retention_days",
    "metrics_port",
    "web_port",
)


# The sources `load_settings` reads while it builds the settings (else only what code passes).
_READING: ContextVar[Callable[[type[BaseSettings]], tuple[PydanticBaseSettingsSource, ...]] | None] = ContextVar(
    "settings_sources", default=None
)


class SettingsError(Exception):
    """A setting is missing or malformed; the message names it."""


class PortUnusable(SettingsError):
    """A port the settings name cannot be listened on (taken, or not allowed)."""

    def __init__(self, setting: str, host: str, port: int, cause: OSError) -> None:
        super().__init__(f"{setting}: cannot listen on {host}:{port} ({cause.strerror or cause})")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(frozen=True, populate_by_name=True, extra="ignore", env_ignore_empty=True)

    token: str = Field(alias="DISCORD_TOKEN")
    database_path: Path = Field(Path("data/monopoly.sqlite3"), alias="DATABASE_PATH")
    dev_guild_id: int | None = Field(None, alias="DEV_GUILD_ID")
    log_level: str = Field("INFO", alias="LOG_LEVEL")
    log_format: Literal["text", "json"] = Field("text", alias="LOG_FORMAT")  # json: one JSON object a line
    api_base: str | None = Field(None, alias="DISCORD_API_BASE")
    gateway_url: str | None = Field(None, alias="DISCORD_GATEWAY_URL")
    shard_count: int | None = Field(None, alias="SHARD_COUNT")
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(None, alias="SHARD_IDS")
    # processes drawing pictures (0: a thread of the bot's own process)
    picture_workers: int = Field(1, alias="PICTURE_WORKERS")
    # a font with Japanese glyphs for the pictures (else one where Debian's fonts-noto-cjk or
    # fonts-ipafont-gothic put it; without one, Japanese words in pictures fall back to English)
    font_path: Path | None = Field(None, alias="FONT_PATH")
    # SQLite synchronous: NORMAL (crash-safe) or FULL (power-loss safe too)
    database_sync: str = Field("NORMAL", alias="DATABASE_SYNC")
    # postgresql://… : a database shared by every process (else SQLite)
    database_url: str | None = Field(None, alias="DATABASE_URL")
    # a server's data is deleted this long after the bot was removed from it
    retention_days: int = Field(30, alias="RETENTION_DAYS", ge=0)
    # the Prometheus endpoint's port (off when unset)
    metrics_port: int | None = Field(None, alias="METRICS_PORT", ge=1, le=65535)
    metrics_host: str = Field("127.0.0.1", alias="METRICS_HOST")  # 0.0.0.0 in a container
    # the watch pages (a game live in the browser): on only with WEB_PORT and PUBLIC_URL set
    web_port: int | None = Field(None, alias="WEB_PORT", ge=1, le=65535)
    web_host: str = Field("127.0.0.1", alias="WEB_HOST")  # behind a reverse proxy; 0.0.0.0 in a container
    public_url: str | None = Field(None, alias="PUBLIC_URL")  # how people reach WEB_PORT: https://watch.example.org
    # the key that signs watch links (at least 32 characters; changing it ends every link given out)
    web_secret: str | None = Field(None, alias="WEB_SECRET", repr=False)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Only what the code passes, unless `load_settings` is reading the environment now."""
        reading = _READING.get()
        return (init_settings,) if reading is None else reading(settings_cls)

    @field_validator(*_WHOLE_NUMBERS, mode="before")
    @classmethod
    def _whole_number(cls, raw: object) -> object:
        if isinstance(raw, str):
            raw = raw.strip()
            if not raw.isdigit():
                raise ValueError(f"must be a whole number, not {raw!r}")
        return raw

    @field_validator("token")
    @classmethod
    def _token(cls, token: str) -> str:
        if not TOKEN_SHAPE.match(token.strip()):
            raise ValueError("does not look like a bot token (three dot-separated parts)")
        return token.strip()

    @field_validator("log_level", "database_sync", mode="before")
    @classmethod
    def _upper(cls, raw: object) -> object:
        return raw.strip().upper() if isinstance(raw, str) else raw

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, raw: object) -> object:
        return raw.strip().lower() if isinstance(raw, str) else raw

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, level: str) -> str:
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("database_sync")
    @classmethod
    def _sync(cls, sync: str) -> str:
        if sync not in ("NORMAL", "FULL"):
            raise ValueError("must be NORMAL or FULL")
        return sync

    @field_validator("api_base", "gateway_url", "database_url", "public_url")
    @classmethod
    def _url(cls, url: str | None, info: ValidationInfo) -> str | None:
        if url is None:
            return None
        pattern, problem = _URLS[info.field_name or ""]
        url = url.strip()
        if not re.match(pattern, url):
            raise ValueError(problem)
        return url.rstrip("/") if info.field_name in ("api_base", "public_url") else url

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ids(cls, raw: object) -> object:
        if not isinstance(raw, str):
            return raw
        try:
            return tuple(int(part) for part in raw.split(","))
        except ValueError:
            raise ValueError("must be comma-separated numbers, e.g. 0,1") from None

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"SHARD_IDS must each be between 0 and {self.shard_count - 1}")
        return self

    @model_validator(mode="after")
    def _web(self) -> Settings:
        if (self.web_port is None) != (self.public_url is None):
            raise ValueError("WEB_PORT and PUBLIC_URL go together: set both for watch pages, or neither")
        if self.web_port is not None and len(self.web_secret or "") < 32:
            raise ValueError(
                "WEB_SECRET must be at least 32 characters when WEB_PORT is set "
                '(python -c "import secrets; print(secrets.token_urlsafe(32))")'
            )
        return self

    @property
    def watching(self) -> bool:
        """Whether the watch pages are on."""
        return self.web_port is not None and self.public_url is not None

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


def check_env_file(path: Path) -> None:
    """A `.env` line that is not KEY=VALUE (or a comment) is an error, not silently skipped."""
    if not path.is_file():
        return
    for binding in parse_stream(io.StringIO(path.read_text(encoding="utf-8"))):
        if binding.error or (binding.key is not None and binding.value is None):
            raise SettingsError(f"{path}:{binding.original.line}: expected KEY=VALUE")


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """The environment (or `environ`) wins over the `.env` file."""
    if env_file is not None:
        check_env_file(env_file)
    values = dict(os.environ if environ is None else environ)

    class _FromEnvironment(EnvSettingsSource):
        def _load_env_vars(self) -> Mapping[str, str | None]:
            return {k.lower(): v for k, v in values.items() if v.strip() != ""}

    def sources(settings_cls: type[BaseSettings]) -> tuple[PydanticBaseSettingsSource, ...]:
        dotenv = [DotEnvSettingsSource(settings_cls, env_file=env_file)] if env_file is not None else []
        return (_FromEnvironment(settings_cls), *dotenv)

    token = _READING.set(sources)
    try:
        return Settings()
    except ValidationError as invalid:
        raise SettingsError(_one_line(invalid)) from None
    finally:
        _READING.reset(token)


def _one_line(invalid: ValidationError) -> str:
    error = invalid.errors()[0]
    name = str(error["loc"][0]) if error["loc"] else ""
    if error["type"] == "missing" and name == "DISCORD_TOKEN":
        return "DISCORD_TOKEN is not set (put it in the environment or in .env)"
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "literal_error" and name == "LOG_FORMAT":
        message = "must be text or json"
    elif error["type"] == "greater_than_equal" and name == "RETENTION_DAYS":
        message = "must be 0 or more"
    return f"{name} {message}".strip()
