"""The one error type rulesdb raises for bad input; the CLI turns it into exit status 2."""


class RulesdbError(Exception):
    """Bad input or an unusable database: the message is one line a user can act on."""

    exit_code = 2


class CRFormatError(RulesdbError):
    """An official CR text file that cannot be read or does not say what rule 205 must say."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.detail = message
        # A name of any length still leaves a line a person reads.
        shown = source if len(source) <= 120 else f"{source[:80]}…{source[-30:]}"
        where = f"{shown}:{line}" if line else shown
        super().__init__(f"{where}: {message}")
