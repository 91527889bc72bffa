"""The results of a championship through the API: the stored table, the
crosstable, the knockout bracket, a Scheveningen's groups, the published
results with their arithmetic, and the files (PDN, CSV, TRF16) — all read
from the one results model (``selectors.results``). A draft answers 404 to
whoever may not see it (``visible_or_404``)."""

from __future__ import annotations

import json

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, quote_etag
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers as drf
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.refusals import Invalid

from .. import exports
from ..models import Championship, Standings
from ..selectors import bracket as brackets
from ..selectors import categories, event_tables, result_pages, results, results_json
from ..selectors.broadcast import boards_withheld
from ..selectors.visibility import decisions_visible
from . import serializers as s
from .views import visible_or_404


class DecisionsView(APIView):
    @extend_schema(responses=s.DecisionSerializer(many=True))
    def get(self, request, pk):
        """The arbiters' and organiser's recorded decisions, newest first."""
        championship = visible_or_404(pk, request.user)
        decisions = decisions_visible(championship, request.user)[:500]
        return Response(s.DecisionSerializer(decisions, many=True).data)


class StandingsView(APIView):
    @extend_schema(responses=s.StandingsSerializer)
    def get(self, request, pk):
        """The table as last computed from the results (ratings.standings.table rows)."""
        championship = visible_or_404(pk, request.user)
        stored = Standings.objects.filter(championship=championship).first()
        # as he may see them: a result the broadcast delay withholds is left out
        rows = [row["raw"] for row in result_pages.stored_standings_seen(championship, request.user)]
        return Response({"computed_at": stored.computed_at if stored else None, "rows": rows})


class CategoryStandingsView(APIView):
    @extend_schema(responses=s.CategoryStandingsSerializer(many=True))
    def get(self, request, pk):
        """Each age category's standings (1.1), where the event has two or more: its players'
        rows of the table, each with his place in the category and in the whole event."""
        championship = visible_or_404(pk, request.user)
        rows = result_pages.stored_standings_seen(championship, request.user)  # the broadcast delay
        return Response(
            [
                {
                    "category": table["category"],
                    "rows": [
                        {
                            "place": r["place"] or None,
                            "overall": r["row"]["place"],
                            "player": r["row"]["player"].id,
                            "name": r["row"]["player"].name,
                            "points": r["row"]["raw"]["points"],
                        }
                        for r in table["rows"]
                    ],
                }
                for table in categories.category_standings(championship, rows)
            ]
        )


class CrosstableView(APIView):
    @extend_schema(responses=s.CrosstableSerializer)
    def get(self, request, pk):
        """Marks per opponent (round robin) and per round (Swiss), 1.12.2 marks."""
        championship = visible_or_404(pk, request.user)
        withheld = boards_withheld(championship, request.user, timezone.now())  # the broadcast delay
        return Response(event_tables.crosstable_plain(championship, withheld=withheld))


def _public(pk: int) -> Championship:
    """A championship of players as anyone sees it: the same answer for every caller, so
    it may be cached and shared (a team event's results: the team events API)."""
    championship = visible_or_404(pk, AnonymousUser())
    if championship.for_teams:
        raise Http404
    return championship


# How long a browser or a proxy may keep the results document before it asks again (a round in
# play changes it within minutes); it asks again cheaply, by its ETag.
RESULTS_MAX_AGE = 60


class PublishedResultsView(APIView):
    """The championship's whole result set as one JSON document, for other sites to embed.

    A plain GET anyone may make from any origin (``Access-Control-Allow-Origin: *``):
    it reads no credentials, so every caller gets the public document (a draft is
    404) and browsers and proxies may keep it ``RESULTS_MAX_AGE`` seconds, then
    revalidate it by its ETag (304 when nothing changed)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "PublishedResults",
            {
                "championship": drf.DictField(
                    help_text="id, name, discipline, system, swiss_system, scoring, time_control, status, rated, "
                    "rounds_total (planned), started_at, finished_at"
                ),
                "chief_arbiter": drf.CharField(allow_null=True),
                "provisional": drf.BooleanField(
                    help_text="True while the event runs: each standings row adds games_left and max_points."
                ),
                "criteria": drf.ListField(child=drf.CharField(), help_text="Tie criteria in force, in order (1.13.3)."),
                "entrants": drf.ListField(
                    child=drf.DictField(),
                    help_text="The starting list in start-number order: id, start_number, name, username, rating, "
                    "status, left_after_round.",
                ),
                "standings": drf.ListField(
                    child=drf.DictField(),
                    help_text=(
                        "Rows in final order: place, player, points, wins, draws, losses, games, played, struck, "
                        "withdrawn_after_round, coefficients (1.13.4-1.13.9), arithmetic {coefficient: {sum, lines: "
                        "[{opponent, points, factor, product, note}]}}, rating {before, after, change, games, performance} "
                        "for rated events."
                    ),
                ),
                "crosstable": drf.DictField(
                    help_text="kind 'grid' (round robin: marks per opponent in the rows' order) "
                    "or 'rounds' (Swiss: opponent's row number, colour, mark per round)."
                ),
                "rounds": drf.ListField(
                    child=drf.DictField(),
                    help_text="Published rounds: boards with the players (white_id, black_id and names), result, "
                    "marks and the game id.",
                ),
            },
        )
    )
    def get(self, request, pk):
        """The published results: the starting list, the rounds with their pairings
        and results, standings with every tie-break column and the arithmetic behind
        each figure, the crosstable (1.10.2/1.10.3 applied), computed from the
        recorded results by ratings.standings. Its ``$schema`` key names the JSON Schema it
        validates against (/api/championships/schemas/results-v1.json)."""
        # One document for everyone, cached in public: as a spectator sees it (the broadcast delay).
        body, etag = results_json.published_document(_public(pk))
        response = HttpResponse(body, content_type="application/json")
        patch_cache_control(response, public=True, max_age=RESULTS_MAX_AGE)
        response["ETag"] = quote_etag(etag)
        response = get_conditional_response(request, etag=response["ETag"], response=response)
        response["Access-Control-Allow-Origin"] = "*"
        return response


class ResultsSchemaView(APIView):
    """The JSON Schema of the published results (``$schema`` in each document names it)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses={(200, "application/schema+json"): OpenApiTypes.OBJECT})
    def get(self, request):
        """The JSON Schema (draft 2020-12) every published results document validates against."""
        response = HttpResponse(
            json.dumps(results_json.results_schema(), ensure_ascii=False, indent=1),
            content_type="application/schema+json",
        )
        patch_cache_control(response, public=True, max_age=24 * 3600)
        response["Access-Control-Allow-Origin"] = "*"
        return response


class ExportView(APIView):
    """One export of the championship as a file (Content-Disposition: attachment). Each kind is
    routed under its own address (``export_view``), so the schema gives each its own content type;
    this generic route answers 404 for any other kind and is not in the schema."""

    @extend_schema(exclude=True)
    def get(self, request, pk, kind):
        if kind not in exports.EXPORTS:
            raise Http404
        return _export_response(request, pk, kind)


def _export_response(request, pk, kind: str) -> HttpResponse:
    dialect = request.query_params.get("dialect", exports.CSV_DEFAULT_DIALECT)
    if dialect not in exports.CSV_DIALECTS:
        raise Invalid("unknown-dialect", _("No such CSV dialect: %(dialect)s.") % {"dialect": dialect})
    championship = _public(pk)
    if not exports.offers(championship, kind):
        raise Http404
    done = exports.export(championship, kind, dialect)
    response = HttpResponse(done.content, content_type=done.content_type)
    response["Content-Disposition"] = f'attachment; filename="{done.filename}"'
    return response


def _text(description: str):
    return OpenApiResponse(OpenApiTypes.STR, description=description)


# Each export's content types: text a client decodes, or bytes it must keep as they are.
EXPORT_RESPONSES = {
    "games": {
        (200, "application/x-draughts-pdn"): _text("Draughts: every game in one PDN file"),
        (200, "text/x-renju"): _text("The five-in-a-row family: every game as a renju text record"),
    },
    "games.zip": {(200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="One record per game")},
    "games.rif": {(200, "application/xml"): _text("Renju: every game as the RIF database's XML (renju-note)")},
    "games.lib": {
        (200, "application/octet-stream"): OpenApiResponse(
            OpenApiTypes.BINARY, description="Renju: every game in one RenLib library"
        )
    },
    "standings.csv": {(200, "text/csv"): _text("The standings, RFC 4180 (or the dialect asked for)")},
    "trf": {(200, "text/plain"): _text("FIDE TRF16, as BBP Pairings reads it")},
}


CSV_DIALECT_PARAMETER = OpenApiParameter(
    "dialect",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    enum=list(exports.CSV_DIALECTS),
    default=exports.CSV_DEFAULT_DIALECT,
    description="rfc4180: comma-separated UTF-8, English column names, decimal points; excel-ru: what a "
    "Russian-locale spreadsheet program opens (';', decimal commas, Russian column names, a byte order mark).",
)


def export_view(kind: str):
    """The view of one export kind, with its own operation in the schema."""

    class KindExportView(APIView):
        @extend_schema(
            operation_id="championships_export_" + kind.replace(".", "_"),
            responses=EXPORT_RESPONSES[kind],
            parameters=[CSV_DIALECT_PARAMETER] if kind == "standings.csv" else [],
        )
        def get(self, request, pk):
            return _export_response(request, pk, kind)

    KindExportView.get.__doc__ = f"The championship's export `{kind}` as a file (Content-Disposition: attachment)."
    KindExportView.__name__ = KindExportView.__qualname__ = f"Export_{kind.replace('.', '_')}_View"
    return KindExportView.as_view()


class BracketView(APIView):
    @extend_schema(responses=s.BracketRoundSerializer(many=True))
    def get(self, request, pk):
        """The knockout bracket: every round's matches with their games (1.2, 1.11)."""
        championship = visible_or_404(pk, request.user)
        return Response(s.BracketRoundSerializer(brackets.bracket(championship, request.user), many=True).data)


class ScheveningenView(APIView):
    @extend_schema(responses=s.ScheveningenSerializer)
    def get(self, request, pk):
        """Group A against group B: the crosstable, each player's points and the match score (1.2)."""
        championship = visible_or_404(pk, request.user)
        if not championship.is_scheveningen:
            raise Http404
        return Response(s.ScheveningenSerializer(event_tables.scheveningen_table(championship)).data)


# ---- the JSON twins of the results pages ------------------------------------------------
def _json(help_text: str):
    return OpenApiResponse(OpenApiTypes.OBJECT, description=help_text)


class StartingListView(APIView):
    @extend_schema(responses=_json("players: start_number, name, username, rating, status, left_after_round"))
    def get(self, request, pk):
        """The starting list (the page /championships/<id>/players/), in start-number order."""
        return Response(results_json.starting_list_plain(_public(pk)))


class RoundPairingsView(APIView):
    @extend_schema(
        responses=_json(
            "number, status, date, starts_at (UTC), live, boards: number, white/black (names, ids, start "
            "numbers, points before the round), result, marks, game_id, live, moves; working (a Swiss round, "
            "else null): the classification it was paired from as pairing.swiss_working gave it (system, round, "
            "keys, classification, groups, bye, floats, by_the_text, deviations, boards as paired) and "
            "overridden: the boards the chief arbiter changed since, with his reason (1.15)"
        )
    )
    def get(self, request, pk, number):
        """One published round's pairings and results (the pairing sheet, /championships/<id>/rounds/<n>/)."""
        data = results_json.round_sheet_plain(_public(pk), number, request.user)
        if data is None:
            raise Http404
        return Response(data)


class StandingsAfterView(APIView):
    @extend_schema(
        responses=_json("after_round, criteria, rows: place, player, points, wins, draws, losses, coefficients")
    )
    def get(self, request, pk, number):
        """The standings after round ``number`` (/championships/<id>/standings/after/<n>/)."""
        championship = _public(pk)
        if number not in results.round_numbers(championship):
            raise Http404
        return Response(results_json.standings_after_plain(championship, number, request.user))


class CrosstableTableView(APIView):
    @extend_schema(responses=_json("kind, columns (start numbers), rows in the order of places: place, number, cells"))
    def get(self, request, pk):
        """The crosstable as its page shows it (/championships/<id>/crosstable/): "number" is the start number."""
        return Response(results_json.crosstable_table_plain(_public(pk), request.user))


class PlayerCardView(APIView):
    @extend_schema(
        responses=_json(
            "player, place, points, rating {before, after, change, games, performance}, games: round, colour, "
            "opponent, result, mark, game_id, points_after, rating_change"
        )
    )
    def get(self, request, pk, username):
        """A player's card (/championships/<id>/players/<username>/)."""
        data = results_json.player_card_plain(_public(pk), username, request.user)
        if data is None:
            raise Http404
        return Response(data)
