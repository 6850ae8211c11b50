"""A fake Discord on 127.0.0.1 for end-to-end tests: the REST endpoints the bot uses, a gateway
websocket, and helpers that play users (slash commands, clicks, modal submits).

Every request the bot sends is checked against Discord's OpenAPI spec; a payload real Discord
would reject is answered with a 400 like Discord's and recorded in `violations`. Requests over
Discord's global rate limit are answered 429 and recorded in `rate_limited`.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakediscord import multipart, ratelimit, rules
from tests.fakediscord.openapi import SpecValidator
from tests.fakediscord.ratelimit import GlobalLimit, RouteBuckets

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
EPHEMERAL = 1 << 6
ANSWER_WITHIN_S = 3.0  # Discord forgets an interaction not answered in 3 s
# What Discord answers a request that comes too late, twice or with a dead token: code -> (status, message).
LIFETIME_ERRORS = {
    10062: (404, "Unknown interaction"),
    40060: (400, "Interaction has already been acknowledged."),
    50027: (401, "Invalid Webhook Token"),
}
UPLOAD_LIMIT = 10 * 1024 * 1024  # a file a bot may upload to a server without boosts (the guild's limit)
TOKEN_LIFETIME_S = 15 * 60  # follow-ups with an interaction's token work for 15 minutes
ADMIN_PERMISSIONS = str((1 << 41) - 1)
MEMBER_PERMISSIONS = str((1 << 11) | (1 << 10) | (1 << 6))  # send/read messages, add reactions


def _now() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


@dataclass
class Response:
    """What the bot answered to one interaction."""

    type: int
    data: dict[str, Any]
    message: dict[str, Any] | None = None

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk(self.data.get("components") or []) if "custom_id" in c]

    def text(self) -> str:
        """Everything a person could read in the answer."""
        return json.dumps(self.data, ensure_ascii=False)


class Labels(dict[str, str]):
    """label → custom_id of the buttons a person can press; a label is found by its exact text or,
    failing that, by the one label that begins with it ("Buy" finds "Buy $150")."""

    def _key(self, key: object) -> object:
        if not isinstance(key, str) or dict.__contains__(self, key):
            return key
        found = [label for label in self if label.startswith(key)]
        return found[0] if len(found) == 1 else key

    def __getitem__(self, key: str) -> str:
        return dict.__getitem__(self, self._key(key))

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, self._key(key))

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return dict.get(self, self._key(key), default)


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a message, nested ones (in rows, containers, sections) included, in order."""
    out: list[dict[str, Any]] = []
    for component in components:
        out.append(component)
        out += walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            out.append(component["accessory"])
    return out


def shown_text(message: dict[str, Any]) -> str:
    """A message's readable words: content, embed texts, text displays (one part a line)."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    parts += [c.get("content") or "" for c in walk(message.get("components") or []) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


def _check_invocation(command: dict[str, Any], sub: str, options: dict[str, Any]) -> None:
    """A slash command as Discord's client lets a person send it: a subcommand the bot registered,
    only its options, every required one given, a value among an option's choices. A test that
    sends what no client could fails here, not in the bot."""
    subs = {o["name"]: o for o in command.get("options") or [] if o.get("type") == 1}
    assert sub in subs, f"/{command['name']} has no subcommand {sub!r} (registered: {sorted(subs)})"
    declared = {o["name"]: o for o in subs[sub].get("options") or []}
    unknown = set(options) - set(declared)
    assert not unknown, f"/{command['name']} {sub} has no option {sorted(unknown)} (it has {sorted(declared)})"
    missing = [name for name, o in declared.items() if o.get("required") and name not in options]
    assert not missing, f"/{command['name']} {sub}: Discord's client requires {missing}"
    for name, value in options.items():
        choices = [c["value"] for c in declared[name].get("choices") or []]
        assert not choices or value in choices, f"/{command['name']} {sub} {name}={value!r}: not one of {choices}"


@dataclass
class FakeDiscord:
    host: str = "127.0.0.1"
    validator: SpecValidator = field(default_factory=SpecValidator)
    violations: list[str] = field(default_factory=list)
    requests: list[tuple[str, str, Any]] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    users: dict[int, dict[str, Any]] = field(default_factory=dict)
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    uploads: list[tuple[str, list[str]]] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)  # messages the bot deleted
    modals: list[dict[str, Any]] = field(default_factory=list)
    answer_within_s: float = ANSWER_WITHIN_S
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)
    file_data: dict[str, bytes] = field(default_factory=dict)  # the last upload of each file name
    identifies: list[tuple[int, int]] = field(default_factory=list)  # (shard, shard count) per IDENTIFY
    shards: dict[int, tuple[int, int]] = field(default_factory=dict)  # websocket → its shard
    # channel (or thread) → its guild; every other channel is in GUILD_ID (add_guild adds more)
    channel_guilds: dict[int, int] = field(default_factory=lambda: {CHANNEL_ID: GUILD_ID})
    _token_channels: dict[str, int] = field(default_factory=dict)  # interaction token → its channel
    # Failures a channel or Discord can have: the bot may not post in the channel (403 50013),
    # or follow-ups fail (Discord having trouble).
    deny_channel_posts: bool = False
    refuse_intents: bool = False  # close the gateway as Discord does for intents not enabled (4014)
    fail_follow_ups: bool = False
    lose_answers: int = 0  # the next answers fail as if Discord had forgotten the interaction (404 10062)
    # Discord's global rate limit (50 requests/s; interaction endpoints exempt). Requests refused
    # with 429 are listed here, not in `requests`.
    global_limit: GlobalLimit = field(default_factory=GlobalLimit)
    # Discord's per-channel message limits; off unless a test asks for them (`RouteBuckets()`): the older
    # tests read a message right after a click, as if every edit went out at once.
    route_buckets: RouteBuckets = field(default_factory=lambda: RouteBuckets(limit=None))
    rate_limited: list[tuple[str, str]] = field(default_factory=list)
    request_times: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._ids = itertools.count(930000000000000001)
        self._seq = itertools.count(1)
        self._pending: dict[int, asyncio.Future[Response]] = {}
        self._tokens: dict[str, int] = {}
        self._created: dict[int, float] = {}  # interaction id → when it was sent to the bot
        self._born: dict[str, float] = {}  # interaction token → when it was issued
        self._sockets: list[web.WebSocketResponse] = []
        self._runner: web.AppRunner | None = None
        self.last_request_at = 0.0
        self.port = 0
        self.users[BOT_ID] = user_payload(BOT_ID, "MonopolyBot", bot=True)

    # --- life cycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        # aiohttp's own cap (1 MiB) would refuse a legal upload with a bare 413; Discord's is checked in _handle.
        app = web.Application(middlewares=[self._record], client_max_size=4 * UPLOAD_LIMIT)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://{self.host}:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    def next_id(self) -> int:
        return next(self._ids)

    # --- REST ---------------------------------------------------------------------------------

    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        return await handler(request)

    @staticmethod
    def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
        # discord.py wants exactly `application/json` (no charset suffix).
        body = b"" if data is None else json.dumps(data).encode()
        return web.Response(body=body, status=status, headers={"Content-Type": "application/json", **(headers or {})})

    async def _body(self, request: web.Request) -> Any:
        content_type = request.headers.get("Content-Type", "")  # aiohttp's parsed one costs ~1 ms
        if content_type.lower().startswith("multipart/"):
            parts = multipart.parse(await request.read(), multipart.boundary_of(content_type))
            payload: Any = None
            files: list[str] = []
            digests: list[str] = []
            sizes: list[int] = []
            for part in parts:
                if part.name == "payload_json":
                    payload = json.loads(part.data.decode("utf-8"))
                elif part.filename:
                    files.append(part.filename)
                    digests.append(hashlib.sha256(part.data).hexdigest())
                    sizes.append(len(part.data))
                    self.file_data[part.filename] = part.data
            self.uploads.append((request.path, files))
            if isinstance(payload, dict):
                payload["_files"] = files
                payload["_digests"] = digests
                payload["_sizes"] = sizes
            return payload
        raw = await request.read()
        return json.loads(raw) if raw else None

    async def _rest(self, request: web.Request) -> web.Response:
        path = request.path
        tail = path[len("/api/v10") :]
        method = request.method
        try:
            body = await self._body(request)
        except (multipart.MalformedMultipart, UnicodeDecodeError, ValueError) as exc:
            self.violations.append(f"{method} {path}: malformed body: {exc}")
            return self._json({"message": "Invalid Form Body", "code": 50035}, 400)
        if not ratelimit.exempt(tail):
            wait = self.global_limit.retry_after(asyncio.get_running_loop().time())
            if wait is not None:
                self.rate_limited.append((method, path))
                return self._json(*self.global_limit.answer(wait))
        bucket = self.route_buckets.bucket(method, tail)
        if bucket is None:
            return await self._handle(request, method, path, tail, body)
        allowed, headers = self.route_buckets.take(bucket, asyncio.get_running_loop().time())
        if not allowed:
            self.rate_limited.append((method, path))
            return self._json(*self.route_buckets.answer(headers))
        response = await self._handle(request, method, path, tail, body)
        response.headers.update(headers)
        return response

    async def _handle(self, request: web.Request, method: str, path: str, tail: str, body: Any) -> web.Response:
        self.requests.append((method, path, body))
        self.request_times.append(time.monotonic())  # when each of `requests` arrived
        self.last_request_at = asyncio.get_running_loop().time()
        if request.headers.get("Authorization") not in ("Bot fake.token.value", None) and "/interactions/" not in path:
            return self._json({"message": "401: Unauthorized", "code": 0}, 401)
        files = body.pop("_files", None) if isinstance(body, dict) else None
        digests = body.pop("_digests", None) if isinstance(body, dict) else None
        sizes = body.pop("_sizes", None) if isinstance(body, dict) else None
        if sizes and max(sizes) > UPLOAD_LIMIT:  # Discord refuses the request before reading it
            self.violations.append(f"{method} {path}: a file of {max(sizes)} bytes, over {UPLOAD_LIMIT}")
            return self._json({"message": "Request entity too large", "code": 40005}, 413)
        problems = self.validator.check_request(method, path, body) + self._mention_policy(method, path, body)
        if files is not None and isinstance(body, dict):
            body["_files"] = files
            body["_digests"] = digests
        problems += self._server_rules(method, tail, body)
        if problems:
            self.violations += problems
            return self._refusal(problems)
        if (
            self.deny_channel_posts
            and method == "POST"
            and tail.startswith("/channels/")
            and tail.endswith("/messages")
        ):
            return self._json({"message": "Missing Permissions", "code": 50013}, 403)
        if self.fail_follow_ups and method == "POST" and tail.startswith("/webhooks/"):
            return self._json({"message": "Missing Access", "code": 50001}, 403)
        try:
            return await self._route(method, tail, request, body)
        except KeyError as exc:
            return self._json({"message": f"Unknown {exc}", "code": 10008}, 404)

    def _refusal(self, problems: list[str]) -> web.Response:
        """Discord's answer to a refused request: an interaction or token past its life gets the
        status and code Discord sends for it (404 10062, 400 40060, 401 50027), which a bot may
        handle apart; a bad body gets 50035 with the reasons nested the way discord.py parses them."""
        for problem in problems:
            for code, (status, message) in LIFETIME_ERRORS.items():
                if f"({code} " in problem:
                    return self._json({"message": message, "code": code}, status)
        errors = {"_errors": [{"code": "INVALID_FORM_BODY", "message": p} for p in problems]}
        return self._json({"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400)

    def _flags(self, message_id: int | None) -> int:
        message = self.messages.get(message_id or 0)
        return int(message.get("flags") or 0) if message else 0

    def _existing(self, message_id: int | None) -> list[str]:
        message = self.messages.get(message_id or 0)
        return [a["filename"] for a in message["attachments"]] if message else []

    def _server_rules(self, method: str, tail: str, body: Any) -> list[str]:
        """What Discord enforces beyond its schema (see `rules`), and the interaction lifetimes."""
        parts = tail.strip("/").split("/")
        where = f"{method} {tail}: "
        problems: list[str] = []
        now = asyncio.get_running_loop().time()
        if parts[0] == "interactions" and parts[-1] == "callback" and isinstance(body, dict):
            interaction_id = int(parts[1])
            if interaction_id not in self._pending:
                problems.append(
                    "an interaction answered twice (40060 Interaction has already been acknowledged)"
                    if interaction_id in self._created
                    else "an unknown or expired interaction answered (10062 Unknown interaction)"
                )
            elif now - self._created.get(interaction_id, now) > self.answer_within_s:
                late = now - self._created[interaction_id]
                problems.append(f"an interaction answered after {late:.1f} s (10062 Unknown interaction)")
                self._pending.pop(interaction_id).set_exception(TimeoutError("answered too late"))
            data = {**(body.get("data") or {}), "_files": body.get("_files")}
            if body.get("type") == 4:
                problems += rules.message_problems(data)
            elif body.get("type") == 7:
                source = self._tokens.get(parts[2])
                problems += rules.message_problems(data, self._existing(source), self._flags(source))
            elif body.get("type") == 9:
                problems += rules.modal_problems(body.get("data"))
        elif parts[0] == "webhooks" and len(parts) >= 3:
            born = self._born.get(parts[2])
            if born is None:
                problems.append("a follow-up with an unknown interaction token (50027 Invalid Webhook Token)")
            elif now - born > TOKEN_LIFETIME_S:
                problems.append("a follow-up with an expired interaction token (50027 Invalid Webhook Token)")
            if method in ("POST", "PATCH"):
                target = None
                if method == "PATCH" and len(parts) >= 5:
                    target = self._tokens.get(parts[2]) if parts[4] == "@original" else int(parts[4])
                problems += rules.message_problems(body, self._existing(target), self._flags(target))
        elif parts[0] == "channels" and parts[2:3] == ["messages"] and method in ("POST", "PATCH"):
            target = int(parts[3]) if method == "PATCH" and len(parts) > 3 else None
            if target is not None and target not in self.messages:
                return []  # Unknown Message (404) comes before any check of the body
            problems += rules.message_problems(body, self._existing(target), self._flags(target))
        return [where + p for p in problems]

    @staticmethod
    def _mention_policy(method: str, path: str, body: Any) -> list[str]:
        """The bot must never be able to ping @everyone or roles: every message it sends says so."""
        if method not in ("POST", "PATCH") or not isinstance(body, dict):
            return []
        if "/callback" in path:
            if body.get("type") not in (4, 7):
                return []
            body = body.get("data") or {}
        elif not ("/messages" in path or "/webhooks/" in path):
            return []
        mentions = body.get("allowed_mentions")
        if mentions is None:
            return [f"{method} {path}: no allowed_mentions: Discord would parse @everyone and roles"]
        parse = mentions.get("parse") or []
        if "everyone" in parse or "roles" in parse:
            return [f"{method} {path}: allowed_mentions lets @everyone or roles be pinged"]
        return []

    async def _route(self, method: str, tail: str, request: web.Request, body: Any) -> web.Response:
        parts = tail.strip("/").split("/")
        if tail == "/users/@me":
            if request.headers.get("Authorization") != "Bot fake.token.value":
                return self._json({"message": "401: Unauthorized", "code": 0}, 401)
            return self._json(self.users[BOT_ID])
        if tail == "/oauth2/applications/@me":
            return self._json(self._application())
        if tail == "/gateway/bot":
            return self._json(
                {
                    "url": self.gateway_url,
                    "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
                }
            )
        if parts[0] == "applications" and "commands" in parts and method == "PUT":
            self.commands = [
                {**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"} for c in body
            ]
            return self._json(self.commands)
        if parts[0] == "interactions" and parts[-1] == "callback":
            if self.lose_answers > 0:
                self.lose_answers -= 1
                future = self._pending.pop(int(parts[1]), None)
                if future is not None:
                    future.set_result(Response(0, {"lost": True}))
                status, message = LIFETIME_ERRORS[10062]
                return self._json({"message": message, "code": 10062}, status)
            return self._json(self._callback(int(parts[1]), parts[2], body))
        if parts[0] == "webhooks":
            return self._json(self._webhook(method, parts, request, body))
        if parts[0] == "channels" and parts[2:3] == ["threads"] and method == "POST":
            return self._json(self._new_thread(int(parts[1]), body))
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            channel = int(parts[1])
            if method == "POST" and len(parts) == 3:
                return self._json(self._new_message(channel, body))
            message_id = int(parts[3])
            if method == "PATCH":
                return self._json(self._edit_message(message_id, body))
            if method == "GET":
                return self._json(self.messages[message_id])
            if method == "DELETE":
                self.messages.pop(message_id)
                self.deleted.append(message_id)
                return web.Response(status=204)
        return self._json({"message": f"fake Discord has no handler for {method} {tail}", "code": 0}, 404)

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(APP_ID),
            "name": "MonopolyBot",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": user_payload(1, "owner"),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
        }

    def _attachments(self, body: dict[str, Any], current: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """New uploads replace the attachments; without `attachments` in the body they are kept."""
        files = body.get("_files")
        if not files and "attachments" not in body:
            return current
        described = {a.get("filename"): a.get("description") for a in body.get("attachments") or [] if "filename" in a}
        return [
            {
                "id": str(self.next_id()),
                "filename": name,
                "size": 1,
                "url": f"https://cdn.fake/{name}",
                "proxy_url": f"https://cdn.fake/{name}",
                **({"description": described[name]} if described.get(name) else {}),
            }
            for name in files or []
        ]

    def _message_from(self, body: dict[str, Any], channel_id: int, message_id: int | None = None) -> dict[str, Any]:
        return {
            "id": str(message_id or self.next_id()),
            "channel_id": str(channel_id),
            "guild_id": str(self.guild_of(channel_id)),
            "type": 0,
            "content": body.get("content") or "",
            "author": self.users[BOT_ID],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": self._attachments(body, []),
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": _now(),
            "edited_timestamp": None,
            "flags": body.get("flags") or 0,
        }

    def _new_message(self, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        message = self._message_from(body, channel_id)
        self.messages[int(message["id"])] = message
        return message

    def _edit_message(self, message_id: int, body: dict[str, Any]) -> dict[str, Any]:
        message = self.messages[message_id]
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = (
                    body[key] if body[key] is not None else {"content": "", "embeds": []}.get(key, message[key])
                )
        message["attachments"] = self._attachments(body, message["attachments"])
        message["edited_timestamp"] = _now()
        return message

    def _callback(self, interaction_id: int, token: str, body: dict[str, Any]) -> dict[str, Any]:
        future = self._pending.pop(interaction_id, None)
        if future is None:
            raise KeyError("interaction (already answered or unknown)")
        kind = body["type"]
        data = dict(body.get("data") or {})
        if "_files" in body:
            data["_files"] = body["_files"]
        message = None
        source = self._tokens.get(token)
        if kind == 4:
            message = self._message_from(data, self._token_channels.get(token, CHANNEL_ID))
            self.messages[int(message["id"])] = message
            self._tokens[token] = int(message["id"])
        elif kind == 7 and source is not None:
            message = self._edit_message(source, data)
        elif kind == 9:
            self.modals.append(data)
        future.set_result(Response(kind, data, message))
        interaction = {
            "id": str(interaction_id),
            "type": 3 if kind == 7 else 2,
            "response_message_id": message["id"] if message else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
        }
        return {"interaction": interaction, "resource": {"type": kind, "message": message} if message else None}

    def _webhook(self, method: str, parts: list[str], request: web.Request, body: Any) -> dict[str, Any]:
        token = parts[2]
        if len(parts) >= 5 and parts[3] == "messages":
            target = self._tokens[token] if parts[4] == "@original" else int(parts[4])
            if method == "PATCH":
                return self._edit_message(target, body)
            return self.messages[target]
        message = self._new_message(self._token_channels.get(token, CHANNEL_ID), body)  # a follow-up
        return message

    # --- gateway --------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op = payload.get("op")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2 and self.refuse_intents:
                    await ws.close(code=4014, message=b"Disallowed intent(s).")
                    break
                elif op == 2:
                    shard = (payload.get("d") or {}).get("shard") or [0, 1]
                    self.shards[id(ws)] = (int(shard[0]), int(shard[1]))
                    self.identifies.append(self.shards[id(ws)])
                    mine = [g for g in self.guilds() if self._guild_shard(int(shard[1]), g) == int(shard[0])]
                    await self._dispatch(ws, "READY", self._ready(shard if mine or shard[1] > 1 else None, mine))
                    for guild in mine:
                        await self._dispatch(ws, "GUILD_CREATE", self._guild(guild))
                    self.identified.set()
        finally:
            self._sockets.remove(ws)
        return ws

    async def _dispatch(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    @staticmethod
    def _guild_shard(count: int, guild: int = GUILD_ID) -> int:
        """Discord's rule: a guild's events go to shard (guild_id >> 22) % shard_count."""
        return (guild >> 22) % max(count, 1)

    def guilds(self) -> list[int]:
        return sorted(set(self.channel_guilds.values()))

    def guild_of(self, channel_id: int) -> int:
        return self.channel_guilds.get(channel_id, GUILD_ID)

    def add_guild(self, guild_id: int, channel_id: int) -> None:
        """Another server with one text channel (a bot that joins it later sees it at IDENTIFY)."""
        self.channel_guilds[channel_id] = guild_id

    async def remove_from_guild(self, guild_id: int) -> None:
        """A server's admin removes the bot: Discord sends GUILD_DELETE without `unavailable` (an
        outage sends it with `unavailable: true`), and the server is no longer among the bot's."""
        ws = self._socket_for_guild(guild_id)
        for channel in [c for c, g in self.channel_guilds.items() if g == guild_id]:
            del self.channel_guilds[channel]
        await self._dispatch(ws, "GUILD_DELETE", {"id": str(guild_id)})

    async def add_to_guild(self, guild_id: int, channel_id: int) -> None:
        """The bot is invited (back) to a server: GUILD_CREATE on the connection that serves it,
        without `unavailable` (Discord sends that key only for a guild it is loading or restoring)."""
        self.add_guild(guild_id, channel_id)
        guild = self._guild(guild_id)
        del guild["unavailable"]
        await self._dispatch(self._socket_for_guild(guild_id), "GUILD_CREATE", guild)

    def _socket_for_guild(self, guild: int = GUILD_ID) -> web.WebSocketResponse:
        """The connection of the shard that owns the guild (Discord never sends it elsewhere)."""
        for ws in reversed(self._sockets):
            shard, count = self.shards.get(id(ws), (0, 1))
            if self._guild_shard(count, guild) == shard:
                return ws
        if any(count > 1 for _, count in self.shards.values()):
            raise RuntimeError(f"no connected shard serves guild {guild}")
        return self._sockets[-1]

    def _ready(self, shard: list[int] | None = None, guilds: list[int] | None = None) -> dict[str, Any]:
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.users[BOT_ID],
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds or []],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        return ready

    def _guild(self, guild: int = GUILD_ID) -> dict[str, Any]:
        channels = [c for c, g in self.channel_guilds.items() if g == guild and c not in self.threads]
        return {
            "id": str(guild),
            "name": "Board game club",
            "icon": None,
            "owner_id": "1",
            "roles": [
                {
                    "id": str(guild),
                    "name": "@everyone",
                    "permissions": MEMBER_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [
                {
                    "id": str(channel),
                    "type": 0,
                    "name": "games",
                    "position": 0,
                    "guild_id": str(guild),
                    "permission_overwrites": [],
                    "parent_id": None,
                    "nsfw": False,
                    "topic": None,
                }
                for channel in channels
            ],
            "members": [],
            "member_count": 10,
            "preferred_locale": "en-US",
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "large": False,
            "unavailable": False,
            "joined_at": _now(),
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
        }

    # --- playing users -----------------------------------------------------------------------------

    def add_user(self, user_id: int, name: str) -> dict[str, Any]:
        self.users[user_id] = user_payload(user_id, name)
        return self.users[user_id]

    def _interaction(
        self,
        kind: int,
        user_id: int,
        data: dict[str, Any],
        *,
        locale: str,
        admin: bool,
        channel_id: int = CHANNEL_ID,
        dm: bool = False,
    ) -> tuple[int, dict[str, Any]]:
        interaction_id = self.next_id()
        token = f"tok{interaction_id}"
        guild = self.guild_of(channel_id)
        payload = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(guild),
            "channel_id": str(channel_id),
            "channel": {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(guild),
                "name": "games",
                "permission_overwrites": [],
                "position": 0,
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": self.users[user_id],
                "roles": [],
                "joined_at": _now(),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "pending": False,
                "nick": None,
                "avatar": None,
                "permissions": ADMIN_PERMISSIONS if admin else MEMBER_PERMISSIONS,
            },
            "locale": locale,
            "guild_locale": locale,
            "app_permissions": ADMIN_PERMISSIONS,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
        }
        if dm:  # a direct message: no guild, no member, the user instead
            for key in ("guild_id", "member", "guild_locale"):
                payload.pop(key)
            payload["user"] = self.users[user_id]
            payload["channel"] = {"id": str(channel_id), "type": 1}
            payload["context"] = 1
        return interaction_id, payload

    async def _send(
        self, interaction_id: int, payload: dict[str, Any], token_message: int | None, timeout: float
    ) -> Response:
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        self._pending[interaction_id] = future
        self._created[interaction_id] = asyncio.get_running_loop().time()
        self._born[payload["token"]] = asyncio.get_running_loop().time()
        self._token_channels[payload["token"]] = int(payload.get("channel_id") or CHANNEL_ID)
        if token_message is not None:
            self._tokens[payload["token"]] = token_message
        if not self._sockets:
            raise RuntimeError("the bot is not connected")
        guild = int(payload.get("guild_id") or GUILD_ID)
        await self._dispatch(self._socket_for_guild(guild), "INTERACTION_CREATE", payload)
        return await asyncio.wait_for(future, timeout)

    async def slash(
        self,
        user_id: int,
        sub: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str = "en-US",
        admin: bool = False,
        timeout: float = 10.0,
        channel_id: int = CHANNEL_ID,
    ) -> Response:
        command = next(c for c in self.commands if c["name"] == "monopoly")
        _check_invocation(command, sub, options or {})
        opts = []
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for key, value in (options or {}).items():
            if isinstance(value, dict) and "user" in value:  # a USER option
                uid = str(value["user"])
                opts.append({"name": key, "type": 6, "value": uid})
                resolved["users"][uid] = self.users[int(uid)]
                resolved["members"][uid] = {
                    "roles": [],
                    "joined_at": _now(),
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                    "pending": False,
                    "nick": None,
                    "avatar": None,
                    "permissions": MEMBER_PERMISSIONS,
                }
            else:
                opts.append({"name": key, "type": 4 if isinstance(value, int) else 3, "value": value})
        data = {
            "id": command["id"],
            "name": "monopoly",
            "type": 1,
            "guild_id": str(self.guild_of(channel_id)),
            "options": [{"type": 1, "name": sub, "options": opts}],
            "resolved": resolved,
        }
        interaction_id, payload = self._interaction(2, user_id, data, locale=locale, admin=admin, channel_id=channel_id)
        return await self._send(interaction_id, payload, None, timeout)

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        *,
        timeout: float = 10.0,
        channel_id: int | None = None,
        dm: bool = False,
    ) -> Response:
        """Press a button of a message (in its channel, or as if it were in `channel_id` or in a DM, to
        forge clicks)."""
        message = self.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 2}
        where = int(message["channel_id"]) if channel_id is None else channel_id
        interaction_id, payload = self._interaction(
            3, user_id, data, locale="en-US", admin=False, channel_id=where, dm=dm
        )
        payload["message"] = message
        return await self._send(interaction_id, payload, message_id, timeout)

    async def select(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: list[str],
        *,
        message: dict[str, Any] | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Choose `values` in a select menu of a message (or of an ephemeral `message`)."""
        message = message or self.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        where = int(message.get("channel_id") or CHANNEL_ID)
        interaction_id, payload = self._interaction(3, user_id, data, locale="en-US", admin=False, channel_id=where)
        payload["message"] = message
        return await self._send(interaction_id, payload, message_id, timeout)

    async def click_in(
        self, user_id: int, message: dict[str, Any], custom_id: str, *, timeout: float = 10.0
    ) -> Response:
        """Press a button on an ephemeral message the bot sent to this user."""
        data = {"custom_id": custom_id, "component_type": 2}
        interaction_id, payload = self._interaction(3, user_id, data, locale="en-US", admin=False)
        payload["message"] = message
        return await self._send(interaction_id, payload, int(message["id"]), timeout)

    async def submit_modal(
        self,
        user_id: int,
        custom_id: str,
        fields: dict[str, str],
        *,
        message: dict[str, Any] | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Submit a modal; `message` is the message whose button opened it (answers may edit it)."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
        data = {"custom_id": custom_id, "components": rows}
        interaction_id, payload = self._interaction(5, user_id, data, locale="en-US", admin=False)
        if message is not None:
            payload["message"] = message
        return await self._send(interaction_id, payload, int(message["id"]) if message else None, timeout)

    async def chat(self, user_id: int, text: str = "hello", channel_id: int = CHANNEL_ID) -> None:
        """Somebody writes in the channel (a MESSAGE_CREATE event reaches the bot)."""
        message = {
            "id": str(self.next_id()),
            "channel_id": str(channel_id),
            "guild_id": str(self.guild_of(channel_id)),
            "type": 0,
            "content": text,
            "author": self.users[user_id],
            "embeds": [],
            "components": [],
            "attachments": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": _now(),
            "edited_timestamp": None,
            "flags": 0,
        }
        await self._dispatch(self._socket_for_guild(self.guild_of(channel_id)), "MESSAGE_CREATE", message)

    def _new_thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        thread = {
            "id": str(self.next_id()),
            "type": int(body.get("type", 11)),
            "guild_id": str(self.guild_of(parent)),
            "parent_id": str(parent),
            "name": body.get("name", ""),
            "owner_id": str(BOT_ID),
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 1440),
                "archive_timestamp": _now(),
                "locked": False,
            },
        }
        self.threads[int(thread["id"])] = thread
        self.channel_guilds[int(thread["id"])] = self.guild_of(parent)
        return thread

    async def delete_thread(self, thread_id: int) -> None:
        """A moderator deletes a thread (THREAD_DELETE reaches the bot)."""
        thread = self.threads.pop(thread_id)
        guild = self.guild_of(thread_id)
        data = {"id": thread["id"], "guild_id": str(guild), "parent_id": thread["parent_id"], "type": 11}
        await self._dispatch(self._socket_for_guild(guild), "THREAD_DELETE", data)

    async def archive_thread(self, thread_id: int) -> None:
        thread = self.threads[thread_id]
        thread["thread_metadata"]["archived"] = True
        await self._dispatch(self._socket_for_guild(self.guild_of(thread_id)), "THREAD_UPDATE", thread)

    def delete_message(self, message_id: int) -> None:
        """A moderator deletes a message."""
        self.messages.pop(message_id, None)

    def selects(self, message: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """placeholder → select component of a message."""
        return {c.get("placeholder", c["custom_id"]): c for c in walk(message["components"]) if c["type"] == 3}

    async def quiet(self, idle: float = 0.15, timeout: float = 5.0) -> None:
        """Wait until the bot has sent nothing for `idle` seconds (its follow-up edits are done)."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        while loop.time() - start < timeout:
            if loop.time() - self.last_request_at >= idle:
                return
            await asyncio.sleep(0.02)

    def newest_with(self, label: str) -> int:
        """The newest message with a button so labelled (an offer among turn notices, which may
        come before or after it)."""
        return max(m for m, message in self.messages.items() if message.get("components") and label in self.buttons(m))

    def buttons(self, message_id: int | dict[str, Any]) -> dict[str, str]:
        """label → custom_id of a message's buttons (by id, or an ephemeral message itself)."""
        message = self.messages[message_id] if isinstance(message_id, int) else message_id
        return Labels(
            (c.get("label", ""), c["custom_id"])
            for c in walk(message["components"])
            if c["type"] == 2 and "custom_id" in c and not c.get("disabled")
        )

    def shown(self, message_id: int | dict[str, Any]) -> str:
        """The words a person reads on a message: its content, embeds and text displays."""
        message = self.messages[message_id] if isinstance(message_id, int) else message_id
        return shown_text(message)
