"""Each tool's statements stopped at a time limit by the database: SQLite's progress handler
(the web's ``limit_pages``), PostgreSQL's ``statement_timeout`` set for the session."""

from __future__ import annotations

from rulesdb.handle import Rules
from rulesdb.store.engine import make_engine

STATEMENT_SECONDS = 5.0  # the longest question (a rule diff across 27 years) takes under 1 s


def bounded(rules: Rules, seconds: float = STATEMENT_SECONDS) -> Rules:
    """``rules`` whose every statement is stopped after ``seconds``."""
    url = rules.engine.url
    # By backend, not by file: the handle reads its file through a read-only URI.
    if url.get_backend_name() == "sqlite":
        from rulesdb.web.limits import limit_pages

        limit_pages(rules.engine, seconds)
        return rules
    if url.get_backend_name() == "postgresql":
        options = url.query.get("options")
        limit = f"-c statement_timeout={int(seconds * 1000)}"
        joined = f"{options} {limit}" if isinstance(options, str) else limit
        engine = make_engine(url.update_query_dict({"options": joined}))
        rules.close()
        return Rules(engine, warning=rules.warning)
    return rules
