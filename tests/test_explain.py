"""The type-line explainer (/explain): each word as the release in force reads it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="the web extra is not installed")

from rulesdb.questions.explain import summary
from rulesdb.web.server import build


@pytest.fixture(scope="module")
def explained(_head_sqlite: Path):  # type: ignore[no-untyped-def]
    site = build(_head_sqlite)

    def get(line: str | None = None, as_of: str | None = None) -> str:
        params = {key: value for key, value in (("line", line), ("as_of", as_of)) if value}
        response = asyncio.run(site.client.get("/explain", params=params))
        assert response.status_code == 200, response.text[-2000:]
        return response.text

    return get


def words(html: str) -> dict[str, str]:
    """Each explained word and what the page says of it (tags dropped, details left out)."""
    html = re.sub(r"<details>.*?</details>", "", html, flags=re.S)
    pairs = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", html, flags=re.S)
    return {word: " ".join(re.sub(r"<[^>]+>", "", what).split()) for word, what in pairs}


def test_a_legendary_creature_word_by_word(explained) -> None:  # type: ignore[no-untyped-def]
    html = explained("Legendary Creature — Human Cleric")
    assert (
        "This line has two subtypes, Human and Cleric. Its card type is Creature, and its "
        "supertype is Legendary."
    ) in html
    found = words(html)
    assert found["Legendary"] == "A supertype, listed by 205.4a."
    assert found["Creature"] == "A card type, listed by 205.2a."
    assert found["Human"] == (
        "A creature type (a subtype), listed by 205.3m. A creature type "
        "goes with Creature (205.3c)."
    )
    assert "Cleric" in found and "a valid type line" in html
    assert "<summary>Rule 205.3m</summary><p>Creatures and kindreds share" in html


def test_a_subtype_without_its_card_type_is_wrong(explained) -> None:  # type: ignore[no-untyped-def]
    html = explained("Artifact — Human")
    assert "not a valid type line" in html and "What is wrong" in html
    assert re.search(
        r"Human is a creature type; it corresponds to none of the line.{1,6}s "
        r"card types \(artifact\)",
        html,
    )
    assert 'href="/rule/205.3d' in html


def test_a_release_listing_no_creature_types_cannot_say(explained) -> None:  # type: ignore[no-untyped-def]
    html = explained("Creature — Goblin", "2002-01-01")
    assert 'As release <a href="/release/2001-09-24">2001-09-24</a> reads it' in html
    assert "<strong>unknown</strong>" in html and "What this release cannot say" in html
    assert words(html)["Goblin"].startswith("Unknown to this release.")
    assert "does not enumerate creature types" in html


def test_a_misspelling_names_the_nearest(explained) -> None:  # type: ignore[no-untyped-def]
    assert words(explained("Creature — Goblim"))["Goblim"] == (
        "Not a type this release lists. Did you mean Goblin?"
    )


def test_each_face_is_explained(explained) -> None:  # type: ignore[no-untyped-def]
    html = explained("Creature — Human // Land — Forest")
    assert "Face 1: Creature — Human" in html and "Face 2: Land — Forest" in html
    assert "A land type goes with Land (205.3c)." in html


def test_the_line_is_escaped_and_bounded(explained) -> None:  # type: ignore[no-untyped-def]
    html = explained("<script>alert(1)</script>")
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "A type line is at most 500 characters; this one has 501." in explained("x" * 501)
    assert "no release was in force on 1990-01-01" in explained("Creature", "1990-01-01")
    assert "not a date" in explained("Creature", "soon")


def test_the_form_picks_a_release(explained) -> None:  # type: ignore[no-untyped-def]
    empty = explained()
    assert "For example:" in empty and 'name="as_of"' in empty
    html = explained("Creature — Elf", "2010-01-01")
    assert re.search(r"<option selected>2009-10-01</option>", html)
    # That release's own numbers: 204 was the type line's rule in 2009.
    assert "A creature type (a subtype), listed by 204.3k." in re.sub(r"<[^>]+>", "", html)
    assert "A creature type goes with Creature (204.3c)." in html


def test_summary_counts_in_words() -> None:
    from rulesdb.vocabulary.typeline import TypeLine

    line = TypeLine(
        release=None,
        supertypes=("basic", "snow"),
        card_types=("land",),  # type: ignore[arg-type]
        subtypes=(),
        errors=(),
    )
    assert summary(line) == (
        "This line has no subtypes. Its card type is Land, and its supertypes are Basic and Snow."
    )
