"""The game row is locked in one place (``games.services.guards``: ``game_locked``, a batch by ``games_locked``), inside a
transaction: every write to a game — a move, a claim, an arbiter's result, a sanction, an
adjudication — is serialised on that row, and a lock taken outside a transaction (which
would end with its own statement) is refused rather than silently useless."""

import ast
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.services import game_create, game_draw_answer, game_move_make, game_resign
from games.services.errors import NotFound
from games.services.guards import game_locked, games_locked
from tests.locks import game_row_reads

ROOT = Path(__file__).resolve().parents[2]
GUARDS = "games/services/guards.py"


def _chain_root(node: ast.AST) -> ast.AST:
    """``Game`` of ``Game.objects.filter(...).select_for_update``: the name a call chain starts from."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def test_a_game_is_locked_only_by_the_one_helper():
    """One game (``game_locked``) or a batch (``games_locked``: a sweep's, a member's games), the
    lock is taken in games/services/guards.py and nowhere else."""
    lockers = set()
    for package in ("club", "games", "ratings", "members", "foundation"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Attribute) and node.attr == "select_for_update":
                    root = _chain_root(node.value)
                    if getattr(root, "id", None) in ("Game", "games"):
                        lockers.add(str(path.relative_to(ROOT)))
    assert lockers == {GUARDS}


@pytest.mark.django_db(transaction=True)
def test_the_lock_is_taken_inside_a_transaction(anna, boris):
    game = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    with pytest.raises(RuntimeError):
        game_locked(game.pk)
    with transaction.atomic():
        assert game_locked(game.pk) == game


@pytest.mark.django_db(transaction=True)
def test_a_batch_lock_is_taken_inside_a_transaction_too(anna, boris):
    game = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    with pytest.raises(RuntimeError):
        games_locked(Game.objects.filter(pk=game.pk))
    with transaction.atomic():
        assert games_locked(Game.objects.filter(pk=game.pk), skip_held=True) == [game]


@pytest.mark.django_db
def test_no_such_game_is_a_clear_refusal():
    with pytest.raises(NotFound) as refused:
        game_locked(10**9)
    assert refused.value.code == "no-such-game"
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_resignation_and_a_draw_answer_read_and_lock_the_game_once(anna, boris):
    resigned = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    with CaptureQueriesContext(connection) as done:
        game_resign(game_id=resigned.pk, member=anna)
    assert len(game_row_reads(done.captured_queries, resigned.pk)) == 1
    drawn = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    game_move_make(game_id=drawn.pk, member=anna, text="c3-d4", expected_ply=0, offer_draw=True)  # 2.1.9.3
    with CaptureQueriesContext(connection) as done:
        game_draw_answer(game_id=drawn.pk, member=boris, accept=True)
    assert len(game_row_reads(done.captured_queries, drawn.pk)) == 1
    assert (Game.objects.get(pk=resigned.pk).result, Game.objects.get(pk=drawn.pk).result) == ("0-1", "1/2-1/2")
