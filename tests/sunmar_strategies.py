"""Hypothesis strategies for the SunMar backup tests: JSON-ish values (with the numbers, texts,
offsets and times that break an importer) and a real game with any of its values replaced."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from tests.sunmar_backups import finished_game

offsets = st.from_regex(r"[+-][0-9]{2}:[0-9]{2}", fullmatch=True)  # any hours
times = st.datetimes().map(lambda moment: moment.isoformat(timespec="milliseconds"))  # any year
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
    offsets,
    times,
    st.sampled_from(
        [
            "",
            "\x00",
            "+24:00",
            "-14:00",
            "0001-01-01T00:00:00.000",
            "9999-12-31T23:59:59",
            "2026-03-12T21:58:40.902114",
            "hearts",
            "doubled",
            "redoubled",
        ]
    ),
)
json_ish = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=30,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


GAME = finished_game()
GAME_PATHS = paths(GAME)[1:]


def replaced(game: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    game = copy.deepcopy(game)
    target: Any = game
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return game
