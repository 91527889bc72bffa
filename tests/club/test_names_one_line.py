"""Names are one line of visible characters ("display names may hold newlines and
carriage returns, which break a TRF16 001 line"; "names refuse control characters").

A member's display name, city and title, a championship's name and a team's name refuse
control characters (Unicode Cc: line feed, carriage return, tab …), format characters (Cf:
bidi overrides, zero-width characters) and the line and paragraph separators, at every place
they are typed — the pages, the API (400), the admin, the services — with a message naming
the character, and nothing is stored. The rule is ``foundation.text``.
"""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from club.championships.models import Championship
from club.teams.models import Team
from foundation.text import refused_character, validate_one_line
from members import services
from members.models import Member
from tests.conftest import PASSWORD, make_member

pytestmark = pytest.mark.django_db

# Inside the text: a form trims the ends, and the middle is what a file would carry.
REFUSED = {
    "line feed": "Anna\nOrlova",
    "carriage return": "Anna\rOrlova",
    "tab": "Anna\tOrlova",
    "escape": "Anna\x1b[31mOrlova",
    "bidi override": "Anna\u202eavolrO",
    "zero-width space": "Anna\u200bOrlova",
    "line separator": "Anna\u2028Orlova",
    "next line (C1)": "Anna\x85Orlova",
    "hangul filler alone: shows blank": "\u3164",
    "hangul filler after a name: another's look-alike": "Anna Orlova\u3164",
    "blank braille pattern": "\u2800\u2800",
}
ACCEPTED = ["Анна-Мария О'Нил", "José Müller", "李小龍", "Ёлкин (Е\u0308лкин)", "Anna  Orlova", "=1+1"]


def client_for(member):
    client = Client()
    client.force_login(member)
    return client


def api_for(member):
    client = APIClient()
    client.force_authenticate(member)
    return client


class TestTheRule:
    @pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
    def test_it_refuses_and_names_the_character(self, text):
        with pytest.raises(ValidationError) as refused:
            validate_one_line(text)
        assert f"U+{ord(refused_character(text)):04X}" in refused.value.messages[0]

    @pytest.mark.parametrize("text", ACCEPTED)
    def test_letters_of_every_script_marks_and_punctuation_pass(self, text):
        validate_one_line(text)


class TestAMembersOwnNames:
    @pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
    def test_the_sign_up_page_refuses_it_and_creates_nobody(self, text):
        form = {
            "username": "newcomer",
            "email": "newcomer@club.test",
            "display_name": text,
            "city": "Tver",
            "password1": PASSWORD,
            "password2": PASSWORD,
        }
        page = Client().post("/signup/", form)
        assert page.status_code == 200 and "U+" in page.content.decode()
        assert not Member.objects.filter(username="newcomer").exists()
        assert Client().post("/signup/", {**form, "display_name": "Anna", "city": text}).status_code == 200
        assert not Member.objects.filter(username="newcomer").exists()

    def test_the_profile_page_refuses_it_and_changes_nothing(self, anna):
        for field in ("display_name", "city", "federation_title"):
            page = client_for(anna).post("/profile/edit/", {"display_name": "Anna Orlova", field: "A\nB"})
            assert page.status_code == 200 and "U+000A" in page.content.decode()
        anna.refresh_from_db()
        assert (anna.display_name, anna.city, anna.federation_title) == ("Anna Orlova", "Tver", "CM")

    @pytest.mark.parametrize("field", ["display_name", "city", "federation_title"])
    def test_the_api_answers_400_naming_the_field_and_changes_nothing(self, anna, field):
        response = api_for(anna).patch("/api/members/me/", {field: "A\r\nB"}, format="json")
        assert response.status_code == 400
        body = response.json()
        assert body["error"] == "invalid" and "U+000D" in body["fields"][field][0]
        anna.refresh_from_db()
        assert (anna.display_name, anna.city, anna.federation_title) == ("Anna Orlova", "Tver", "CM")

    def test_the_admin_refuses_it_and_changes_nothing(self, club_admin, anna):
        data = {
            "username": anna.username,
            "first_name": "",
            "last_name": "",
            "is_active": "on",
            "display_name": "Anna\u202eOrlova",
            "city": anna.city,
            "federation_title": "",
            "federation_rating": "",
            "last_login_0": "",
            "last_login_1": "",
            "date_joined_0": "2024-01-01",
            "date_joined_1": "10:00:00",
        }
        page = client_for(club_admin).post(f"/admin/club/member/{anna.pk}/change/", data)
        assert page.status_code == 200 and "U+202E" in page.content.decode()
        anna.refresh_from_db()
        assert anna.display_name == "Anna Orlova"

    def test_the_sign_up_service_refuses_it(self):
        with pytest.raises(ValidationError) as refused:
            services.member_sign_up(username="x", email="x@club.test", password=PASSWORD, display_name="A\nB")
        assert set(refused.value.message_dict) == {"display_name"}
        assert not Member.objects.filter(username="x").exists()

    @pytest.mark.parametrize("text", ACCEPTED)
    def test_ordinary_names_are_kept_as_typed(self, anna, text):
        response = api_for(anna).patch("/api/members/me/", {"display_name": text}, format="json")
        assert response.status_code == 200 and response.json()["display_name"] == text


CHAMPIONSHIP_FORM = {
    "discipline": "russian",
    "time_control": "d3",
    "system": "round-robin",
    "cycles": 1,
    "initial_order": "lot",
    "scoring": "1-1/2-0",
}


class TestAnOrganisersNames:
    def test_the_championship_page_refuses_the_name_and_creates_nothing(self, organiser):
        page = client_for(organiser).post("/championships/new/", {**CHAMPIONSHIP_FORM, "name": "Winter\u2028cup"})
        assert page.status_code == 200 and "U+2028" in page.content.decode()
        assert not Championship.objects.exists()

    def test_the_championship_api_answers_400(self, organiser):
        body = {"name": "Winter\tcup", "discipline": "russian", "time_control": "d3"}
        response = api_for(organiser).post("/api/championships/", body, format="json")
        assert response.status_code == 400 and response.json()["error"] == "control-character"
        assert "U+0009" in response.json()["detail"] and not Championship.objects.exists()

    def test_the_team_event_api_answers_400(self, organiser):
        body = {"name": "Кубок\nклуба", "discipline": "russian", "time_control": "d3", "boards": 2}
        response = api_for(organiser).post("/api/teams/", body, format="json")
        assert response.status_code == 400 and response.json()["error"] == "control-character"
        assert not Championship.objects.exists()

    def test_the_team_registration_api_answers_400(self, organiser):
        event = api_for(organiser).post(
            "/api/teams/", {"name": "Кубок", "discipline": "russian", "time_control": "d3", "boards": 2}, format="json"
        )
        captain, player = make_member("cap"), make_member("second")
        body = {"name": "Ладья\r", "captain_id": captain.pk, "player_ids": [captain.pk, player.pk]}
        url = f"/api/teams/{event.json()['id']}/teams/"
        assert api_for(captain).post(url, body, format="json").status_code == 201  # the ends are trimmed
        body = {"name": "Дам\u200bка", "captain_id": player.pk, "player_ids": [player.pk, make_member("third").pk]}
        response = api_for(player).post(url, body, format="json")
        assert response.status_code == 400 and response.json()["error"] == "control-character"
        assert list(Team.objects.values_list("name", flat=True)) == ["Ладья"]
