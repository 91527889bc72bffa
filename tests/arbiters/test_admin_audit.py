"""No back door: an administrator's result correction in the admin goes through
the arbiters' service and its one authority and lands in the audit log."""

from club.arbiters.models import AuditEntry, Sanction
from games.services import game_create
from tests.conftest import make_member


def test_an_admin_result_correction_is_audited(client, db):
    white, black = make_member("wanda"), make_member("boleslav")
    superuser = make_member("root")
    superuser.is_superuser = superuser.is_staff = True
    superuser.save()
    game = game_create(white=white, black=black, discipline="russian", time_control="d3")
    client.force_login(superuser)
    client.post(
        "/admin/games/game/",
        {
            "action": "correct_result",
            "_selected_action": [game.pk],
            "apply": "1",
            "result": "0-1",
            "reason": "Recording error.",
        },
    )
    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.action, entry.game_id, entry.reason) == (
        superuser,
        "result",
        game.pk,
        "Recording error.",
    )


def test_the_arbiters_records_are_read_only_in_the_admin(client, db):
    superuser = make_member("root")
    superuser.is_superuser = superuser.is_staff = True
    superuser.save()
    client.force_login(superuser)
    assert client.get("/admin/arbiters/sanction/add/").status_code == 403
    assert client.get("/admin/arbiters/auditentry/").status_code == 200
    assert Sanction.objects.count() == 0
