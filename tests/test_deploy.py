"""Issue 37: the deployment in deploy/ — the bot with PostgreSQL, Prometheus and Grafana — holds
together: the Compose file is valid under the Compose specification's schema, the bot's settings in
it are settings the bot reads, Prometheus scrapes the port the bot serves, and every dashboard query
asks for a metric the bot exports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.metrics import REGISTRY
from bot.settings import Settings

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _yaml(name: str) -> Any:
    return yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))


def _dashboard() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DEPLOY / "grafana/dashboards/monopoly.json").read_text(encoding="utf-8"))
    return data


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec", str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_the_compose_file_follows_the_compose_specification(tmp_path: Path) -> None:
    checked = _validate(DEPLOY / "compose.yaml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    broken = _yaml("compose.yaml")
    broken["services"]["bot"]["restart"] = ["always"]  # a list where the spec wants a string
    (tmp_path / "compose.yaml").write_text(yaml.safe_dump(broken), encoding="utf-8")
    assert _validate(tmp_path / "compose.yaml").returncode != 0, "the check must be able to fail"


def test_the_bots_settings_in_compose_are_settings_it_reads() -> None:
    environment = _yaml("compose.yaml")["services"]["bot"]["environment"]
    aliases = {field.alias for field in Settings.model_fields.values()}
    assert set(environment) <= aliases, set(environment) - aliases
    settings = Settings.model_validate({"DISCORD_TOKEN": "a.b.c", **environment})
    assert settings.database_url and settings.database_url.startswith("postgresql://")
    assert settings.metrics_port and settings.metrics_host == "0.0.0.0"


def test_prometheus_scrapes_the_bots_metrics_port() -> None:
    environment = _yaml("compose.yaml")["services"]["bot"]["environment"]
    targets = [
        t for job in _yaml("prometheus.yml")["scrape_configs"] for c in job["static_configs"] for t in c["targets"]
    ]
    assert targets == [f"bot:{environment['METRICS_PORT']}"]
    mounted = _yaml("compose.yaml")["services"]["prometheus"]["volumes"]
    assert any(volume.startswith("./prometheus.yml:") for volume in mounted)


def _exported() -> set[str]:
    """Every series name the bot's registry can expose."""
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"), "gauge": ("",)}
    names = set()
    for family in REGISTRY.collect():
        names.update(family.name + s for s in suffixes.get(family.type, ("",)))
        names.update(sample.name for sample in family.samples)
    return names


@pytest.mark.parametrize("panel", _dashboard()["panels"], ids=lambda p: p["title"])
def test_every_dashboard_query_asks_for_a_metric_the_bot_exports(panel: dict[str, Any]) -> None:
    exported = _exported()
    assert (
        panel["datasource"]["uid"] == _yaml("grafana/provisioning/datasources/prometheus.yaml")["datasources"][0]["uid"]
    )
    for target in panel["targets"]:
        asked = set(re.findall(r"\b((?:monopoly|process)_[a-z_]+)\b", target["expr"]))
        assert asked and asked <= exported, asked - exported


def test_the_dashboard_is_provisioned_from_where_compose_mounts_it() -> None:
    dashboard = _dashboard()
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids)) and dashboard["uid"]
    path = _yaml("grafana/provisioning/dashboards/monopoly.yaml")["providers"][0]["options"]["path"]
    mounted = _yaml("compose.yaml")["services"]["grafana"]["volumes"]
    assert f"./grafana/dashboards:{path}:ro" in mounted
    watched = {name for name in re.findall(r"monopoly_[a-z_]+", json.dumps(dashboard))}
    families = {family.name for family in REGISTRY.collect() if family.name.startswith("monopoly_")}
    assert all(any(name.startswith(family) for name in watched) for family in families), "a metric with no panel"
