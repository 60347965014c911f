"""The early lexical check of ``rulesdb sql``: a clearer refusal before the query is sent."""

from __future__ import annotations

import re

from rulesdb.errors import RulesdbError

READ_ONLY = "rulesdb sql is read-only"
QUERY_WORDS = ("select", "with", "values", "table", "(")  # what may start a PostgreSQL query

# Statements SQLite's read-only mode still lets through (or that write outside the database).
_REFUSED_STATEMENTS = {
    "attach": "it can create or write another database file",
    "detach": "it changes which databases the connection writes to",
    "vacuum": "VACUUM INTO writes a new database file",
}

# Functions whose effects outlast a read-only transaction: refused early for a clear message.
_REFUSED_FUNCTIONS = {
    "set_config",
    "pg_notify",
    "pg_terminate_backend",
    "pg_cancel_backend",
    "pg_reload_conf",
    "pg_rotate_logfile",
    "pg_switch_wal",
    "pg_promote",
    "pg_logical_emit_message",
    "pg_drop_replication_slot",
    "pg_start_backup",
    "pg_stop_backup",
    "pg_log_backend_memory_contexts",
    "pg_import_system_collations",
    "loread",
    "lowrite",
    "load_extension",
    "pg_read_file",
    "pg_read_binary_file",
    "pg_ls_dir",
    "ts_stat",
}
_REFUSED_PREFIXES = (
    "pg_advisory_",
    "pg_try_advisory_",
    "lo_",
    "dblink",
    "pg_create_",
    "pg_replication_origin_",
    "pg_stat_reset",
    "pg_file_",
    "pg_backup_",
    "pg_wal_replay_",
    "query_to_xml",
    "cursor_to_xml",
)
_WHY_FUNCTION = "its effects outlast the read-only transaction"

_IDENTIFIER = re.compile(r"[A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_$\u0080-\U0010ffff]*")
_DOLLAR_TAG = re.compile(r"\$([A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_\u0080-\U0010ffff]*)?\$")
_SPACE = frozenset(" \t\n\r\f\v")


def check(sql: str, backend: str) -> None:
    """Refuse early, with a clear message, what the database would refuse or should not run."""
    tokens = tokens_of(sql, backend)
    words = [token for token in tokens if token != ";"]
    if not words:
        raise RulesdbError("no SQL statement given")
    first_end = tokens.index(";") if ";" in tokens else len(tokens)
    if any(token != ";" for token in tokens[first_end:]):
        raise RulesdbError(
            "rulesdb sql runs one statement at a time; remove everything after the first ';'"
        )
    statement = words[0]
    if statement in _REFUSED_STATEMENTS:
        raise RulesdbError(
            f"{READ_ONLY}: {statement.upper()} is refused ({_REFUSED_STATEMENTS[statement]})"
        )
    if backend != "sqlite" and statement not in QUERY_WORDS:
        # The first token may be a quoted name holding a line break: the refusal is one line.
        shown = " ".join(statement.upper().split())
        raise RulesdbError(
            f"{READ_ONLY}: it runs one query (SELECT, WITH ... SELECT, VALUES "
            f"or TABLE), not {shown}"
        )
    for index, token in enumerate(tokens[:-1]):
        if tokens[index + 1] == "(" and (
            token in _REFUSED_FUNCTIONS or token.startswith(_REFUSED_PREFIXES)
        ):
            raise RulesdbError(f"{READ_ONLY}: {token}() is refused ({_WHY_FUNCTION})")


def tokens_of(sql: str, backend: str) -> list[str]:
    """The statement's code as lower-case words and single characters.

    String literals and comments are dropped; quoted identifiers become words. PostgreSQL
    nests block comments and has dollar-quoted and E'' strings; SQLite has neither, but quotes
    identifiers with `backticks` and [brackets] too.
    """
    postgres = backend != "sqlite"
    tokens: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        char = sql[i]
        if char in _SPACE:  # not U+00A0 or U+3000: both backends read those as letters
            i += 1
        elif sql.startswith("--", i):
            # PostgreSQL ends a -- comment at a carriage return too; SQLite only at a newline.
            ends = [sql.find(stop, i) for stop in ("\n", "\r") if postgres or stop == "\n"]
            found = [end for end in ends if end >= 0]
            i = min(found) + 1 if found else n
        elif sql.startswith("/*", i):
            i = _block_comment_end(sql, i, nested=postgres)
        elif char == "'":
            escapes = postgres and _is_escape_string(sql, i)
            if escapes:
                tokens.pop()  # the E of E'...' is part of the string, not a word
            i = _quoted_end(sql, i, "'", backslash=escapes)
        elif char in '"`' or (char == "[" and not postgres):
            close = "]" if char == "[" else char
            end = _quoted_end(sql, i, close)
            tokens.append(sql[i + 1 : end - 1].replace(close * 2, close).casefold())
            i = end
        elif postgres and char == "$" and (match := _DOLLAR_TAG.match(sql, i)):
            end = sql.find(match.group(0), match.end())
            i = n if end < 0 else end + len(match.group(0))
        elif match := _IDENTIFIER.match(sql, i):
            tokens.append(match.group(0).casefold())
            i = match.end()
        else:
            tokens.append(char)
            i += 1
    return tokens


def _block_comment_end(sql: str, start: int, nested: bool) -> int:
    depth, i = 0, start
    while i < len(sql):
        if sql.startswith("/*", i):
            depth = depth + 1 if nested or depth == 0 else depth
            i += 2
        elif sql.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i
        else:
            i += 1
    return len(sql)


def _is_escape_string(sql: str, quote_at: int) -> bool:
    """E'...' (PostgreSQL): backslash escapes; 'E' must start a word, not end an identifier."""
    if quote_at == 0 or sql[quote_at - 1] not in "eE":
        return False
    return quote_at == 1 or not (sql[quote_at - 2].isalnum() or sql[quote_at - 2] in "_$")


def _quoted_end(sql: str, start: int, close: str, backslash: bool = False) -> int:
    """Index after the closing quote; a doubled quote (and \\x in E'') stays inside."""
    i = start + 1
    while i < len(sql):
        char = sql[i]
        if backslash and char == "\\":
            i += 2
        elif char == close:
            if close != "]" and sql.startswith(close * 2, i):
                i += 2
            else:
                return i + 1
        else:
            i += 1
    return len(sql)
