"""The catch-up list's cursor and the deliveries' times, without a database: a cursor reads
back as the number it was made from, and nothing else reads as a cursor; a moment is written
in UTC with Z; each kind's component has its own name."""

import datetime
from zoneinfo import ZoneInfo

import pytest

from core.errors import ServiceError
from core.times import utc_z
from web.api.openapi.webhooks.shapes import component_name
from web.api.views.week.webhooks import cursor_of, cursor_position
from week.webhooks.sending import DELIVERY_KINDS


@pytest.mark.parametrize("sequence", [0, 1, 42, 2**63 - 1])
def test_a_cursor_reads_back_as_its_number(sequence):
    cursor = cursor_of(sequence)
    assert cursor_position(cursor) == sequence
    assert "=" not in cursor and len(cursor) <= 40


@pytest.mark.parametrize(
    "text",
    ["", "x", "after:1", cursor_of(1) + "A", cursor_of(1).lower(), "YWZ0ZXI6KzE", "٣"],
)
def test_anything_else_is_no_cursor(text):
    with pytest.raises(ServiceError) as refused:
        cursor_position(text)
    assert refused.value.errors[0]["code"] == "invalid_cursor"


def test_a_moment_is_written_in_utc_with_z():
    evening = datetime.datetime(2026, 11, 27, 20, 30, 5, 120, tzinfo=ZoneInfo("Europe/Amsterdam"))
    assert utc_z(evening) == "2026-11-27T19:30:05.000120Z"


def test_every_kind_has_a_component_of_its_own():
    names = [component_name(kind) for kind in DELIVERY_KINDS]
    assert len(set(names)) == len(names)
    assert component_name("night.cancelled") == "WebhookNightCancelled"
    assert component_name("ping") == "WebhookPing"
