"""PNG for pictures that change a little between frames (a board after one move): the image data
is compressed in bands of rows, each band a self-contained deflate block (full flush), and a band
whose pixels were compressed before is reused from a cache instead of compressed again. The file is
an ordinary PNG (one zlib stream in one IDAT chunk), decoded by anything.

Only palette ("P") images are encoded this way; the board is one.
"""

from __future__ import annotations

import struct
import zlib
from collections import OrderedDict

from PIL import Image

BAND_ROWS = 32
CACHE_BANDS = 16384  # compressed bands kept (about 1 KB each): 500 games' boards of 32 bands
_ADLER_BASE = 65521

# (hash of the band's bytes, its length) → (its deflate blocks, its Adler-32)
_cache: OrderedDict[tuple[int, int], tuple[bytes, int]] = OrderedDict()


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data from theirs (zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _band(raw: bytes, level: int) -> tuple[bytes, int]:
    """One band's rows (each with its filter byte) as deflate blocks ending on a full flush, and
    its Adler-32. The cache is keyed by Python's hash of the bytes (SipHash, keyed per process)."""
    key = (hash(raw), len(raw))
    found = _cache.get(key)
    if found is not None:
        _cache.move_to_end(key)
        return found
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    band = (packer.compress(raw) + packer.flush(zlib.Z_FULL_FLUSH), zlib.adler32(raw))
    _cache[key] = band
    while len(_cache) > CACHE_BANDS:
        _cache.popitem(last=False)
    return band


def encode(img: Image.Image, level: int = 1) -> bytes:
    """PNG bytes of a palette image, bands compressed at most once."""
    if img.mode != "P":
        raise ValueError("only palette images are encoded here")
    width, height = img.size
    # Each row of PNG image data starts with its filter byte (0: none): one column of zeros to the
    # left of the picture, pasted in C, gives every row its byte without a Python loop over rows.
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(img, (1, 0))
    pixels = framed.tobytes()
    stride = width + 1
    plte = bytes(img.getpalette() or [0, 0, 0])
    parts = []
    adler = 1
    for top in range(0, height, BAND_ROWS):
        raw = pixels[top * stride : min(top + BAND_ROWS, height) * stride]
        data, band_adler = _band(raw, level)
        adler = adler32_combine(adler, band_adler, len(raw))
        parts.append(data)
    stream = b"\x78\x01" + b"".join(parts) + b"\x03\x00" + struct.pack(">I", adler)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    transparency = img.info.get("transparency")
    extra = b""
    if isinstance(transparency, int):
        extra = _chunk(b"tRNS", b"\xff" * transparency + b"\x00")
    elif isinstance(transparency, bytes):
        extra = _chunk(b"tRNS", transparency)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", plte)
        + extra
        + _chunk(b"IDAT", stream)
        + _chunk(b"IEND", b"")
    )
