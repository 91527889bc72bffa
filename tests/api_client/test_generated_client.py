"""A client that software nobody here wrote makes from the OpenAPI document works: openapi-python-client
generates it from ``/api/schema/`` (with docs/api/openapi-python-client.yaml, the configuration the README
gives), every module of it imports, and a short match played with it alone reaches the club.

The generated client speaks HTTP through httpx; its transport here is the club's own WSGI application
(``club.site.wsgi``) in this process, on the test's database connection.
"""

import importlib
import io
import pkgutil
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client as DjangoClient

from club.championships import demo, exports
from club.championships.models import Championship
from club.site import demo as club_demo
from club.site.wsgi import application
from members.demo import DEMO_PASSWORD

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "docs" / "api" / "openapi-python-client.yaml"
# Ten legal plies of Russian draughts from the start (captures among them: 2.4, a capture is compulsory).
TEN_PLIES = ["c3-b4", "h6-g5", "b4-a5", "g5-f4", "e3:g5", "f6:h4", "g3-f4", "h4-g3", "f2:h4", "d6-c5"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The client package, generated from the schema the club serves."""
    folder = tmp_path_factory.mktemp("client")
    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert schema.status_code == 200
    (folder / "schema.yaml").write_bytes(schema.content)
    generator = Path(sys.executable).with_name("openapi-python-client")
    run = subprocess.run(
        [str(generator), "generate", "--path", "schema.yaml", "--config", str(CONFIG), "--output-path", "out"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # A warning means a piece of the API left out of the client (an operation, a response, a model).
    assert run.returncode == 0 and "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    sys.path.insert(0, str(folder / "out"))
    try:
        yield importlib.import_module("club_api_client")
    finally:
        sys.path.remove(str(folder / "out"))
        for name in [name for name in sys.modules if name.startswith("club_api_client")]:
            del sys.modules[name]


def test_every_module_of_the_generated_client_imports(generated):
    names = [module.name for module in pkgutil.walk_packages(generated.__path__, "club_api_client.")]
    for name in names:
        importlib.import_module(name)
    # every operation of the document is in the client: one module per operation
    operations = [name for name in names if name.startswith("club_api_client.api.") and name.count(".") == 3]
    assert len(operations) == _operation_count()


def _operation_count() -> int:
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    return sum(method != "parameters" for operations in paths.values() for method in operations)


@pytest.fixture
def one_connection():
    """The WSGI application runs in this thread on the test's connection, inside its transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
def test_a_match_played_with_the_generated_client_alone(generated, one_connection):
    club_demo.load_demo()
    finished_event = Championship.objects.get(name=demo.ROUND_ROBIN_NAME)

    from club_api_client import AuthenticatedClient, Client
    from club_api_client.api.auth import auth_token_create
    from club_api_client.api.challenges import challenges_accept_create, challenges_create
    from club_api_client.api.championships import championships_export_games_zip
    from club_api_client.api.games import (
        games_draw_accept_create,
        games_draw_offer_create,
        games_moves_create,
        games_retrieve,
    )
    from club_api_client.models import (
        AuthTokenRequest,
        ChallengeColourEnum,
        ChallengeCreateRequest,
        Error,
        GameStatusEnum,
        MoveCreateRequest,
    )

    def transport():
        return {"transport": httpx.WSGITransport(app=application)}

    anonymous = Client(base_url="http://localhost", httpx_args=transport())

    def log_in(username: str) -> AuthenticatedClient:
        token = auth_token_create.sync(
            client=anonymous, body=AuthTokenRequest(username=username, password=DEMO_PASSWORD)
        )
        # the generated client's own default prefix (Bearer) is one the club takes
        return AuthenticatedClient(base_url="http://localhost", token=token.token, httpx_args=transport())

    refused = auth_token_create.sync(client=anonymous, body=AuthTokenRequest(username="sergey", password="wrong"))
    assert isinstance(refused, Error) and refused.error == "invalid"

    sergey, natalia = log_in("sergey"), log_in("natalia")
    challenge = challenges_create.sync(
        client=sergey,
        body=ChallengeCreateRequest(
            discipline="russian", time_control="d3", colour=ChallengeColourEnum.WHITE, rated=False
        ),
    )
    accepted = challenges_accept_create.sync(id=str(challenge.id), client=natalia)
    game_id = str(accepted.id)

    for ply, text in enumerate(TEN_PLIES):
        player = sergey if ply % 2 == 0 else natalia
        moved = games_moves_create.sync(id=game_id, client=player, body=MoveCreateRequest(text=text, expected_ply=ply))
        assert not isinstance(moved, Error), (text, moved)
    stale = games_moves_create.sync(id=game_id, client=sergey, body=MoveCreateRequest(text="a1-b2", expected_ply=3))
    assert isinstance(stale, Error) and stale.error

    # 2.1.9.3: a draw is offered right after one's own move; the side to move is refused
    too_soon = games_draw_offer_create.sync(id=game_id, client=sergey)
    assert isinstance(too_soon, Error) and too_soon.error == "draw-offer-not-now"
    offered = games_draw_offer_create.sync(id=game_id, client=natalia)
    assert not isinstance(offered, Error), offered
    agreed = games_draw_accept_create.sync(id=game_id, client=sergey)
    assert not isinstance(agreed, Error), agreed

    game = games_retrieve.sync(id=game_id, client=anonymous)
    assert (game.status, game.result, game.ply) == (GameStatusEnum.FINISHED, "1/2-1/2", 10)

    archive = championships_export_games_zip.sync(id=str(finished_event.pk), client=anonymous)
    data = archive.payload.read()
    assert data == exports.export(finished_event, "games.zip").content
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        assert opened.testzip() is None and len(opened.namelist()) == 15
