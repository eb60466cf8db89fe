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
  gridlines at round values: drawn by ``ranking.charts.lines`` (a rating over time is drawn with it
  too, ``ranking.ratings.chart``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ranking.charts.lines import svg_number


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
