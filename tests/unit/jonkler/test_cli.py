"""``manage.py score_session`` scores a Jonkler document (the registry dispatches on "game")."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.commands import exit_status

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "games" / "jonkler" / "rules" / "examples"


def run(*args: str) -> dict:
    out = io.StringIO()
    call_command("score_session", *args, stdout=out)
    return json.loads(out.getvalue())


def test_a_complete_session_prints_its_result() -> None:
    data = run(str(EXAMPLES / "complete_4_seats.json"))
    assert data["valid"] and data["complete"] and data["seats"] == 4
    assert data["rounds"][2]["points"] == [25, 1, 25, 15]
    assert len(data["placements"]) == 4 and data["next"] is None


def test_every_example_is_what_its_name_says() -> None:
    three = run(str(EXAMPLES / "complete_3_seats.json"))
    assert three["complete"] and len(three["totals"]) == 3
    partial = run(str(EXAMPLES / "partial_5_seats.json"))
    assert partial["valid"] and not partial["complete"] and partial["placements"] is None
    assert (
        partial["next"]["round"] == 5
        and partial["next"]["last_bidder"] == partial["next"]["bidding_order"][-1]
    )
    house = run(
        str(EXAMPLES / "house_short_session.json"),
        "--ruleset-file",
        str(EXAMPLES / "house_short_ruleset.json"),
    )
    assert house["valid"] and house["complete"] and house["ruleset"] == "house_short"


def test_an_invalid_session_prints_its_errors_and_exits_1() -> None:
    out = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("score_session", str(EXAMPLES / "invalid.json"), stdout=out)
    assert caught.value.returncode == 1
    data = json.loads(out.getvalue())
    assert data["valid"] is False
    assert {
        "hook_rule",
        "bid_range",
        "tricks_sum",
        "wrong_length",
        "unknown_field",
        "jonkled_range",
    } <= {error["code"] for error in data["errors"]}


def test_a_bad_house_ruleset_exits_2(tmp_path: Path) -> None:
    ruleset = tmp_path / "ruleset.json"
    ruleset.write_text(json.dumps({"code": "x", "name": "X", "name_nl": "X", "rounds": 99}))
    with pytest.raises(CommandError) as caught:
        run(str(EXAMPLES / "partial_5_seats.json"), "--ruleset-file", str(ruleset))
    assert caught.value.returncode == 2 and "rounds" in str(caught.value)


@pytest.mark.parametrize(("example", "status"), [("complete_4_seats.json", 0), ("invalid.json", 1)])
def test_exit_status(example: str, status: int) -> None:
    """As the shell runs it (tests/unit/bonken/test_cli.py runs the command as a process)."""
    code, out, err = exit_status("score_session", str(EXAMPLES / example))
    assert code == status, err
    assert json.loads(out)["valid"] is (status == 0)
