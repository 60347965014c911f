"""What each curated file's entries hold, as msgspec structs, and the one validator every loader
checks an entry with: a bad entry is one line naming the file, the entry and the key ("…
entry 3: missing ['rule', 'source']", "… release must be a TOML date", "… kind must be one of
('rule', …)"). Keys a struct does not name are let be (a note, a comment's worth of context).

The loaders keep handing on the entries as TOML read them (dicts): the structs say what must
be there, of which type; the rules no type says (a file named by its release, a date listed
twice, ``made = false`` with a note) stay with the loaders.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin, get_type_hints

import msgspec

from rulesdb.errors import RulesdbError

T = TypeVar("T", bound=msgspec.Struct)
Source = Annotated[str, msgspec.Meta(min_length=1)]  # where a fact was read: never blank

# How msgspec names a type in its errors, as the curated files' readers would say it.
_SAID = {
    "date": "a TOML date",
    "str": "text",
    "array": "a list",
    "str | array": "a name or a list of names",
    "bool": "true or false",
    "int": "a whole number",
    "object": "a table",
}
_EXPECTED = re.compile(r"^Expected `([^`]+)`, got `[^`]+` - at `\$\.([\w.\[\]]+)`$")
_BLANK = re.compile(r"^Expected `str` of length >= 1 - at `\$\.([\w.]+)`$")
_ENUM = re.compile(r"^Invalid enum value .* - at `\$\.(\w+)`$")
_MISSING = re.compile(r"^Object missing required field `(\w+)` - at `\$\.([\w.]+)`$")


class Later(msgspec.Struct):
    """A merge's or rename's later Oracle re-typing (``[merge.later]``)."""

    to: str | list[str]
    as_of: date
    source: Source


class Rename(msgspec.Struct):
    """renames.toml, merges.toml, keyword_renames.toml (``kind`` checked by the loader: the
    kinds differ by file)."""

    kind: str
    from_: str = msgspec.field(name="from")
    to: str | list[str]
    effective_date: date
    rule: str
    category: str | None = None
    later: Later | None = None


class ReleaseSet(msgspec.Struct):
    effective_date: date
    code: str
    name: str
    source: str


class UnknownSet(msgspec.Struct):
    effective_date: date
    source: Source


class Note(msgspec.Struct):
    effective_date: date
    kind: str
    text: str


class LineageLink(msgspec.Struct):
    effective_date: date
    rule: str
    from_: str = msgspec.field(name="from")
    source: str
    occurrence: int = 1
    from_occurrence: int = 1


class BulletinHead(msgspec.Struct):
    """A curated bulletin's head, and each entry of known.toml."""

    release: date
    title: str
    published: date
    url: str
    archived: str
    source: str


class BulletinEntry(msgspec.Struct):
    kind: Literal["rule", "renumbering", "subtypes", "glossary", "document"]
    why: str
    rules: list[str] = []
    heading: str | None = None
    release: date | None = None  # the release whose file makes it, when not the bulletin's
    made: bool = True
    note: str | None = None
    subtypes: dict[str, list[str]] = {}


def checked(where: str, entry: Any, shape: type[T]) -> T:
    """``entry`` as ``shape``, or one line saying what is wrong with it, at ``where``."""
    if not isinstance(entry, dict):
        raise RulesdbError(f"{where}: must be a table")
    fields = msgspec.structs.fields(shape)
    missing = sorted(f.encode_name for f in fields if f.required and f.encode_name not in entry)
    if missing:
        raise RulesdbError(f"{where}: missing {missing}")
    try:  # dates must be TOML dates: a string is no date here
        return msgspec.convert(entry, shape, strict=True, builtin_types=(date,))
    except msgspec.ValidationError as exc:
        raise RulesdbError(f"{where}: {_said(str(exc), shape)}") from None


def _said(error: str, shape: type[msgspec.Struct]) -> str:
    if found := _EXPECTED.match(error):
        expected, key = found.groups()
        expected = expected.removesuffix(" | null")  # an optional key, when given
        return f"{key} must be {_SAID.get(expected, expected)}"
    if found := _BLANK.match(error):
        return f"{found.group(1)} must not be blank"
    if found := _MISSING.match(error):
        return f"{found.group(2)}: missing [{found.group(1)!r}]"
    if found := _ENUM.match(error):
        key = found.group(1)
        hint = get_type_hints(shape).get(key)
        choices = get_args(hint) if get_origin(hint) is Literal else ()
        return f"{key} must be one of {choices}"
    return error
