"""The choices behind which sessions count (the rule itself is ``results.counted``, with the
sessions): the event's ``standings_count`` and a closed table's ``unfinished``.

A complete session counts, at once or, when its event says so (``Event.standings_count`` is
``signed``), once every player at the table signed it (``Session.signed_at``, kept by
``results.signoff``). A table whose round closed before it finished counts as the organizer
chose when closing the round (``Table.unfinished``): ``partial`` counts the session as played
so far, signed or not (the organizer's decision stands for the table, whose unfinished session
cannot be signed); ``not_played`` and ``paper`` (until the paper sheet's totals complete it)
do not count.
"""

from django.utils.translation import gettext_lazy as _

PARTIAL, NOT_PLAYED, PAPER = "partial", "not_played", "paper"
UNFINISHED_CHOICES = (PARTIAL, NOT_PLAYED, PAPER)

# Event.standings_count: whether the standings count complete sessions at once or signed ones.
COMPLETE, SIGNED = "complete", "signed"
STANDINGS_COUNT_CHOICES = [
    (COMPLETE, _("complete tables at once")),
    (SIGNED, _("only tables every player signed")),
]
