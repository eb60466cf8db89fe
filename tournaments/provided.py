"""What ``tournaments`` needs from the apps above it, registered by them at start-up
(``core.providers``), so that nothing here imports the sessions, the standings or the ratings:

* ``standings_recompute(event_id=, force=)``: an event's standings computed again now (swiss and
  progressive seating seat by them; the admin's action); registered by ``standings``;
* ``standings_recompute_as(event=, actor=)``: the same asked for by an organizer (the admin's
  action: permission and audit entry); registered by ``standings``;
* ``round_points(event, number)``: each player's points in round ``number`` of the event, from
  the sessions that count; registered by ``standings``;
* ``standings_criteria()``: the criteria an event's standings may rank by besides its game's
  per-seat figures (an event's tie-break order is checked against them); registered by
  ``standings``; declared beside the validator that reads it,
  ``tournaments.models.standings_rules``, as the models may not import this module;
* ``ratings_replay_from(club_id=, from_date=, game=)``: the club's rating pools (of ``game``,
  or all) are to be replayed from that day on, for a change the sessions themselves do not
  show (a merge, a substitute); registered by ``ratings``;
* ``rsvp_answers(event)``: who said they are coming to the planned night the event was opened
  from; registered by ``planning``;
* ``event_leagues(event)``: the leagues the event counts for (slug, name, page path), which
  the club events' payloads name; registered by ``leagues`` (optional: none without it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.providers import Provider
from tournaments.models.standings_rules import standings_criteria as standings_criteria

if TYPE_CHECKING:
    from tournaments.models import Event

standings_recompute: Provider[..., int] = Provider("the standings recompute (standings)")
standings_recompute_as: Provider[..., int] = Provider(
    "the standings recomputed by an organizer (standings)"
)
round_points: Provider[[Event, int], dict[int, float]] = Provider(
    "the points of a round (standings)"
)
ratings_replay_from: Provider[..., Any] = Provider("marking rating pools for a replay (ratings)")
# The answers of the players to the planned night an event was opened from (player id ->
# "yes", "maybe" or "no"; empty for an event not planned ahead): the check-in and the door
# list those coming first; registered by ``planning``.
rsvp_answers: Provider[[Event], dict[int, str]] = Provider(
    "the answers to a planned night (planning)"
)
# The leagues an event counts for: [{"slug", "name", "url"}]; registered by ``leagues``.
event_leagues: Provider[[Event], list[dict[str, str]]] = Provider(
    "the leagues an event counts for (leagues)"
)
