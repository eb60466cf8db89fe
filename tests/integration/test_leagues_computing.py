"""A league's standings and rating, computed from its clubs' sessions that count: the club
ratings' arithmetic over the league's sessions, a new version (with its reason) for every
change, and nothing a club did not share."""

import datetime

import pytest

from leagues.computing import league_recompute
from leagues.links import league_link_consent, league_link_withdraw
from leagues.models import LeagueClub, LeagueRating, LeagueRatingEntry, LeagueStanding
from leagues.nights import league_night_mark, league_night_unmark
from leagues.seasons import league_season_save
from leagues.services import league_club_leave
from ranking.arithmetic.ratings import ScoredSession, replay
from ranking.ratings.order import played_at
from tests.integration.league_support import league_of_two, member, night
from tests.integration.ratings_support import correct, play

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 3)


def numbered(s, player, club):
    return league_link_consent(
        league=s.league,
        player=player,
        club=club,
        actor=_org(s, club),
        on_behalf=True,
        reason="signed form",
    ).league_player


def _org(s, club):
    return s.north_org if club == s.north else s.south_org


@pytest.fixture
def played():
    """North's league night, South's league night, and a league day at South where they
    meet; one North night that is not marked."""
    s = league_of_two()
    north = [member(s.north, f"N{i}") for i in range(4)]
    south = [member(s.south, f"Z{i}") for i in range(4)]
    numbers = {p.pk: numbered(s, p, s.north) for p in north}
    numbers |= {p.pk: numbered(s, p, s.south) for p in south[:3]}  # Z3 has no number
    n1 = night(s.north, DAY)
    play(n1, 1, 1, north, [60, 20, -30, -50])
    z1 = night(s.south, DAY + datetime.timedelta(days=1))
    play(z1, 1, 1, south, [40, 10, -10, -40])
    day = night(s.south, DAY + datetime.timedelta(days=7), name="Competitiedag")
    play(day, 1, 1, [north[0], south[0], north[1], south[1]], [30, 10, -10, -30])
    play(day, 1, 2, [north[2], south[2], north[3], south[3]], [-20, 50, 0, -30])
    hidden = night(s.north, DAY + datetime.timedelta(days=8))
    play(hidden, 1, 1, north, [100, 0, 0, -100])
    league_night_mark(league=s.league, event=n1, actor=s.north_org)
    league_night_mark(league=s.league, event=z1, actor=s.south_org)
    league_night_mark(league=s.league, event=day, actor=s.boss, kind="day")
    league_season_save(
        league=s.league,
        actor=s.boss,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    return s, north, south, numbers, (n1, z1, day, hidden)


def test_the_league_rating_is_the_pure_replay_of_its_sessions(played):
    s, north, south, numbers, (n1, z1, day, _hidden) = played
    version = league_recompute(league_id=s.league.pk)
    assert version.number == 1 and version.sessions == 4 and version.nights == 3
    key = {p: f"L{lp.pk}" for p, lp in numbers.items()}
    tables = [
        (n1, north, [60, 20, -30, -50]),
        (z1, south, [40, 10, -10, -40]),
        (day, [north[0], south[0], north[1], south[1]], [30, 10, -10, -30]),
        (day, [north[2], south[2], north[3], south[3]], [-20, 50, 0, -30]),
    ]
    sessions = [
        ScoredSession(
            n,
            played_at(event.date),
            tuple(key.get(p.pk, f"P{p.pk}") for p in players),
            tuple(totals),
            tuple(1 + sum(o > t for o in totals) for t in totals),
        )
        for n, (event, players, totals) in enumerate(tables)
    ]
    expected = replay(sessions).state.players
    stored = {f"L{r.league_player_id}": r.ordinal for r in LeagueRating.objects.all()}
    assert stored == {k: v.ordinal for k, v in expected.items() if k.startswith("L")}
    # The one seat without a league number is rated (its opponents moved) but never named.
    assert LeagueRatingEntry.objects.filter(league_player=None).count() == 2
    assert f"P{south[3].pk}" not in stored


def test_the_season_ranks_league_players_only_and_counts_nights(played):
    s, north, _south, numbers, _events = played
    league_recompute(league_id=s.league.pk)
    lines = list(LeagueStanding.objects.order_by("line"))
    assert len(lines) == 7  # every numbered player; Z3 has no number
    first = lines[0]
    assert first.league_player == numbers[north[0].pk]  # 60 + 30
    assert first.total == 90 and first.nights == 2 and first.rank == 1


def test_nothing_changed_makes_no_version_and_every_change_names_its_reason(played):
    s, north, south, numbers, (n1, _z1, day, hidden) = played
    assert league_recompute(league_id=s.league.pk).number == 1
    assert league_recompute(league_id=s.league.pk) is None
    session = day.sessions.order_by("pk").first()
    correct(session, [0, 40, -10, -30])
    v2 = league_recompute(league_id=s.league.pk)
    assert (v2.number, v2.reason) == (2, "correction")
    marked = league_night_mark(league=s.league, event=hidden, actor=s.north_org)
    v3 = league_recompute(league_id=s.league.pk)
    assert (v3.reason, v3.sessions) == ("night_marked", 5)
    league_night_unmark(night=marked, actor=s.north_org, reason="friendly")
    v4 = league_recompute(league_id=s.league.pk)
    assert (v4.reason, v4.sessions) == ("night_unmarked", 4)
    link = numbers[north[1].pk].links.get()
    league_link_withdraw(link=link, actor=s.north_org, reason="asked")
    v5 = league_recompute(league_id=s.league.pk)
    assert v5.reason == "consent_withdrawn"
    assert not LeagueStanding.objects.filter(league_player=numbers[north[1].pk]).exists()
    assert not LeagueRating.objects.filter(league_player=numbers[north[1].pk]).exists()


def test_an_unpublished_night_does_not_count(played):
    s, _north, _south, _numbers, (n1, *_rest) = played
    n1.published = False
    n1.save(update_fields=["published"])
    assert league_recompute(league_id=s.league.pk).sessions == 3


def test_a_club_that_leaves_keeps_what_counted(played):
    s, north, _south, _numbers, (n1, _z1, _day, hidden) = played
    league_recompute(league_id=s.league.pk)
    league_night_mark(league=s.league, event=hidden, actor=s.north_org)
    row = LeagueClub.objects.get(league=s.league, club=s.north)
    league_club_leave(membership=row, actor=s.north_org, reason="moving")
    LeagueClub.objects.filter(pk=row.pk).update(left_on=hidden.date - datetime.timedelta(days=1))
    version = league_recompute(league_id=s.league.pk)
    assert version.reason == "club_left" and "Noord" in version.detail
    assert version.inputs["reasons"] == ["club_left", "night_marked"]
    assert version.sessions == 4  # n1 and the league day stay; the night after leaving goes
