"""The benchmark runs for Bonanza Rummy and prints one JSON line."""

from __future__ import annotations

import json

import pytest

from bench.rules import main


@pytest.mark.parametrize("seats", [None, 2, 9])
def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str], seats: int | None) -> None:
    argv = ["--game", "bonanza", "--sessions", "40", "--repeat", "1"]
    assert main(argv + (["--seats", str(seats)] if seats else [])) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["game"] == "bonanza" and data["sessions"] == 40
    assert data["seats"] == (seats or 5) and data["sessions_per_second"] > 0
