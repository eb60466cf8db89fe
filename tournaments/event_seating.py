"""What seating a round again answers when the round it would replace already has results.

``tournaments.rounds.round_generate`` and ``round_seat_manually`` replace the tables of the
round still being planned. A table's scoring link works before its round starts, so such a
table can already have a session; the database refuses to delete it (``on_delete=PROTECT``)
and both doors turn that refusal into this conflict.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import ProtectedError

from clubs.errors import Conflict


def planned_round_has_results() -> Conflict:
    return Conflict.single(
        "round_has_results",
        "A table of the round being planned already has results (its link was used), so its "
        "seating cannot be replaced. Start the round, or swap players at tables without "
        "results.",
        "Een tafel van de geplande ronde heeft al uitslagen (de scorelink is gebruikt), dus de "
        "indeling kan niet meer worden vervangen. Start de ronde, of wissel spelers aan tafels "
        "zonder uitslagen.",
    )


@contextmanager
def seating_results_protected() -> Iterator[None]:
    """Around a seating of the planned round: the database's refusal to delete a table with
    results becomes ``planned_round_has_results``."""
    try:
        yield
    except ProtectedError as exc:
        raise planned_round_has_results() from exc
