"""Answers as people read them: each question's result turned into a ``Table``
(``rulesdb.questions.answers``) — its JSON, its rows, its own text or Markdown where rows
would read badly. The CLI prints these in any format; nothing here reads the database."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesdb.questions.answers import Table, answered_by
from rulesdb.questions.blocks import BlockChange
from rulesdb.questions.diff import Comparison
from rulesdb.questions.lifetime import Citation, Listing
from rulesdb.questions.reasons import coverage_sentence
from rulesdb.questions.renumbering import COLUMNS, RenumberMap
from rulesdb.questions.rulebook import RuleAnswer, RuleVersion
from rulesdb.questions.rulebook_diff import RuleDiff
from rulesdb.questions.search import SearchHit, entry_of
from rulesdb.questions.successors import later_words
from rulesdb.util.text import with_article
from rulesdb.vocabulary.release import Report
from rulesdb.vocabulary.typeline import TypeLine

if TYPE_CHECKING:  # the modules that answer these load only for their own questions
    from rulesdb.questions.explain import Explanation
    from rulesdb.questions.glossary import GlossaryEntry, GlossaryVersion

CITE_TEXT_WIDTH = 60  # rule text in a table of citations: its first line, cut to this width
DIFF_TEXT_WIDTH = 80  # a changed rule's text in rows: its first line, cut to this width


def rule(answer: RuleAnswer) -> Table:
    """A rule, its examples indented, its direct subrules; CSV one row per rule."""
    found = answer.to_json()
    text = [
        f"{answer.number} {answer.text}",
        *(f"  {e}" for e in answer.examples),
        *(f"  {sub['number']} {sub['text']}" for sub in answer.subrules),
        f"(release {answer.release})",
    ]
    markdown = [
        f"**{answer.number}** {answer.text}",
        *(f"> {e}" for e in answer.examples),
        *(f"- **{sub['number']}** {sub['text']}" for sub in answer.subrules),
        f"\n*Comprehensive Rules, release {answer.release}*",
    ]
    rows = [
        {"number": answer.number, "text": answer.text, "examples": "\n".join(answer.examples)},
        *answer.subrules,
    ]
    return Table(
        rows,
        ["number", "text", "examples"],
        document=found,
        text="\n".join(text),
        markdown="\n".join(markdown),
    )


def rule_history(number: str, versions: list[RuleVersion]) -> Table:
    found = [version.to_json() for version in versions]
    lines = [f"# Rule {number}", ""]
    for version in versions:
        moved = (
            f" (split from {version.from_number} on {version.first_release})"
            if version.how == "split"
            else f" (was {version.from_number})"
            if version.from_number
            else ""
        )
        doubt = ", uncertain" if version.uncertain else ""
        lines += [
            f"## {version.number}: {version.first_release} … {version.last_release} "
            f"({version.releases} releases, {version.how}{doubt}){moved}",
            "",
            version.text,
            "",
            *(f"*{reason.line()}*\n" for reason in version.why),
        ]
    rows = [
        {**row, "why": "\n".join(reason.line() for reason in version.why)}
        for row, version in zip(found, versions, strict=True)
    ]
    return Table(
        rows,
        [
            "number",
            "first_release",
            "last_release",
            "releases",
            "how",
            "uncertain",
            "from_number",
            "text",
            "why",
        ],
        document=found,
        markdown="\n".join(lines),
        clip={"why": DIFF_TEXT_WIDTH},
    )


def block_history(number: str, changes: list[BlockChange]) -> Table:
    lines = [f"# Rule {number} and its subrules", ""]
    for change in changes:
        lines += [f"## {change.release}: {change.number}", ""]
        lines += [
            f"- {row['change']}: " + " ← ".join(str(v) for v in (row["rule"], row["from"]) if v)
            for row in change.rows()
        ]
        lines.append("")
    return Table(
        [row for change in changes for row in change.rows()],
        ["release", "number", "change", "rule", "from"],
        markdown="\n".join(lines),
        document=[change.to_json() for change in changes],
    )


def glossary(entry: GlossaryEntry) -> Table:
    why = [f"Why (Wizards, {r['published']}): {r['why']}" for r in entry["why"]]
    return Table.of_one(
        entry,
        "\n".join([entry["term"], entry["text"], *why, f"(release {entry['release']})"]),
        row={**{key: entry[key] for key in ("release", "term", "text")}, "why": " ".join(why)},
    )


def glossary_history(term: str, versions: list[GlossaryVersion]) -> Table:
    """Each definition of a glossary term, oldest first."""
    lines = [f"# {term}", ""]
    for version in versions:
        lines += [
            f"## {version['first_release']} … {version['last_release']} "
            f"({version['releases']} releases)",
            "",
            version["text"],
            "",
        ]
    return Table(
        [dict(version) for version in versions],
        ["first_release", "last_release", "releases", "text"],
        document=[dict(version) for version in versions],
        markdown="\n".join(lines),
    )


def search(
    hits: list[SearchHit],
    total: int | None = None,
    offset: int = 0,
    *,
    release: str | None = None,
    asked: str | None = None,
    any_word: bool = False,
) -> Table:
    """Search hits; with ``release``, each row says it (JSON, CSV) and a table's note too."""
    said = {} if release is None else {"release": release}
    rows = [
        {"kind": hit["kind"], "entry": entry_of(hit), "snippet": hit["snippet"], **said}
        for hit in hits
    ]
    empty = (
        f"no rule or glossary entry matches {'any' if any_word else 'every'} word"
        if not total
        else f"{total} in all, none from --offset {offset}"
    )
    return Table(
        rows,
        ["kind", "entry", "snippet", *said],
        document=[{**hit, **said} for hit in hits],
        empty=empty,
        note=None if release is None else answered_by(release, asked),
        noted=list(said),
    )


def rule_diff(result: RuleDiff) -> Table:
    rows = [
        *({"change": "added", "number": n, "text": result.titles[n]} for n in result.added),
        *({"change": "removed", "number": n, "text": result.titles[n]} for n in result.removed),
        *(
            {
                "change": "moved" if not m["changed"] else "moved and changed",
                "number": f"{m['from']} → {m['to']}",
                "text": m["after"],
            }
            for m in result.moved
        ),
        *({"change": "changed", "number": c["number"], "text": c["after"]} for c in result.changed),
    ]
    for row in rows:
        row["text"] = row["text"].split("\n", 1)[0][:DIFF_TEXT_WIDTH]
        # Wizards' reasons, whole in CSV; a table shows the first line's start
        row["why"] = "\n".join(result.why_lines(row["number"].rsplit(" → ", 1)[-1]))
    return Table(
        rows,
        ["change", "number", "text", "why"],
        markdown=result.to_markdown(),
        document=result.to_json(),
        empty=f"no rule changed from {result.from_date} to {result.to_date}",
        clip={"why": DIFF_TEXT_WIDTH},
        note=coverage_sentence(result.coverage) if result.coverage else None,
    )


def vocabulary_diff(result: Comparison) -> Table:
    return Table(
        result.to_rows(),
        ["change", "kind", "category", "name"],
        markdown=result.to_markdown(),
        document=result.to_json(),
        empty=f"no changes from {result.from_date} to {result.to_date}",
    )


def lifetimes(listings: list[Listing]) -> Table:
    rows = [
        {
            **listing.to_json(),
            "releases": len(listing.releases),
            "listed": ", ".join(
                f"{span['first_listed']}–{span['last_listed'] if span['dropped_in'] else ''}"
                for span in listing.spans
            ),
            "renamed": "; ".join(
                [
                    *(f"from {r['from']} ({r['release_date']})" for r in listing.renamed_from),
                    *(f"to {r['to']} ({r['release_date']})" for r in listing.renamed_to),
                    *(
                        f"merged from {r['from']} ({r['release_date']})"
                        for r in listing.merged_from
                    ),
                    *(f"merged into {r['to']} ({r['release_date']})" for r in listing.merged_into),
                    *(f"later its cards {r['to']} ({r['as_of']} Oracle)" for r in listing.later),
                ]
            ),
        }
        for listing in listings
    ]
    return Table(
        rows,
        [
            "kind",
            "category",
            "name",
            "first_listed",
            "last_listed",
            "left",
            "releases",
            "listed",
            "renamed",
        ],
        document=[listing.to_json() for listing in listings],
    )


def citations(found: list[Citation]) -> Table:
    return Table(
        [citation.to_json() for citation in found],
        ["release_date", "rule", "relation", "kind", "category", "name", "via", "text"],
        clip={"text": CITE_TEXT_WIDTH},
    )


def word(report: Report) -> Table:
    """What a word is, in one sentence: its meanings and rules, or why not and what instead."""
    document = report.to_json()
    return Table.of_one(
        document,
        _word_text(report),
        row={**document, "meanings": [f"{m.kind} {m.rule}" for m in report.meanings]},
    )


def type_line(parsed: TypeLine) -> Table:
    document = parsed.to_json()
    return Table.of_one(
        document,
        _type_line_text(parsed),
        row={
            "type_line": parsed.render(),
            **document,
            "subtypes": [f"{s.name} ({s.category or 'unknown'})" for s in parsed.subtypes],
            "errors": [f"{e.rule}: {e.message}" for e in parsed.errors],
            "undetermined": [f"{e.rule}: {e.message}" for e in parsed.undetermined],
        },
    )


def explained(page: Explanation) -> Table:
    """A type line explained word by word (``Rules.explain``): each word with its rule."""
    lines = [page["line"]]
    if page["problem"]:
        lines.append(page["problem"])
    for number, face in enumerate(page["faces"], start=1):
        if len(page["faces"]) > 1:
            lines.append(f"face {number}: {face['line']}")
        lines.append(f"  {face['summary']}")
        for entry in face["words"]:
            rule = f", listed by {entry['rule']}" if entry["rule"] else ""
            why = f" {entry['why']}" if entry["why"] else ""
            lines.append(f"  {entry['word']}: {entry['what']}{rule}.{why}")
        lines += [
            f"  {note['rule']}: {note['message']}"
            for note in [*face["problems"], *face["unknowns"]]
        ]
    if page.get("release"):
        lines.append(f"(release {page['release']})")
    return Table.of_one(
        page,
        "\n".join(lines),
        row={
            "line": page["line"],
            "release": page.get("release"),
            "valid": page.get("valid"),
            "summary": " / ".join(face["summary"] for face in page["faces"]),
            "problem": page.get("problem"),
        },
    )


def _word_text(report: Report) -> str:
    day = report.release.isoformat()
    if report.valid is None:
        return f"{report.reason} (release {day})"
    if not report.valid:
        rule = f"{report.rule}, " if report.rule else ""
        text = f"{report.reason} ({rule}release {day})"
        if report.keyword:
            found = report.keyword
            text += (
                f"; {found['name']} is {with_article(found['kind'].replace('_', ' '))} "
                f"({found['rule']})"
            )
        if report.successor:
            went = report.successor
            change = "merged into" if went["change"] == "merged" else went["change"]
            text += f"; {change} {went['to']} on {went['release_date']} ({went['rule']})"
            text += "".join(later_words(fact) for fact in went["later"])
        elif report.nearest and not report.keyword:
            text += f"; nearest: {', '.join(report.nearest)}"
        return text
    meanings = report.meanings
    kinds = " and ".join(m.kind for m in meanings)
    rules = ", ".join(dict.fromkeys(m.rule for m in meanings))
    return f"{meanings[0].name}: {kinds} ({rules}, release {day})"


def _type_line_text(parsed: TypeLine) -> str:
    lines = [parsed.render()]
    for number, face in enumerate(parsed.faces or (parsed,), start=1):
        indent = "  "
        if parsed.faces:
            lines.append(f"  face {number}: {face.render()}")
            indent = "    "
        if face.marker is not None:
            lines.append(
                f"{indent}{face.marker.word}: not a CR type (a marker the card data services write)"
            )
        for subtype in face.subtypes:
            kind = f"{subtype.category} type" if subtype.category else "unknown"
            lines.append(
                f"{indent}{subtype.name}: {kind} -> {', '.join(subtype.card_types) or 'none'}"
            )
    state = {True: "valid", False: "invalid", None: "unknown"}[parsed.valid]
    lines.append(f"{state} (release {parsed.release.isoformat()})")
    lines += [f"  {error.rule}: {error.message}" for error in parsed.errors]
    lines += [f"  {note.rule}: {note.message}" for note in parsed.undetermined]
    return "\n".join(lines)


def renumber_map(found: RenumberMap) -> Table:
    """The map as rows (from, to, status, reworded, uncertain); JSON with its counts."""
    return Table(
        found.rows,
        list(COLUMNS),
        document=found.to_json(),
        empty=f"release {found.from_date.isoformat()} has no rulebook loaded",
    )
