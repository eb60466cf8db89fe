"""Importing the SunMar Bonken app's backups through the services: matches, history evenings,
levels, re-imports, permissions, the audit log and the ratings."""

import pytest

from clubs.models import AuditEntry, Membership, Player, Role
from core.errors import NotAllowed, ServiceError
from games.bonken.imports.models import ImportedEvening, ImportedGame
from games.bonken.imports.selectors import upload_preview
from games.bonken.imports.services import sunmar_import, sunmar_upload
from ranking.ratings.models import PlayerRating, RatedSession
from results.models import Session, SessionRevision
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.sunmar_backups import (
    FINISHED_ID,
    UNFINISHED_ID,
    build_backup,
    chooser_doubles_first,
    example_zip,
    finished_game,
    forced_rotation,
    renamed,
)
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club):
    user = user_with_role(club, Role.ORGANIZER)
    user.save()
    return user


def member(club, name):
    player = PlayerFactory(name=name)
    Membership.objects.create(club=club, player=player)
    return player


def proposed(upload):
    return {m.name: (m.player.pk if m.player else None) for m in upload_preview(upload).matches}


def test_the_example_backup_is_previewed_then_imported(
    club, organizer, django_capture_on_commit_callbacks
):
    anna, bram = member(club, "anna"), member(club, "Bram ")
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip(), file_name="b.zip")
    preview = upload_preview(upload)
    assert [(m.name, m.player) for m in preview.matches] == [
        ("Anna", anna),
        ("Bram", bram),
        ("Cees", None),
        ("Daan", None),
    ]
    assert [s.app_id for s in preview.conversion.skipped] == [UNFINISHED_ID]

    with django_capture_on_commit_callbacks(execute=True):  # the ratings update it queues
        report = sunmar_import(upload=upload, actor=organizer, matches=proposed(upload))
    assert [(g["app_id"], g["level"]) for g in report.imported] == [(FINISHED_ID, "counts")]
    assert report.new_players == ["Cees", "Daan"]
    event = Event.objects.get(pk=report.events[0])
    assert (event.date.isoformat(), event.published, event.status) == (
        "2026-03-12",
        True,
        Event.Status.FINISHED,
    )
    assert event.game == "bonken" and event.ruleset == "classic"
    assert ImportedEvening.objects.get(event=event).date == event.date
    session = Session.objects.get(event=event)
    assert session.complete and session.document["games"][0]["counts"] == [4, 3, 2, 4]
    assert [s.player.name for s in session.seat_results.order_by("position")] == [
        "anna",
        "Bram",  # registered as "Bram ": names are kept trimmed (core.names)
        "Cees",
        "Daan",
    ]
    assert [s.total for s in session.seat_results.order_by("position")] == [100, 60, -175, 15]
    imported = ImportedGame.objects.get()
    assert (imported.session, imported.level, imported.app_game_id) == (
        session,
        "counts",
        FINISHED_ID,
    )
    assert "Bonken" in SessionRevision.objects.get(session=session).reason
    assert AuditEntry.objects.filter(action="sunmar.import", club_id=club.pk).count() == 1
    assert AuditEntry.objects.filter(action="sunmar.upload").count() == 1
    # ratings took the evening in
    assert RatedSession.objects.filter(session=session).exists()
    assert PlayerRating.objects.filter(player=anna).exists()


def test_importing_the_same_backup_twice_adds_nothing(club, organizer):
    first = sunmar_upload(club=club, actor=organizer, data=example_zip())
    sunmar_import(upload=first, actor=organizer, matches=proposed(first))
    again = sunmar_upload(club=club, actor=organizer, data=example_zip())
    assert upload_preview(again).matches == []  # nothing left to import, nobody to match
    report = sunmar_import(upload=again, actor=organizer, matches={})
    assert (report.imported, report.already) == ([], [FINISHED_ID])
    assert Session.objects.count() == 1 and Event.objects.count() == 1
    assert Player.objects.filter(name="Cees").count() == 1


def test_a_second_game_of_the_evening_joins_its_history_event(club, organizer):
    first = sunmar_upload(club=club, actor=organizer, data=example_zip())
    sunmar_import(upload=first, actor=organizer, matches=proposed(first))
    later = renamed(finished_game(), "later-game", Daan="Eva")
    later["scoredAt"] = "2026-03-12T23:30:00.000"
    upload = sunmar_upload(club=club, actor=organizer, data=build_backup([later]))
    matches = proposed(upload)
    assert matches["Eva"] is None and matches["Anna"] is not None
    report = sunmar_import(upload=upload, actor=organizer, matches=matches)
    assert report.new_players == ["Eva"]
    event = Event.objects.get()
    assert event.sessions.count() == 2
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2]
    assert event.status == Event.Status.FINISHED  # reopened for the game, closed again


def test_rejected_games_at_their_level_or_left_out(club, organizer):
    games = [
        renamed(forced_rotation(finished_game()), "forced"),
        renamed(chooser_doubles_first(finished_game()), "doubled"),
    ]
    games[1]["scoredAt"] = "2026-03-14T21:00:00.000"
    upload = sunmar_upload(club=club, actor=organizer, data=build_backup(games))
    report = sunmar_import(
        upload=upload, actor=organizer, matches=proposed(upload), include_rejected=False
    )
    assert (report.imported, sorted(report.left_out)) == ([], ["doubled", "forced"])
    assert Session.objects.count() == 0

    upload = sunmar_upload(club=club, actor=organizer, data=build_backup(games))
    report = sunmar_import(upload=upload, actor=organizer, matches=proposed(upload))
    assert sorted((g["app_id"], g["level"]) for g in report.imported) == [
        ("doubled", "net"),
        ("forced", "totals"),
    ]
    forced = ImportedGame.objects.get(app_game_id="forced")
    assert [p["code"] for p in forced.problems] == ["plus_contract_twice", "missing_plus_contract"]
    assert forced.session.document["totals"] == [100, 60, -175, 15]
    assert "totals" in forced.session.revisions.get().reason
    assert Event.objects.count() == 2  # two evenings


def test_matches_are_checked(club, organizer):
    outsider = PlayerFactory(name="Anna")
    anna = member(club, "Anna")
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip())
    with pytest.raises(ServiceError) as refused:
        sunmar_import(
            upload=upload,
            actor=organizer,
            matches={"Anna": outsider.pk, "Bram": anna.pk, "Cees": anna.pk},
        )
    codes = sorted((e["code"], e["field"]) for e in refused.value.errors)
    assert codes == [
        ("match_missing", "Daan"),
        ("match_not_member", "Anna"),
        ("match_twice", FINISHED_ID),
    ]
    assert Session.objects.count() == 0 and Player.objects.filter(name="Daan").count() == 0


def test_only_the_clubs_organizer_who_uploaded(club, organizer):
    scorer = user_with_role(club, Role.SCORER)
    with pytest.raises(NotAllowed):
        sunmar_upload(club=club, actor=scorer, data=example_zip())
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip())
    other = user_with_role(club, Role.ORGANIZER)
    with pytest.raises(NotAllowed):
        sunmar_import(upload=upload, actor=other, matches=proposed(upload))
    with pytest.raises(NotAllowed):
        sunmar_import(
            upload=upload, actor=user_with_role(ClubFactory(), Role.ORGANIZER), matches={}
        )


def test_a_refused_backup_says_why(club, organizer):
    with pytest.raises(ServiceError) as refused:
        sunmar_upload(
            club=club, actor=organizer, data=build_backup([finished_game()], tamper="games")
        )
    assert [(e["code"], e["field"]) for e in refused.value.errors] == [
        ("hash_mismatch", "games.json")
    ]


def test_ratings_replay_with_an_earlier_imported_evening(
    club, organizer, django_capture_on_commit_callbacks
):
    later = renamed(finished_game(), "later")
    later["scoredAt"] = "2026-05-01T21:00:00.000"
    upload = sunmar_upload(club=club, actor=organizer, data=build_backup([later]))
    with django_capture_on_commit_callbacks(execute=True):
        sunmar_import(upload=upload, actor=organizer, matches=proposed(upload))
    assert RatedSession.objects.count() == 1
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip())
    with django_capture_on_commit_callbacks(execute=True):
        sunmar_import(upload=upload, actor=organizer, matches=proposed(upload))
    order = list(
        RatedSession.objects.order_by("position").values_list("session__event__date", flat=True)
    )
    assert [d.isoformat() for d in order] == ["2026-03-12", "2026-05-01"]
