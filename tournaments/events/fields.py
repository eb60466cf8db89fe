"""The rules an event's fields keep, checked by ``tournaments.events.services`` when an event is
created or changed: every problem at once."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.errors import Named, ServiceError, Text, problem
from core.names import normalized, typed_problems
from games.registry import find_game, games
from tournaments.house_rules.services import house_ruleset_exists
from tournaments.models import Event
from tournaments.models.counted import COMPLETE, SIGNED
from tournaments.rounds.services import GENERATED_METHODS


def check_event_fields(*, game: str, club_id: int, **fields: Any) -> None:
    """Every problem with the given event fields at once (the rules of create and update);
    ``game`` is the event's game (as it will be), which the ruleset must belong to: one of its
    built-in rulesets or a house ruleset of the club (``code@version``)."""
    problems: list[dict[str, Any]] = []
    name, kind, ruleset = fields.get("name"), fields.get("kind"), fields.get("ruleset")
    played = find_game(game)
    if played is None:
        known = ", ".join(sorted(games()))
        problems.append(
            problem(
                "unknown_game",
                Text(_("Unknown game '%(game)s'; known games: %(known)s."), game=game, known=known),
                field="game",
            )
        )
    if name is not None:
        refused = typed_problems(Event, "name", name)
        problems += refused
        if not refused and not normalized(name):
            problems.append(problem("name_required", _("An event needs a name."), field="name"))
    if kind is not None and kind not in Event.Kind.values:
        problems.append(
            problem(
                "unknown_kind",
                Text(_("Unknown kind of event '%(kind)s'."), kind=kind),
                field="kind",
            )
        )
    if (
        ruleset is not None
        and played is not None
        and ruleset not in played.rulesets
        and not house_ruleset_exists(club_id, game, ruleset)
    ):
        problems.append(_ruleset_problem(club_id, played, ruleset))
    counts = fields.get("substitute_counts")
    if counts is not None and counts not in ("starter", "most_parts"):
        problems.append(
            problem(
                "unknown_substitute_counts",
                Text(
                    _("'%(counts)s' is not a choice; choose starter or most_parts."), counts=counts
                ),
                field="substitute_counts",
            )
        )
    count = fields.get("standings_count")
    if count is not None and count not in (COMPLETE, SIGNED):
        problems.append(
            problem(
                "unknown_standings_count",
                Text(_("'%(value)s' is not a choice; choose complete or signed."), value=count),
                field="standings_count",
            )
        )
    method = fields.get("seating_method")
    if method is not None and method not in GENERATED_METHODS:
        problems.append(
            problem(
                "unknown_seating_method",
                Text(_("Unknown seating method '%(method)s'."), method=method),
                field="seating_method",
            )
        )
    rounds = fields.get("planned_rounds")
    if rounds is not None and not 1 <= rounds <= 50:
        problems.append(
            problem("planned_rounds_range", _("Plan 1 to 50 rounds."), field="planned_rounds")
        )
    if problems:
        raise ServiceError(problems)


def _ruleset_problem(club_id: int, played: Any, ruleset: str) -> dict[str, Any]:
    """A ruleset that is not ``played``'s: another game's (named, with both games), or none."""
    for other in games().values():
        if other.code == played.code:
            continue
        builtin = other.rulesets.get(ruleset)
        if builtin is not None or house_ruleset_exists(club_id, other.code, ruleset):
            return problem(
                "unknown_ruleset",
                Text(
                    _(
                        "The rules '%(ruleset)s' are for %(other)s, not for %(game)s: choose "
                        "rules of "
                        "%(game)s, or none for its usual rules."
                    ),
                    ruleset=ruleset if builtin is None else Named(builtin),
                    other=Named(other),
                    game=Named(played),
                ),
                field="ruleset",
            )
    known = ", ".join(sorted(played.rulesets))
    return problem(
        "unknown_ruleset",
        Text(
            _("Unknown ruleset '%(ruleset)s' for %(game)s; known: %(known)s."),
            ruleset=ruleset,
            game=Named(played),
            known=known,
        ),
        field="ruleset",
    )
