"""Settings from the environment and `.env`; every problem is one readable line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings

GOOD = "abc.def.ghi"


def test_env_file_and_environment_precedence(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        '# comment\nDISCORD_TOKEN="file.token.x"\nLOG_LEVEL=debug\nexport DEV_GUILD_ID=42\n', encoding="utf-8"
    )
    s = load_settings({"DISCORD_TOKEN": GOOD}, env)
    assert s.token == GOOD and s.log_level == "DEBUG" and s.dev_guild_id == 42
    assert s.database_path == Path("data/monopoly.sqlite3")


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "nodots"}, "does not look like a bot token"),
        ({"DISCORD_TOKEN": GOOD, "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": GOOD, "DEV_GUILD_ID": "twelve"}, "DEV_GUILD_ID must be a whole number"),
        ({"DISCORD_TOKEN": GOOD, "DISCORD_API_BASE": "ftp://x"}, "DISCORD_API_BASE"),
        ({"DISCORD_TOKEN": GOOD, "DISCORD_GATEWAY_URL": "http://x"}, "DISCORD_GATEWAY_URL"),
        ({"DISCORD_TOKEN": GOOD, "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": GOOD, "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "between 0 and 1"),
        ({"DISCORD_TOKEN": GOOD, "SHARD_COUNT": "2", "SHARD_IDS": "a"}, "comma-separated"),
        ({"DISCORD_TOKEN": GOOD, "SHARD_COUNT": "0"}, "SHARD_COUNT must be at least 1"),
        ({"DISCORD_TOKEN": GOOD, "LOG_FORMAT": "yaml"}, "LOG_FORMAT must be text or json"),
        ({"DISCORD_TOKEN": GOOD, "DATABASE_SYNC": "sometimes"}, "DATABASE_SYNC must be NORMAL or FULL"),
        ({"DISCORD_TOKEN": GOOD, "DATABASE_URL": "mysql://x"}, "DATABASE_URL must be a postgresql:// URL"),
        ({"DISCORD_TOKEN": GOOD, "RETENTION_DAYS": "soon"}, "RETENTION_DAYS must be a whole number"),
        ({"DISCORD_TOKEN": GOOD, "METRICS_PORT": "99999"}, "METRICS_PORT"),
        ({"DISCORD_TOKEN": GOOD, "PICTURE_WORKERS": "-1"}, "PICTURE_WORKERS must be a whole number"),
    ],
)
def test_bad_settings_name_the_problem(environ: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError) as err:
        load_settings(environ, None)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_sharding_settings() -> None:
    s = load_settings({"DISCORD_TOKEN": GOOD, "SHARD_COUNT": "4", "SHARD_IDS": "2,3"}, None)
    assert s.shard_count == 4 and s.shard_ids == (2, 3)
    assert s.share_of_shards == 0.5  # two of four shards: half of the token's rate limit is ours
    assert load_settings({"DISCORD_TOKEN": GOOD}, None).share_of_shards == 1.0


def test_malformed_env_file_line(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=a.b.c\nJUSTAWORD\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"\.env:2: expected KEY=VALUE"):
        load_settings({}, env)


def test_empty_values_count_as_unset_and_defaults_hold(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=a.b.c\nDEV_GUILD_ID=\nMETRICS_PORT=9100\n", encoding="utf-8")
    s = load_settings({"LOG_LEVEL": ""}, env)
    assert s.dev_guild_id is None and s.log_level == "INFO" and s.metrics_port == 9100
    assert s.retention_days == 30 and s.picture_workers == 1 and s.database_url is None


def test_settings_built_in_code_read_no_environment(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A test's or a tool's settings never pick up the machine's environment or a `.env`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DATABASE_URL=postgresql://real@prod/db\n", encoding="utf-8")
    monkeypatch.setenv("DATABASE_URL", "postgresql://real@prod/db")
    monkeypatch.setenv("DISCORD_TOKEN", GOOD)
    s = Settings(token=GOOD, database_path=tmp_path / "x.sqlite3")
    assert s.database_url is None
    assert load_settings().database_url == "postgresql://real@prod/db"


def test_json_log_lines_keep_private_content_out(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: LOG_FORMAT=json writes one JSON object a line; the private-content filter still runs."""
    import io
    import json
    import logging

    import pytest

    from bot import logs
    from bot.settings import SettingsError, load_settings

    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("LOG_FORMAT", "json")
    assert load_settings().log_format == "json"
    monkeypatch.setenv("LOG_FORMAT", "yaml")
    with pytest.raises(SettingsError, match="LOG_FORMAT must be text or json"):
        load_settings()
    logs.install()
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.JsonLines())
    http = logging.getLogger("discord.http")
    http.addHandler(handler)
    level = http.level
    http.setLevel(logging.DEBUG)
    try:
        url = "https://discord.com/api/v10/interactions/123/secret-token/callback"
        http.debug("%s %s with %s has returned %s", "POST", url, '{"hidden": 7}', 204)
    finally:
        http.removeHandler(handler)
        http.setLevel(level)
    line = out.getvalue().strip().splitlines()[-1]
    entry = json.loads(line)
    assert entry["level"] == "DEBUG" and entry["logger"] == "discord.http"
    assert "secret-token" not in line and '"hidden"' not in line and "<not logged>" in entry["message"]


def test_env_example_names_every_setting() -> None:
    """Issue 37: `.env.example` lists every setting the bot reads (set, or commented out), so a new
    operator finds each one with its explanation."""
    from pathlib import Path

    from bot.settings import Settings

    example = (Path(__file__).parents[2] / ".env.example").read_text(encoding="utf-8")
    listed = {line.lstrip("# ").split("=", 1)[0] for line in example.splitlines() if "=" in line}
    aliases = {str(f.alias) for f in Settings.model_fields.values() if f.alias}
    assert aliases <= listed, sorted(aliases - listed)


def test_the_settings_reference_is_made_from_the_settings() -> None:
    """Issue 37: docs/settings.md is what `python -m bot.settings_doc` makes from `Settings` and the
    explanations in `.env.example`; a setting added to the code without its line fails here."""
    from pathlib import Path

    from bot.settings import Settings
    from bot.settings_doc import reference

    made = reference()
    assert (Path(__file__).parents[2] / "docs" / "settings.md").read_text(encoding="utf-8") == made, (
        "run: python -m bot.settings_doc > docs/settings.md"
    )
    for field in Settings.model_fields.values():
        row = next(line for line in made.splitlines() if line.startswith(f"| `{field.alias}` |"))
        assert row.rstrip(" |").split("|")[-1].strip(), f"{field.alias} has no explanation in .env.example"


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_lobby_names_each_house_rule_in_words(locale: str) -> None:
    """The lobby's "House rules:" line read "Bingo: who is asked to claim when_claimable" and
    "Mega: round limit, then the asset count decides (0 = off) 50": each rule is a phrase of the
    table's language now, with no option id and no game name before it."""
    from bot import server_settings
    from bot.i18n import CATALOG
    from bot.store import GameRecord, Lobby
    from cogs.settings_ui import options_line

    for key, setting in server_settings.ALL.items():
        if setting.game is None:
            continue
        kind, option = key.split(".")
        if setting.kind == "bool":
            other: object = not setting.default
        elif setting.kind == "choice":
            other = next(c for c in setting.choices if c != setting.default)
        else:
            other = int(setting.default) + 7  # type: ignore[call-overload]
        assert CATALOG.has(locale, f"house.{key}"), key
        record = GameRecord(
            id=1, guild_id=1, channel_id=1, kind=kind, status="lobby", host_id=1, locale=locale, version=1,
            lobby=Lobby(options={option: other}), created_at=0, updated_at=0,
        )  # fmt: skip
        line = options_line(record)
        said = line.split("：" if locale == "ja" else ": ", 1)[1]
        assert "_" not in said and "Mega" not in said and "Bingo" not in said and "メガ" not in said, line
        assert str(other) in said.replace(",", "") or setting.kind != "int", line
