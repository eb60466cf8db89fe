"""``python -m bench.rules --game jonkler`` runs and prints one JSON line."""

from __future__ import annotations

import json

import pytest

from bench.rules import main


@pytest.mark.parametrize("seats", [3, 6])
def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str], seats: int) -> None:
    assert (
        main(["--game", "jonkler", "--seats", str(seats), "--sessions", "50", "--repeat", "1"]) == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["game"] == "jonkler" and data["seats"] == seats and data["sessions"] == 50
    assert data["sessions_per_second"] > 0
