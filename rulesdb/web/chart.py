"""Each category's size across the releases as inline SVG, drawn on the server (no script, no
asset to fetch): one small chart per category, one point per release that lists the category,
the line broken where a release does not list it.

Each chart is drawn twice, for a wide screen and for a phone (the page's CSS shows one): an
SVG's text scales with the SVG, so a chart squeezed to phone width would have labels too small
to read, and one year label per year would collide. The year labels' step and the count axis's
ticks are chosen from the width each layout has. Only the wide layout's points are links with
a tip; the phone's are dots marked on its line, and the markup holds no attribute the page's
CSS can set, so the page stays under 150 KB (tests/test_web_app.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from html import escape

FONT = 11  # px: the labels' size; each layout is shown at (about) its own width, unscaled
DIGIT = 0.62 * FONT  # an upper bound of one digit's width in the page's sans-serif font
YEAR_STEPS = (1, 2, 5, 10, 20, 50)
MOST_Y_TICKS = 5  # intervals on the count axis, at most


@dataclass(frozen=True)
class Layout:
    name: str  # the CSS class the page shows or hides by screen width
    width: int
    height: int
    left: int = 40
    right: int = 14
    top: int = 30  # room for the legend above the plot
    bottom: int = 24
    # Each release's point a link with its tip; else the line's vertices drawn as dots only
    # (a phone's layout: two linked copies of every point would pass the page's size budget).
    points: bool = True

    @property
    def plot_width(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_height(self) -> int:
        return self.height - self.top - self.bottom


WIDE = Layout("chart-wide", 720, 190)
NARROW = Layout("chart-narrow", 356, 200, left=36, right=10, points=False)
LAYOUTS = (WIDE, NARROW)


# The phone layout's dots: a marker on each vertex of its lines (the page's CSS sets it), defined
# once on the page in an SVG of no size.
DEFS = (
    '<svg class="chart-defs" width="0" height="0" aria-hidden="true" focusable="false">'
    '<defs><marker id="chart-dot" viewBox="-3 -3 6 6" markerWidth="6" markerHeight="6" '
    'markerUnits="userSpaceOnUse"><circle r="2.5" fill="#276890"/></marker></defs></svg>'
)


def category_chart(
    category: str, points: list[tuple[str, int | None]], first: str, last: str
) -> str:
    """SVG line charts of (release date, size) over first..last (ISO dates), one per layout.

    A size of None is a release that does not list the category: the line breaks there.
    """
    return "".join(_draw(layout, category, points, first, last) for layout in LAYOUTS)


def year_step(layout: Layout, first: date, last: date) -> int:
    """The fewest years between two year labels that keeps the labels apart at this width."""
    per_year = layout.plot_width / max((last - first).days / 365.25, 1)
    wanted = 4 * DIGIT + FONT  # a four-digit year and a gap of one em
    return next((step for step in YEAR_STEPS if step * per_year >= wanted), YEAR_STEPS[-1])


def count_ticks(largest: int) -> list[int]:
    """0 up to a round number at or above ``largest``, in steps of 1, 2 or 5 times a power of
    ten: at least three ticks, at most MOST_Y_TICKS + 1."""
    largest = max(largest, 1)
    for power in range(int(math.log10(largest)) + 1):
        for base in (1, 2, 5):
            step = base * 10**power
            intervals = math.ceil(largest / step)
            if intervals <= MOST_Y_TICKS:
                return list(range(0, max(intervals, 2) * step + 1, step))
    step = 10 ** (int(math.log10(largest)) + 1)
    return [0, step, 2 * step]


def segments(points: list[tuple[str, int | None]]) -> list[list[tuple[str, int]]]:
    """Runs of consecutive releases listing the category (None ends a run)."""
    runs: list[list[tuple[str, int]]] = [[]]
    for day, size in points:
        if size is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((day, size))
    return [run for run in runs if run]


def _draw(
    layout: Layout, category: str, points: list[tuple[str, int | None]], first: str, last: str
) -> str:
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    span = max((end - start).days, 1)
    ticks = count_ticks(max((size for _, size in points if size is not None), default=0))
    top = ticks[-1]
    plot_bottom = layout.top + layout.plot_height
    plot_right = layout.left + layout.plot_width

    def x(day: date) -> float:
        return layout.left + layout.plot_width * (day - start).days / span

    def y(size: int) -> float:
        return layout.top + layout.plot_height * (1 - size / top)

    parts: list[str] = []
    # Grid lines and year marks: one path each, so the markup stays small (the page has two
    # charts per category); the labels stay text, one element each.
    grid = [f"M{layout.left} {y(size):.0f}H{plot_right}" for size in ticks]
    marks = []
    for size in ticks:  # the count axis: a label per tick
        parts.append(
            f'<text class="y-tick" x="{layout.left - 5}" y="{y(size) + 4:.0f}">{size}</text>'
        )
    step = year_step(layout, start, end)
    for year in range(start.year + 1, end.year + 1):  # the year axis: a mark each year
        at = x(date(year, 1, 1))
        if year % step == 0:
            grid.append(f"M{at:.0f} {layout.top}V{plot_bottom}")
            parts.append(f'<text class="x-tick" x="{at:.0f}" y="{plot_bottom + 15}">{year}</text>')
        else:
            marks.append(f"M{at:.0f} {plot_bottom - 3}v3")
    parts.insert(
        0, f'<path class="grid" d="{"".join(grid)}"/><path class="year-mark" d="{"".join(marks)}"/>'
    )
    parts.append(f'<path class="axis" d="M{layout.left} {layout.top}V{plot_bottom}H{plot_right}"/>')
    parts.append(_legend(layout))
    for run in segments(points):
        line = " ".join(f"{x(date.fromisoformat(day)):.0f},{y(size):.0f}" for day, size in run)
        parts.append(f'<polyline class="series" points="{line}"/>')
    if layout.points:
        parts.extend(
            _point(day, size, x(date.fromisoformat(day)), y(size))
            for day, size in points
            if size is not None
        )
    listed = sum(size is not None for _, size in points)
    return (
        f'<svg class="chart {layout.name}" role="group" data-category="{escape(category)}" '
        f'data-points="{listed}" aria-label="{escape(category.capitalize())} types per '
        f'release, {first} to {last}" viewBox="0 0 {layout.width} {layout.height}" '
        f'width="{layout.width}" height="{layout.height}" font-size="{FONT}" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>'
    )


def _point(day: str, size: int, cx: float, cy: float) -> str:
    """A release's point: a link to the release whose name, "DAY: SIZE", is its tip, shown at
    the chart's top right on hover and keyboard focus. No class or attribute more: the page's
    CSS draws, places and shows them (``svg.chart a circle``, ``svg.chart a text``), and there
    is one per release in each category."""
    return (
        f'<a href="/release/{day}"><circle cx="{cx:.0f}" cy="{cy:.0f}"/>'
        f"<text>{day}: {size}</text></a>"
    )


def _legend(layout: Layout) -> str:
    """Above the plot: what the line is, and what a gap in it is."""
    y = layout.top - 12
    x = layout.left
    gap_x = x + 150
    return (
        f'<g class="legend"><line class="series" x1="{x}" x2="{x + 18}" y1="{y - 4}" '
        f'y2="{y - 4}"/><circle class="swatch" cx="{x + 9}" cy="{y - 4}" r="2.5"/>'
        f'<text x="{x + 24}" y="{y}">subtypes listed</text>'
        f'<line class="series" x1="{gap_x}" x2="{gap_x + 6}" y1="{y - 4}" y2="{y - 4}"/>'
        f'<line class="series" x1="{gap_x + 12}" x2="{gap_x + 18}" y1="{y - 4}" '
        f'y2="{y - 4}"/><text x="{gap_x + 24}" y="{y}">gap: not listed</text></g>'
    )
