"""The results as JSON values (the API and the published document): names,
ids, figures as numbers, times in ISO 8601 — the same read model as the pages."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse

from foundation.memo import VersionedMemo

from ..models import Championship
from .result_pages import Seen, crosstable_page, player_card, results_seen, round_sheet, standings_after, starting_list
from .results import Player
from .working import working_plain

# The published document's JSON Schema: one file per version, served at its own address; a change
# of a key's meaning is a new version beside the old one.
RESULTS_SCHEMA_VERSION = 1
RESULTS_SCHEMA_FILE = Path(__file__).resolve().parents[1] / "schemas" / f"results-v{RESULTS_SCHEMA_VERSION}.json"


def results_schema_url() -> str:
    """Where the schema of the published document is, under the club's own address."""
    return settings.SITE_URL.rstrip("/") + reverse("api-championship-results-schema")


@cache
def _results_schema_text() -> str:
    return RESULTS_SCHEMA_FILE.read_text()


def results_schema() -> dict:
    """The JSON Schema of ``results_document``, its ``$id`` the address it is served at."""
    return {**json.loads(_results_schema_text()), "$id": results_schema_url()}


# The published documents last asked for, as bytes with their ETag, under the result set's key.
PUBLISHED = VersionedMemo(size=16)


def published_document(championship: Championship, viewer=None) -> tuple[bytes, str]:
    """``results_document`` as UTF-8 JSON, and its ETag (a digest of the bytes), computed once per
    version of what ``viewer`` may see (``results_seen``: the broadcast delay)."""
    seen = results_seen(championship, viewer)

    def encode() -> tuple[bytes, str]:
        body = json.dumps(results_document(championship, seen=seen), ensure_ascii=False, cls=DjangoJSONEncoder).encode()
        return body, hashlib.sha256(body).hexdigest()[:32]

    return PUBLISHED.get(seen.key, encode)


def results_document(championship: Championship, viewer=None, *, seen: Seen | None = None) -> dict:
    """The API's view of ``results``, the whole result set as one JSON document:
    the championship, the starting list (``entrants``), standings, crosstable and
    rounds with their pairings; JSON values only (names, ids, figures as numbers,
    times in ISO 8601) — as ``viewer`` may see them now (``results_seen``), or as ``seen``."""
    data = (seen or results_seen(championship, viewer)).data

    return {
        "$schema": results_schema_url(),
        "championship": {
            "id": championship.pk,
            "name": championship.name,
            "discipline": championship.discipline,
            "system": championship.system,
            "scoring": championship.scoring,
            "swiss_system": championship.swiss_system,
            "time_control": str(championship.time_control),
            "venue": championship.venue,
            "status": championship.status,
            "rated": championship.rated,
            "rounds_total": data["rounds_total"],
            "started_at": championship.started_at.isoformat() if championship.started_at else None,
            "finished_at": championship.finished_at.isoformat() if championship.finished_at else None,
        },
        "chief_arbiter": data["chief_arbiter"].name if data["chief_arbiter"] else None,
        "criteria": [c["name"] for c in data["criteria"]],
        "entrants": [player_plain(p) for p in data["entrants"].values()],
        "standings": [
            {
                **standings_row_plain(row),
                "played": row["played"],
                "withdrawn_after_round": row["withdrawn_after_round"],
                "arithmetic": {f["name"]: {"sum": f["sum"], "lines": f["lines"]} for f in row["figures"]},
                "rating": row["rating"],
                **(
                    {"games_left": row["games_left"], "max_points": row["max_points_value"]}
                    if data["provisional"]
                    else {}
                ),
            }
            for row in data["standings"]
        ],
        "provisional": data["provisional"],
        "crosstable": {
            "kind": data["crosstable"]["kind"],
            "rows": [
                {
                    "number": r["number"],
                    "player_id": r["player"].id,
                    "cells": [{k: v for k, v in c.items()} for c in r["cells"]],
                }
                for r in data["crosstable"]["rows"]
            ],
        },
        "rounds": [round_plain(r) for r in data["rounds"]],
    }


def round_plain(r: dict) -> dict:
    return {
        "number": r["number"],
        "status": r["status"],
        "date": r["date"].isoformat() if r["date"] else None,
        "starts_at": r["starts_at"].isoformat() if r["starts_at"] else None,
        "live": r["live"],
        "boards": r["boards"],
    }


# ---- the pages' JSON twins (the API) -----------------------------------------------------------
def player_plain(p: Player) -> dict:
    return {
        "id": p.id,
        "start_number": p.number,
        "name": p.name,
        "username": p.username,
        "rating": p.rating,
        "status": p.status,
        "left_after_round": p.left_after_round,
    }


def starting_list_plain(championship: Championship) -> dict:
    data = starting_list(championship)
    return {"championship_id": championship.pk, "players": [player_plain(p) for p in data["players"]]}


def standings_row_plain(row: dict) -> dict:
    """A standings row (``results.standings_rows``) as JSON values: place, player, points, games, coefficients."""
    return {
        "place": row["place"],
        "player": player_plain(row["player"]),
        "points": row["raw"]["points"],
        "wins": row["wins"],
        "draws": row["draws"],
        "losses": row["losses"],
        "games": row["games"],
        "struck": row["struck"],
        "coefficients": row["raw"].get("coefficients", {}),
    }


def round_sheet_plain(championship: Championship, number: int, viewer=None) -> dict | None:
    data = round_sheet(championship, number, viewer)
    if data is None:
        return None
    the_round = data["round"]
    return {
        "championship_id": championship.pk,
        **round_plain(the_round),
        "working": working_plain(the_round["working"], the_round["overrides"]),
    }


def standings_after_plain(championship: Championship, number: int | None, viewer=None) -> dict:
    data = standings_after(championship, number, viewer)
    return {
        "championship_id": championship.pk,
        "after_round": number,
        "criteria": [c["name"] for c in data["criteria"]],
        "rows": [standings_row_plain(row) for row in data["standings"]],
    }


def crosstable_table_plain(championship: Championship, viewer=None) -> dict:
    """The crosstable as its page shows it: rows in the order of places, "number" the start number."""
    table = crosstable_page(championship, viewer)["crosstable"]
    return {
        "kind": table["kind"],
        "columns": table["columns"],
        "rows": [
            {
                "place": r["place"],
                "number": r["number"],
                "player_id": r["player"].id,
                "name": r["player"].name,
                "points": r["points"],
                "cells": r["cells"],
            }
            for r in table["rows"]
        ],
    }


def player_card_plain(championship: Championship, username: str, viewer=None) -> dict | None:
    card = player_card(championship, username, viewer)
    if card is None:
        return None
    row = card["row"]
    return {
        "championship_id": championship.pk,
        "player": player_plain(card["player"]),
        "place": row["place"] if row else None,
        "points": row["raw"]["points"] if row else None,
        "rating": card["rating"],
        "games": [
            {
                "round": g["round"],
                "board": g["board"],
                "colour": g["colour"] or None,
                "opponent": player_plain(g["opponent"]) if g["opponent"] else None,
                "bye": g["bye"],
                "result": g["result"],
                "mark": g["mark"],
                "game_id": g["game_id"],
                "points_after": g["points_after"],
                "rating_change": g["rating_change"],
            }
            for g in card["games"]
        ],
    }
