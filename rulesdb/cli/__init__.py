"""The ``rulesdb`` command: parses arguments and formats output; the work is in the library.

Each module registers its commands on the one group; heavy imports stay inside the commands
so that ``rulesdb check`` starts fast.
"""

from rulesdb.cli import (  # noqa: F401  (register commands)
    admin,
    assistant,
    cards,
    citations,
    info,
    listings,
    maintainer,
    questions,
    revisions,
    rulebook,
    web,
    words,
)
from rulesdb.cli.app import cli, main
from rulesdb.cli.examples import attach

attach(cli)

__all__ = ["cli", "main"]
