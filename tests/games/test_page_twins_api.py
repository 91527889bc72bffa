"""What the pages offer a member, through the API too: conditional moves in correspondence, marking
notifications read, revoking API tokens. A refusal changes nothing."""

import pytest
from rest_framework.test import APIClient

from club.notifications.models import Notification
from club.notifications.services import notify
from games.models import ConditionalLine
from members.tokens import api_token_issue
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


def client_of(member):
    client = APIClient()
    client.force_authenticate(member)
    return client


def test_conditional_moves_are_prepared_checked_and_deleted_through_the_api(anna, boris, chiara):
    game = start_game(white=anna, black=boris)
    url = f"/api/games/{game.id}/conditional/"
    # Boris waits for Anna's first move: he prepares "if c3-d4, then f6-g5".
    assert client_of(boris).put(url, {"moves": ["c3-d4", "f6-g5"]}).json() == {"moves": ["c3-d4", "f6-g5"]}
    illegal = client_of(boris).put(url, {"moves": ["c3-d4", "a7-b6"]})  # a7-b6: no such move for black here
    assert illegal.status_code == 409 and ConditionalLine.objects.get().moves == ["c3-d4", "f6-g5"]
    assert client_of(chiara).put(url, {"moves": ["c3-d4", "f6-g5"]}).status_code == 403
    assert client_of(boris).put(url, {"moves": []}).json() == {"moves": []}
    assert not ConditionalLine.objects.exists()


def test_notifications_are_marked_read_those_named_or_all(anna, boris):
    first, second, third = (notify(recipient=anna, kind="turn", key=f"k{i}", params={}, url="/") for i in range(3))
    notify(recipient=boris, kind="turn", key="b", params={}, url="/")
    assert client_of(anna).post("/api/notifications/read/", {"ids": [first.pk]}).json() == {"marked": 1}
    assert client_of(anna).post("/api/notifications/read/", {}).json() == {"marked": 2}
    assert Notification.objects.filter(recipient=boris, read_at__isnull=True).count() == 1
    assert client_of(anna).post("/api/notifications/read/", {"ids": ["x"]}).status_code == 400


def test_a_member_revokes_one_api_token_or_all_of_them(anna):
    kept, _ = api_token_issue(member=anna)
    revoked, _ = api_token_issue(member=anna)
    one = client_of(anna).post("/api/auth/tokens/revoke/", {"token_key": revoked.token_key})
    assert one.json() == {"revoked": 1} and list(anna.auth_token_set.all()) == [kept]
    assert client_of(anna).post("/api/auth/tokens/revoke/", {}).json() == {"revoked": 1}
    assert not anna.auth_token_set.exists()
