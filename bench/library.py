"""The library's questions, warm: import, the rulebook, changes, size, lineage, export,
vocabulary."""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy import Connection, text  # noqa: E402
from sqlalchemy.engine import URL  # noqa: E402

from bench.table import Row, median_ns, paired_medians, seconds  # noqa: E402
from bench.upgrade import sqlite_dump  # noqa: E402
from rulesdb.store.engine import make_engine  # noqa: E402
from tests.settings import CR_DIR as CR_FOLDER  # noqa: E402
from tests.settings import folder  # noqa: E402

CR_DIR = folder(CR_FOLDER)
CR_FILE = "MagicCompRules-20260807.txt"
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def bench_import() -> list[Row]:
    from rulesdb.ingest.importer import import_file

    path = CR_DIR / CR_FILE
    if not path.is_file():
        return [Row("import one CR file", "-", "-", None, "<= 10x", None)]

    def read_and_split() -> list[str]:
        return path.read_text(encoding="utf-8").splitlines()

    imported, baseline = paired_medians(lambda: import_file(path), read_and_split, runs=15)
    ratio = imported / baseline
    return [
        Row(
            f"import_file({CR_FILE})",
            seconds(imported),
            f"{seconds(baseline)} read+splitlines",
            ratio,
            "<= 10x",
            ratio <= 10,
        )
    ]


# The rulebook, warm, in the library


def bench_rulebook(heads: dict[str, URL]) -> list[Row]:
    rows = []
    for backend, url in heads.items():
        engine = make_engine(url)
        try:
            with engine.connect() as connection:
                rows += _rulebook_rows(backend, connection)
        finally:
            engine.dispose()
    return rows


def _rulebook_rows(backend: str, connection: Connection) -> list[Row]:
    from rulesdb.questions import glossary, rulebook, search

    rows = []
    lookup = text("SELECT text FROM rulebook_text WHERE id = :id")
    some_id = connection.execute(text("SELECT MIN(id) FROM rulebook_text")).scalar()

    def one_select() -> None:
        connection.execute(lookup, {"id": some_id}).all()

    for label, action in (
        ('rule("702.19"), warm', lambda: rulebook.rule(connection, "702.19")),
        ('glossary("trample"), warm', lambda: glossary.glossary(connection, "trample")),
    ):
        ours, base = paired_medians(action, one_select, runs=200, warmups=20)
        sqlite = backend == "sqlite"  # the target is the embedded default's
        rows.append(
            Row(
                f"{label}, {backend}",
                seconds(ours),
                f"{seconds(base)} one primary-key SELECT",
                ours / base,
                "< 1 ms" if sqlite else "-",
                ours < 1e6 if sqlite else None,
            )
        )
    day = date(2024, 6, 7)
    words = ["equipment", "attached"]

    def full_text() -> None:
        search.search(connection, " ".join(words), day, limit=10)

    def substring_scan() -> None:  # what one would do without a text index
        texts = connection.execute(
            text("SELECT number, text FROM v_rule WHERE release_date = :day"),
            {"day": day.isoformat() if backend == "sqlite" else day},
        )
        [number for number, body in texts if all(word in body.lower() for word in words)]

    ours, base = paired_medians(full_text, substring_scan, runs=30, warmups=3)
    rows.append(
        Row(
            f'search("equipment attached") on 2024-06-07, warm, {backend}',
            seconds(ours),
            f"{seconds(base)} Python substring scan of its rules",
            ours / base,
            "< 20 ms",
            ours < 20e6,
        )
    )
    return rows


def bench_changes(head_db: URL) -> list[Row]:
    """`changes --since BFZ` to the latest beside one rule-diff of the same span (what it
    builds on), and the pairwise rule-diffs of each release in the span it replaces."""
    from rulesdb.questions import rulebook_diff
    from rulesdb.questions.changes import changes
    from rulesdb.questions.listings import release_in_force

    engine = make_engine(head_db)
    try:
        with engine.connect() as connection:
            start, end = date(2015, 9, 26), release_in_force(connection, None)
            days = [start] + [
                as_day(row[0])
                for row in connection.execute(
                    text(
                        "SELECT release_date FROM release_rulebook WHERE release_date > :start "
                        "ORDER BY release_date"
                    ),
                    {"start": start.isoformat()},
                )
            ]

            def digest() -> None:
                changes(connection, start, end)

            def one_diff() -> None:
                rulebook_diff.rule_diff(connection, start, end)

            def each_pair() -> None:
                for older, newer in itertools.pairwise(days):
                    rulebook_diff.rule_diff(connection, older, newer)

            ours, base = paired_medians(digest, one_diff, runs=5, warmups=1)
            every = median_ns(each_pair, runs=1, warmups=0)
    finally:
        engine.dispose()
    ratio = ours / base
    # The digest is that rule-diff plus the vocabulary, glossary and lineage links: the
    # target is a person's wait, the ratio says what the extra reading costs.
    return [
        Row(
            f"changes --since BFZ ({len(days) - 1} releases), sqlite",
            seconds(ours),
            f"{seconds(base)} one rule-diff BFZ → latest",
            ratio,
            "< 1 s",
            ours < 1e9,
        ),
        Row(
            f"  the {len(days) - 1} pairwise rule-diffs it replaces",
            seconds(every),
            f"{seconds(ours)} changes",
            every / ours,
            "(information)",
            None,
        ),
    ]


def as_day(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


# The embedded database's size


def bench_sqlite_size(head_db: URL) -> list[Row]:
    """The SQLite file at head beside its SQL dump: the same rows (the full-text index's
    shadow tables among them) as INSERT statements, without the file's indexes and pages."""
    head = Path(str(head_db.database))
    dump, how = sqlite_dump(head)
    ours, base = head.stat().st_size, len(dump.encode("utf-8"))
    return [
        Row(
            "SQLite file at head (every release, rulebook, keywords)",
            f"{ours / 1e6:.1f} MB",
            f"{base / 1e6:.1f} MB its SQL dump ({how})",
            ours / base,
            "< 40 MB",
            ours < 40e6,
        )
    ]


# Lineage: rules followed through renumbering and rewording


def bench_lineage() -> list[Row]:
    """The matcher against the CR's own truth (each keyword titles its rule in every release
    listing it) and the links checked by hand, beside what a history following the number
    alone gets right; its time over the whole chain beside reading the seeds it reads."""
    from rulesdb.authoring.lineage_seed import chain_lineages
    from rulesdb.authoring.rulebook_seed import TextStore
    from tests.test_lineage import SEEDS, checked_by_hand, keyword_links

    revisions = sorted(path.stem for path in SEEDS.glob("cr_*.json"))
    started = time.perf_counter()
    TextStore(SEEDS)
    for revision in revisions:
        json.loads((SEEDS / f"{revision}.json").read_bytes())
    reading = time.perf_counter() - started
    started = time.perf_counter()
    lineages = chain_lineages(SEEDS, revisions)
    matching = time.perf_counter() - started
    found = keyword_links(lineages)
    checked = checked_by_hand() + checked_by_hand(misses=True)
    found_links = [lineages.links[day][rule] for day, rule, _ in checked]
    right = sum(
        link.source == expected for link, (_, _, expected) in zip(found_links, checked, strict=True)
    )
    wrong = sum(
        link.source is not None and link.source != expected
        for link, (_, _, expected) in zip(found_links, checked, strict=True)
    )
    missed = len(checked) - right - wrong
    by_number = sum(expected == rule for _, rule, expected in checked)
    links = [
        link for day in lineages.days for link in lineages.links[day].values() if link.how != "same"
    ]
    doubted = sum(link.uncertain for link in links)
    share = found.right / found.total
    return [
        Row(
            f"lineage: keyword title rules linked right ({found.total:,} links)",
            f"{share:.2%}, {len(found.wrong)} wrong, {len(found.missed)} missed",
            f"{found.same_number / found.total:.2%} by number alone",
            None,
            ">= 99%, 0 wrong",
            share >= 0.99 and not found.wrong,
        ),
        Row(
            f"lineage: keywords followed end to end ({found.keywords} keywords)",
            f"{found.followed}",
            f"{found.followed_by_number} by number alone",
            None,
            ">= 99%",
            found.followed >= 0.99 * found.keywords,
        ),
        Row(
            f"lineage: links checked by hand ({len(checked)})",
            f"{right} right, {wrong} wrong, {missed} missed",
            f"{by_number} by number alone",
            None,
            "0 wrong, <= 1 missed in 1,000",
            wrong == 0 and missed * 1000 <= len(checked),
        ),
        Row(
            f"lineage: links marked uncertain (of {len(links):,} stored)",
            f"{doubted}",
            "-",
            None,
            "(information)",
            None,
        ),
        Row(
            f"lineage: matching all {len(revisions)} releases, in process",
            seconds(matching * 1e9),
            f"{seconds(reading * 1e9)} reading their seeds and packs",
            matching / reading,
            "(information)",
            None,
        ),
    ]


# The rulebook as JSON


def bench_rulebook_export(head_db: URL) -> list[Row]:
    """``export --style rulebook``: the files' sizes, plain and gzipped, beside the SQLite file
    at head (the same rulebook and more); the time of --all-releases beside reading every
    release's rules and glossary entries from the views (one row per release and entry)."""
    import gzip

    from rulesdb.questions.rulebook_export import (
        dumps,
        export_rulebook,
        export_rulebook_all_releases,
    )

    database = Path(str(head_db.database)).read_bytes()
    database_gz = len(gzip.compress(database))
    engine = make_engine(head_db)
    try:
        every = (dumps(export_rulebook_all_releases(engine)) + "\n").encode("utf-8")
        one = (dumps(export_rulebook(engine, None)) + "\n").encode("utf-8")

        def export_all() -> None:
            dumps(export_rulebook_all_releases(engine))

        def read_views() -> None:
            with engine.connect() as connection:
                for view in ("release_rule", "release_glossary"):
                    connection.execute(text(f"SELECT * FROM {view}")).all()

        ours, base = paired_medians(export_all, read_views, runs=3, warmups=1)
    finally:
        engine.dispose()
    every_gz, one_gz = len(gzip.compress(every)), len(gzip.compress(one))
    megabytes = len(database) / 1e6
    return [
        Row(
            "export --style rulebook --all-releases: JSON file",
            f"{len(every) / 1e6:.1f} MB",
            f"{megabytes:.1f} MB the SQLite file at head",
            len(every) / len(database),
            "<= 2x",
            len(every) <= 2 * len(database),
        ),
        Row(
            "  the same file gzipped",
            f"{every_gz / 1e6:.1f} MB",
            f"{database_gz / 1e6:.1f} MB the SQLite file gzipped",
            every_gz / database_gz,
            "<= 1.5x",
            every_gz <= 1.5 * database_gz,
        ),
        Row(
            "  one release (the latest): JSON file, gzipped",
            f"{len(one) / 1e6:.2f} MB, {one_gz / 1e6:.2f} MB",
            f"{megabytes:.1f} MB the SQLite file at head",
            len(one) / len(database),
            "(information)",
            None,
        ),
        Row(
            "  --all-releases, in process (read, shape, write the text)",
            seconds(ours),
            f"{seconds(base)} SELECT * of every release's rows (release_rule, release_glossary)",
            ours / base,
            "< 10 s",
            ours < 10e9,
        ),
    ]


# The vocabulary helper, warm


def realistic_type_lines(vocab, count: int, seed: int = 20260807) -> list[str]:  # type: ignore[no-untyped-def]
    """Type lines as a card list has them: mostly creatures, common lines repeated often."""
    rng = random.Random(seed)
    sub = {c: list(vocab.subtypes_of(c)) for c in vocab.categories}

    def words(category: str, most: int) -> str:
        return " ".join(rng.sample(sub[category], rng.randint(1, most)))

    makers = [
        (30, lambda: f"Creature — {words('creature', 2)}"),
        (8, lambda: f"Legendary Creature — {words('creature', 2)}"),
        (4, lambda: f"Artifact Creature — {words('creature', 1)}"),
        (3, lambda: f"Enchantment Creature — {words('creature', 2)}"),
        (1, lambda: f"Snow Creature — {words('creature', 1)}"),
        (10, lambda: rng.choice(["Instant", "Sorcery"])),
        (2, lambda: f"{rng.choice(['Instant', 'Sorcery'])} — {words('spell', 1)}"),
        (1, lambda: f"Kindred {rng.choice(['Instant', 'Sorcery'])} — {words('creature', 1)}"),
        (4, lambda: "Artifact"),
        (4, lambda: f"Artifact — {words('artifact', 1)}"),
        (1, lambda: f"Legendary Artifact — {words('artifact', 1)}"),
        (4, lambda: "Enchantment"),
        (4, lambda: f"Enchantment — {words('enchantment', 1)}"),
        (3, lambda: "Land"),
        (5, lambda: f"Basic Land — {rng.choice(BASICS)}"),
        (3, lambda: f"Land — {words('land', 2)}"),
        (2, lambda: f"Legendary Planeswalker — {words('planeswalker', 1)}"),
        (1, lambda: f"Battle — {words('battle', 1)}"),
        (1, lambda: f"Plane — {rng.choice(sub['planar'])}"),
    ]
    weights = [w for w, _ in makers]
    distinct = list(dict.fromkeys(rng.choices(makers, weights)[0][1]() for _ in range(4000)))
    # Zipf-like repeats: a few lines (Instant, Basic Land — Forest) recur very often.
    popularity = [1 / (rank + 1) ** 0.8 for rank in range(len(distinct))]
    return rng.choices(distinct, popularity, k=count)


def bench_vocabulary(head_db: URL) -> list[Row]:
    try:
        from rulesdb.vocabulary.loader import clear_cache, load_vocabulary
    except ImportError:
        return [Row("vocabulary helper", "rulesdb.vocabulary.loader missing", "-", None, "-", None)]
    engine = make_engine(head_db)
    rows = []
    try:
        vocab = load_vocabulary(engine)
        members = list(vocab.subtypes_of("creature"))
        others = [n for c in vocab.categories if c != "creature" for n in vocab.subtypes_of(c)]
        # Mostly hits, some misses (other categories' subtypes), a few spelled differently.
        names = members + others[: len(members) // 3] + [n.upper() for n in members[:50]]
        random.Random(1).shuffle(names)
        names = names * max(1, 20_000 // len(names))
        known = frozenset(vocab.subtypes_of("creature"))
        is_subtype = vocab.is_subtype

        def helper() -> None:
            for name in names:
                is_subtype(name, "creature")

        def bare() -> None:
            for name in names:
                name in known  # noqa: B015  (the look-up is the point)

        ours, base = paired_medians(helper, bare, runs=15)
        per_call, per_base = ours / len(names), base / len(names)
        ratio = ours / base
        rows.append(
            Row(
                'v.is_subtype(name, "creature"), warm',
                f"{per_call:.0f} ns/call",
                f"{per_base:.0f} ns frozenset `in`",
                ratio,
                "< 1 µs and <= 25x",
                per_call < 1000 and ratio <= 25,
            )
        )

        card_words = [
            w for line in realistic_type_lines(vocab, 2000) for w in line.split() if w != "—"
        ]
        card_known = frozenset(vocab.card_types)
        is_card_type = vocab.is_card_type

        def card_helper() -> None:
            for word in card_words:
                is_card_type(word)

        def card_bare() -> None:
            for word in card_words:
                word in card_known  # noqa: B015

        ours, base = paired_medians(card_helper, card_bare, runs=15)
        per_call, ratio = ours / len(card_words), ours / base
        rows.append(
            Row(
                "v.is_card_type(word), warm",
                f"{per_call:.0f} ns/call",
                f"{base / len(card_words):.0f} ns frozenset `in`",
                ratio,
                "< 1 µs and <= 25x",
                per_call < 1000 and ratio <= 25,
            )
        )

        lines = realistic_type_lines(vocab, TYPE_LINES)
        distinct = len(set(lines))
        clear_cache()
        fresh = load_vocabulary(engine)  # nothing parsed yet
        start = time.perf_counter_ns()
        for line in lines:
            fresh.parse(line)
        cold = time.perf_counter_ns() - start
        parse = fresh.parse

        def parse_all() -> None:
            for line in lines:
                parse(line)

        def split_all() -> None:
            for line in lines:
                line.split()

        ours, base = paired_medians(parse_all, split_all, runs=9)
        rate, base_rate, ratio = len(lines) / ours * 1e9, len(lines) / base * 1e9, ours / base
        rows.append(
            Row(
                f"v.parse(line), warm ({len(lines):,} lines, {distinct:,} distinct)",
                f"{rate:,.0f} lines/s",
                f"{base_rate:,.0f} lines/s str.split",
                ratio,
                ">= 100,000/s and <= 10x",
                rate >= 100_000 and ratio <= 10,
            )
        )
        rows.append(
            Row(
                "v.parse(line), first pass (each distinct line parsed once)",
                f"{len(lines) / cold * 1e9:,.0f} lines/s",
                "-",
                None,
                "(information)",
                None,
            )
        )
    finally:
        engine.dispose()
    return rows
