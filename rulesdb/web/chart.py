"""Each category's size across the releases as inline SVG, drawn on the server (no script, no
asset to fetch): one small chart per category, one point per release that lists the category,
the line broken where a release does not list it.

Each chart is drawn twice, for a wide screen and for a phone (the page's CSS shows one): an
SVG's text scales with the SVG, so a chart squeezed to phone width would have labels too small
to read, and one year label per year would collide. The year labels' step and the count axis's
ticks are chosen from the width each layout has.
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

    @property
    def plot_width(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_height(self) -> int:
        return self.height - self.top - self.bottom


WIDE = Layout("chart-wide", 720, 190)
NARROW = Layout("chart-narrow", 356, 200, left=36, right=10)
LAYOUTS = (WIDE, NARROW)


def category_chart(category: str, points: list[tuple[str, int | None]], first: str,
                   last: str) -> str:
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
            step = base * 10 ** power
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


def _draw(layout: Layout, category: str, points: list[tuple[str, int | None]], first: str,
          last: str) -> str:
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
    for size in ticks:  # the count axis: a grid line and a label per tick
        parts.append(f'<line class="grid" x1="{layout.left}" x2="{plot_right}" '
                     f'y1="{y(size):.1f}" y2="{y(size):.1f}"/>'
                     f'<text class="tick y-tick" x="{layout.left - 5}" y="{y(size) + 4:.1f}" '
                     f'text-anchor="end">{size}</text>')
    step = year_step(layout, start, end)
    for year in range(start.year + 1, end.year + 1):  # the year axis: a mark each year
        at = x(date(year, 1, 1))
        labelled = year % step == 0
        parts.append(f'<line class="{"grid" if labelled else "year-mark"}" x1="{at:.1f}" '
                     f'x2="{at:.1f}" y1="{layout.top if labelled else plot_bottom - 3}" '
                     f'y2="{plot_bottom}"/>')
        if labelled:
            parts.append(f'<text class="tick x-tick" x="{at:.1f}" y="{plot_bottom + 15}" '
                         f'text-anchor="middle">{year}</text>')
    parts.append(f'<line class="axis" x1="{layout.left}" x2="{layout.left}" y1="{layout.top}" '
                 f'y2="{plot_bottom}"/><line class="axis" x1="{layout.left}" x2="{plot_right}" '
                 f'y1="{plot_bottom}" y2="{plot_bottom}"/>')
    parts.append(_legend(layout))
    for run in segments(points):
        line = " ".join(f"{x(date.fromisoformat(day)):.1f},{y(size):.1f}" for day, size in run)
        parts.append(f'<polyline class="series" points="{line}"/>')
    noun = f"{escape(category)} type"
    for day, count in points:
        if count is None:
            continue
        cx, cy = x(date.fromisoformat(day)), y(count)
        label = f"{day}: {count} {noun}{'' if count == 1 else 's'}"
        # The tip shows on hover and on keyboard focus (CSS), inside the chart's edges.
        anchor = "end" if cx > layout.left + layout.plot_width / 2 else "start"
        tip_x = cx - 6 if anchor == "end" else cx + 6
        tip_y = cy + 16 if cy < layout.top + 14 else cy - 8
        parts.append(
            f'<a class="point" href="/release/{day}" aria-label="{label}"><title>{label}</title>'
            f'<circle class="hit" cx="{cx:.1f}" cy="{cy:.1f}" r="6"/>'
            f'<circle class="point" cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" data-release="{day}" '
            f'data-size="{count}"/><text class="tip" x="{tip_x:.1f}" y="{tip_y:.1f}" '
            f'text-anchor="{anchor}">{day}: {count}</text></a>')
    listed = sum(size is not None for _, size in points)
    return (f'<svg class="chart {layout.name}" role="group" data-category="{escape(category)}" '
            f'data-points="{listed}" aria-label="{escape(category.capitalize())} types per '
            f'release, {first} to {last}" viewBox="0 0 {layout.width} {layout.height}" '
            f'width="{layout.width}" height="{layout.height}" font-size="{FONT}" '
            f'xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>')


def _legend(layout: Layout) -> str:
    """Above the plot: what the line is, and what a gap in it is."""
    y = layout.top - 12
    x = layout.left
    gap_x = x + 150
    return (f'<g class="legend"><line class="series" x1="{x}" x2="{x + 18}" y1="{y - 4}" '
            f'y2="{y - 4}"/><circle class="swatch" cx="{x + 9}" cy="{y - 4}" r="2.5"/>'
            f'<text x="{x + 24}" y="{y}">subtypes listed</text>'
            f'<line class="series" x1="{gap_x}" x2="{gap_x + 6}" y1="{y - 4}" y2="{y - 4}"/>'
            f'<line class="series" x1="{gap_x + 12}" x2="{gap_x + 18}" y1="{y - 4}" '
            f'y2="{y - 4}"/><text x="{gap_x + 24}" y="{y}">gap: not listed</text></g>')
