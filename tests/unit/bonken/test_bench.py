"""The benchmark runs and prints one JSON line; the sample generator makes valid sessions."""

from __future__ import annotations

import json
import random

import pytest

from bench.rules import main
from games.bonken.rules import RULESETS, score_session
from games.bonken.rules.sample import random_games


def test_bench_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--sessions", "50", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["sessions"] == 50 and data["game"] == "bonken"
    assert data["sessions_per_second"] > 0


@pytest.mark.parametrize("code", sorted(RULESETS))
@pytest.mark.parametrize("level", ["counts", "points", "net", "mixed"])
def test_sample_sessions_validate(code: str, level: str) -> None:
    rng = random.Random(7)
    ruleset = RULESETS[code]
    for length in range(ruleset.games_per_session + 1):
        result = score_session(random_games(ruleset, rng, games=length, level=level))
        assert result.valid, result.errors
        assert result.complete == (length == ruleset.games_per_session)
