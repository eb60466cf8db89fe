"""The admin's rating pages: listed for a superuser, derived rows read-only."""

import pytest

from ranking.ratings.models import PlayerRating, RatingHistory
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table

pytestmark = pytest.mark.django_db

RATING_PAGES = ["ratingpool", "playerrating", "ratinghistory"]


@pytest.fixture
def rated(django_capture_on_commit_callbacks):
    """One complete, rated session: a pool, four ratings and four history rows."""
    table = seated_table(EventFactory(published=True))
    with django_capture_on_commit_callbacks(execute=True):  # the ratings update it queues
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    assert PlayerRating.objects.count() == RatingHistory.objects.count() == 4
    return table


@pytest.mark.parametrize("model", RATING_PAGES)
def test_rating_changelists_load_for_a_superuser(admin_client, rated, model):
    response = admin_client.get(f"/admin/ratings/{model}/")
    assert response.status_code == 200
    body = response.content.decode()
    if model != "ratingpool":
        assert rated.seats.first().player.name in body


@pytest.mark.parametrize("model", RATING_PAGES)
def test_rating_changelists_load_empty(admin_client, model):
    assert admin_client.get(f"/admin/ratings/{model}/").status_code == 200


@pytest.mark.parametrize("model", RATING_PAGES)
def test_ratings_cannot_be_added_by_hand(admin_client, model):
    assert admin_client.get(f"/admin/ratings/{model}/add/").status_code == 403


@pytest.mark.parametrize("model", [PlayerRating, RatingHistory])
def test_derived_rows_open_read_only(admin_client, rated, model):
    row = model.objects.first()
    name = model._meta.model_name
    response = admin_client.get(f"/admin/ratings/{name}/{row.pk}/change/")
    assert response.status_code == 200
    assert 'name="_save"' not in response.content.decode()
    response = admin_client.post(f"/admin/ratings/{name}/{row.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


@pytest.mark.parametrize("model", ["playerrating", "ratinghistory"])
def test_rating_changelists_search_and_filter(admin_client, rated, model):
    player = rated.seats.first().player
    club = rated.round.event.club
    response = admin_client.get(
        f"/admin/ratings/{model}/", {"q": player.name, "pool__club__id__exact": club.pk}
    )
    assert response.status_code == 200
    assert player.name in response.content.decode()


def test_rating_pool_opens_with_its_bookkeeping_read_only(admin_client, rated):
    pool = rated.round.event.club.rating_pools.get(game="bonken")
    response = admin_client.get(f"/admin/ratings/ratingpool/{pool.pk}/change/")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'name="config"' in body and 'name="sessions_applied"' not in body
