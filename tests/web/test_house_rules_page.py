"""The house rules page: organizers start from any ruleset, the game checks the rules, saved
rules get versions, and the event form offers them."""

import html
import json

import pytest

from clubs.models import Role
from games.bonken.rules import RULESETS, ruleset_to_dict
from tests.factories import ClubFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import HouseRuleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory()


def rules(code: str = "eigen", **changes) -> str:
    data = ruleset_to_dict(RULESETS["classic"])
    data.update(code=code, name="Our rules", name_nl="Onze regels", **changes)
    return json.dumps(data)


def test_organizers_save_versions_and_the_event_form_offers_them(club):
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    url = f"/manage/clubs/{club.slug}/rulesets/"
    page = organizer.get(url, {"from": "bonken:eleven"})
    assert page.status_code == 200
    # the form starts from the chosen ruleset
    assert '"code": "eleven"' in html.unescape(page.content.decode())
    for _ in range(2):
        assert organizer.post(url, {"game": "bonken", "data": rules()}).status_code == 302
    assert list(HouseRuleset.objects.values_list("version", flat=True).order_by("version")) == [
        1,
        2,
    ]
    form = organizer.get(f"/manage/clubs/{club.slug}/events/new/")
    assert "eigen@2" in form.content.decode() and "eigen@1" in form.content.decode()


def test_bad_rules_and_bad_json_are_shown_on_the_form(club):
    organizer = client_for(user_with_role(club, Role.ORGANIZER))
    url = f"/manage/clubs/{club.slug}/rulesets/"
    not_json = organizer.post(url, {"game": "bonken", "data": "{kapot"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert not_json.status_code == 400
    assert "Dit is geen geldige JSON" in not_json.content.decode()
    data = json.loads(rules())
    data["contracts"][0]["value"] = -11
    lopsided = organizer.post(
        url, {"game": "bonken", "data": json.dumps(data)}, HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert lopsided.status_code == 400
    assert "Deze spelregels kunnen niet worden gebruikt" in lopsided.content.decode()
    assert not HouseRuleset.objects.exists()


def test_only_organizers_reach_the_page(club):
    scorer = client_for(user_with_role(club, Role.SCORER))
    assert scorer.get(f"/manage/clubs/{club.slug}/rulesets/").status_code == 403
