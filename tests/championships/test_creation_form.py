"""The organiser's creation form: "other…" takes a written time control — a
correspondence time bank with days added per move among them — checked for the
discipline; a field the page hides for the chosen system is not submitted and
the club's default stands."""

import pytest
from django.test import Client
from django.utils import translation

from club.championships.forms import ChampionshipForm
from club.championships.models import Championship

pytestmark = pytest.mark.django_db


def posted(organiser, **fields):
    form = {"name": "Autumn bank", "discipline": "russian", "system": "round-robin", "scoring": "1-1/2-0", **fields}
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser)
    return client.post("/championships/new/", form)


def test_other_takes_a_time_bank_with_days_added_per_move(organiser):
    response = posted(organiser, time_control="custom", custom_time_control="d30+2max10")
    championship = Championship.objects.get()
    assert response.status_code == 302 and str(championship.time_control) == "d30+2max10"


def test_other_without_a_written_control_is_refused_under_the_written_field(organiser):
    response = posted(organiser, time_control="custom", custom_time_control="")
    assert response.status_code == 200 and not Championship.objects.exists()
    assert "Write the time control, or choose one from the list." in response.content.decode()


def test_a_written_control_that_is_no_time_control_is_refused_and_nothing_is_created(organiser):
    response = posted(organiser, time_control="custom", custom_time_control="custom")
    assert response.status_code == 200 and not Championship.objects.exists()


def test_a_swiss_sent_without_the_round_robin_s_cycles_is_created_with_the_default(organiser):
    """The page hides (and so does not submit) the cycles of a round robin for a Swiss."""
    response = posted(organiser, time_control="d3", system="swiss", swiss_system="buchholz", rounds_planned=3)
    championship = Championship.objects.get()
    assert response.status_code == 302 and (championship.system, championship.cycles) == ("swiss", 1)


def test_the_page_marks_each_preset_with_its_disciplines_and_names_renju_s_family(organiser):
    with translation.override("en"):
        form = ChampionshipForm()
    assert "renju" in form.five_row_disciplines() and "russian" not in form.five_row_disciplines()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser)
    page = client.get("/championships/new/").content.decode()
    assert 'data-five-row="renju' in page and 'id="id_custom_time_control"' in page
    assert 'data-disciplines="' in page and "championships/new.js" in page
