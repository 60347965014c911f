"""Every answer rulesdb gives, built over SQL from a database at any revision: the type system
(``listings``, ``words``, ``explain``, ``diff``, ``lifetime``), the rulebook (``rulebook``,
``blocks``, ``worddiff``), rules followed through renumbering (``lineage``, ``successors``),
exports, and the read-only SQL console (``readonly_sql``). ``answers`` and ``shown`` turn an
answer into what a person reads; the CLI, the web and ``rulesdb.open()`` only ask and print."""
