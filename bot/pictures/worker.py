"""A drawing process: `python -m bot.pictures.worker`. Reads jobs from stdin and writes the
pictures to stdout, each a frame (`bot.pictures.frames`): a job is (number, function, args), an
answer (number, True, bytes) or (number, False, the error in words).

The bot feeds these pipes from its event loop directly. A ProcessPoolExecutor needs two helper
threads in the bot's process per pool, and under load they took the GIL from the event loop for
about a fifth of its time."""

from __future__ import annotations

import os
import pickle
import sys
import traceback
from typing import BinaryIO

from bot.pictures.frames import HEADER, frame


def _read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def serve(jobs: BinaryIO, answers: BinaryIO) -> None:
    """Until stdin closes: read a job, run it, answer. A job that fails is answered with why."""
    while True:
        header = _read_exactly(jobs, HEADER.size)
        if header is None:
            return
        body = _read_exactly(jobs, HEADER.unpack(header)[0])
        if body is None:
            return
        number, function, args = pickle.loads(body)
        try:
            answer = (number, True, function(*args))
        except Exception as exc:  # the bot decides what a failed picture means
            answer = (number, False, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        answers.write(frame(answer))
        answers.flush()


def main() -> None:
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip() + "\n\nThe bot starts these itself (PICTURE_WORKERS); there is nothing to run by hand.")
        return
    # stdout carries the answers only: anything the drawing code prints goes to stderr instead.
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
