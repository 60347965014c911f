"""JsonStream reads what json.loads reads: msgspec first (each value read to the rest of the
buffer, then to where msgspec says its trailing text starts), the standard library judging
whatever msgspec refuses; at every chunk size, in any layout, with and without escapes."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.cards.jsonstream import CHUNK, JsonStream

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**64)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["a", "b", "name", "x y", "é"]) | st.text(max_size=4), inner, max_size=4
        )
    ),
    max_leaves=16,
)
FIELDS = ("name", "a")


def _read(text: str, fast: bool, chunk: int, fields: tuple[str, ...] | None) -> list[Any]:
    stream = JsonStream(io.BytesIO(text.encode("utf-8")), fast, chunk)
    items = list(stream.values(fields))
    stream.end()
    return items


def _projected(item: Any) -> Any:
    return {key: item[key] for key in FIELDS if key in item} if isinstance(item, dict) else item


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    items=st.lists(VALUES, max_size=5),
    chunk=st.sampled_from([1, 3, 64, CHUNK]),
    indent=st.sampled_from([None, 1, "\t"]),
    ascii_only=st.booleans(),
)
def test_values_are_what_json_loads_reads(
    items: list[Any], chunk: int, indent: Any, ascii_only: bool
) -> None:
    text = json.dumps(
        items,
        indent=indent,
        ensure_ascii=ascii_only,
        separators=(",", ":") if indent is None else None,
    )
    expected = json.loads(text)
    for fast in (True, False):
        assert _read(text, fast, chunk, None) == expected
        assert _read(text, fast, chunk, FIELDS) == [_projected(item) for item in expected]


@pytest.mark.parametrize(
    "text",
    [
        '[{"name": NaN}, {"name": "\\ud800"}, {"name": 1e400}, {"a": Infinity}]',  # msgspec refuses
        '[{"name": "x", "name": "y"}, {"na\\u006de": 1}, 12345678901234567890123, -0.0]',
        '\ufeff[{"name": "after a BOM"}]',
        "[" + "[" * 600 + "]" * 600 + ', {"name": [' + '{"a": [' * 300 + "]}" * 300 + "]}]",
    ],
)
def test_what_msgspec_refuses_is_read_as_the_standard_library_reads_it(text: str) -> None:
    expected = json.loads(text.lstrip("\ufeff"))
    for chunk in (1, 7, CHUNK):
        assert _read(text, True, chunk, None) == _read(text, False, chunk, None)
        assert repr(_read(text, True, chunk, FIELDS)) == repr(
            [_projected(item) for item in expected]
        )


@pytest.mark.parametrize(
    "text",
    [
        '[{"name": "x"} {"name": "y"}]',
        '[{"name": "x",}]',
        '[{"name": "x"}, 01]',
        '[{"name": "\x01"}]',
        '[{"name": "x"',
    ],
)
def test_bad_json_is_the_standard_librarys_error(text: str) -> None:
    messages = set()
    for fast in (True, False):
        with pytest.raises(ValueError) as caught:
            _read(text, fast, CHUNK, FIELDS)
        messages.add(str(caught.value))
    assert len(messages) == 1, messages
