"""The organiser's forms on the championship page for its stages: a Scheveningen's
groups (003 1.2) and chaining a stage to the next (1.2)."""

import pytest
from django.test import Client

from club.championships import services
from club.championships.models import Championship

from .conftest import T0

pytestmark = pytest.mark.django_db


def client_for(member):
    client = Client()
    client.force_login(member)
    return client


def test_the_organiser_sets_a_group_and_chains_a_stage_from_the_page(make_championship, players, staff):
    scheveningen = make_championship(close=False, system="scheveningen")
    url = f"/championships/{scheveningen.pk}/"
    for member in players[:4]:
        client_for(member).post(url + "enter/")
    organiser = client_for(staff["organiser"])
    page = organiser.get(url).content.decode()
    assert f'action="/championships/{scheveningen.pk}/group/"' in page
    organiser.post(url + "group/", {"username": players[3].username, "group": "A"}, follow=True)
    assert scheveningen.entries.get(member=players[3]).group == "A"
    # A player cannot set groups: the page says why and nothing changes.
    response = client_for(players[0]).post(url + "group/", {"username": players[0].username, "group": "B"}, follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert scheveningen.entries.get(member=players[0]).group == ""

    group = make_championship(players[:4], name="Group stage")
    final = services.championship_create(
        organiser=staff["organiser"], name="Final", discipline="russian", time_control="d2", system="knockout", now=T0
    )
    stage_url = f"/championships/{group.pk}/"
    response = organiser.post(stage_url + "stage/", {"next_stage": final.pk, "qualifiers": 8}, follow=True)
    # More qualifiers than the stage's four players: refused, said on the page, nothing chained.
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert Championship.objects.get(pk=group.pk).next_stage is None
    organiser.post(stage_url + "stage/", {"next_stage": final.pk, "qualifiers": 2})
    group.refresh_from_db()
    assert (group.next_stage_id, group.qualifiers) == (final.pk, 2)
    page = Client().get(stage_url).content.decode()
    assert f'href="/championships/{final.pk}/"' in page
