"""Age categories (003 1.1: соревнования проводятся … «в возрастных категориях»): a member's
year of birth (optional, private), an event's categories («до 14 лет», veterans 60+), an entry
refused outside them with its reason, and each category's own standings where there are several."""

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from club.championships import age_categories, demo, services
from club.championships.models import Championship, Entry
from foundation.refusals import Forbidden, Invalid
from members.services import member_profile_update
from tests.conftest import make_member

from .conftest import T0, at

pytestmark = pytest.mark.django_db
YEAR = T0.year
# Ages are counted in the year the entries close (1.1): every event here closes in YEAR.
CLOSES = at(60 * 24 * 30)


# ---- the categories themselves (pure) -------------------------------------------------------
@given(st.integers(2, 99), st.integers(1900, 2100), st.integers(1900, 2100))
def test_under_n_takes_exactly_those_younger_than_n_in_the_events_year(n, born, year):
    assert age_categories.category(f"U{n}").fits(born, year) == (year - born < n)
    assert age_categories.category(f"{n}+").fits(born, year) == (year - born >= n)


@given(st.integers(2, 99), st.integers(1950, 2100))
def test_the_years_of_birth_a_category_takes_are_its_edges(n, year):
    earliest, _ = age_categories.category(f"U{n}").born(year)
    assert age_categories.category(f"U{n}").fits(earliest, year) and not age_categories.category(f"U{n}").fits(
        earliest - 1, year
    )
    _, latest = age_categories.category(f"{n}+").born(year)
    assert age_categories.category(f"{n}+").fits(latest, year) and not age_categories.category(f"{n}+").fits(
        latest + 1, year
    )


def test_a_category_is_written_as_the_regulations_write_it():
    assert [age_categories.category(c).code for c in ("U14", "u14", " 60+ ")] == ["U14", "U14", "60+"]
    for bad in ("", "14", "U", "U1", "U100", "over 60", "60-", "U14+"):
        with pytest.raises(ValueError):
            age_categories.category(bad)
    assert age_categories.categories_of(["U14", "60+"], None, 2026) == []


# ---- the event ------------------------------------------------------------------------------
@pytest.fixture
def kids(db):
    return {
        "twelve": make_member("misha", display_name="Misha", birth_year=YEAR - 12),
        "thirteen": make_member("dasha", display_name="Dasha", birth_year=YEAR - 13),
        "fourteen": make_member("kolya", display_name="Kolya", birth_year=YEAR - 14),
        "unknown": make_member("nobody", display_name="Nobody"),
        "sixty": make_member("ded", display_name="Ded", birth_year=YEAR - 60),
        "seventy": make_member("baba", display_name="Baba", birth_year=YEAR - 70),
    }


def test_an_under_14_event_takes_only_players_under_14_and_says_why_it_refuses(make_championship, kids, staff):
    # 1.1: «юноши и девушки до 14 лет» — by the year of birth, in the event's year.
    event = make_championship(close=False, age_categories=["U14"], entries_close_at=CLOSES)
    assert event.event_year == YEAR and event.age_categories == ["U14"]
    services.entry_create(championship_id=event.pk, member=kids["thirteen"], now=at(1))
    for member, code, words in (
        (kids["fourteen"], "outside-age-category", f"born in {YEAR - 14}, is 14 in {YEAR}"),
        (kids["unknown"], "birth-year-needed", "year of birth"),
    ):
        with pytest.raises(Forbidden) as refused, translation.override("en"):
            services.entry_create(championship_id=event.pk, member=member, now=at(2))
        assert refused.value.code == code and words in refused.value.detail and "U14" in refused.value.detail
        with pytest.raises(Forbidden):  # the organiser cannot enter him either
            services.entry_add(by=staff["organiser"], championship_id=event.pk, member=member, now=at(3))
    assert list(Entry.objects.filter(championship=event).values_list("member__username", flat=True)) == ["dasha"]


def test_an_event_for_every_age_asks_no_year_of_birth(make_championship, kids):
    event = make_championship(close=False)
    services.entry_create(championship_id=event.pk, member=kids["unknown"], now=at(1))
    assert event.entries.count() == 1


@pytest.mark.parametrize(
    "options, code",
    [({"age_categories": ["U"]}, "bad-age-category"), ({"age_categories": ["14"]}, "bad-age-category")],
)
def test_a_category_the_rules_do_not_know_is_refused_and_nothing_is_created(staff, options, code):
    with pytest.raises(Invalid) as refused:
        services.championship_create(
            organiser=staff["organiser"], name="Cup", discipline="russian", time_control="d3", now=T0, **options
        )
    assert refused.value.code == code and not Championship.objects.exists()


def test_each_category_has_its_own_standings_where_the_event_has_several(make_championship, kids, staff, on_commit):
    # 1.1: an open event with a juniors' and a veterans' table.
    players = [kids["twelve"], kids["thirteen"], kids["sixty"], kids["seventy"]]
    event = make_championship(players, age_categories=["U14", "60+"], entries_close_at=CLOSES)
    with on_commit():
        demo.play_round(event, arbiter=staff["arbiter"], decide=lambda w, b: "white", now=at(60))
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{event.pk}/").content.decode()
    juniors = page[page.index('data-category="U14"') :].split("</details>")[0]
    veterans = page[page.index('data-category="60+"') :].split("</details>")[0]
    assert "Misha" in juniors and "Dasha" in juniors and "Ded" not in juniors
    assert "Ded" in veterans and "Baba" in veterans and "Misha" not in veterans
    tables = APIClient().get(f"/api/championships/{event.pk}/standings/categories/").json()
    assert [t["category"] for t in tables] == ["U14", "60+"]
    for table in tables:
        assert [row["place"] for row in table["rows"]] == [1, 2]
        assert all(row["overall"] for row in table["rows"])  # each keeps his place in the whole event (a tie: "1-2")


def test_one_category_has_no_second_table(make_championship, kids, staff, on_commit):
    event = make_championship([kids["twelve"], kids["thirteen"]], age_categories=["U14"], entries_close_at=CLOSES)
    assert APIClient().get(f"/api/championships/{event.pk}/standings/categories/").json() == []


# ---- the year of birth is the member's, and private ------------------------------------------
def test_the_year_of_birth_is_private_and_set_in_the_own_profile(kids):
    member = kids["twelve"]
    own = APIClient()
    own.force_authenticate(member)
    assert own.get("/api/members/me/").json()["birth_year"] == YEAR - 12
    assert "birth_year" not in APIClient().get(f"/api/members/{member.pk}/").json()
    assert str(YEAR - 12) not in Client().get(f"/members/{member.username}/").content.decode()
    assert own.patch("/api/members/me/", {"birth_year": 2011}, format="json").status_code == 200
    member.refresh_from_db()
    assert member.birth_year == 2011


def test_a_year_of_birth_in_the_future_is_refused_and_changes_nothing(kids):
    from django.core.exceptions import ValidationError

    member = kids["twelve"]
    with pytest.raises(ValidationError):
        member_profile_update(member=member, birth_year=3000)
    member.refresh_from_db()
    assert member.birth_year == YEAR - 12
