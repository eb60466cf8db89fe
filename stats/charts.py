"""Geometry of the statistics' SVG charts, drawn on the server (pure: no Django).

Every coordinate leaves here as a string written with a decimal point (``svg_number``): a
template must not format a float itself, since Dutch pages write decimal commas, which an
SVG attribute does not read. Values shown as text (a bar's figure) stay numbers, for the
template to write in the page's language.

Three kinds:

* **bars**: horizontal, one per labelled value, from a zero line (negative values go left);
  readable on a phone whatever the labels' length;
* **columns**: vertical, one per labelled value in order (evenings), zero line included,
  every n-th label shown so they never overlap;
* **lines**: a few series over the same steps (the rating leaders over the season), with
  gridlines at round values.
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
class Bar:
    label: str
    value: float
    x: str
    y: str
    width: str
    height: str
    text_x: str
    text_y: str
    anchor: str  # where the figure's text is anchored: after the bar ("start") or before it
    negative: bool


@dataclass(frozen=True, slots=True)
class BarChart:
    width: int
    height: int
    label_x: str
    zero_x: str
    bars: tuple[Bar, ...]


def bar_chart(
    items: Sequence[tuple[str, float]],
    *,
    width: int = 360,
    row: int = 26,
    label_width: int = 120,
    figure_room: int = 48,
) -> BarChart | None:
    """Horizontal bars for (label, value) in the order given; None when there is nothing."""
    if not items:
        return None
    values = [value for _, value in items]
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    left = label_width + (figure_room if low < 0 else 0)
    plot = width - left - figure_room
    zero = left + plot * (0 - low) / span
    bars = []
    for index, (label, value) in enumerate(items):
        end = left + plot * (value - low) / span
        start, stop = min(zero, end), max(zero, end)
        top = index * row + 4
        negative = value < 0
        bars.append(
            Bar(
                label=label,
                value=value,
                x=svg_number(start),
                y=svg_number(top),
                width=svg_number(max(stop - start, 0.0)),
                height=svg_number(row - 8),
                text_x=svg_number(start - 4 if negative else stop + 4),
                text_y=svg_number(top + (row - 8) / 2 + 4),
                anchor="end" if negative else "start",
                negative=negative,
            )
        )
    return BarChart(
        width=width,
        height=len(items) * row,
        label_x=svg_number(label_width - 6),
        zero_x=svg_number(zero),
        bars=tuple(bars),
    )


@dataclass(frozen=True, slots=True)
class Column:
    label: str
    value: float
    x: str
    y: str
    width: str
    height: str
    label_x: str
    show_label: bool
    negative: bool


@dataclass(frozen=True, slots=True)
class ColumnChart:
    width: int
    height: int
    zero_y: str
    label_y: str
    high: float
    low: float
    top_y: str
    bottom_y: str
    columns: tuple[Column, ...]


def column_chart(
    items: Sequence[tuple[str, float]],
    *,
    width: int = 360,
    height: int = 180,
    label_room: int = 22,
    label_width: int = 44,
) -> ColumnChart | None:
    """Vertical columns for (label, value) in order; None when there is nothing. A label is
    shown under every n-th column, n chosen so labels of ``label_width`` never overlap."""
    if not items:
        return None
    values = [value for _, value in items]
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    left, right, top = 36, 4, 8
    bottom = height - label_room
    plot_w, plot_h = width - left - right, bottom - top
    slot = plot_w / len(items)
    every = max(1, math.ceil(label_width / slot))

    def y_of(value: float) -> float:
        return top + plot_h * (high - value) / span

    zero = y_of(0.0)
    columns = []
    for index, (label, value) in enumerate(items):
        edge = y_of(value)
        upper, lower = min(zero, edge), max(zero, edge)
        x = left + index * slot + slot * 0.15
        columns.append(
            Column(
                label=label,
                value=value,
                x=svg_number(x),
                y=svg_number(upper),
                width=svg_number(slot * 0.7),
                height=svg_number(max(lower - upper, 0.5)),
                label_x=svg_number(left + index * slot + slot / 2),
                show_label=(len(items) - 1 - index) % every == 0,
                negative=value < 0,
            )
        )
    return ColumnChart(
        width=width,
        height=height,
        zero_y=svg_number(zero),
        label_y=svg_number(height - 6),
        high=high,
        low=low,
        top_y=svg_number(top + 10),
        bottom_y=svg_number(bottom - 2),
        columns=tuple(columns),
    )


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
    series: tuple[Series, ...]
    gridlines: tuple[Gridline, ...]


def _step(span: float) -> float:
    for step in STEPS:
        if span / step <= 5:
            return float(step)
    return float(STEPS[-1] * math.ceil(span / (5 * STEPS[-1])))


def line_chart(
    series: Sequence[tuple[str, Sequence[tuple[int, float]]]],
    steps: int,
    *,
    width: int = 360,
    height: int = 200,
) -> LineChart | None:
    """Lines for (name, [(step, value), ...]) over ``steps`` steps (0-based), gridlines at
    round values; None when no series has a point."""
    values = [value for _, points in series for _, value in points]
    if not values or steps < 1:
        return None
    low, high = min(values), max(values)
    step = _step(max(high - low, 1.0))
    axis_low = math.floor(low / step) * step
    axis_high = max(math.ceil(high / step) * step, axis_low + step)
    left, right, top, bottom = 40, 8, 8, 8
    plot_w, plot_h = width - left - right, height - top - bottom
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
        right=svg_number(width - right),
        series=tuple(drawn),
        gridlines=tuple(lines),
    )
