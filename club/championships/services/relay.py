"""Relay feeds: a round at the board broadcast from the PDN its relay machine writes, as
lidraughts' and lichess' broadcasts read one.

The organiser or the chief arbiter names the feed's address for the event or for one
round (``relay_url_set``); while a round is played a beat task polls it
(``relays_poll``, about every ten seconds). The feed's games find their boards by the
``Round`` tag or the players' names (``relay_feed.match_games``), and what each adds to
its board's record enters through the operators' path (``score_sheets.score_sheet_relay``),
each move judged by the rules module. Polling twice adds nothing twice: a feed's game adds
only what extends the record. The feed's results are not recorded: at the board the players
report a result and an arbiter records it (1.16), as for a board an operator enters.

A board whose feed stops carrying it, contradicts its record or sends a move the rules
refuse is *relay stalled* with the reason, on the desk and on the round's page; nothing of
the refused continuation is stored, and the next poll resumes it if the feed mends. An
arbiter may take a board over by hand (``relay_board_take_over``): the feed no longer
touches it, the operators and arbiters enter its moves. A feed that cannot be read at all
(unreachable, not PDN, too large, too slow) changes no record: the round keeps the message
for the desk, and its relayed boards show it.

What the club fetches is guarded (settings, "Relay feeds"): http and https only, no
credentials in the address, no redirect, the host's addresses public unless the club
allows a network of its own, the connection made to the very address checked (a name
that resolves anew cannot lead it inside), the answer read as a stream up to a size cap
and within a deadline.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import time
from datetime import datetime
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Invalid, NotFound, Refused
from games.models import Game
from games.positions import game_start_position, rules_of
from games.pure_words import worded
from games.venue import RULES as VENUES
from games.venue import rules_of as venue_rules

from .. import relay_feed
from ..authority import Action, require
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Board, Championship, RelayBoard, Round
from .score_sheets import score_sheet_relay

_CHUNK = 64 * 1024
URL_MAX = 500  # the models' field


# ---- the organiser names the feed --------------------------------------------------------------
def relay_url_set(
    *, by, championship_id: int, url: str, round_number: int | None = None, now: datetime | None = None
) -> Championship:
    """The organiser or the chief arbiter names the relay feed of the event (every round) or of
    round ``round_number``; an empty ``url`` removes it. The feed is read once first: an address
    that is not http(s), not public, unreachable, not PDN or too large is refused, and nothing
    changes."""
    now = now or timezone.now()
    url = (url or "").strip()
    championship = Championship.objects.filter(pk=championship_id).first()
    if championship is None:
        raise NotFound("not-found", _("No such championship."))
    # Asked before the feed is fetched: nobody else makes the club fetch an address.
    require(by, Action.EVENT_RELAY, championship)
    if venue_rules(championship.venue).moves_online:
        raise Invalid("relay-not-at-board", _("A relay feed broadcasts an event played at the board."))
    if round_number is not None and not championship.rounds.filter(number=round_number).exists():
        raise NotFound("no-round", _("Round %(n)s does not exist.") % {"n": round_number})
    if url:
        feed_read(url, round_number)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_RELAY, championship)
        if round_number is None:
            championship.relay_url = url
            championship.save(update_fields=["relay_url"])
        else:
            championship.rounds.filter(number=round_number).update(relay_url=url)
        decision_record(championship, by, "relay-feed", now=now, clause="002 §17", url=url, round=round_number)
    return championship


# ---- fetching, guarded -------------------------------------------------------------------------
def feed_read(url: str, round_number: int | None = None) -> list:
    """The games of the feed at ``url`` (``games.rules.pdn.PdnGame``): its PDN, or the games a JSON
    index lists (``game-N.json`` beside it, every file within one size cap); ``Invalid`` with the
    reason when it cannot be fetched or read."""
    try:
        data = feed_fetch(url)
        text = relay_feed.feed_text(data)
        if not relay_feed.is_json(text):
            return relay_feed.feed_games(text)
        budget = settings.RELAY_FEED_MAX_BYTES - len(data)
        games = []
        for number, (white, black) in enumerate(relay_feed.index_pairings(text), start=1):
            data = feed_fetch(urljoin(url, f"game-{number}.json"), most=budget)
            budget -= len(data)
            games.append(relay_feed.json_game(relay_feed.feed_text(data), number, white, black, round_number))
        return games
    except relay_feed.FeedRefused as refusal:
        raise Invalid(
            "relay-not-pdn",
            _("The relay feed is neither PDN nor a relay's JSON (%(why)s).") % {"why": str(refusal)[:120]},
        ) from None


def feed_fetch(url: str, most: int | None = None) -> bytes:
    """The feed's answer, read within the club's bounds (see the module docstring), at most
    ``most`` bytes (the club's cap); ``Invalid`` with the reason otherwise."""
    if len(url) > URL_MAX:
        raise Invalid("relay-scheme", _("A relay feed's address has at most %(most)d characters.") % {"most": URL_MAX})
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("relay-scheme", _("A relay feed's address starts with http:// or https:// and names a host."))
    if parts.username or parts.password:
        raise Invalid("relay-credentials", _("A relay feed's address carries no user name or password."))
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise Invalid("relay-scheme", _("The relay feed's address has no valid port.")) from None
    address = _public_address(parts.hostname, port)
    most = settings.RELAY_FEED_MAX_BYTES if most is None else max(0, most)
    seconds = settings.RELAY_FEED_TIMEOUT_SECONDS
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, port, timeout=seconds)
    # The socket goes to the address checked, not to a second look-up of the name: http.client
    # makes its socket through this hook, and TLS still checks the certificate against the name.
    connection._create_connection = lambda _where, timeout, source: socket.create_connection(
        (address, port), timeout, source
    )
    deadline = time.monotonic() + seconds
    try:
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection.request("GET", path, headers={"User-Agent": "club-relay", "Accept": "*/*"})
        answer = connection.getresponse()
        if 300 <= answer.status < 400:
            raise Invalid(
                "relay-redirect",
                _("The relay feed redirects elsewhere (HTTP %(status)d): give its final address.")
                % {"status": answer.status},
            )
        if answer.status != 200:
            raise Invalid("relay-status", _("The relay feed answered HTTP %(status)d.") % {"status": answer.status})
        if int(answer.getheader("Content-Length") or 0) > most:
            raise _too_large(most)
        data = bytearray()
        while chunk := answer.read(_CHUNK):
            data += chunk
            if len(data) > most:
                raise _too_large(most)
            if time.monotonic() > deadline:
                raise _too_slow(seconds)
        return bytes(data)
    except TimeoutError:
        raise _too_slow(seconds) from None
    except (OSError, http.client.HTTPException, ValueError) as failure:
        raise Invalid(
            "relay-unreachable", _("The relay feed cannot be reached: %(why)s") % {"why": str(failure)[:120]}
        ) from None
    finally:
        connection.close()


def _public_address(host: str, port: int) -> str:
    """The first address ``host`` resolves to, once every one is public or in a network the
    club allows; ``Invalid`` otherwise."""
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
    except (OSError, UnicodeError) as failure:
        raise Invalid(
            "relay-unreachable", _("The relay feed cannot be reached: %(why)s") % {"why": str(failure)[:120]}
        ) from None
    allowed = [ipaddress.ip_network(network, strict=False) for network in settings.RELAY_FEED_PRIVATE_NETWORKS]
    for text in sorted(found):
        ip = ipaddress.ip_address(text.split("%")[0])
        if ip.version == 6 and ip.ipv4_mapped is not None:  # ::ffff:127.0.0.1 is 127.0.0.1
            ip = ip.ipv4_mapped
        if not ip.is_global and not any(ip in network for network in allowed):
            raise Invalid(
                "relay-private-address",
                _("The relay feed's host %(host)s is not a public address: the club fetches only public ones.")
                % {"host": host},
            )
    return sorted(found)[0]


def _too_large(most: int) -> Invalid:
    return Invalid("relay-too-large", _("The relay feed sends more than %(most)d bytes.") % {"most": most})


def _too_slow(seconds: int) -> Invalid:
    return Invalid(
        "relay-timeout", _("The relay feed did not answer within %(seconds)d seconds.") % {"seconds": seconds}
    )


# ---- polling -----------------------------------------------------------------------------------
def rounds_relayed():
    """The rounds whose feed is polled: published and not closed, of a running event at the
    board, with a feed of their own or their event's."""
    return Round.objects.filter(
        status=Round.Status.PUBLISHED,
        championship__status=Championship.Status.RUNNING,
        championship__venue__in=[venue for venue, rules in VENUES.items() if not rules.moves_online],
    ).filter(~Q(relay_url="") | ~Q(championship__relay_url=""))


def relays_poll(now: datetime | None = None) -> int:
    """Poll every relayed round's feed once; how many were polled."""
    polled = 0
    for round_id in rounds_relayed().values_list("pk", flat=True):
        relay_poll(round_id=round_id, now=now)
        polled += 1
    return polled


def relay_poll(*, round_id: int, now: datetime | None = None) -> Round:
    """Read round ``round_id``'s feed once and bring each of its boards' records up to it."""
    now = now or timezone.now()
    the_round = Round.objects.select_related("championship").get(pk=round_id)
    url = the_round.relay_url or the_round.championship.relay_url
    try:
        games = feed_read(url, the_round.number)
    except Refused as refusal:
        return _feed_failed(the_round, refusal.detail, now)
    boards = list(
        Board.objects.filter(round=the_round, game__isnull=False, black__isnull=False).select_related(
            "white", "black", "game"
        )
    )
    seats = [relay_feed.Seat(b.number, _names(b.white), _names(b.black)) for b in boards]
    matched = relay_feed.match_games(games, the_round.number, seats)
    states = {relay.board_id: relay for relay in RelayBoard.objects.filter(board__round=the_round)}
    for board in boards:
        relay = states.get(board.pk)
        if relay is not None and relay.state == RelayBoard.State.BY_HAND:
            continue
        if board.game.status != Game.Status.ONGOING or board.result:
            continue  # decided: the feed enters moves only while a board is played, like an operator
        if board.number in matched.problems:
            _board_state(board, RelayBoard.State.STALLED, _("Two games of the feed claim this board."), now)
        elif board.number in matched.games:
            _board_relay(the_round.championship_id, board, matched.games[board.number], now)
        elif relay is not None:
            _board_state(board, RelayBoard.State.STALLED, _("The feed no longer carries this board's game."), now)
    Round.objects.filter(pk=the_round.pk).update(relay_error="", relay_polled_at=now)
    the_round.relay_error, the_round.relay_polled_at = "", now
    return the_round


def _names(member) -> tuple[str, ...]:
    return tuple(name for name in {member.display_name, member.get_full_name(), member.username} if name)


def _board_relay(championship_id: int, board: Board, feed_game, now: datetime) -> None:
    """What the feed's game adds to the board's record, and the board's relay state after it.
    Holds the event's lock, which every entry of a board's moves takes first
    (``score_sheets``), so that a move an operator enters meanwhile is not entered twice."""
    with transaction.atomic():
        championship_locked(championship_id)
        game = Game.objects.get(pk=board.game_id)
        relay = RelayBoard.objects.filter(board=board).first()
        if relay is not None and relay.state == RelayBoard.State.BY_HAND:
            return
        if game.status != Game.Status.ONGOING:
            return
        record = list(game.moves.filter(ply__lte=game.ply).order_by("ply").values_list("notation", flat=True))
        further = relay_feed.continuation(rules_of(game), game_start_position(game), record, feed_game.moves)
        reason = _stop_reason(further)
        if further.moves:
            try:
                with transaction.atomic():
                    score_sheet_relay(
                        championship_id=championship_id,
                        game_id=game.pk,
                        moves=list(further.moves),
                        expected_ply=game.ply,
                        now=now,
                    )
            except Refused as refusal:
                reason = refusal.detail
        _board_state(board, RelayBoard.State.STALLED if reason else RelayBoard.State.RELAYING, reason, now)


def _stop_reason(further: relay_feed.Continuation) -> str:
    if further.stop == relay_feed.ILLEGAL:
        return _("Move %(ply)d of the feed (%(move)s) is illegal: %(why)s") % {
            "ply": further.ply,
            "move": further.move,
            "why": worded(further.refusal),
        }
    if further.stop == relay_feed.DIVERGES:
        return _("Move %(ply)d of the feed (%(move)s) contradicts the record.") % {
            "ply": further.ply,
            "move": further.move,
        }
    if further.stop == relay_feed.AFTER_END:
        return _("The feed goes on after the end of the game (move %(ply)d, %(move)s).") % {
            "ply": further.ply,
            "move": further.move,
        }
    return ""


def _board_state(board: Board, state: str, reason: str, now: datetime) -> None:
    """The board's relay state, written only when it changes: ``changed_at`` says since when."""
    reason = reason[:300]
    relayed = RelayBoard.objects.filter(board=board)
    changed = relayed.exclude(state=state, reason=reason).update(state=state, reason=reason, changed_at=now)
    if not changed and not relayed.exists():
        RelayBoard.objects.create(board=board, state=state, reason=reason, changed_at=now)


def _feed_failed(the_round: Round, message: str, now: datetime) -> Round:
    """The whole feed is unreadable: no record changes; the desk gets the message, and every
    board it relayed shows it until the feed reads again."""
    message = message[:300]
    Round.objects.filter(pk=the_round.pk).update(relay_error=message, relay_polled_at=now)
    RelayBoard.objects.filter(board__round=the_round).exclude(state=RelayBoard.State.BY_HAND).exclude(
        state=RelayBoard.State.STALLED, reason=message
    ).update(state=RelayBoard.State.STALLED, reason=message, changed_at=now)
    the_round.relay_error, the_round.relay_polled_at = message, now
    return the_round


# ---- the arbiter takes a board over ------------------------------------------------------------
def relay_board_take_over(*, by, championship_id: int, game_id: int, now: datetime | None = None) -> RelayBoard:
    """An arbiter of the board stops relaying it: from now on its moves are entered by hand
    (an operator, an arbiter, the players' score sheets), and the feed no longer touches it."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        board = Board.objects.filter(game_id=game_id, round__championship=championship).select_related("game").first()
        if board is None:
            raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game_id})
        require(by, Action.GAME_DESK, board.game)
        relay, _created = RelayBoard.objects.update_or_create(
            board=board,
            defaults={"state": RelayBoard.State.BY_HAND, "reason": "", "changed_at": now, "taken_over_by": by},
        )
        decision_record(championship, by, "relay-take-over", now=now, clause="002 §17", game=game_id)
        return relay
