"""Discord's documented server-side rules that its OpenAPI schema cannot express: component and
embed limits, unique custom_ids, modal shape, and attachments referenced by embeds. Each function
returns the problems a real Discord would answer with 400 (50035 Invalid Form Body)."""

from __future__ import annotations

from typing import Any

ACTION_ROW, BUTTON, TEXT_INPUT = 1, 2, 4
SELECTS = {3, 5, 6, 7, 8}
LINK_BUTTON, PREMIUM_BUTTON = 5, 6
# Layout components (flag IS_COMPONENTS_V2)
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
IS_COMPONENTS_V2 = 1 << 15
LAYOUT_TOP = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}
MAX_LAYOUT_COMPONENTS, MAX_LAYOUT_TEXT = 40, 4000
MAX_ATTACHMENTS = 10  # files on one message


def message_problems(body: Any, existing_attachments: list[str] | None = None, existing_flags: int = 0) -> list[str]:
    """A message create/edit body (or the `data` of an interaction answer of type 4 or 7);
    `existing_*` describe the message an edit changes."""
    if not isinstance(body, dict):
        return []
    problems: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > 2000:
        problems.append(f"content: {len(content)} characters, more than 2000")
    flags = body.get("flags")
    was_layout = bool(existing_flags & IS_COMPONENTS_V2)
    layout = bool((flags if flags is not None else existing_flags) & IS_COMPONENTS_V2)
    if was_layout and flags is not None and not flags & IS_COMPONENTS_V2:
        problems.append("flags: IS_COMPONENTS_V2 cannot be removed from a message once set")
    if layout:
        problems += layout_problems(body)
    else:
        problems += embed_problems(body.get("embeds"))
        problems += component_problems(body.get("components"))
    problems += attachment_problems(body, existing_attachments or [])
    return problems


def layout_problems(body: dict[str, Any]) -> list[str]:
    """A message with IS_COMPONENTS_V2: no content, embeds, poll or stickers; every text in text
    displays; at most 40 components (nested ones included) and 4,000 characters of text."""
    problems: list[str] = []
    for key in ("content", "embeds", "poll", "sticker_ids"):
        if body.get(key):
            problems.append(f"{key}: not allowed with IS_COMPONENTS_V2 (50035)")
    top = body.get("components")
    if top is None:
        return problems
    counts = {"components": 0, "text": 0}
    seen: set[str] = set()
    ids: set[int] = set()
    for i, component in enumerate(top):
        problems += _layout_component(f"components[{i}]", component, LAYOUT_TOP, counts, seen, ids)
    if counts["components"] > MAX_LAYOUT_COMPONENTS:
        problems.append(f"components: {counts['components']} in all, more than {MAX_LAYOUT_COMPONENTS}")
    if counts["text"] > MAX_LAYOUT_TEXT:
        problems.append(f"components: {counts['text']} characters of text in all, more than {MAX_LAYOUT_TEXT}")
    return problems


def _layout_component(
    where: str, component: dict[str, Any], allowed: set[int], counts: dict[str, int], seen: set[str], ids: set[int]
) -> list[str]:
    problems: list[str] = []
    kind = component.get("type")
    counts["components"] += 1
    if kind not in allowed:
        return [f"{where}: component type {kind} is not allowed here"]
    if "id" in component:
        if component["id"] in ids:
            problems.append(f"{where}.id: duplicated ({component['id']})")
        ids.add(component["id"])
    if kind == ACTION_ROW:
        counts["components"] += len(component.get("components") or [])
        problems += component_problems([component], seen, where)
    elif kind == TEXT_DISPLAY:
        text = component.get("content") or ""
        counts["text"] += len(text)
        if not text:
            problems.append(f"{where}.content: must not be empty")
    elif kind == CONTAINER:
        children = component.get("components") or []
        if not children:
            problems.append(f"{where}: a container must hold at least one component")
        for c, child in enumerate(children):
            problems += _layout_component(f"{where}.components[{c}]", child, IN_CONTAINER, counts, seen, ids)
    elif kind == SECTION:
        texts = component.get("components") or []
        if not 1 <= len(texts) <= 3:
            problems.append(f"{where}: a section holds 1 to 3 text displays")
        for c, child in enumerate(texts):
            problems += _layout_component(f"{where}.components[{c}]", child, {TEXT_DISPLAY}, counts, seen, ids)
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            problems.append(f"{where}.accessory: required")
        else:
            counts["components"] += 1
            if accessory.get("type") not in (BUTTON, THUMBNAIL):
                problems.append(f"{where}.accessory: a button or a thumbnail")
            elif accessory.get("type") == BUTTON:
                problems += _child_problems(f"{where}.accessory", accessory, seen)
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= 10:
            problems.append(f"{where}.items: {len(items)}, must be 1 to 10")
        for m, item in enumerate(items):
            description = item.get("description")
            if description is not None and len(description) > 1024:
                problems.append(f"{where}.items[{m}].description: {len(description)} characters, more than 1024")
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


def component_problems(rows: Any, seen: set[str] | None = None, at: str | None = None) -> list[str]:
    """Action rows (of a message without IS_COMPONENTS_V2, or one row `at` a place of a layout)."""
    if not rows:
        return []
    problems: list[str] = []
    if len(rows) > 5:
        problems.append(f"components: {len(rows)} action rows, more than 5")
    seen = set() if seen is None else seen
    for r, row in enumerate(rows):
        where = at or f"components[{r}]"
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
    if child.get("type") == BUTTON and child.get("style") == LINK_BUTTON:
        url = child.get("url")
        if not isinstance(url, str) or not 1 <= len(url) <= 512 or not url.startswith(("http://", "https://")):
            problems.append(f"{where}.url: a link button needs an http(s) url of at most 512 characters")
        if custom_id is not None:
            problems.append(f"{where}.custom_id: a link button cannot have one")
    elif child.get("type") == BUTTON and "url" in child:
        problems.append(f"{where}.url: only a link button has a url")
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
    """At most ten files on a message; an embed image or layout media `attachment://name` must
    name a file uploaded with the message or kept on it."""
    uploaded = body.get("_files") or []
    files = set(uploaded)
    problems = []
    if len(uploaded) > MAX_ATTACHMENTS:
        problems.append(f"attachments: {len(uploaded)} files, more than {MAX_ATTACHMENTS}")
    kept = set(existing) if "attachments" not in body else set()
    for attachment in body.get("attachments") or []:
        if isinstance(attachment, dict) and attachment.get("filename") and "id" in attachment:
            kept.add(str(attachment["filename"]))
    for i, embed in enumerate(body.get("embeds") or []):
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url") or ""
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in files | kept:
                problems.append(f"embeds[{i}].{key}: {url} is not uploaded with the message")
    for where, url in _media_urls(body.get("components") or [], "components"):
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in files | kept:
            problems.append(f"{where}: {url} is not uploaded with the message")
    return problems


def _media_urls(components: list[Any], where: str) -> list[tuple[str, str]]:
    """The media a layout refers to (gallery items, thumbnails, files), with where they are."""
    out: list[tuple[str, str]] = []
    for i, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        here = f"{where}[{i}]"
        for m, item in enumerate(component.get("items") or []):
            out.append((f"{here}.items[{m}]", str((item.get("media") or {}).get("url") or "")))
        for key in ("media", "file"):
            if isinstance(component.get(key), dict):
                out.append((f"{here}.{key}", str(component[key].get("url") or "")))
        accessory = component.get("accessory")
        if isinstance(accessory, dict) and isinstance(accessory.get("media"), dict):
            out.append((f"{here}.accessory", str(accessory["media"].get("url") or "")))
        out += _media_urls(component.get("components") or [], f"{here}.components")
    return out
