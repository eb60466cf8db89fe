"""Line charts: a few series over the same evenly spaced steps, with gridlines at round values.

Every coordinate leaves here as a string written with a decimal point (``svg_number``): a
template must not format a float itself, since Dutch pages write decimal commas, which an SVG
attribute does not read. Values (a gridline's, a series' last) stay numbers, for the template
to write in the page's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Colours of the series of a line chart, told apart by the legend (and by a dash pattern, for
# readers who do not tell the colours apart).
PALETTE = ("#14532d", "#b45309", "#1d4ed8", "#9d174d", "#4d4d4d")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)


def svg_number(value: float) -> str:
    """``value`` rounded to a tenth, written with a decimal point and no trailing zero."""
    text = f"{round(value, 1):.1f}"
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    colour: str
    dash: str
    points: str  # "x,y x,y ..." for a polyline
    last: float
    dots: tuple[tuple[str, str], ...] = ()  # a mark per point (a lone point draws no line)


@dataclass(frozen=True, slots=True)
class Gridline:
    y: str
    value: float


@dataclass(frozen=True, slots=True)
class LineChart:
    width: int
    height: int
    left: int
    right: str
    bottom: str
    series: tuple[Series, ...]
    gridlines: tuple[Gridline, ...]


@dataclass(frozen=True, slots=True)
class Margins:
    left: int = 40
    right: int = 8
    top: int = 8
    bottom: int = 8


def gridline_step(span: float, *, most: int = 5, smallest: float = 1.0) -> float:
    """A round step (at least ``smallest``) giving at most about ``most`` lines over ``span``."""
    steps = [step for step in STEPS if step >= smallest] or [STEPS[-1]]
    for step in steps:
        if span / step <= most:
            return float(step)
    return float(steps[-1] * math.ceil(span / (most * steps[-1])))


def line_chart(
    series: Sequence[tuple[str, Sequence[tuple[int, float]]]],
    steps: int,
    *,
    width: int = 360,
    height: int = 200,
    margins: Margins = Margins(),
    most_lines: int = 5,
    smallest_step: float = 1.0,
) -> LineChart | None:
    """Lines for (name, [(step, value), ...]) over ``steps`` steps (0-based), gridlines at
    round values; None when no series has a point."""
    values = [value for _, points in series for _, value in points]
    if not values or steps < 1:
        return None
    low, high = min(values), max(values)
    step = gridline_step(max(high - low, 1.0), most=most_lines, smallest=smallest_step)
    axis_low = math.floor(low / step) * step
    axis_high = max(math.ceil(high / step) * step, axis_low + step)
    left, top = margins.left, margins.top
    plot_w = width - left - margins.right
    plot_h = height - top - margins.bottom
    spacing = plot_w / max(steps - 1, 1)

    def y_of(value: float) -> float:
        return top + plot_h * (axis_high - value) / (axis_high - axis_low)

    def x_of(index: int) -> float:
        return left + (index * spacing if steps > 1 else plot_w / 2)

    drawn = []
    for number, (name, points) in enumerate(series):
        if not points:
            continue
        placed = [(svg_number(x_of(i)), svg_number(y_of(v))) for i, v in points]
        drawn.append(
            Series(
                name=name,
                colour=PALETTE[number % len(PALETTE)],
                dash=DASHES[number % len(DASHES)],
                points=" ".join(f"{x},{y}" for x, y in placed),
                last=points[-1][1],
                dots=tuple(placed),
            )
        )
    lines = []
    value = axis_low
    while value <= axis_high + step / 2:
        lines.append(Gridline(y=svg_number(y_of(value)), value=value))
        value += step
    return LineChart(
        width=width,
        height=height,
        left=left,
        right=svg_number(width - margins.right),
        bottom=svg_number(height - margins.bottom),
        series=tuple(drawn),
        gridlines=tuple(lines),
    )
