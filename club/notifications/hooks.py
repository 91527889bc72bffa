"""Hooks registered with games.events (see apps.py)."""
import logging

log = logging.getLogger(__name__)


def game_changed(game_id: int) -> None:
    """Only correspondence games notify moves: the change's facts (or one indexed look-up), then a task."""
    from games.models import Game

    from .tasks import notify_game_changed

    from games.events import changed_facts

    facts = changed_facts(game_id)  # the committed change's own facts: no query on a move
    if facts is not None:
        wanted = facts["speed"] == "correspondence" and facts["status"] == Game.Status.ONGOING
    else:
        wanted = Game.objects.filter(id=game_id, speed="correspondence", status=Game.Status.ONGOING).exists()
    if wanted:
        _enqueue(notify_game_changed, game_id)


def challenge_created(challenge_id: int) -> None:
    from .tasks import notify_challenge_created

    _enqueue(notify_challenge_created, challenge_id)


def _enqueue(task, object_id: int) -> None:
    try:
        task.delay(object_id)
    except Exception:  # broker down: the move stands; the member sees it on the site
        log.exception("could not enqueue %s(%s)", task.name, object_id)
