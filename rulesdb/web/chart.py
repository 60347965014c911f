"""Each category's size across the releases as inline SVG, drawn on the server (no script, no
asset to fetch): one small chart per category, one point per release that has the category."""

from __future__ import annotations

from datetime import date
from html import escape

WIDTH, HEIGHT = 720, 150
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 24


def category_chart(category: str, points: list[tuple[str, int]], first: str, last: str) -> str:
    """An SVG line chart of (release date, size) over the span first..last (ISO dates)."""
    start, end = date.fromisoformat(first).toordinal(), date.fromisoformat(last).toordinal()
    span = max(end - start, 1)
    top = max((size for _, size in points), default=0) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: str) -> float:
        return LEFT + plot_w * (date.fromisoformat(day).toordinal() - start) / span

    def y(size: int) -> float:
        return TOP + plot_h * (1 - size / top)

    coords = [(x(day), y(size), day, size) for day, size in points]
    line = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy, _, _ in coords)
    dots = "".join(
        f'<circle class="point" cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" data-release="{day}" '
        f'data-size="{size}"><title>{day}: {size} {escape(category)} types</title></circle>'
        for cx, cy, day, size in coords)
    years = range(date.fromisoformat(first).year + 1, date.fromisoformat(last).year + 1)
    ticks = "".join(
        f'<line x1="{x(f"{year}-01-01"):.1f}" x2="{x(f"{year}-01-01"):.1f}" y1="{TOP}" '
        f'y2="{TOP + plot_h}" class="grid"/><text x="{x(f"{year}-01-01"):.1f}" '
        f'y="{HEIGHT - 6}" text-anchor="middle">{year}</text>' for year in years)
    return (
        f'<svg class="chart" role="img" data-category="{escape(category)}" '
        f'data-points="{len(points)}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" xmlns="http://www.w3.org/2000/svg">'
        f'<title>{escape(category.capitalize())} types per release</title>{ticks}'
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}" class="axis"/>'
        f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{TOP + plot_h}" y2="{TOP + plot_h}" '
        f'class="axis"/><text x="{LEFT - 6}" y="{TOP + 4}" text-anchor="end">{top}</text>'
        f'<text x="{LEFT - 6}" y="{TOP + plot_h}" text-anchor="end">0</text>'
        f'<polyline class="series" points="{line}"/>{dots}</svg>')
