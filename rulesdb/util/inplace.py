"""A user's file rewritten in place, as a careful tool does it.

The new content goes to a temporary file in the same folder, given the file's owner, group
and mode, then renamed over it (``os.replace``): a reader, or a crash, sees the old file or
the new one, never half of one. Every step works from one descriptor of the file's folder,
opened once, so a folder swapped for another mid-way changes nothing.

Refused, with the reason in one line (:class:`Refused`), rather than guessed at:

- a symbolic link (or a folder of one on the way) leading out of the tree the caller names:
  a link is never replaced by a file; its target is rewritten when the tree holds it;
- a file that is no longer the one read (another file, another size or modification time),
  or no longer a regular file (a FIFO is never opened for a blocking read): checked on the
  open descriptor, and again by name just before the rename;
- a read-only file (no write permission bit, whoever runs it: root too) or folder;
- a file another user owns, or whose group is not the runner's, when not run as root: the
  new file would change hands;
- a file with more than one hard link: the rename would split them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from rulesdb.errors import RulesdbError
from rulesdb.util.files import FileIdentity, file_kind
from rulesdb.util.text import visible

# Whether a resolved path is in the tree the caller may write in.
Inside = Callable[[Path], bool]

_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_EFFECTIVE = os.access in os.supports_effective_ids


class Refused(RulesdbError):
    """A file left as it was: ``why`` in a few words, ``str()`` the path and why."""

    def __init__(self, path: str | Path, why: str) -> None:
        super().__init__(f"{visible(str(path))}: {why}")
        self.path, self.why = str(path), why


class Rewrite:
    """One file opened to be rewritten: read ``source``, write the new content to
    ``output`` (None when only reading, ``write=False``: a diff), then :meth:`commit`.
    Leaving the ``with`` block without a commit removes the temporary file; the file stays
    as it was. Every failure is :class:`Refused`."""

    def __init__(
        self,
        path: str | Path,
        expected: FileIdentity | None = None,
        inside: Inside | None = None,
        write: bool = True,
    ) -> None:
        self.path = Path(path)
        self.output: BinaryIO | None = None
        self._folder = -1
        self._temporary: str | None = None
        self._committed = False
        try:
            self.real = self._located(inside)
            self._folder = os.open(self.real.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            self.name = self.real.name
            self.source, status = self._opened(expected)
            self.identity = FileIdentity.of(status)
            self._check_writable(status)
            if write:
                self.output = self._temporary_like(status)
        except BaseException as exc:
            self.close()
            if isinstance(exc, OSError):
                raise self._refused(exc) from None
            raise

    def _located(self, inside: Inside | None) -> Path:
        """The file's real path; a symbolic link on the way must stay inside the tree."""
        absolute = Path(os.path.abspath(self.path))
        real = Path(os.path.realpath(self.path))
        if real != absolute and (inside is None or not inside(real)):
            raise Refused(
                self.path, f"a symbolic link to {visible(str(real))}, outside the tree checked"
            )
        return real

    def _opened(self, expected: FileIdentity | None) -> tuple[BinaryIO, os.stat_result]:
        try:
            fd = os.open(self.name, _READ, dir_fd=self._folder)
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # the name became a symbolic link since it was resolved
                raise Refused(self.path, "became a symbolic link since it was read") from None
            raise
        try:
            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode):
                was = "no longer" if expected is not None else "not"
                raise Refused(self.path, f"{was} a regular file ({file_kind(status.st_mode)})")
            if expected is not None:
                now = FileIdentity.of(status)
                if now[:2] != expected[:2]:
                    raise Refused(self.path, "replaced by another file since it was read")
                if now != expected:
                    raise Refused(self.path, "changed since it was read")
            os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return os.fdopen(fd, "rb"), status

    def _check_writable(self, status: os.stat_result) -> None:
        root = os.geteuid() == 0
        if not status.st_mode & 0o222:
            raise Refused(self.path, "read-only (no write permission)")
        if status.st_nlink > 1:
            raise Refused(
                self.path,
                f"has {status.st_nlink} hard links: a new file renamed over it would split them",
            )
        if not root:
            if status.st_uid != os.geteuid():
                raise Refused(
                    self.path, f"owned by uid {status.st_uid}: rewritten, it would be yours"
                )
            if not status.st_mode & stat.S_IWUSR:
                raise Refused(self.path, "read-only for its owner")
        folder = os.fstat(self._folder)
        if not folder.st_mode & 0o222:
            raise Refused(self.path, "its folder is read-only (no write permission)")
        if not root and not os.access(
            self.real.parent, os.W_OK | os.X_OK, effective_ids=_EFFECTIVE
        ):
            raise Refused(self.path, "its folder cannot be written (permission denied)")

    def _temporary_like(self, status: os.stat_result) -> BinaryIO:
        """An empty file beside the one rewritten, with its owner, group and mode."""
        for _ in range(100):
            name = f".rulesdb-fix-{secrets.token_hex(8)}"
            try:
                fd = os.open(name, _CREATE, 0o600, dir_fd=self._folder)
            except FileExistsError:
                continue
            self._temporary = name
            break
        else:  # pragma: no cover - 100 random names taken
            raise Refused(self.path, "no temporary file could be made beside it")
        self.output = output = os.fdopen(fd, "wb")  # closed, and removed, by close()
        if os.geteuid() == 0:
            os.fchown(fd, status.st_uid, status.st_gid)
        elif os.fstat(fd).st_gid != status.st_gid:
            try:
                os.fchown(fd, -1, status.st_gid)
            except PermissionError:
                raise Refused(
                    self.path,
                    f"its group (gid {status.st_gid}) is not one of yours: "
                    "rewritten, its group would change",
                ) from None
        os.fchmod(fd, stat.S_IMODE(status.st_mode))  # after fchown, which may clear set-id bits
        return output

    def commit(self) -> None:
        """The new content in place of the file, if the file is still the one opened."""
        if self.output is None or self._temporary is None:
            raise RuntimeError("nothing to commit: opened without write")
        try:
            self.output.flush()
            os.fsync(self.output.fileno())
            now = os.stat(self.name, dir_fd=self._folder, follow_symlinks=False)
            if not stat.S_ISREG(now.st_mode) or FileIdentity.of(now) != self.identity:
                raise Refused(self.path, "changed while it was being rewritten")
            os.replace(self._temporary, self.name, src_dir_fd=self._folder, dst_dir_fd=self._folder)
            self._committed = True
        except OSError as exc:
            raise self._refused(exc) from None
        with contextlib.suppress(OSError):  # the rename on disk too; done, whatever this says
            os.fsync(self._folder)

    def close(self) -> None:
        for handle in (getattr(self, "source", None), self.output):
            if handle is not None:
                handle.close()
        if self._temporary is not None and not self._committed:
            with contextlib.suppress(OSError):
                os.unlink(self._temporary, dir_fd=self._folder)
        if self._folder >= 0:
            os.close(self._folder)
            self._folder = -1

    def _refused(self, exc: OSError) -> Refused:
        return Refused(self.path, exc.strerror or str(exc))

    def __enter__(self) -> Rewrite:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
