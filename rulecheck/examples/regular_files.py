"""Read a page or an example file without ever waiting on it: regular files only, and bounded.

Opening a FIFO for reading waits until something writes to it, and a device can be read without
end: a check or a run named one would hang. The file is opened without blocking, and anything
that is not a regular file is refused with a clear reason before a byte is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

#: The most bytes read from one page or example file (the longest page of the site is some 25 kB):
#: ``/dev/zero`` or a runaway generated file is refused instead of filling the memory.
MAX_FILE_BYTES = 10_000_000

_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, by its mode: ``a FIFO``, ``a device``…"""
    return next((name for test, name in _KINDS if test(mode)), "not a file")


class NotARegularFile(OSError):
    """A path that names a FIFO, a device, a socket or a folder; ``kind`` says which."""

    def __init__(self, kind: str, path: str) -> None:
        super().__init__(errno.EINVAL, f"{kind}, not a regular file", path)
        self.kind = kind


def read_regular_file(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``. Raises ``OSError``: the file cannot be opened,
    is not a regular file (its ``strerror`` says what it is), or holds more than ``limit`` bytes."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    try:  # before a stream is made: Python refuses to make one of a folder ("Is a directory"), saying less
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(file_kind(mode), str(path))
    except OSError:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as stream:
        return read_bounded(stream, limit)


def read_bounded(stream: BinaryIO, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; ``OSError`` (``EFBIG``) when it holds more."""
    try:  # the file's size, when it has one: asking for `limit` bytes at once takes `limit` bytes of memory
        expected = os.fstat(stream.fileno()).st_size
    except (OSError, AttributeError, ValueError):
        expected = 0
    data = bytearray()
    while len(data) <= limit:  # a file that grows as it is read is read on, to the limit
        chunk = stream.read(min(limit + 1 - len(data), max(expected - len(data), 0) + 65536))
        if not chunk:
            break
        data += chunk
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"more than {limit:,} bytes, the most rulecheck reads from one file")
    return bytes(data)
