"""What seating a round again answers when the round it would replace already has results.

``tournaments.rounds.round_generate`` and ``round_seat_manually`` replace the tables of the
round still being planned. Such a round takes no results (``results.services``), but a round
put back to planned by hand may have some; the database refuses to delete them
(``on_delete=PROTECT``) and both doors turn that refusal into this conflict.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import ProtectedError
from django.utils.translation import gettext_lazy as _

from core.errors import Conflict


def planned_round_has_results() -> Conflict:
    return Conflict.single(
        "round_has_results",
        _(
            "A table of the round being planned already has results, so its seating cannot be "
            "replaced. Start the round, or swap players at tables without results."
        ),
    )


@contextmanager
def seating_results_protected() -> Iterator[None]:
    """Around a seating of the planned round: the database's refusal to delete a table with
    results becomes ``planned_round_has_results``."""
    try:
        yield
    except ProtectedError as exc:
        raise planned_round_has_results() from exc
