"""The test Discord reads multipart bodies as Discord does: what aiohttp (discord.py's client)
writes is read back exactly; a malformed body is refused with a 400 and noted as a violation."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import multipart
from tests.fakediscord.server import FakeDiscord


class _Sink:
    """Collects what aiohttp's writer sends."""

    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def _written(form: aiohttp.FormData) -> tuple[str, bytes]:
    payload = form()
    sink = _Sink()
    await payload.write(sink)  # type: ignore[arg-type]
    return payload.content_type, bytes(sink.data)


def _form(payload: dict[str, Any], files: dict[str, bytes]) -> aiohttp.FormData:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for i, (name, data) in enumerate(files.items()):
        form.add_field(f"files[{i}]", data, filename=name, content_type="application/octet-stream")
    return form


async def test_what_aiohttp_writes_is_read_back_exactly() -> None:
    png = bytes(range(256)) * 40 + b"\r\n--not-a-boundary\r\n"  # binary, with a line that looks like one
    chart = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100
    content_type, body = await _written(
        _form({"content": '日本語 "quoted"', "attachments": []}, {"board.png": png, "story é.png": chart})
    )
    parts = multipart.parse(body, multipart.boundary_of(content_type))
    assert [p.name for p in parts] == ["payload_json", "files[0]", "files[1]"]
    assert json.loads(parts[0].data) == {"content": '日本語 "quoted"', "attachments": []}
    assert [p.filename for p in parts[1:]] == ["board.png", "story é.png"]
    assert parts[1].data == png and parts[2].data == chart


def _body(*parts: bytes, boundary: bytes = b"xyz", close: bool = True) -> bytes:
    out = b"".join(b"--" + boundary + b"\r\n" + p + b"\r\n" for p in parts)
    return out + (b"--" + boundary + b"--\r\n" if close else b"")


GOOD_PART = b'Content-Disposition: form-data; name="payload_json"\r\n\r\n{}'
MALFORMED = {
    "no closing boundary": _body(GOOD_PART, close=False),
    "headers that never end": _body(b'Content-Disposition: form-data; name="a"'),
    "a part without a name": _body(b"Content-Disposition: form-data\r\n\r\nx"),
    "not form-data": _body(b'Content-Disposition: attachment; name="a"\r\n\r\nx'),
    "no Content-Disposition": _body(b"Content-Type: text/plain\r\n\r\nx"),
    "a header without a colon": _body(b'Content-Disposition: form-data; name="a"\r\nbroken\r\n\r\nx'),
    "an unterminated quote": _body(b'Content-Disposition: form-data; name="a\r\n\r\nx'),
    "another boundary": _body(GOOD_PART, boundary=b"other"),
    "no parts": b"--xyz--\r\n",
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_bodies_are_refused(name: str) -> None:
    with pytest.raises(multipart.MalformedMultipart):
        multipart.parse(MALFORMED[name], "xyz")


def test_a_well_formed_body_of_the_same_shape_is_read() -> None:
    parts = multipart.parse(
        _body(GOOD_PART, b'Content-Disposition: form-data; name="f"; filename="a.png"\r\n\r\nPNG'), "xyz"
    )
    assert [(p.name, p.filename, p.data) for p in parts] == [("payload_json", None, b"{}"), ("f", "a.png", b"PNG")]


@pytest.mark.parametrize(
    "content_type",
    ["multipart/form-data", "multipart/mixed; boundary=xyz", "multipart/form-data; boundary=" + "b" * 71],
)
def test_a_content_type_without_a_usable_boundary_is_refused(content_type: str) -> None:
    with pytest.raises(multipart.MalformedMultipart):
        multipart.boundary_of(content_type)


async def test_the_loopback_discord_answers_a_malformed_upload_with_400() -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as session:
            response = await session.post(
                f"{fake.api_base}/channels/1/messages",
                data=MALFORMED["headers that never end"],
                headers={"Content-Type": "multipart/form-data; boundary=xyz", "Authorization": "Bot fake.token.value"},
            )
            assert response.status == 400
            assert (await response.json())["code"] == 50035
        assert any("malformed body" in v for v in fake.violations)
    finally:
        await fake.stop()
