"""Seating through the organizer's pages, which never pass a seed: one seed per event, "seat
again" gives another plan, and a player cannot swap with themselves."""

import pytest

import seating
from tests.web.conftest import members
from tournaments.models import EventPlayer, Round, Seat
from tournaments.rounds.services import _played_rounds

pytestmark = pytest.mark.django_db


def _checked_in(event, n: int) -> None:
    for player in members(event.club, n):
        EventPlayer.objects.create(event=event, player=player, present=True)


def test_seated_round_by_round_on_the_pages_no_pair_meets_twice(clients, event):
    event.planned_rounds = 5
    event.save(update_fields=["planned_rounds"])
    _checked_in(event, 16)
    organizer = clients["organizer"]
    for number in range(1, 6):
        response = organizer.post(f"/manage/events/{event.pk}/rounds/new/", {"method": "balanced"})
        assert response.status_code == 302
        round_ = Round.objects.get(event=event, number=number)
        if number == 2:  # the organizer asks for another plan once: a new seed, kept after
            seed = round_.seed
            assert organizer.post(f"/manage/rounds/{round_.pk}/regenerate/").status_code == 302
            round_.refresh_from_db()
            assert round_.seed != seed
        assert organizer.post(f"/manage/rounds/{round_.pk}/accept/").status_code == 302
    seeds = list(
        Round.objects.filter(event=event).order_by("number").values_list("seed", flat=True)
    )
    assert len(set(seeds[1:])) == 1
    report = seating.quality_report(_played_rounds(event, before=6))
    assert report.rounds == 5 and report.repeated_pairs == 0


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_player_cannot_swap_with_themselves(clients, event, language):
    _checked_in(event, 8)
    clients["organizer"].post(f"/manage/events/{event.pk}/rounds/new/")
    round_ = Round.objects.get(event=event)
    seat = Seat.objects.filter(round=round_).first()
    response = clients["organizer"].post(
        f"/manage/rounds/{round_.pk}/swap/",
        {"player_a": seat.player_id, "player_b": seat.player_id},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    expected = {
        "en": "Choose two different players to swap.",
        "nl": "Kies twee verschillende spelers om te wisselen.",
    }[language]
    assert expected in response.content.decode()
    assert Seat.objects.filter(round=round_, player_id=seat.player_id).count() == 1
    assert Seat.objects.filter(round=round_).count() == 8


def test_the_preview_names_who_meets_again_and_seats_again_by_the_chosen_method():
    from clubs.models import Membership, Role
    from tests.factories import EventFactory, PlayerFactory, user_with_role
    from tests.web.conftest import client_for
    from tournaments.models import EventPlayer, Round
    from tournaments.rounds.services import round_accept, round_generate

    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    for player in PlayerFactory.create_batch(5):  # 4 + a bye: pairs must meet again
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    first = round_generate(event=event, actor=organizer, seed=1)
    round_accept(round_=first, actor=organizer)
    second = round_generate(event=event, actor=organizer, seed=1)
    client = client_for(organizer)
    page = client.get(f"/manage/rounds/{second.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "meet again in this round" in page and "2 times tonight" in page
    assert 'name="method"' in page
    client.post(f"/manage/rounds/{second.pk}/regenerate/", {"method": "random"})
    assert Round.objects.get(pk=second.pk).seating_method == "random"
