"""`rulesdb serve` in a real browser: a real server process on a free port, Debian's chromium
driven by Playwright, one server for the module. A failing test leaves a screenshot of the page
it was on in its tmp_path (failed.png); passing ones take none (a full-page PNG is a fifth of
this module's time, and nothing reads it).

Every page (:data:`PAGES`) is opened at a desktop's and a phone's width (:data:`VIEWPORTS`):
nothing reaches past the screen's right edge, the chart's labels do not overlap, and axe-core
(injected from :data:`tests.settings.AXE`) finds no serious or critical accessibility problem.

Skips when Datasette, Playwright, /usr/bin/chromium or axe-core is missing, except in CI
(CI=true or RULESDB_REQUIRE_BROWSER=1), where it fails. ``python -m tests.test_web`` rewrites
the docs' pictures (:data:`SCREENSHOTS`) the same way.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import itertools
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from rulesdb.questions.diff import compare
from rulesdb.questions.rulebook_diff import rule_diff
from rulesdb.store.descriptions import descriptions
from rulesdb.store.engine import make_engine
from rulesdb.web.canned import canned_queries
from tests import settings
from tests.settings import ROOT, folder, required
from tests.support.runs import CALL_REPORT

CHROMIUM = folder(settings.CHROMIUM)
REQUIRED = required(settings.REQUIRE_BROWSER)
AXE = folder(settings.AXE).expanduser()
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
# Every page a person reads, and Datasette's database page: one of each kind.
PAGES = {
    "home": "/",
    "release": "/release/2024-06-07",
    "diff": "/diff?from=2024-04-12&to=2024-06-07",
    "changes": "/changes?since=OTJ&to=MH3",
    # a diff with Wizards' reasons quoted beside its changes (docs/bulletins.md)
    "bulletin": "/diff?from=2017-06-05&to=2017-07-08",
    "word": "/word/Naga",
    "chart": "/chart",
    "rule": "/rule/702.19?as_of=2024-06-07",
    "glossary": "/glossary/Subtype",
    "search": "/search?q=trample",
    "explain": "/explain?line=Legendary+Creature+%E2%80%94+Human+Cleric",
    "database": "/rulesdb",
}
# The docs' pictures: file, page, viewport.
SCREENSHOTS = [
    (ROOT / "docs" / "release-page.png", "/release/2024-06-07", DESKTOP),
    (ROOT / "docs" / "chart.png", "/chart", DESKTOP),
    (ROOT / "docs" / "release-page-phone.png", "/release/2024-06-07", PHONE),
]
SEVERE = ("serious", "critical")  # axe's impacts that fail a page
STARTUP_LIMIT = 120  # seconds: an upper bound for a server that is broken, not a speed test
# One worker runs the module: one server and one browser for the run, not one each.
pytestmark = pytest.mark.xdist_group("web")


def _missing() -> str | None:
    for module in ("datasette", "playwright"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install '.[web,test]')"
    if not CHROMIUM.is_file():
        return f"no browser at {CHROMIUM} (apt-get install chromium)"
    return None


@contextlib.contextmanager
def served(database: Path, console: list[str] | None = None) -> Iterator[str]:
    """`rulesdb --db sqlite:///DATABASE serve --port 0` as its own process; yields its URL.
    What the server prints after its first line is appended to ``console`` as it comes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "rulesdb", "--db", f"sqlite:///{database}", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + STARTUP_LIMIT
        # The first line names the port it bound: "rulesdb: serving FILE ... on http://H:P/".
        ready, _, _ = select.select([process.stdout], [], [], STARTUP_LIMIT)
        line = process.stdout.readline() if ready else ""  # type: ignore[union-attr]
        found = re.search(r"on (http://\S+?)/ ", line)
        assert found, f"rulesdb serve did not start: {line!r}"
        base = found.group(1)
        while True:
            if process.poll() is not None:
                raise AssertionError(f"rulesdb serve exited: {process.stdout.read()}")  # type: ignore[union-attr]
            try:
                with urllib.request.urlopen(f"{base}/-/versions.json", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        # Keep reading what the server prints (its request errors): a pipe nobody empties
        # fills up and then blocks the server mid-request.
        kept = console if console is not None else []
        drain = threading.Thread(
            target=lambda: kept.extend(process.stdout),  # type: ignore[arg-type]
            daemon=True,
        )
        drain.start()
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextlib.contextmanager
def browser_page() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield browser.new_page(viewport=DESKTOP)
        finally:
            browser.close()


@pytest.fixture(scope="module")
def site(_head_sqlite: Path) -> Iterator[tuple[str, Path, list[str]]]:
    problem = _missing()
    if problem:
        if REQUIRED:
            pytest.fail(f"the browser tests are required here: {problem}")
        pytest.skip(problem)
    before = hashlib.sha256(_head_sqlite.read_bytes()).hexdigest()
    console: list[str] = []
    with served(_head_sqlite, console) as base:
        yield base, _head_sqlite, console
    # Served read-only: not one byte of the file changed, whatever was tried.
    assert hashlib.sha256(_head_sqlite.read_bytes()).hexdigest() == before


@pytest.fixture(scope="module")
def page(site: tuple[str, Path, list[str]]) -> Iterator:
    with browser_page() as opened:
        yield opened


@pytest.fixture
def db(site: tuple[str, Path, list[str]]) -> Iterator:
    engine = make_engine(URL.create("sqlite", database=str(site[1])))
    yield engine
    engine.dispose()


@pytest.fixture(autouse=True)
def _screenshot_if_failed(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    yield
    report = request.node.stash.get(CALL_REPORT, None)
    if report is not None and report.failed and "page" in request.fixturenames:
        with contextlib.suppress(Exception):  # a dead browser must not hide the failure
            request.getfixturevalue("page").screenshot(
                path=str(tmp_path / "failed.png"), full_page=True
            )


def submit(page, button) -> None:  # type: ignore[no-untyped-def]
    """Press a form's button and wait for the page it opens to load: a click waits only for
    the navigation to begin, and a read that does not wait (``all_inner_texts``,
    ``content``) would read a page still arriving."""
    button.click()
    page.wait_for_load_state()


def visit(page, site: tuple[str, Path, list[str]], path: str) -> int:  # type: ignore[no-untyped-def]
    response = page.goto(site[0] + path)
    assert "Traceback" not in page.content()
    return response.status


@pytest.fixture(params=list(VIEWPORTS))
def sized(page, request: pytest.FixtureRequest) -> Iterator:  # type: ignore[no-untyped-def]
    """The module's page at a desktop's or a phone's size, back to the desktop's after."""
    page.set_viewport_size(VIEWPORTS[request.param])
    yield page
    page.set_viewport_size(DESKTOP)


# What reaches past the right edge of the screen. What an ancestor clips is not seen there
# (a wide table scrolling in its own box; CodeMirror's hidden input): the ancestor is checked.
PAST_THE_EDGE = """() => {
  const edge = window.innerWidth + 0.5, found = [];
  for (const element of document.querySelectorAll("body *")) {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let right = box.right;
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible")
        right = Math.min(right, up.getBoundingClientRect().right);
    }
    const words = (element.textContent || "").trim().slice(0, 30);
    if (right > edge) found.push(`${element.tagName} ${element.getAttribute("class")} "${words}" `
                                 + `ends at ${right}`);
  }
  return {scroll: document.documentElement.scrollWidth, width: window.innerWidth, found};
}"""

# The boxes of the chart's visible labels (ticks, legend), chart by chart.
CHART_LABELS = """() => [...document.querySelectorAll("svg.chart")]
  .filter(svg => svg.getBoundingClientRect().width > 0)
  .map(svg => ({category: svg.dataset.category, labels: [...svg.querySelectorAll("text")]
    .map(text => ({text: text.textContent, box: text.getBoundingClientRect().toJSON()}))
    .filter(label => label.box.width > 0)}))"""


def overlapping(labels: list[dict]) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    """The pairs of labels whose boxes share any area."""
    pairs = []
    for index, one in enumerate(labels):
        for other in labels[index + 1 :]:
            a, b = one["box"], other["box"]
            if (
                a["left"] < b["right"]
                and b["left"] < a["right"]
                and a["top"] < b["bottom"]
                and b["top"] < a["bottom"]
            ):
                pairs.append((one["text"], other["text"]))
    return pairs


@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_the_screen(sized, site, name: str) -> None:  # type: ignore[no-untyped-def]
    assert visit(sized, site, PAGES[name]) == 200
    found = sized.evaluate(PAST_THE_EDGE)
    assert found["scroll"] <= found["width"], found
    assert found["found"] == [], found["found"][:10]


@pytest.mark.parametrize("name", list(PAGES))
def test_page_has_no_serious_accessibility_problem(sized, site, name: str) -> None:  # type: ignore[no-untyped-def]
    if not AXE.is_file():
        problem = f"no axe-core at {AXE} (npm install --prefix ~/.cache/rulesdb-axe axe-core@4)"
        if REQUIRED:
            pytest.fail(f"the browser tests are required here: {problem}")
        pytest.skip(problem)
    assert visit(sized, site, PAGES[name]) == 200
    sized.add_script_tag(path=str(AXE))
    violations = sized.evaluate(
        "async () => (await axe.run()).violations.map(v => ({id: v.id, "
        "impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5)"
        ".map(n => n.target.join(' '))}))"
    )
    assert [v for v in violations if v["impact"] in SEVERE] == []


# Where each text of a rule's versions lies, and whether its table scrolls sideways.
VERSION_TEXTS = """() => {
  const table = document.querySelector("table.versions");
  return {scrolls: table.scrollWidth > table.clientWidth + 0.5, width: window.innerWidth,
          texts: [...table.querySelectorAll("td.marked")].map(cell => {
            const box = cell.getBoundingClientRect();
            return {left: box.left, right: box.right, width: box.width};
          })};
}"""


def test_a_rules_versions_read_at_phone_width(page, site) -> None:  # type: ignore[no-untyped-def]
    """At 390 px each version's text is on the screen, most of its width, with no box to
    scroll sideways (the table stacks its rows); at 1280 px it stays a table."""
    page.set_viewport_size(PHONE)
    try:
        assert visit(page, site, PAGES["rule"]) == 200
        found = page.evaluate(VERSION_TEXTS)
        assert not found["scrolls"] and len(found["texts"]) >= 4
        for box in found["texts"]:
            assert box["left"] >= 0 and box["right"] <= found["width"], box
            assert box["width"] >= 0.8 * found["width"], box
        assert page.locator("table.versions thead").is_hidden()
    finally:
        page.set_viewport_size(DESKTOP)
    assert visit(page, site, PAGES["rule"]) == 200
    assert page.locator("table.versions thead").is_visible()


def test_chart_axes_are_readable(sized, site, db) -> None:  # type: ignore[no-untyped-def]
    assert visit(sized, site, "/chart") == 200
    charts = sized.evaluate(CHART_LABELS)
    with db.connect() as connection:
        categories = connection.execute(
            text("SELECT COUNT(DISTINCT category) FROM release_category")
        ).scalar()
    assert len(charts) == categories  # one chart shown per category at either width
    for chart in charts:
        assert overlapping(chart["labels"]) == [], chart["category"]
        shown = sized.locator(f'svg.chart[data-category="{chart["category"]}"]:visible')
        years = [int(t) for t in shown.locator("text.x-tick").all_text_contents()]
        counts = [int(t) for t in shown.locator("text.y-tick").all_text_contents()]
        assert len(years) >= 4 and years == sorted(years), chart["category"]
        assert len(counts) >= 3 and counts[0] == 0, chart["category"]
        steps = {b - a for a, b in itertools.pairwise(counts)}
        assert len(steps) == 1 and str(steps.pop())[0] in "125", counts  # 1, 2 or 5 × 10ⁿ
        assert shown.bounding_box()["width"] <= sized.viewport_size["width"]


def test_chart_breaks_where_a_release_does_not_list_the_category(page, site, db) -> None:
    assert visit(page, site, "/chart") == 200
    with db.connect() as connection:
        days = [
            row[0]
            for row in connection.execute(
                text("SELECT effective_date FROM release ORDER BY effective_date")
            )
        ]
        listing = connection.execute(
            text("SELECT category, release_date FROM release_category")
        ).all()
    for category in {category for category, _ in listing}:
        listed = "".join("1" if (category, day) in set(listing) else "0" for day in days)
        runs = len([run for run in listed.split("0") if run])
        chart = page.locator(f'svg.chart-wide[data-category="{category}"]')
        assert chart.locator("polyline.series").count() == runs, category
    # Enchantment types: 1999 to 2003, not listed for five releases, then listed again.
    assert page.locator('svg.chart-wide[data-category="enchantment"] polyline.series').count() > 1


def test_chart_point_tells_its_release_and_count_on_focus(page, site, db) -> None:
    assert visit(page, site, "/chart") == 200
    chart = page.locator('svg.chart-wide[data-category="creature"]')
    point = chart.locator("a").last
    tip = point.locator("text")
    assert not tip.is_visible()
    point.focus()
    day = point.get_attribute("href").removeprefix("/release/")
    with db.connect() as connection:
        size = connection.execute(
            text(
                "SELECT COUNT(*) FROM release_subtype WHERE release_date = :day "
                "AND category = 'creature'"
            ),
            {"day": day},
        ).scalar()
    assert tip.is_visible() and tip.text_content() == f"{day}: {size}"
    assert chart.get_by_role("link", name=f"{day}: {size}", exact=True).count() == 1
    page.keyboard.press("Enter")  # a point is a link to its release
    page.wait_for_url(f"{site[0]}/release/{day}", timeout=10_000)


def test_home_lists_every_release_with_its_change(page, site, db) -> None:
    assert visit(page, site, "/") == 200
    with db.connect() as connection:
        count = connection.execute(text("SELECT COUNT(*) FROM release")).scalar()
    assert page.locator("tr.release").count() == count
    row = page.locator("tr.release", has_text="2024-06-07")
    assert "tribal → kindred" in row.inner_text()
    assert "3 creature types merged" in row.inner_text()
    objects = page.locator("table.objects").inner_text()
    assert "v_lifetime\tview\tView: every item ever listed" in objects
    row.get_by_role("link", name="2024-06-07").click()
    assert page.url == site[0] + "/release/2024-06-07"


def test_release_page_lists_kindred_and_each_category(page, site) -> None:
    assert visit(page, site, "/release/2024-06-07") == 200
    card_types = page.locator("ul.card-types li").all_inner_texts()
    assert any(item.startswith("kindred") for item in card_types)
    assert not any(item.startswith("tribal") for item in card_types)
    assert page.locator("h3#creature").inner_text() == "Creature types 205.3m"
    creature = page.locator('ul.subtypes[data-category="creature"] li').all_inner_texts()
    assert "Naga" not in creature and "Time Lord" in creature
    page.locator('ul.subtypes[data-category="creature"]').get_by_role("link", name="Dragon").click()
    assert page.locator("h1").inner_text() == "Dragon"


def test_diff_page_is_the_diff_with_links_and_marked_words(page, site, db) -> None:
    assert visit(page, site, "/diff?from=2024-04-12&to=2024-06-07") == 200
    shown = page.locator("div.diff").inner_text()
    assert "card type: tribal → kindred" in shown
    comparison = compare(db, date(2024, 4, 12), date(2024, 6, 7))
    markdown = comparison.to_markdown().split("### Rules")[0]
    lines = [line.lstrip("#- ").strip() for line in markdown.splitlines() if line.strip()]
    shown_lines = [line.strip() for line in shown.splitlines() if line.strip()]
    assert shown_lines[: len(lines)] == lines  # the vocabulary as `rulesdb diff` says it
    # The whole rulebook, each rule by its lineage: its number a link, its words marked; a
    # long one starts collapsed.
    notes = rule_diff(db, date(2024, 4, 12), date(2024, 6, 7))
    changes = page.locator("section.rule-change")
    assert changes.count() == len(notes.changed) + len(notes.moved) + len(notes.added) + len(
        notes.removed
    )
    kindred = changes.filter(has=page.get_by_role("link", name="205.2a", exact=True))
    assert [t.strip() for t in kindred.locator("ins").all_text_contents()] == ["kindred,"]
    assert [t.strip() for t in kindred.locator("del").all_text_contents()] == ["tribal,"]
    creature = changes.filter(has=page.get_by_role("link", name="205.3m", exact=True))
    assert not creature.locator("p.marked").is_visible()  # long: collapsed
    creature.locator("summary").click()
    assert any("Naga" in text for text in creature.locator("del").all_inner_texts())
    moved = changes.filter(has=page.locator('h4 a[href="/rule/111.12?as_of=2024-04-12"]'))
    assert moved.locator("h4 a").all_inner_texts() == ["111.12", "111.13"]
    # Every name and rule number is a link, and every link answers.
    names = {*comparison.added.get("creature", []), *comparison.removed.get("creature", [])}
    links = page.locator("div.diff a")
    assert names <= set(links.all_inner_texts())
    for href in {links.nth(i).get_attribute("href") for i in range(links.count())}:
        assert page.request.get(site[0] + href).status == 200, href
    # The form compares any two releases, backwards too.
    page.select_option("select[name=from]", "2024-06-07")
    page.select_option("select[name=to]", "2024-04-12")
    submit(page, page.get_by_role("button", name="Compare"))
    assert "card type: kindred → tribal" in page.locator("div.diff").inner_text()


def test_word_page_tells_when_listed_renamed_and_cited(page, site) -> None:
    assert visit(page, site, "/word/naga") == 200
    listing = page.locator("section.listing").inner_text()
    assert "Creature type: Naga" in listing
    assert "Listed from 2014-09-25 to 2024-04-12" in listing
    assert "No longer listed from 2024-06-07 on." in listing
    assert "205.3m lists" in page.locator("ul.citations").inner_text()
    assert visit(page, site, "/word/Kindred") == 200
    assert "Renamed from tribal on 2024-06-07." in page.locator("section.listing").inner_text()


def test_chart_has_one_point_per_release(page, site, db) -> None:
    assert visit(page, site, "/chart") == 200
    with db.connect() as connection:
        releases = connection.execute(text("SELECT COUNT(*) FROM release")).scalar()
        having = dict(
            connection.execute(
                text("SELECT category, COUNT(*) FROM release_category GROUP BY category")
            ).all()
        )
    charts = page.locator("svg.chart-wide")
    assert charts.count() == page.locator("svg.chart-narrow").count() == len(having)
    for category, count in having.items():
        points = page.locator(f'svg.chart-wide[data-category="{category}"] a circle')
        assert points.count() == count, category
    with db.connect() as connection:  # every release since creature types were first listed
        since = connection.execute(
            text(
                "SELECT COUNT(*) FROM release WHERE effective_date >= (SELECT MIN(release_date) "
                "FROM release_category WHERE category = 'creature')"
            )
        ).scalar()
    assert 0 < since < releases  # the Sixth Edition rules list no creature types
    creature = page.locator('svg.chart-wide[data-category="creature"] a')
    assert creature.locator("circle").count() == since
    assert creature.last.get_attribute("href") == "/release/2026-08-07"


def test_canned_query_with_a_date(page, site, db) -> None:
    query = next(q for q in canned_queries() if q.name == "subtypes_in_force")
    page.goto(f"{site[0]}/rulesdb/{query.name}")
    for name, value in query.example.items():
        page.fill(f"input[name={name}]", value)
    submit(page, page.get_by_role("button", name="Run SQL"))
    shown = page.locator("table.rows-and-columns td.col-name").all_inner_texts()
    with db.connect() as connection:
        expected = [row[0] for row in connection.execute(text(query.with_examples()))]
    assert shown == expected == ["Dragon", "Drake", "Dreadnought", "Drone", "Druid", "Dryad"]


def test_sql_page_refuses_a_write(page, site, db) -> None:
    page.goto(f"{site[0]}/rulesdb")
    editor = page.locator(".CodeMirror")  # Datasette 0.65: CodeMirror 5 over the textarea
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("DELETE FROM release")
    submit(page, page.get_by_role("button", name="Run SQL"))
    assert "Statement must be a SELECT" in page.content()
    for statement in ("PRAGMA query_only = 0", "ATTACH DATABASE 'x.db' AS x"):
        response = page.goto(f"{site[0]}/rulesdb?sql={statement}")
        assert response.status == 400, statement
    # The server's console: one line a refusal, no traceback (the browser got a clean 400).
    deadline = time.monotonic() + STARTUP_LIMIT
    while (
        sum("rulesdb: refused GET /rulesdb?sql=" in line for line in site[2]) < 3
        and time.monotonic() < deadline
    ):
        time.sleep(0.1)
    refused = [line for line in site[2] if "refused" in line]
    assert [line.split(": 400 ")[1].strip() for line in refused[-3:]] == [
        "Statement must be a SELECT"
    ] * 3, refused
    assert not any("Traceback" in line or "│" in line for line in site[2]), site[2][:20]
    with db.connect() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM release")).scalar() >= 64


def test_database_page_describes_its_tables_and_views(page, site, db) -> None:
    assert visit(page, site, "/rulesdb") == 200
    shown = {}
    for block in page.locator("div.db-table").all():
        name = block.locator("h3 a").inner_text()
        shown[name] = block.locator("p.table-description").inner_text()
    for item in page.locator("#views + ul li").all():
        name = item.locator("a").inner_text()
        shown[name] = item.locator(".table-description").inner_text()
    with db.connect() as connection:  # what the page lists: the file's tables and views
        listed = {
            row[0]
            for row in connection.execute(
                text("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
            )
        }
    described = {name: item.description for name, item in descriptions().items()}
    assert shown and set(shown) <= listed
    assert shown == {name: described[name] for name in shown}
    assert {"release", "v_subtype", "v_lifetime"} <= set(shown)


def test_unknown_release_and_word_pages(page, site) -> None:
    assert visit(page, site, "/release/2024-06-08") == 404
    assert "the release in force that day took effect on 2024-06-07" in page.content()
    assert visit(page, site, "/release/1999-01-01") == 404
    assert "No release took effect on 1999-01-01" in page.content()
    assert visit(page, site, "/release/soon") == 404
    assert visit(page, site, "/word/Nagaa") == 404
    assert "unknown word 'Nagaa'" in page.locator("p.not-found").inner_text()


def test_rule_page_in_the_release_in_force(page, site, db) -> None:
    from rulesdb.questions.rulebook import rule_history

    assert visit(page, site, "/rule/702.19?as_of=2024-06-07") == 200
    assert page.locator("p.rule-text").inner_text() == "702.19 Trample"
    subrules = page.locator("ul.subrules li").all_inner_texts()
    assert [item.split()[0] for item in subrules] == [f"702.19{c}" for c in "abcdefg"]
    versions = page.locator("table.versions tr.version")
    assert versions.count() == len(rule_history(db, "702.19"))
    page.locator("ul.subrules").get_by_role("link", name="702.19c").click()
    assert page.url == site[0] + "/rule/702.19c?as_of=2024-06-07"
    assert "Trample over planeswalkers" in page.locator("p.rule-text").inner_text()


def test_rule_page_marks_each_versions_words(page, site) -> None:
    """Deathtouch's 702.2c: each version's words against the one before, through its
    rewordings; a version that changed only its apostrophes says so instead."""
    assert visit(page, site, "/rule/702.2c?as_of=2012-01-01") == 200
    rows = page.locator("table.versions tr.version")
    first, second = rows.nth(0), rows.nth(1)
    assert first.locator("ins, del").count() == 0  # nothing before it to compare with
    assert second.locator("ins").all_text_contents() == [" with toughness greater than 0"]
    assert second.locator("del").count() == 0
    assert "only quotes, apostrophes or dashes changed" in rows.nth(2).inner_text()


def test_glossary_search_and_unknown_rulebook_pages(page, site) -> None:
    assert visit(page, site, "/glossary/Subtype") == 200
    assert (
        page.locator("p.definition")
        .inner_text()
        .startswith("A characteristic that appears after the card type and a long dash")
    )
    assert visit(page, site, "/") == 200
    page.fill("form.search-form input[name=q]", "trample")
    submit(page, page.get_by_role("button", name="Search"))
    assert page.locator("ol.results mark").first.inner_text().lower() == "trample"
    page.locator("ol.results").get_by_role("link", name="702.19", exact=True).click()
    assert page.locator("p.rule-text").inner_text() == "702.19 Trample"
    assert visit(page, site, "/rule/702.999?as_of=2024-06-07") == 404
    assert "No rule 702.999 in release 2024-06-07" in page.locator("p.not-found").inner_text()
    assert visit(page, site, "/glossary/Subtypo") == 404
    assert "nearest: Subtype" in page.locator("p.not-found").inner_text()


def main() -> None:
    """Rewrite the docs' pictures (SCREENSHOTS) from a fresh head database, as a reader sees
    each page."""
    from rulesdb.store import migrate

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "head.sqlite3"
        engine = make_engine(URL.create("sqlite", database=str(path)))
        migrate.upgrade(engine)
        engine.dispose()
        with served(path) as base, browser_page() as opened:
            for picture, address, viewport in SCREENSHOTS:
                opened.set_viewport_size(viewport)
                opened.goto(base + address)
                picture.parent.mkdir(exist_ok=True)
                opened.screenshot(path=str(picture))
                print(f"{picture.relative_to(ROOT)} rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
