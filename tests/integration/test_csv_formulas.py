"""No CSV the service writes hands a spreadsheet a formula: a player named
``=HYPERLINK("x")`` (or an event named ``@SUM(A1)``) arrives as text in every export, while
numbers, negative ones included, stay numbers."""

import csv
import io

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from clubs.csv_export import FORMULA_STARTS, neutralise
from tests.integration.ratings_support import club_with_history
from tournaments.ratings_db.services import ratings_update
from tournaments.services import standings_recompute

NAME = '=HYPERLINK("x")'
EVENT = "@SUM(A1)"


def cells(response) -> list[list[str]]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@pytest.mark.django_db
def test_no_export_starts_a_cell_with_a_formula():
    club, people, sessions = club_with_history(seed=5, players=8, evenings=2)
    people[0].name = NAME
    people[0].save()
    people[1].name = "\t+1+1"
    people[1].save()
    event = sessions[0].event
    event.name = EVENT
    event.save()
    ratings_update(club_id=club.pk)
    standings_recompute(event_id=event.pk)

    client = Client()
    exports = {
        "standings": f"/events/{event.pk}/standings.csv",
        "sessions": f"/events/{event.pk}/sessions.csv",
        "ratings": f"/api/v1/clubs/{club.pk}/ratings/?format=csv",
        "history": f"/api/v1/players/{people[0].pk}/rating-history/?format=csv",
        "season": f"/api/v1/clubs/{club.pk}/season-standings/?format=csv",
    }
    found = {}
    for label, url in exports.items():
        rows = cells(client.get(url))
        flat = [cell for row in rows for cell in row]
        assert not [c for c in flat if c.startswith(FORMULA_STARTS) and not is_number(c)], label
        found[label] = set(flat)
    for label in ("standings", "sessions", "ratings", "season"):
        assert "'" + NAME in found[label] and "'\t+1+1" in found[label], label
    assert "'" + EVENT in found["history"]
    # Negative totals are still numbers.
    assert any(c.startswith("-") and is_number(c) for c in found["sessions"])


@pytest.mark.parametrize(
    ("value", "expected"),
    [(NAME, "'" + NAME), ("+31 6 1234", "'+31 6 1234"), ("-2+3", "'-2+3"), ("@x", "'@x"),
     ("\tx", "'\tx"), ("\rx", "'\rx"), ("  =1+1", "'  =1+1"), ("Kees", "Kees"),
     ("-12", "-12"), ("-0.5", "-0.5"), ("+3", "+3"), (-12, -12), (None, None), ("", "")],
)
def test_neutralise(value, expected):
    assert neutralise(value) == expected


@given(st.text())
def test_neutralised_text_never_starts_a_formula_and_keeps_the_text(text):
    out = neutralise(text)
    assert out in (text, "'" + text)
    assert is_number(out) or not out.lstrip(" ").startswith(FORMULA_STARTS)
