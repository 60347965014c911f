"""What each tool returns: pydantic models, from which the SDK publishes each tool's output
JSON schema and checks every answer against it. Every answer names its release (date and
set); nested answers the questions already shape (a word's report, a type line explained)
are objects as ``rulesdb.open()`` returns them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Release(BaseModel):
    date: str = Field(description="The release's effective date, YYYY-MM-DD")
    set: str = Field(
        description="The set it came with, 'CODE (Name)'; 'update between sets'; or 'set "
        "unknown' (it printed a new set's rules but no source names the product)"
    )


class Subrule(BaseModel):
    number: str
    text: str


class RuleResult(BaseModel):
    release: Release
    number: str
    text: str
    examples: list[str]
    subrules: list[Subrule] = Field(description="The rules directly under this one")


class Reason(BaseModel):
    release: str = Field(description="The release whose text makes the change")
    published: str = Field(description="The day Wizards published the bulletin")
    bulletin: str = Field(description="The bulletin's title")
    url: str
    archived_url: str = Field(description="The Wayback Machine's capture")
    kind: str = Field(description="rule, renumbering, subtypes, glossary or document")
    heading: str = Field(description="The bulletin's heading for the entry")
    why: str = Field(description="Wizards' words, as published")
    note: str | None = Field(description="Where the bulletin and the release's file differ")


class Bulletin(BaseModel):
    release: str
    status: str = Field(description="curated, known (not yet curated) or none")
    bulletin: str | None
    published: str | None
    url: str | None


BULLETINS = (
    "Each release of the span: whether Wizards' update bulletin on it is curated (its "
    "reasons are in the entries' why), known (not yet curated) or none"
)


class RuleVersion(BaseModel):
    number: str
    first_release: str
    last_release: str
    releases: int
    how: str = Field(
        description="new, reworded, retypeset, renumbered, moved and reworded, split (the "
        "rule's first version, carved out of from_number, whose versions come before it), "
        "merged (the last version: the rule that took its words, which continues another rule)"
    )
    from_number: str | None
    similarity: float
    uncertain: bool
    text: str
    examples: list[str]
    why: list[Reason] = Field(
        description="Wizards' reasons for this version's change, from its update bulletin"
    )
    bulletin: str = Field(
        description="Its first release's bulletin: curated, known (not yet curated) or none"
    )


class RuleHistoryResult(BaseModel):
    release: Release = Field(description="The release NUMBER was read in")
    number: str
    total: int = Field(description="Versions in all")
    offset: int
    limit: int
    next_offset: int | None = Field(description="Pass as offset for the next page; null: last")
    versions: list[RuleVersion] = Field(description="Oldest first")


class SearchHit(BaseModel):
    kind: str = Field(description="rule or glossary")
    entry: str = Field(description="The rule number or glossary term")
    snippet: str = Field(description="Matched words between **")


class SearchResult(BaseModel):
    release: Release
    query: str
    any_word: bool = Field(description="Entries with any of the words, not every one")
    total: int = Field(description="Entries found in all")
    offset: int
    limit: int
    next_offset: int | None = Field(description="Pass as offset for the next page; null: last")
    hits: list[SearchHit]
    alone: dict[str, int] = Field(
        description="No entry has every word: how many entries each word finds alone; else empty"
    )
    hint: str | None = Field(description="What to try when nothing was found; else null")


class GlossaryResult(BaseModel):
    release: Release
    term: str
    text: str
    why: list[Reason] = Field(
        description="Wizards' reasons for this definition, from the update bulletin on the "
        "release that first printed it"
    )


class WordResult(BaseModel):
    model_config = ConfigDict(extra="allow")  # the report's own fields (rulesdb check)
    release: Release
    word: str
    valid: bool | None = Field(description="true: a type; false: not one; null: unknown")
    message: str


class TypeLineResult(BaseModel):
    model_config = ConfigDict(extra="allow")  # the explanation's own fields (rulesdb explain)
    release: Release
    line: str
    valid: bool | None
    message: str


class DiffResult(BaseModel):
    from_release: Release = Field(alias="from")
    to_release: Release = Field(alias="to")
    counts: dict[str, int]
    rules_changed: list[str] = Field(description="Type-system rules whose text differs")
    why: list[str] = Field(
        description="Wizards' words on the new subtypes in between, from its update bulletins"
    )
    offset: int
    limit: int
    next_offset: int | None
    entries: list[dict[str, Any]] = Field(description="change, kind, category, name")


class RuleDiffResult(BaseModel):
    from_release: Release = Field(alias="from")
    to_release: Release = Field(alias="to")
    counts: dict[str, int] = Field(description="added, removed, moved, changed")
    bulletins: list[Bulletin] = Field(description=BULLETINS)
    part: str | None = Field(description="The part listed in entries; null: counts only")
    offset: int
    limit: int
    next_offset: int | None
    entries: list[dict[str, Any]] = Field(
        description="The part's entries; each change with why: Wizards' reasons beside it"
    )


class ChangesResult(BaseModel):
    since: Release = Field(description="The release in force on the span's start")
    to: Release
    releases: list[str] = Field(description="The releases after since, up to to, oldest first")
    counts: dict[str, int]
    summary: list[str] = Field(description="The counts in sentences")
    bulletins: list[Bulletin] = Field(description=BULLETINS)
    part: str | None = Field(description="The part listed in entries; null: counts only")
    offset: int
    limit: int
    next_offset: int | None
    entries: list[dict[str, Any]] = Field(
        description="The part's entries; each change with why: Wizards' reasons beside it"
    )


class ReleaseRow(BaseModel):
    date: str
    set: str
    set_code: str | None
    set_name: str | None
    source_file: str


class ReleasesResult(BaseModel):
    latest: Release
    count: int
    releases: list[ReleaseRow] = Field(description="Oldest first")


class SaidBy(BaseModel):
    kind: str = Field(description="rule or glossary")
    entry: str


class CitationResult(BaseModel):
    release: Release
    number: str
    verified: bool = Field(description="The number is current and its rule says the text verbatim")
    status: str = Field(description="fine, missing or renumbered (as lint-citations says)")
    now: str | None = Field(description="Renumbered: the rule's number in this release")
    checked: str | None = Field(description="The rule the text was compared with")
    verdict: str | None = Field(
        description="verbatim, example (only in an example: card text), close or absent; "
        "null: no such rule"
    )
    coverage: float = Field(description="Share of the text's words the rule has, in order")
    rule_text: str | None
    said_by: list[SaidBy] = Field(
        description="Rules saying the text verbatim, when the checked one does not"
    )
    message: str
