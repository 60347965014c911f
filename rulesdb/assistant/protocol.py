"""The SDK's server, with rulesdb's answers to a client's mistakes: an argument refused in one
line that begins with its name and says what was expected (not pydantic's five lines, its
link and the input echoed back), an unknown tool or prompt and a prompt's bad argument as
JSON-RPC's "invalid params", and stdio read through ``rulesdb.assistant.stdio``'s bounded,
checked lines. None of these is logged with a traceback: they are the client's, not ours.
"""

from __future__ import annotations

import sys
from typing import Any, cast

import mcp_types
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from rulesdb.assistant.lanes import Lanes
from rulesdb.assistant.stdio import CheckedLines, LineWriter

QUESTION_CHARS = 4000  # a rules question; as verify_citation's text


def invalid(message: str) -> MCPError:
    return MCPError(code=mcp_types.INVALID_PARAMS, message=message)


def expected(error: ErrorDetails, schema: dict[str, Any]) -> str:
    """What an argument should have been, in rulesdb's words."""
    kind = error["type"]
    context = error.get("ctx", {})
    described = schema.get("description")
    what = f"{described[0].lower()}{described[1:]}" if described else "a value"
    if kind == "missing":
        return f"missing; expected {what}"
    if kind in ("string_type", "string_unicode"):
        return f"expected a string: {what}"
    if kind == "string_too_long":
        return f"longer than {context.get('max_length')} characters"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "expected a whole number"
    if kind in ("greater_than_equal", "less_than_equal"):
        low, high = _range(schema)
        return f"expected a whole number from {low} to {high}"
    if kind in ("bool_type", "bool_parsing"):
        return "expected true or false"
    if kind == "literal_error":
        return f"expected {context.get('expected')}"
    return str(error["msg"]).rstrip(".").lower()


def _range(schema: dict[str, Any]) -> tuple[Any, Any]:
    return schema.get("minimum", "any"), schema.get("maximum", "any")


def argument_line(exc: ValidationError, schema: dict[str, Any]) -> str:
    """Each refused argument, first the argument's name, in one line."""
    properties = schema.get("properties", {})
    said = []
    for error in exc.errors(include_url=False, include_input=False):
        name = str(error["loc"][0]) if error["loc"] else "arguments"
        field = properties.get(name, {})
        # An optional argument's schema is anyOf [its type, null]: its description is outside.
        said.append(f"{name}: {expected(error, field)}")
    return "; ".join(dict.fromkeys(said))


class RulesServer(MCPServer):
    """``MCPServer`` with rulesdb's refusals and its checked stdio."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lanes = Lanes()
        self._schemas: dict[str, dict[str, Any]] | None = None

    async def _schema(self, name: str) -> dict[str, Any] | None:
        if self._schemas is None:
            self._schemas = {tool.name: tool.input_schema for tool in await self.list_tools()}
        return self._schemas.get(name)

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> Any:
        schema = await self._schema(name)
        if schema is None:
            known = ", ".join(sorted(self._schemas or {}))
            raise invalid(f"name: no tool {name[:80]!r}; tools: {known}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                line = argument_line(exc.__cause__, schema)
                raise ToolError(f"Error executing tool {name}: {line}") from None
            raise

    async def get_prompt(
        self,
        name: str,
        arguments: dict[str, Any] | None = None,
        context: Context[Any, Any] | None = None,
    ) -> Any:
        prompts = {prompt.name: prompt for prompt in await self.list_prompts()}
        prompt = prompts.get(name)
        if prompt is None:
            raise invalid(f"name: no prompt {name[:80]!r}; prompts: {', '.join(sorted(prompts))}")
        given = arguments or {}
        for argument in prompt.arguments or []:
            if argument.required and argument.name not in given:
                what = argument.description or "a value"
                raise invalid(f"{argument.name}: missing; expected {what[0].lower()}{what[1:]}")
        unknown = sorted(set(given) - {a.name for a in prompt.arguments or []})
        if unknown:
            raise invalid(f"{unknown[0][:80]}: not an argument of {name}")
        return await super().get_prompt(name, arguments, context)

    async def run_stdio_async(self) -> None:
        """The SDK's stdio transport over rulesdb's checked lines (see the module's note)."""
        out = LineWriter(sys.stdout.buffer)
        lines = CheckedLines(sys.stdin.buffer, out)
        # The SDK types its streams as anyio files; it only iterates one and writes the other.
        try:
            async with stdio_server(cast(Any, lines), cast(Any, out)) as (read, write):
                lowlevel = self._lowlevel_server  # the SDK's own run, as its run_stdio_async
                await lowlevel.run(read, write, lowlevel.create_initialization_options())
        finally:
            self.lanes.close()  # stdin closed: the work in flight stopped, not waited for
