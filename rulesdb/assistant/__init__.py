"""``rulesdb mcp``: the rules for assistants, as a Model Context Protocol server.

``server`` builds the server (tools, resources, the prompt) on a ``rulesdb.open()`` handle;
``shapes`` declares what each tool returns (the JSON schemas clients see); ``bounds`` keeps
each answer's statements within a time limit. Named ``assistant``, not ``mcp``, so that no
import of the SDK (``mcp``) can find this package instead.
"""
