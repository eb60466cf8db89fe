"""The score_session management command: output and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.commands import exit_status

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "games" / "bonken" / "rules" / "examples"


def run(*args: str) -> dict:
    out = io.StringIO()
    call_command("score_session", *args, stdout=out)
    return json.loads(out.getvalue())


def test_valid_session_prints_the_result() -> None:
    data = run(str(EXAMPLES / "classic_complete.json"))
    assert data["valid"] and data["complete"] and sum(data["totals"]) == 0
    assert data["games"][0]["points"] == [-10, -80, -100, 60]


def test_every_example_is_what_its_name_says() -> None:
    assert run(str(EXAMPLES / "eleven_complete.json"))["complete"]
    partial = run(str(EXAMPLES / "classic_partial.json"))
    assert partial["valid"] and not partial["complete"] and partial["next_chooser"] == 3
    assert run(str(EXAMPLES / "totals_only.json"))["placements"] == [1, 2, 4, 3]
    house = run(
        str(EXAMPLES / "house_quota_session.json"),
        "--ruleset-file",
        str(EXAMPLES / "house_quota_ruleset.json"),
    )
    assert house["valid"] and house["ruleset"] == "house_quota"


def test_invalid_session_prints_errors_and_exits_1() -> None:
    out = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("score_session", str(EXAMPLES / "classic_invalid.json"), stdout=out)
    assert caught.value.returncode == 1
    data = json.loads(out.getvalue())
    assert data["valid"] is False and list(data) == ["valid", "errors"]
    assert {"contract_repeated", "counts_sum", "wrong_chooser"} <= {
        e["code"] for e in data["errors"]
    }
    assert all(set(e) == {"code", "message", "message_nl", "game", "field"} for e in data["errors"])


def test_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (EXAMPLES / "classic_partial.json").read_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert run("-", "--indent", "0")["next_chooser"] == 3


@pytest.mark.parametrize("text", ["{", "", "[1, 2", "1" * 5000, "[" * 100_000 + "]" * 100_000])
def test_unreadable_json_exits_2(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    with pytest.raises(CommandError) as caught:
        run("-")
    message = str(caught.value)
    assert caught.value.returncode == 2
    assert "\n" not in message and "not valid JSON" in message


def test_nan_is_json_python_accepts_and_is_reported_by_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"totals": [NaN, 0, 0, 0]}'))
    with pytest.raises(CommandError) as caught:
        call_command("score_session", "-", stdout=io.StringIO())
    assert caught.value.returncode == 1


def test_missing_file_and_bad_ruleset_exit_2(tmp_path: Path) -> None:
    with pytest.raises(CommandError) as caught:
        run(str(tmp_path / "nowhere.json"))
    assert caught.value.returncode == 2 and "cannot read" in str(caught.value)
    ruleset = tmp_path / "ruleset.json"
    ruleset.write_text(json.dumps({"code": "x", "name": "X", "name_nl": "X"}))
    with pytest.raises(CommandError) as caught:
        run(str(EXAMPLES / "classic_partial.json"), "--ruleset-file", str(ruleset))
    assert caught.value.returncode == 2 and "invalid ruleset" in str(caught.value)


@pytest.mark.parametrize(
    ("example", "status"),
    [("classic_complete.json", 0), ("classic_invalid.json", 1), ("README.md", 2)],
)
def test_exit_status(example: str, status: int) -> None:
    path = EXAMPLES / example if example.endswith(".json") else EXAMPLES.parent / example
    code, out, err = exit_status("score_session", str(path))
    assert code == status, err
    if status < 2:
        assert json.loads(out)["valid"] is (status == 0)
    else:
        assert out == "" and len(err.strip().splitlines()) == 1


def test_exit_status_from_the_shell() -> None:
    """The command as a process of its own: an invalid session exits 1 with its JSON."""
    completed = subprocess.run(
        [sys.executable, "manage.py", "score_session", str(EXAMPLES / "classic_invalid.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 1, completed.stderr
    assert json.loads(completed.stdout)["valid"] is False
