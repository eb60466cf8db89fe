"""The SVG chart of a player's rating over time, drawn on the server with ``ranking.charts.lines``.

Terms: a **point** is the rating after one rated session; points are spaced evenly by
session (several sessions share an evening), the vertical axis is the displayed rating with
gridlines at round values. Provisional points are drawn hollow. The template only places
what is computed here; nothing is fetched by the browser. Coordinates are strings written with
a decimal point (``ranking.charts.lines.svg_number``), whatever the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from ranking.charts.lines import Margins, line_chart

WIDTH, HEIGHT = 640, 260
MARGINS = Margins(left=52, right=16, top=14, bottom=30)


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: str
    y: str
    rating: float
    played_on: date
    provisional: bool


@dataclass(frozen=True, slots=True)
class Gridline:
    y: str
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: str
    bottom: str
    points: tuple[ChartPoint, ...]
    polyline: str
    gridlines: tuple[Gridline, ...]
    first_date: date
    last_date: date
    low: float
    high: float


def rating_chart(
    points: Sequence[tuple[date, float, bool]], *, width: int = WIDTH, height: int = HEIGHT
) -> Chart | None:
    """The chart of (played on, rating, provisional) points in play order; None if empty."""
    ratings = [rating for _, rating, _ in points]
    drawn = line_chart(
        [("rating", list(enumerate(ratings)))],
        len(points),
        width=width,
        height=height,
        margins=MARGINS,
        most_lines=6,
        smallest_step=10,
    )
    if drawn is None:
        return None
    line = drawn.series[0]
    placed = tuple(
        ChartPoint(x, y, rating, played_on, provisional)
        for (x, y), (played_on, rating, provisional) in zip(line.dots, points, strict=True)
    )
    return Chart(
        width=width,
        height=height,
        left=drawn.left,
        right=drawn.right,
        bottom=drawn.bottom,
        points=placed,
        polyline=line.points,
        gridlines=tuple(Gridline(g.y, f"{g.value:.0f}") for g in drawn.gridlines),
        first_date=points[0][0],
        last_date=points[-1][0],
        low=min(ratings),
        high=max(ratings),
    )
