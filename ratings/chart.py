"""Geometry of the server-rendered SVG chart of a player's rating over time.

Terms: a **point** is the rating after one rated session; points are spaced evenly by
session (several sessions share an evening), the vertical axis is the displayed rating with
gridlines at round values. Provisional points are drawn hollow. The template only places
what is computed here; nothing is fetched by the browser.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 14, 30
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: float
    y: float
    rating: float
    played_on: date
    provisional: bool


@dataclass(frozen=True, slots=True)
class Gridline:
    y: float
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: float
    bottom: float
    points: tuple[ChartPoint, ...]
    polyline: str
    gridlines: tuple[Gridline, ...]
    first_date: date
    last_date: date
    low: float
    high: float


def _step(span: float) -> int:
    """A round gridline step giving about four to six lines over ``span``."""
    for step in STEPS:
        if span / step <= 6:
            return step
    return STEPS[-1] * math.ceil(span / (6 * STEPS[-1]))


def rating_chart(
    points: Sequence[tuple[date, float, bool]], *, width: int = WIDTH, height: int = HEIGHT
) -> Chart | None:
    """The chart of (played on, rating, provisional) points in play order; None if empty."""
    if not points:
        return None
    ratings = [rating for _, rating, _ in points]
    low, high = min(ratings), max(ratings)
    step = _step(max(high - low, 1.0))
    axis_low = math.floor(low / step) * step
    axis_high = max(math.ceil(high / step) * step, axis_low + step)
    plot_w = width - LEFT - RIGHT
    plot_h = height - TOP - BOTTOM

    def y_of(value: float) -> float:
        return round(TOP + plot_h * (axis_high - value) / (axis_high - axis_low), 1)

    spacing = plot_w / max(len(points) - 1, 1)
    placed = tuple(
        ChartPoint(
            round(LEFT + (index * spacing if len(points) > 1 else plot_w / 2), 1),
            y_of(rating),
            rating,
            played_on,
            provisional,
        )
        for index, (played_on, rating, provisional) in enumerate(points)
    )
    gridlines = tuple(
        Gridline(y_of(value), f"{value:.0f}")
        for value in range(int(axis_low), int(axis_high) + 1, step)
    )
    return Chart(
        width=width,
        height=height,
        left=LEFT,
        right=width - RIGHT,
        bottom=height - BOTTOM,
        points=placed,
        polyline=" ".join(f"{p.x},{p.y}" for p in placed),
        gridlines=gridlines,
        first_date=points[0][0],
        last_date=points[-1][0],
        low=low,
        high=high,
    )
