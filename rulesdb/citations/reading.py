"""Which release a tree's citations are read as, and which they are checked against.

A citation means the rule its number had in the release the code was written against; the
pin (``[tool.rulesdb] cr``) says which. So:

- **checked against** (``release``): ``--as-of``, else the pin, else the latest release;
- **read as** (``written``): ``--since``, else the pin. When it differs from the release
  checked, each citation is followed from the release it was written against to the one
  checked (renumbered, changed, missing) — moving the pin is checked this way, and a
  number the new release reuses for another rule is named (``changed``);
- a pin **moved by hand** since the commit checked out (the pin file differs from git's
  HEAD) is read as HEAD's pin, and said so;
- ``--fix`` moves the citations from ``written`` to ``release`` and the pin with them, in
  the same run, so that a second run has nothing left to move. It takes the pin as the
  release the code is written against: a ``--since`` that disagrees with the pin is
  refused, as is a pin moved by hand (put it back, then move it with ``--as-of --fix``)
  and a move with no pin to record it in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Protocol

from rulesdb.citations.pinning import Pin, find_pin, pinned_at_head
from rulesdb.errors import RulesdbError
from rulesdb.util.text import visible


class Releases(Protocol):
    """What reading needs of a ``rulesdb.open()`` handle."""

    def day(self, release: date | str | None, option: str = "as_of") -> date | None: ...

    def release(self, as_of: date | str | None = None) -> date: ...


@dataclass(frozen=True)
class Reading:
    """The release checked against, the release the citations are read as (None: the same),
    the pin found, and what the run should tell about them."""

    release: date
    written: date | None
    pin: Pin | None
    notes: list[str] = field(default_factory=list)

    @property
    def moving(self) -> bool:
        """The citations are followed from one release to another."""
        return self.written is not None and self.written != self.release


def reading(
    rules: Releases,
    first_path: str,
    as_of: str | None,
    since: str | None,
    fix: bool = False,
    writes: bool = False,
) -> Reading:
    """The reading of a run over paths beginning with ``first_path`` (see the module).
    ``fix``: citations are to be moved; ``writes``: and written (not only shown)."""
    pin = find_pin(Path(first_path))
    where = visible(str(pin.file)) if pin else ""
    pinned = rules.release(rules.day(pin.value, f"{where}: cr")) if pin else None
    target = rules.day(as_of, "--as-of") if as_of is not None else None
    release = rules.release(target) if target is not None else pinned or rules.release(None)
    notes: list[str] = []
    written: date | None = None
    if since is not None:
        written = rules.release(rules.day(since, "--since"))
        if fix and pin is not None and pinned != written:
            raise RulesdbError(
                f"--since {since}: {where} pins release {_iso(pinned)}, the release the "
                "code is written against, which --fix moves the citations from; drop --since"
            )
    elif pin is not None and pinned != release:
        written = pinned
        notes.append(
            f"citations read as release {_iso(pinned)} (pinned in {where}) and checked "
            f"against release {release.isoformat()}"
        )
    elif pin is not None:
        head = pinned_at_head(pin)
        before = rules.release(rules.day(head, f"{where} at HEAD: cr")) if head else None
        if before is not None and before != release:
            if fix:
                raise RulesdbError(
                    f"{where}: the pin moved from {head!r} (git HEAD) to {pin.value!r} by "
                    f"hand, and the citations with it unknown; put it back and run --as-of "
                    f"{pin.value} --fix, which moves the citations and the pin together"
                )
            written = before
            notes.append(
                f"{where}: the pin moved from {head!r} (git HEAD) to {pin.value!r}: "
                f"citations read as release {before.isoformat()}"
            )
    if fix and writes and written is not None and written != release and pin is None:
        raise RulesdbError(
            f"--fix would move the citations from release {written.isoformat()} to "
            f"{release.isoformat()} with no pin to record the move in (a second run would "
            f'move them again): first pin the tree, cr = "{written.isoformat()}" under '
            "[tool.rulesdb] in pyproject.toml or in a .rulesdb.toml"
        )
    return Reading(release, written, pin, notes)


def _iso(day: date | None) -> str:
    return day.isoformat() if day is not None else "?"
