"""The admin keeps the seats of a table with results as they are, as the API does: a
session's per-seat rows refer to them. The admin writes seats through the seat services
(``tournaments.tables``), so the rule lives there: no seat of such a table is deleted (inline on
the table's page, on the seat's page, or with the seat list's bulk delete action), given another
player or position, or added, and the page says why in its language; the seats of a table
without results still change, and every change is in the audit log."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from results.models import Session, SessionSeat
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def scored() -> Table:
    """A table whose session is complete."""
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    return table


@pytest.fixture
def unscored(scored) -> Table:
    """Another table of the same round, without results."""
    return seated_table(scored.round.event, table_number=2)


@pytest.fixture
def spare(scored):
    player = PlayerFactory(name="Reserve")
    Membership.objects.create(club=scored.round.event.club, player=player)
    return player


def seats(table: Table) -> list[tuple]:
    return sorted(Seat.objects.filter(table=table).values_list("pk", "position", "player_id"))


def session_rows(table: Table) -> list[tuple]:
    return sorted(
        SessionSeat.objects.filter(session__table=table).values_list("position", "player_id")
    )


def table_form_data(admin_client, table: Table) -> tuple[dict, str]:
    """What the table's change page would post unchanged, and its seat inline's prefix."""
    response = admin_client.get(f"/admin/tournaments/table/{table.pk}/change/")
    assert response.status_code == 200
    data = {}
    for field in response.context["adminform"].form:
        data[field.html_name] = field.value()
    [inline] = response.context["inline_admin_formsets"]
    formset = inline.formset
    for form in [formset.management_form, *formset.forms]:
        for field in form:
            value = field.value()
            if value is not None and value is not False:
                data[field.html_name] = value
    return data, formset.prefix


def seat_index(data: dict, prefix: str, seat: Seat) -> int:
    return next(
        int(key.split("-")[1])
        for key, value in data.items()
        if key.startswith(f"{prefix}-") and key.endswith("-id") and value == seat.pk
    )


REFUSED = "Tafel 1 heeft al uitslagen; die kan niet meer wijzigen."  # the admin speaks Dutch


def page_errors(response) -> list[str]:
    return list(response.context["adminform"].form.non_field_errors())


# --- The table's page (the seat inline) -------------------------------------------------------


def test_a_seat_of_a_scored_table_is_not_deleted_inline(admin_client, scored):
    before, rows = seats(scored), session_rows(scored)
    data, prefix = table_form_data(admin_client, scored)
    index = seat_index(data, prefix, scored.seats.get(position=0))
    data[f"{prefix}-{index}-DELETE"] = "on"
    response = admin_client.post(f"/admin/tournaments/table/{scored.pk}/change/", data)
    assert response.status_code == 200
    assert page_errors(response) == [REFUSED]
    assert seats(scored) == before
    assert session_rows(scored) == rows


def test_a_seat_of_a_scored_table_gets_no_other_player_inline(admin_client, scored, spare):
    before = seats(scored)
    data, prefix = table_form_data(admin_client, scored)
    index = seat_index(data, prefix, scored.seats.get(position=0))
    data[f"{prefix}-{index}-player"] = spare.pk
    response = admin_client.post(f"/admin/tournaments/table/{scored.pk}/change/", data)
    assert response.status_code == 200
    assert page_errors(response) == [REFUSED]
    assert seats(scored) == before


def test_a_scored_table_gets_no_new_seat_inline(admin_client, scored, spare):
    Seat.objects.filter(table=scored, position=3).delete()  # a free seat, as an old bug left
    before = seats(scored)
    data, prefix = table_form_data(admin_client, scored)
    index = int(data[f"{prefix}-TOTAL_FORMS"])
    data.update(
        {
            f"{prefix}-TOTAL_FORMS": index + 1,
            f"{prefix}-{index}-table": scored.pk,
            f"{prefix}-{index}-position": 3,
            f"{prefix}-{index}-player": spare.pk,
        }
    )
    response = admin_client.post(f"/admin/tournaments/table/{scored.pk}/change/", data)
    assert response.status_code == 200
    assert page_errors(response) == [REFUSED]
    assert seats(scored) == before


def test_a_refused_inline_keeps_the_whole_page_unsaved(admin_client, scored, spare):
    """The table's number and the seats go together: a refused seat keeps the number too."""
    data, prefix = table_form_data(admin_client, scored)
    index = seat_index(data, prefix, scored.seats.get(position=0))
    data.update({"number": 7, f"{prefix}-{index}-player": spare.pk})
    response = admin_client.post(f"/admin/tournaments/table/{scored.pk}/change/", data)
    assert response.status_code == 200
    scored.refresh_from_db()
    assert scored.number == 1
    assert not AuditEntry.objects.filter(action="table.renumber").exists()


def test_a_scored_table_saved_unchanged_stays_as_it_is(admin_client, scored):
    before = seats(scored)
    data, _prefix = table_form_data(admin_client, scored)
    response = admin_client.post(f"/admin/tournaments/table/{scored.pk}/change/", data)
    assert response.status_code == 302
    assert seats(scored) == before


def test_the_seats_of_a_table_without_results_change_inline(admin_client, unscored, spare):
    data, prefix = table_form_data(admin_client, unscored)
    first, second = unscored.seats.get(position=0), unscored.seats.get(position=1)
    data[f"{prefix}-{seat_index(data, prefix, first)}-player"] = spare.pk
    data[f"{prefix}-{seat_index(data, prefix, second)}-DELETE"] = "on"
    response = admin_client.post(f"/admin/tournaments/table/{unscored.pk}/change/", data)
    assert response.status_code == 302
    assert Seat.objects.get(pk=first.pk).player_id == spare.pk
    assert not Seat.objects.filter(pk=second.pk).exists()
    logged = AuditEntry.objects.filter(object_type="tournaments.seat")
    assert sorted(logged.values_list("action", "object_id")) == [
        ("seat.delete", str(second.pk)),
        ("seat.update", str(first.pk)),
    ]
    assert {entry.actor.is_superuser for entry in logged} == {True}


# --- The seat's own page and the seat list ----------------------------------------------------


def test_a_seat_of_a_scored_table_is_not_deleted_on_its_page(admin_client, scored):
    seat = scored.seats.get(position=0)
    url = f"/admin/tournaments/seat/{seat.pk}/delete/"
    response = admin_client.post(url, {"post": "yes"}, follow=True)
    assert REFUSED in [str(message) for message in response.context["messages"]]
    assert Seat.objects.filter(pk=seat.pk).exists()
    assert not AuditEntry.objects.filter(action="seat.delete").exists()


def test_the_bulk_delete_leaves_every_seat_when_one_has_results(admin_client, scored, unscored):
    chosen = [unscored.seats.get(position=0).pk, scored.seats.get(position=0).pk]
    action = {"action": "delete_selected", "_selected_action": chosen, "post": "yes"}
    response = admin_client.post("/admin/tournaments/seat/", action, follow=True)
    assert REFUSED in [str(message) for message in response.context["messages"]]
    assert Seat.objects.filter(pk__in=chosen).count() == 2  # all or nothing
    assert len(session_rows(scored)) == 4
    assert not AuditEntry.objects.filter(action="seat.delete").exists()


def test_the_bulk_delete_takes_seats_of_tables_without_results(admin_client, unscored):
    chosen = list(unscored.seats.values_list("pk", flat=True)[:2])
    response = admin_client.post(
        "/admin/tournaments/seat/",
        {
            "action": "delete_selected",
            "_selected_action": chosen,
            "post": "yes",
        },
    )
    assert response.status_code == 302
    assert not Seat.objects.filter(pk__in=chosen).exists()
    assert AuditEntry.objects.filter(action="seat.delete").count() == 2


@pytest.mark.parametrize("change", ["player", "position"])
def test_a_seat_of_a_scored_table_is_not_changed_on_its_page(admin_client, scored, spare, change):
    seat = scored.seats.get(position=0)
    data = {"position": 0, "player": seat.player_id}
    data[change] = {"player": spare.pk, "position": 3}[change]
    if change == "position":
        Seat.objects.filter(table=scored, position=3).delete()  # so the position is free
    before = seats(scored)
    response = admin_client.post(f"/admin/tournaments/seat/{seat.pk}/change/", data)
    assert response.status_code == 200
    assert page_errors(response) == [REFUSED]
    assert seats(scored) == before


def test_a_seat_does_not_move_to_another_table(admin_client, scored, unscored):
    moved = unscored.seats.get(position=0)
    response = admin_client.post(
        f"/admin/tournaments/seat/{moved.pk}/change/",
        {"table": scored.pk, "position": 0, "player": moved.player_id},
    )
    assert response.status_code == 302  # the table is read-only on a seat's page
    assert Seat.objects.get(pk=moved.pk).table_id == unscored.pk


def test_no_seat_is_added_to_a_scored_table(admin_client, scored, spare):
    Seat.objects.filter(table=scored, position=3).delete()
    before = seats(scored)
    response = admin_client.post(
        "/admin/tournaments/seat/add/", {"table": scored.pk, "position": 3, "player": spare.pk}
    )
    assert response.status_code == 200 and page_errors(response) == [REFUSED]
    assert seats(scored) == before


def test_a_seat_of_a_table_without_results_changes_on_its_page(admin_client, unscored, spare):
    seat = unscored.seats.get(position=0)
    response = admin_client.post(
        f"/admin/tournaments/seat/{seat.pk}/change/", {"position": 0, "player": spare.pk}
    )
    assert response.status_code == 302
    assert Seat.objects.get(pk=seat.pk).player_id == spare.pk
    assert (
        admin_client.post(f"/admin/tournaments/seat/{seat.pk}/delete/", {"post": "yes"}).status_code
        == 302
    )
    assert not Seat.objects.filter(pk=seat.pk).exists()
    assert Session.objects.count() == 1
    assert list(
        AuditEntry.objects.filter(object_type="tournaments.seat")
        .order_by("pk")
        .values_list("action", flat=True)
    ) == ["seat.update", "seat.delete"]
