"""What the revisions run: one loader per schema generation (``schema_0001``: the releases
after ``0001_schema``), the replaceable views and comments (``objects``), and the frozen
descriptions ``0001_schema`` sets as comments. Never rulesdb's library: a shipped revision
does the same forever."""
