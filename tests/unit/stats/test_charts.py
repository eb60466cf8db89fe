"""The charts' geometry (``ranking.stats.charts`` and ``ranking.charts.lines``): coordinates are
strings with a decimal point, whatever the language, and the shapes stay inside their box."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ranking.charts.lines import line_chart, svg_number
from ranking.stats import charts


def test_svg_numbers_have_a_point_and_no_trailing_zero():
    assert svg_number(12.34) == "12.3"
    assert svg_number(3.0) == "3"
    assert svg_number(-0.04) == "0"
    assert svg_number(-7.5) == "-7.5"
    assert svg_number(1234567.0) == "1234567"


def test_nothing_to_draw():
    assert charts.bar_chart([]) is None
    assert charts.column_chart([]) is None
    assert line_chart([("a", [])], 3) is None


def test_negative_bars_go_left_of_the_zero_line():
    chart = charts.bar_chart([("plus", 80.0), ("minus", -40.0)])
    assert chart is not None
    plus, minus = chart.bars
    assert plus.x == chart.zero_x and not plus.negative
    assert float(minus.x) + float(minus.width) == float(chart.zero_x) and minus.negative
    assert minus.anchor == "end"


def test_column_labels_thin_out_so_they_never_overlap():
    chart = charts.column_chart([(f"{n} nov", float(n)) for n in range(40)], width=360)
    assert chart is not None
    shown = [float(c.label_x) for c in chart.columns if c.show_label]
    assert chart.columns[-1].show_label  # the latest evening is always labelled
    assert all(b - a >= 44 - 1e-6 for a, b in zip(shown, shown[1:], strict=False))


values = st.floats(min_value=-1e5, max_value=1e5, allow_nan=False, allow_infinity=False)


def _is_svg_number(text: str) -> bool:
    return "," not in text and float(text) == float(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(values, min_size=1, max_size=30))
def test_shapes_stay_in_the_box(numbers):
    items = [(str(n), v) for n, v in enumerate(numbers)]
    bars = charts.bar_chart(items)
    columns = charts.column_chart(items)
    lines = line_chart([("a", list(enumerate(numbers)))], len(numbers))
    assert bars is not None and columns is not None and lines is not None
    for bar in bars.bars:
        assert all(_is_svg_number(v) for v in (bar.x, bar.y, bar.width, bar.height, bar.text_x))
        assert -0.1 <= float(bar.x) and float(bar.x) + float(bar.width) <= bars.width + 0.1
    for column in columns.columns:
        assert all(_is_svg_number(v) for v in (column.x, column.y, column.width, column.height))
        assert -0.1 <= float(column.y) and float(column.y) + float(column.height) <= columns.height
    for pair in lines.series[0].points.split(" "):
        x, y = (float(v) for v in pair.split(","))
        assert 0 <= x <= lines.width and 0 <= y <= lines.height
    assert len(lines.gridlines) >= 2


def test_a_rating_over_time_is_drawn_by_the_same_lines_with_points_in_every_coordinate():
    from datetime import date

    from ranking.ratings.chart import rating_chart

    chart = rating_chart(
        [
            (date(2026, 1, 1), 1012.55, True),
            (date(2026, 1, 8), 1130.25, False),
            (date(2026, 2, 1), 987.75, False),
        ]
    )
    assert chart is not None
    coordinates = [value for p in chart.points for value in (p.x, p.y)]
    assert all(_is_svg_number(value) for value in [*coordinates, chart.right])
    assert chart.points[0].x == str(chart.left) and chart.points[-1].x == chart.right
    assert chart.polyline == " ".join(f"{p.x},{p.y}" for p in chart.points)
    labels = [int(g.label) for g in chart.gridlines]  # whole ratings, round steps of ten or more
    assert labels[0] <= 987.75 and labels[-1] >= 1130.25
    assert all(b - a >= 10 for a, b in zip(labels, labels[1:], strict=False))
