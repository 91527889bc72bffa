"""iCalendar feeds (RFC 5545, through the ``icalendar`` library).

* a championship's rounds — public while the championship is (not a draft);
* a member's scheduled games and rounds — behind a private URL whose token
  is the member's id and his feed secret signed by the club
  (``member_feed_token``), or his session. He renews the secret on his
  profile, and a new password renews it: the old address then stops.

Times are written in UTC (``DTSTART:…Z``): each calendar program shows them
in its owner's zone. A round or game without a set start (correspondence) is
an all-day event on the day it was published or began, through its deadline when
it has one. A correspondence section played all at once is one all-day event from
its start to its closing date, and its closing date an event of its own: its rounds
are not days of their own.

Every UID ends in the club's own host (``SITE_URL``), so two clubs' feeds in one
calendar never take each other's events for their own (RFC 5545 3.8.4.7).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import icalendar
from django.conf import settings
from django.core import signing
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import clock
from games.models import Game
from members.models import Member

from .models import Board, Championship, Round
from .selectors.visibility import rounds_visible

PRODID = "-//Draughts & renju club//results//EN"
SALT = "club.championships.calendar"
LONGEST = timedelta(hours=8)


def member_feed_token(member) -> str:
    """The member's feed address token: the same every time until he renews his feed secret,
    so the address he subscribed to stays his."""
    return signing.Signer(salt=SALT).sign_object([member.pk, member.calendar_secret], compress=True)


def member_of_token(token: str):
    """The active member whose current feed address ``token`` is, or None (a renewed
    secret, a forged or an old address: signed from the id alone)."""
    try:
        member_id, secret = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    return Member.objects.filter(pk=member_id, calendar_secret=secret, is_active=True).first()


def _length(tc: clock.TimeControl) -> timedelta | None:
    """How long a live game may take: both clocks' periods, at most 8 h; None for correspondence."""
    if tc.correspondence:
        return None
    total = 2 * sum(p.seconds for p in tc.periods)
    return min(LONGEST, timedelta(seconds=total or 7200))


def _calendar(name: str) -> icalendar.Calendar:
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    return cal


def _uid(name: str) -> str:
    """A UID unique to this club: the object's name at the club's own host."""
    return f"{name}@{urlsplit(settings.SITE_URL).netloc}"


def _event(
    uid: str,
    summary: str,
    start: datetime,
    length: timedelta | None,
    url: str,
    stamp: datetime,
    until: datetime | None = None,
):
    event = icalendar.Event()
    event.add("uid", _uid(uid))
    event.add("dtstamp", stamp)
    event.add("summary", summary)
    if length is None:  # correspondence: whole days, from the day it starts through ``until``'s
        day = timezone.localtime(start).date()
        last = timezone.localtime(until).date() if until and until > start else day
        event.add("dtstart", day)
        event.add("dtend", last + timedelta(days=1))
    else:
        event.add("dtstart", start.astimezone(UTC))
        event.add("dtend", (start + length).astimezone(UTC))
    event.add("url", url)
    return event


def _round_start(the_round: Round) -> datetime | None:
    return the_round.starts_at or the_round.published_at


def championship_feed(championship: Championship, base_url: str) -> bytes:
    """Every round of the championship that has a start (or was published), one event each."""
    cal = _calendar(championship.name)
    length = _length(championship.time_control)
    now = timezone.now()
    url = f"{base_url}/championships/{championship.pk}/"
    if championship.closes_at:
        summary = _("%(event)s: closing date") % {"event": championship.name}
        cal.add_component(_event(f"closing-{championship.pk}", summary, championship.closes_at, None, url, now))
    if championship.all_at_once:
        if championship.started_at:
            summary = _("%(event)s: every game at once") % {"event": championship.name}
            cal.add_component(
                _event(
                    f"section-{championship.pk}",
                    summary,
                    championship.started_at,
                    None,
                    url,
                    championship.started_at,
                    until=championship.closes_at or championship.finished_at,
                )
            )
        return cal.to_ical()
    for the_round in rounds_visible(championship).order_by("number"):  # a feed everyone shares: the public's
        start = _round_start(the_round)
        if start is None:
            continue
        summary = _("%(event)s: round %(n)d") % {"event": championship.name, "n": the_round.number}
        page = f"{base_url}/championships/{championship.pk}/rounds/{the_round.number}/"
        cal.add_component(
            _event(
                f"round-{the_round.pk}",
                summary,
                start,
                length,
                page,
                the_round.paired_at or now,
                until=the_round.deadline,
            )
        )
    return cal.to_ical()


def member_feed(member, base_url: str) -> bytes:
    """The member's games still to play or going on (club and championship games) and his rounds."""
    cal = _calendar(_("Games of %(name)s") % {"name": member})
    now = timezone.now()
    games = Game.objects.of(member).ongoing().select_related("white", "black").order_by("starts_at", "id")[:500]
    for game in games:
        start = game.starts_at or game.created_at
        opponent = game.black if game.white_id == member.pk else game.white
        summary = _("Game against %(opponent)s") % {"opponent": opponent or "?"}
        cal.add_component(
            _event(
                f"game-{game.pk}",
                summary,
                start,
                _length(game.time_control),
                f"{base_url}/play/games/{game.pk}/",
                game.created_at or now,
            )
        )
    boards = (
        Board.objects.filter(
            Q(white=member) | Q(black=member), round__status__in=(Round.Status.PUBLISHED,), round__starts_at__gte=now
        )
        .select_related("round__championship", "white", "black")
        .order_by("round__starts_at")[:200]
    )
    for board in boards:
        the_round = board.round
        if board.game_id:  # its game is in the feed already
            continue
        summary = _("%(event)s: round %(n)d") % {"event": the_round.championship.name, "n": the_round.number}
        cal.add_component(
            _event(
                f"round-{the_round.pk}-{member.pk}",
                summary,
                the_round.starts_at,
                _length(the_round.championship.time_control),
                f"{base_url}/championships/{the_round.championship_id}/rounds/{the_round.number}/",
                the_round.published_at or now,
            )
        )
    return cal.to_ical()
