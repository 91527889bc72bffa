"""The protest panel a championship may name (003 1.3.1: "the chief arbiter
(or the panel the championship names) rules"): named by the organiser; once
named, a member of the panel rules on the championship's protests and the
chief arbiter no longer does. The permission matrix of tests/arbiters."""

import pytest

from club.arbiters.models import AuditEntry, Protest, Sanction
from club.arbiters.services import protest_file, protest_rule, sanction_issue
from club.championships.models import Appointment, Decision
from club.championships.services import protest_panel_set
from games.services import Forbidden, Invalid
from tests.conftest import make_member

from .conftest import at
from .test_sanctions_and_protests import EVERYONE, _client, _state, cast, started  # noqa: F401 (fixtures)


@pytest.fixture
def judges(db):
    return [make_member("irina", display_name="Irina Judge"), make_member("pavel", display_name="Pavel Judge")]


@pytest.fixture
def with_panel(started, staff, judges):
    championship, game = started
    protest_panel_set(by=staff["organiser"], championship_id=championship.pk, member_ids=[j.pk for j in judges])
    return championship, game


@pytest.fixture
def protested(with_panel, staff):
    """A warning in the championship's first game and white's protest against it."""
    championship, game = with_panel
    (sanction,) = sanction_issue(
        by=staff["arbiter"], member_id=game.white_id, kind="warning", reason="late to board", game_id=game.pk, now=at(5)
    )
    return protest_file(member=game.white, sanction_id=sanction.pk, text="I was on time", now=at(6))


# The organiser, or a club administrator standing in for him (the one rule of every event's setup).
ORGANISERS = ("organiser", "club admin", "superuser")


# 1.3.1: "the panel the championship names" — the organiser names it.
@pytest.mark.parametrize("who", EVERYONE)
def test_the_panel_is_named_only_by_the_organiser(client, cast, started, judges, who):
    championship, game = started
    before = _state(game)
    answer = _client(client, cast[who]).put(
        f"/api/arbiters/championships/{championship.pk}/protest-panel/",
        {"members": [j.pk for j in judges]},
        content_type="application/json",
    )
    if who in ORGANISERS:
        assert answer.status_code == 200
        assert [m["id"] for m in answer.json()["members"]] == [j.pk for j in judges]
        assert Decision.objects.filter(action="protest-panel", championship=championship).count() == 1
    else:
        assert answer.status_code in (401, 403)
        assert _state(game) == before and not Appointment.objects.filter(role="panel").exists()


# 1.3.1: with a panel named, a member of the panel rules — not the chief arbiter.
@pytest.mark.parametrize("who", [*EVERYONE, "panel member"])
def test_with_a_panel_named_only_a_panel_member_rules_on_a_protest(client, cast, judges, protested, who):
    game = protested.game
    cast = {**cast, "panel member": judges[1]}
    before = _state(game)
    answer = _client(client, cast[who]).post(
        f"/api/arbiters/protests/{protested.pk}/ruling/",
        {"upheld": True, "ruling": "the clock shows he came on time"},
        content_type="application/json",
    )
    sanction = Sanction.objects.get(pk=protested.sanction_id)
    if who == "panel member":
        assert answer.status_code == 200 and sanction.status == "reversed"
        ruled = AuditEntry.objects.get(action="protest:upheld")
        assert (ruled.actor, ruled.data["judge"]) == (judges[1], "panel")
    else:
        assert answer.status_code in (401, 403)
        if who == "chief":
            assert answer.json()["error"] == "not-on-panel"
        assert _state(game) == before and sanction.status == "in-force"


def test_without_a_panel_the_chief_arbiter_rules_and_dissolving_it_gives_the_ruling_back(
    started, staff, judges, protested
):
    championship, _game = started
    with pytest.raises(Forbidden):
        protest_rule(by=staff["chief"], protest_id=protested.pk, upheld=False, ruling="no", now=at(7))
    protest_panel_set(by=staff["organiser"], championship_id=championship.pk, member_ids=[])
    protest_rule(by=staff["chief"], protest_id=protested.pk, upheld=False, ruling="he was late", now=at(8))
    assert Protest.objects.get(pk=protested.pk).status == "rejected"
    assert AuditEntry.objects.get(action="protest:rejected").data["judge"] == "chief"


def test_no_panel_member_rules_on_a_protest_against_his_own_sanction(started, staff, judges):
    # An official holds one office in an event — an arbiter, who sanctions,
    # cannot sit on the panel that rules on the protests against his sanctions.
    championship, game = started
    with pytest.raises(Invalid) as refused:
        protest_panel_set(
            by=staff["organiser"], championship_id=championship.pk, member_ids=[staff["arbiter"].pk, judges[0].pk]
        )
    assert refused.value.code == "panel-member-official"
    protest_panel_set(by=staff["organiser"], championship_id=championship.pk, member_ids=[judges[0].pk])
    (sanction,) = sanction_issue(
        by=staff["arbiter"], member_id=game.black_id, kind="remark", reason="noise", game_id=game.pk, now=at(5)
    )
    protest = protest_file(member=game.black, sanction_id=sanction.pk, text="it was not me", now=at(6))
    with pytest.raises(Forbidden) as refused:
        protest_rule(by=staff["arbiter"], protest_id=protest.pk, upheld=False, ruling="it was", now=at(7))
    assert refused.value.code == "not-on-panel"
    assert Protest.objects.get(pk=protest.pk).status == "pending"
    protest_rule(by=judges[0], protest_id=protest.pk, upheld=True, ruling="another player", now=at(8))
    assert Sanction.objects.get(pk=sanction.pk).status == "reversed"


def test_a_player_of_the_championship_cannot_sit_on_its_panel(started, staff, judges):
    championship, game = started
    with pytest.raises(Invalid) as refused:
        protest_panel_set(
            by=staff["organiser"], championship_id=championship.pk, member_ids=[judges[0].pk, game.white_id]
        )
    assert refused.value.code == "player-cannot-judge"
    assert not Appointment.objects.filter(role="panel").exists() and not AuditEntry.objects.exists()


def test_an_upheld_panel_ruling_reverses_a_loss_of_the_game(with_panel, staff, judges, on_commit):
    championship, game = with_panel
    with on_commit():
        (sanction,) = sanction_issue(
            by=staff["chief"], member_id=game.black_id, kind="loss_of_game", reason="phone", game_id=game.pk, now=at(5)
        )
    game.refresh_from_db()
    assert game.result == "+/-"
    protest = protest_file(member=game.black, sanction_id=sanction.pk, text="the phone was off", now=at(6))
    with on_commit():
        protest_rule(by=judges[0], protest_id=protest.pk, upheld=True, ruling="it was switched off", now=at(7))
    game.refresh_from_db()
    # forfeited while being played: annulled, for the chief arbiter to have it replayed
    assert (game.status, game.result) == ("annulled", "")


# The organiser names the panel on the arbiters' log page; no one else can.
@pytest.mark.parametrize("who", EVERYONE)
def test_the_panel_is_named_on_the_log_page_only_by_the_organiser(client, cast, started, judges, who):
    championship, game = started
    answer = _client(client, cast[who]).post(
        f"/arbiters/championships/{championship.pk}/protest-panel/", {"usernames": "irina, pavel"}
    )
    named = list(Appointment.objects.filter(role="panel").values_list("member__username", flat=True))
    if who in ORGANISERS:
        assert answer.status_code == 302 and sorted(named) == ["irina", "pavel"]
        log = client.get(f"/arbiters/championships/{championship.pk}/").content.decode()
        assert "Irina Judge" in log and 'id="panel-usernames"' in log
    else:
        assert named == []
        if who == "anonymous":
            assert answer.status_code == 302 and "login" in answer["Location"]
        else:
            assert answer.status_code == 403


def test_a_player_named_on_the_log_page_is_refused_and_nothing_changes(client, started, staff, judges):
    championship, game = started
    client.force_login(staff["organiser"])
    client.post(
        f"/arbiters/championships/{championship.pk}/protest-panel/", {"usernames": f"irina {game.white.username}"}
    )
    assert not Appointment.objects.filter(role="panel").exists() and not AuditEntry.objects.exists()
