"""Output paths: file names from untrusted names, and writes that stay inside the directory.

* ``safe_filename`` turns an instance / suite / method / group name into one file-name
  component (no separators, no ``..``, no control characters, bounded length; a hash of the
  original keeps distinct names apart once they had to be changed);
* ``inside`` joins a directory and such a name and refuses a result outside it;
* ``staging`` is a private directory (``mkdtemp``: created exclusively, mode 0700) inside the
  target directory; writers put their temporary files there, so nothing planted at a guessable
  name (a symlink) is ever opened, and ``publish`` renames the finished file into place
  (``os.replace``: atomic on one filesystem; a symlink at the final name is replaced, not
  followed).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import InputError

#: Longest file-name component produced (stays well below the usual 255-byte limit, leaving
#: room for suffixes such as ``.mps`` and the hash).
MAX_NAME = 100
_UNSAFE = re.compile(r"[^A-Za-z0-9._+-]+")


def safe_filename(name: object, max_len: int = MAX_NAME) -> str:
    """A file-name component for ``name``: ``[A-Za-z0-9._+-]`` only, no leading dot, at most
    ``max_len`` characters; names that had to change get ``-`` + 8 hex digits of their sha256."""
    text = str(name)
    safe = re.sub(r"\.{2,}", ".", _UNSAFE.sub("_", text)).strip("._") or "unnamed"
    if safe == text and len(safe) <= max_len:
        return safe
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{safe[: max_len - 9]}-{digest}"


def inside(directory: str | Path, name: str) -> Path:
    """``directory / name``; ``InputError`` unless ``name`` is one plain component (no
    separator, NUL, ``.`` or ``..``), i.e. the path is a direct child of ``directory``. The last
    component is not resolved: ``publish`` replaces a symlink there instead of following it.
    """
    bad = not name or name in (".", "..") or "\0" in name or any(
        sep and sep in name for sep in (os.sep, os.altsep, "/"))
    if bad:
        raise InputError("name", f"{name!r} would be written outside {str(directory)!r}")
    return Path(directory) / name


@contextmanager
def staging(directory: str | Path) -> Iterator[Path]:
    """A fresh private directory inside ``directory`` (created), removed with what is left."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".dlsched-", dir=directory))
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def publish(staged: Path, final: Path) -> Path:
    """Rename the finished ``staged`` file to ``final`` (atomic; replaces a symlink there)."""
    os.replace(staged, final)
    return final
