"""Atom feeds (RFC 4287, written by Django's feedgenerator) that a news reader subscribes to:

* an event's results, one entry per published round holding its pairings and every result recorded
  so far; the entry is updated as results come in, so a reader sees the round again when it changes;
* the club's events: one entry when an event is published (its entries open or it starts) and one
  when it finishes.

Entry ids are the pages' own addresses under ``SITE_URL`` (with a fragment for the finish), so they
stay the same from one fetch to the next and differ between clubs.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _

from games.models import Game

from .models import Championship, Round
from .selectors.results_json import results_document

CLUB_FEED_SIZE = 50


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _latest(*moments: datetime | None) -> datetime:
    known = [m for m in moments if m]
    return max(known) if known else timezone.now()


def _board_line(board: dict) -> str:
    if board.get("bye") or not board.get("black"):
        return _("%(white)s: bye") % {"white": board.get("white") or "?"}
    result = board.get("result") or _("playing")
    return f"{board['number']}. {board['white']} – {board['black']}: {result}"


def event_results_feed(championship: Championship) -> bytes:
    """The event's published rounds, newest first, each with its results as recorded."""
    page = _absolute(reverse("championships:results", args=[championship.pk]))
    feed = Atom1Feed(
        title=_("%(event)s: results") % {"event": championship.name},
        link=page,
        description="",
        feed_url=_absolute(reverse("championships:results-feed", args=[championship.pk])),
        language=translation.get_language(),
        feed_guid=page,
    )
    rounds = {r.number: r for r in Round.objects.filter(championship=championship)}
    # The public's rounds (``selectors.visibility``), as a spectator sees them: a result the
    # broadcast delay withholds is still "playing".
    published = results_document(championship)["rounds"]
    # A game's end dates its round's entry once its result is shown, not before.
    game_ids = [b["game_id"] for r in published for b in r["boards"] if b.get("game_id") and b.get("result")]
    ended = dict(Game.objects.filter(id__in=game_ids).values_list("id", "ended_at"))
    for plain in sorted(published, key=lambda r: r["number"], reverse=True):
        the_round = rounds[plain["number"]]
        boards = plain["boards"]
        done = sum(1 for b in boards if b.get("result"))
        updated = _latest(the_round.published_at, the_round.closed_at, *(ended.get(b.get("game_id")) for b in boards))
        link = _absolute(reverse("championships:round", args=[championship.pk, plain["number"]]))
        feed.add_item(
            title=_("Round %(n)d: %(done)d of %(total)d results")
            % {"n": plain["number"], "done": done, "total": len(boards)},
            link=link,
            unique_id=link,
            description="\n".join(_board_line(b) for b in boards),
            pubdate=the_round.published_at or updated,
            updateddate=updated,
        )
    return feed.writeString("utf-8").encode()


def club_events_feed() -> bytes:
    """The club's events as they are published and as they finish, newest first."""
    home = _absolute(reverse("championships:list"))
    feed = Atom1Feed(
        title=_("Championships of the club"),
        link=home,
        description="",
        feed_url=_absolute(reverse("championships:club-feed")),
        feed_guid=home,
        language=translation.get_language(),
    )
    public = (
        Championship.objects.exclude(status=Championship.Status.DRAFT)
        .exclude(entrants=Championship.Entrants.TEAMS)  # a team event's pages are its own
        .order_by("-id")[:CLUB_FEED_SIZE]
    )
    entries = []
    for event in public:
        page = _absolute(reverse("championships:detail", args=[event.pk]))
        published = event.entries_open_at or event.started_at or event.created_at
        entries.append((published, _("Published: %(event)s") % {"event": event.name}, page, page))
        if event.status == Championship.Status.FINISHED:
            finished = event.finished_at or published
            results = _absolute(reverse("championships:results", args=[event.pk]))
            entries.append((finished, _("Finished: %(event)s") % {"event": event.name}, results, page + "#finished"))
    for moment, title, link, guid in sorted(entries, key=lambda e: e[0], reverse=True):
        feed.add_item(title=title, link=link, unique_id=guid, description="", pubdate=moment, updateddate=moment)
    return feed.writeString("utf-8").encode()
