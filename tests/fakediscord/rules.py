"""Discord's documented server-side rules that its OpenAPI schema cannot express: component and
embed limits, unique custom_ids, modal shape, and attachments referenced by embeds. Each function
returns the problems a real Discord would answer with 400 (50035 Invalid Form Body)."""

from __future__ import annotations

from typing import Any

ACTION_ROW, BUTTON, TEXT_INPUT = 1, 2, 4
SELECTS = {3, 5, 6, 7, 8}
LINK_BUTTON, PREMIUM_BUTTON = 5, 6


def message_problems(body: Any, existing_attachments: list[str] | None = None) -> list[str]:
    """A message create/edit body (or the `data` of an interaction answer of type 4 or 7)."""
    if not isinstance(body, dict):
        return []
    problems: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > 2000:
        problems.append(f"content: {len(content)} characters, more than 2000")
    problems += embed_problems(body.get("embeds"))
    problems += component_problems(body.get("components"))
    problems += attachment_problems(body, existing_attachments or [])
    return problems


def embed_problems(embeds: Any) -> list[str]:
    if not embeds:
        return []
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append(f"embeds: {len(embeds)}, more than 10")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        for key, limit in (("title", 256), ("description", 4096)):
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(f"{where}.{key}: {len(text)} characters, more than {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"{where}.fields: {len(fields)}, more than 25")
        for j, item in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                text = item.get(key) or ""
                total += len(text)
                if not text.strip():
                    problems.append(f"{where}.fields[{j}].{key}: must not be empty")
                if len(text) > limit:
                    problems.append(f"{where}.fields[{j}].{key}: {len(text)} characters, more than {limit}")
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > 2048:
            problems.append(f"{where}.footer.text: {len(footer)} characters, more than 2048")
        if len(author) > 256:
            problems.append(f"{where}.author.name: {len(author)} characters, more than 256")
    if total > 6000:
        problems.append(f"embeds: {total} characters in all, more than 6000")
    return problems


def component_problems(rows: Any) -> list[str]:
    if not rows:
        return []
    problems: list[str] = []
    if len(rows) > 5:
        problems.append(f"components: {len(rows)} action rows, more than 5")
    seen: set[str] = set()
    for r, row in enumerate(rows):
        where = f"components[{r}]"
        if row.get("type") != ACTION_ROW:
            problems.append(f"{where}: a top-level component must be an action row")
            continue
        children = row.get("components") or []
        kinds = [c.get("type") for c in children]
        if not children:
            problems.append(f"{where}: an action row must hold at least one component")
        if any(k in SELECTS for k in kinds) and len(children) != 1:
            problems.append(f"{where}: a select menu must be alone in its action row")
        if kinds.count(BUTTON) > 5:
            problems.append(f"{where}: {kinds.count(BUTTON)} buttons, more than 5")
        if TEXT_INPUT in kinds:
            problems.append(f"{where}: text inputs belong in modals only")
        for c, child in enumerate(children):
            problems += _child_problems(f"{where}.components[{c}]", child, seen)
    return problems


def _child_problems(where: str, child: dict[str, Any], seen: set[str]) -> list[str]:
    problems: list[str] = []
    custom_id = child.get("custom_id")
    link = child.get("type") == BUTTON and child.get("style") in (LINK_BUTTON, PREMIUM_BUTTON)
    if custom_id is None and not link:
        problems.append(f"{where}.custom_id: required")
    if isinstance(custom_id, str):
        if not 1 <= len(custom_id) <= 100:
            problems.append(f"{where}.custom_id: {len(custom_id)} characters, must be 1 to 100")
        if custom_id in seen:
            problems.append(f"{where}.custom_id: duplicated ({custom_id}): component custom ids must be unique")
        seen.add(custom_id)
    if child.get("type") == BUTTON:
        label = child.get("label")
        if label is not None and len(label) > 80:
            problems.append(f"{where}.label: {len(label)} characters, more than 80")
        if not label and not child.get("emoji"):
            problems.append(f"{where}: a button needs a label or an emoji")
    if child.get("type") in SELECTS:
        placeholder = child.get("placeholder")
        if placeholder is not None and len(placeholder) > 150:
            problems.append(f"{where}.placeholder: {len(placeholder)} characters, more than 150")
        low, high = child.get("min_values", 1), child.get("max_values", 1)
        if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
            problems.append(f"{where}: min_values {low} / max_values {high} out of range")
    if child.get("type") == 3:
        options = child.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}.options: {len(options)}, must be 1 to 25")
        if child.get("max_values", 1) > len(options):
            problems.append(f"{where}.max_values: more than the {len(options)} options")
        values: set[str] = set()
        for o, option in enumerate(options):
            for key in ("label", "value"):
                text = option.get(key) or ""
                if not 1 <= len(text) <= 100:
                    problems.append(f"{where}.options[{o}].{key}: {len(text)} characters, must be 1 to 100")
            description = option.get("description")
            if description is not None and len(description) > 100:
                problems.append(f"{where}.options[{o}].description: {len(description)} characters, more than 100")
            if option.get("value") in values:
                problems.append(f"{where}.options[{o}].value: duplicated")
            values.add(option.get("value"))
        if sum(1 for o in options if o.get("default")) > child.get("max_values", 1):
            problems.append(f"{where}: more default options than max_values")
    return problems


def modal_problems(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return ["modal: no data"]
    problems: list[str] = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        problems.append(f"modal.title: {len(title)} characters, must be 1 to 45")
    custom_id = data.get("custom_id") or ""
    if not 1 <= len(custom_id) <= 100:
        problems.append(f"modal.custom_id: {len(custom_id)} characters, must be 1 to 100")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        problems.append(f"modal.components: {len(rows)}, must be 1 to 5")
    seen: set[str] = set()
    for r, row in enumerate(rows):
        for item in row.get("components") or ([row.get("component")] if row.get("component") else []):
            where = f"modal.components[{r}]"
            if item.get("type") != TEXT_INPUT:
                continue
            label = item.get("label") or ""
            if len(label) > 45:
                problems.append(f"{where}.label: {len(label)} characters, more than 45")
            cid = item.get("custom_id") or ""
            if cid in seen:
                problems.append(f"{where}.custom_id: duplicated ({cid})")
            seen.add(cid)
            value = item.get("value")
            if value is not None and len(value) > (item.get("max_length") or 4000):
                problems.append(f"{where}.value: longer than max_length")
    return problems


def attachment_problems(body: dict[str, Any], existing: list[str]) -> list[str]:
    """An embed image `attachment://name` must name a file uploaded with the message or kept on it."""
    files = set(body.get("_files") or [])
    kept = set(existing) if "attachments" not in body else set()
    for attachment in body.get("attachments") or []:
        if isinstance(attachment, dict) and attachment.get("filename") and "id" in attachment:
            kept.add(str(attachment["filename"]))
    problems = []
    for i, embed in enumerate(body.get("embeds") or []):
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url") or ""
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in files | kept:
                problems.append(f"embeds[{i}].{key}: {url} is not uploaded with the message")
    return problems
