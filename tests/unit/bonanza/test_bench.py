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


def test_bench_times_ten_hand_sessions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "bonanza", "--sessions", "30", "--repeat", "1", "--parts", "10"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["parts"] == 10 and data["sessions"] == 30


def test_parts_is_refused_for_a_game_entered_whole() -> None:
    with pytest.raises(SystemExit, match="cannot set the number of parts"):
        main(["--game", "bonko", "--sessions", "3", "--repeat", "1", "--parts", "2"])
