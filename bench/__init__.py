"""Benchmarks: commands that print figures (never timed unit tests; compare ratios).

Every command takes ``--quick``: the same code path and the same report at a tiny size (a few
seconds), so that the test suite can run each one (tests/integration/test_bench_commands.py)
and a change of an interface it uses cannot break a benchmark unnoticed. Its figures mean
nothing.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def parse_args(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None = None, **quick: Any
) -> argparse.Namespace:
    """Parse ``argv`` with ``parser`` and a ``--quick`` flag; with ``--quick`` the options named
    in ``quick`` default to the given (tiny) values instead. An option given on the command
    line keeps its value either way."""
    shown = ", ".join(f"--{name.replace('_', '-')} {value}" for name, value in quick.items())
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"a tiny run to check that the command works, its figures meaningless ({shown})",
    )
    args = parser.parse_args(argv)
    unknown = sorted(name for name in quick if not hasattr(args, name))
    if unknown:
        raise ValueError(f"--quick sets options the parser does not have: {unknown}")
    if args.quick:
        parser.set_defaults(**quick)
        args = parser.parse_args(argv)
    return args
