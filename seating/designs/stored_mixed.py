"""Schedules stored for layouts of mixed table sizes that no construction gives.

Keyed by (points, layout): each round its tables of points 0..n-1, found offline by a search
(see docs/benchmarks.md) and checked by the tests.
"""

from __future__ import annotations

Round = tuple[tuple[int, ...], ...]

STORED_MIXED: dict[tuple[int, tuple[int, ...]], tuple[Round, ...]] = {}
