"""The rows a session write derives from its result: the parts played and the per-seat
results (who is credited with each seat, their total and place)."""

from games.seam import Outcome
from games.seam import Part as GamePart
from results import store
from results.models import Session, SessionSeat
from tournaments.substitutes import credited_players


def replace_rows(
    session: Session,
    result: Outcome,
    seats: list[store.SeatedPlayer],
    previous_parts: list[GamePart],
    counts: str = "starter",
) -> None:
    """Bring the part rows and per-seat results in line with the new result.

    Rows of an unchanged leading run of parts stay; only the parts from the first difference on
    are rewritten (while a table plays, just the new one). The saved per-seat rows are left on
    the session for the caller to show.
    """
    parts = result.parts()
    keep = 0
    while keep < min(len(parts), len(previous_parts)) and parts[keep] == previous_parts[keep]:
        keep += 1
    if keep < len(previous_parts):
        store.parts_delete_after(session.pk, keep)
    store.parts_insert(session.pk, parts[keep:])
    totals = result.totals or [0] * len(seats)
    placements = result.placements if result.complete else None
    credited = credited_players(
        session.table_id, {s.position: s.player.pk for s in seats}, len(parts), counts
    )
    rows = []
    for seat in seats:
        row = SessionSeat(
            session=session,
            position=seat.position,
            player_id=credited[seat.position],
            total=totals[seat.position],
            placement=placements[seat.position] if placements else None,
        )
        if row.player_id == seat.player.pk:
            row.player = seat.player  # no query to show it
        rows.append(row)
    store.seat_results_save(
        session.pk,
        [
            store.SeatResultRow(row.position, row.player_id, row.total, row.placement)
            for row in rows
        ],
    )
    session._prefetched_objects_cache = {"seat_results": rows}
