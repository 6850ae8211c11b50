"""Check requests against Discord's published OpenAPI spec (discord/discord-api-spec, MIT).

A JSON-Schema subset: the keywords the spec uses ($ref, allOf/anyOf/oneOf, type with null,
const/enum, string and array bounds, required/properties/additionalProperties, min/max). Where
real Discord accepts more than the spec says, that is written down here: numeric strings for
integers (discord.py sends permissions that way) and integers for snowflakes.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

SPEC_PATH = Path(__file__).with_name("discord-openapi.json")


@cache
def load_spec() -> dict[str, Any]:
    return json.loads(SPEC_PATH.read_text(encoding="utf-8"))


class SpecValidator:
    def __init__(self, spec: dict[str, Any] | None = None) -> None:
        self.spec = spec or load_spec()
        self.prefix = "/api/v10"
        self._routes: list[tuple[re.Pattern[str], str, dict[str, Any]]] = []
        for template, item in self.spec["paths"].items():
            # Literal segments first, so /users/@me wins over /users/{user_id}.
            pattern = (
                "^" + re.sub(r"\{[^/]+\}", "[^/]+", re.escape(template).replace(r"\{", "{").replace(r"\}", "}")) + "$"
            )
            self._routes.append((re.compile(pattern), template, item))
        self._routes.sort(key=lambda r: r[1].count("{"))

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        if path.startswith(self.prefix):
            path = path[len(self.prefix) :]
        for pattern, template, item in self._routes:
            if pattern.match(path):
                op = item.get(method.lower())
                if op is not None:
                    return template, op
        return None

    def check_request(self, method: str, path: str, body: Any) -> list[str]:
        found = self.operation(method, path)
        if found is None:
            return [f"{method} {path}: no such operation in Discord's API"]
        template, op = found
        request = op.get("requestBody")
        if request is None:
            return [] if body is None else [f"{method} {template}: takes no body"]
        if body is None:
            return [f"{method} {template}: a body is required"] if request.get("required") else []
        schema = request["content"].get("application/json", {}).get("schema")
        if schema is None:
            return []
        return [f"{method} {template}: {e}" for e in self.check(schema, body, "$")]

    # --- JSON Schema subset -------------------------------------------------------------------

    def resolve(self, ref: str) -> dict[str, Any]:
        node: Any = self.spec
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        return node  # type: ignore[no-any-return]

    def check(self, schema: dict[str, Any], value: Any, where: str) -> list[str]:
        if "$ref" in schema:
            errors = self.check(self.resolve(schema["$ref"]), value, where)
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            return errors + (self.check(rest, value, where) if rest else [])
        errors: list[str] = []
        for sub in schema.get("allOf", []):
            errors += self.check(sub, value, where)
        for key in ("anyOf", "oneOf"):
            if key in schema:
                branches = [self.check(sub, value, where) for sub in schema[key]]
                if all(branches):
                    # The branch that matched at this level and failed deeper says the most.
                    def shallow(errs: list[str]) -> int:
                        return sum(e.startswith((f"{where}:", f"{where}.type:")) for e in errs)

                    closest = min(branches, key=lambda errs: (shallow(errs), len(errs)))
                    errors.append(f"{where}: matches none of the allowed shapes ({'; '.join(closest[:3])})")
        if "type" in schema and not self._type_ok(schema, value):
            return [*errors, f"{where}: expected {schema['type']}, got {type(value).__name__}"]
        if "const" in schema and value != schema["const"]:
            errors.append(f"{where}: must be {schema['const']!r}")
        if "enum" in schema and value not in schema["enum"]:
            errors.append(f"{where}: {value!r} is not one of {schema['enum']}")
        if isinstance(value, str):
            errors += self._string(schema, value, where)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                errors.append(f"{where}: below the minimum {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                errors.append(f"{where}: above the maximum {schema['maximum']}")
        elif isinstance(value, list):
            errors += self._array(schema, value, where)
        elif isinstance(value, dict):
            errors += self._object(schema, value, where)
        return errors

    @staticmethod
    def _type_ok(schema: dict[str, Any], value: Any) -> bool:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        for name in types:
            if name == "null" and value is None:
                return True
            if name == "boolean" and isinstance(value, bool):
                return True
            if name == "integer":
                if isinstance(value, int) and not isinstance(value, bool):
                    return True
                if isinstance(value, str) and value.isdigit():  # Discord accepts stringified integers
                    return True
            if name == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
                return True
            if name == "string":
                if isinstance(value, str):
                    return True
                if schema.get("format") == "snowflake" and isinstance(value, int) and value >= 0:
                    return True
            if name == "array" and isinstance(value, list):
                return True
            if name == "object" and isinstance(value, dict):
                return True
        return False

    @staticmethod
    def _string(schema: dict[str, Any], value: str, where: str) -> list[str]:
        errors = []
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{where}: longer than {schema['maxLength']} characters ({len(value)})")
        if "minLength" in schema and len(value) < schema["minLength"]:
            errors.append(f"{where}: shorter than {schema['minLength']} characters")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{where}: does not match {schema['pattern']}")
        return errors

    def _array(self, schema: dict[str, Any], value: list[Any], where: str) -> list[str]:
        errors = []
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{where}: more than {schema['maxItems']} items ({len(value)})")
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(f"{where}: fewer than {schema['minItems']} items")
        if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            errors.append(f"{where}: items must be unique")
        if "items" in schema:
            for i, item in enumerate(value):
                errors += self.check(schema["items"], item, f"{where}[{i}]")
        return errors

    def _object(self, schema: dict[str, Any], value: dict[str, Any], where: str) -> list[str]:
        errors = []
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{where}: missing {key!r}")
        for key, item in value.items():
            if key in props:
                errors += self.check(props[key], item, f"{where}.{key}")
            elif schema.get("additionalProperties") is False and props:
                errors.append(f"{where}: unknown field {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += self.check(schema["additionalProperties"], item, f"{where}.{key}")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            errors.append(f"{where}: more than {schema['maxProperties']} fields")
        return errors
