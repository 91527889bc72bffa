"""Every action the pages offer has its API operation: software does through the API what a member
does on a page. The test reads every template's posting forms (``<form method="post" action="{% url … %}">``),
names each by its URL name and, for the action views, its action, and finds each in the OpenAPI document."""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from club.championships.views.actions import ACTIONS, TEAM_ACTIONS

ROOT = Path(__file__).resolve().parents[2]

# A page's action → the API operation doing the same: (method, path in the document).
API_OF_PAGE_ACTION = {
    ("championships:action", "absence"): ("post", "/api/championships/{id}/absences/"),
    ("championships:action", "add"): ("post", "/api/championships/{id}/entries/"),
    ("championships:action", "adjudicate"): ("post", "/api/championships/{id}/adjudications/"),
    ("championships:action", "appoint"): ("post", "/api/championships/{id}/arbiters/"),
    ("championships:action", "board-arbiters"): ("put", "/api/championships/{id}/rounds/{number}/arbiters/"),
    ("championships:action", "close"): ("post", "/api/championships/{id}/close/"),
    ("championships:action", "discard"): ("post", "/api/championships/{id}/rounds/{number}/discard/"),
    ("championships:action", "enter"): ("post", "/api/championships/{id}/entry/"),
    ("championships:action", "group"): ("post", "/api/championships/{id}/groups/"),
    ("championships:action", "guest"): ("post", "/api/championships/{id}/guests/"),
    ("championships:action", "invite"): ("post", "/api/championships/{id}/invitations/"),
    ("championships:action", "leave-entry"): ("delete", "/api/championships/{id}/entry/"),
    ("championships:action", "match-result"): ("post", "/api/championships/{id}/matches/{board_id}/result/"),
    ("championships:action", "merge-guest"): ("post", "/api/championships/{id}/guests/{guest_id}/merge/"),
    ("championships:action", "open"): ("post", "/api/championships/{id}/open/"),
    ("championships:action", "override"): ("post", "/api/championships/{id}/rounds/{number}/override/"),
    ("championships:action", "pair"): ("post", "/api/championships/{id}/rounds/"),
    ("championships:action", "playoff"): ("post", "/api/championships/{id}/playoffs/"),
    ("championships:action", "publish"): ("post", "/api/championships/{id}/rounds/{number}/publish/"),
    ("championships:action", "result"): ("post", "/api/championships/{id}/results/"),
    ("championships:action", "stage"): ("post", "/api/championships/{id}/stages/"),
    ("championships:action", "start"): ("post", "/api/championships/{id}/start/"),
    ("championships:action", "withdraw"): ("post", "/api/championships/{id}/withdrawals/"),
    ("teams:action", "ineligible"): ("post", "/api/teams/{id}/boards/{board_id}/ineligible/"),
    ("teams:action", "lineup"): ("post", "/api/teams/{id}/rounds/{number}/lineups/"),
    ("teams:action", "lineup-decision"): ("post", "/api/teams/{id}/rounds/{number}/lineups/decision/"),
    ("teams:action", "pair"): ("post", "/api/teams/{id}/rounds/"),
    ("teams:action", "playoff"): ("post", "/api/teams/{id}/playoffs/"),
    ("teams:action", "publish"): ("post", "/api/teams/{id}/rounds/{number}/publish/"),
    ("teams:action", "withdraw"): ("post", "/api/teams/{id}/teams/{team_id}/withdraw/"),
    ("games:challenge-respond", "accept"): ("post", "/api/challenges/{id}/accept/"),
    ("games:challenge-respond", "decline"): ("post", "/api/challenges/{id}/decline/"),
    ("games:challenge-respond", "cancel"): ("post", "/api/challenges/{id}/cancel/"),
    ("games:game-claim", "repetition"): ("post", "/api/games/{id}/claims/repetition/"),
    ("games:game-claim", "foul"): ("post", "/api/games/{id}/claims/foul/"),
    ("games:conditional-line", None): ("put", "/api/games/{id}/conditional/"),
    ("notifications-read", None): ("post", "/api/notifications/read/"),
    ("api-token-create", None): ("post", "/api/auth/token/"),
    ("api-tokens-revoke", None): ("post", "/api/auth/tokens/revoke/"),
    ("calendar-renew", None): ("post", "/api/members/me/calendar/renew/"),
    ("logout", None): ("delete", "/api/auth/token/"),
    ("team-protest", None): ("post", "/api/teams/{id}/protests/"),
    ("championship-desk-protest", None): ("post", "/api/arbiters/protests/"),
    ("championship-desk-ruling", None): ("post", "/api/arbiters/protests/{id}/ruling/"),
    ("championship-desk-organisers", None): ("post", "/api/arbiters/championships/{id}/questions/"),
    ("championship-desk-answer", None): ("post", "/api/arbiters/questions/{id}/answer/"),
    ("championship-desk-relay", None): ("post", "/api/championships/{id}/relay/"),
    ("championship-desk-relay-take-over", None): ("post", "/api/championships/{id}/boards/{game_id}/relay-take-over/"),
    ("arbiters:seal", None): ("post", "/api/arbiters/games/{id}/adjournment/seal/"),
    ("arbiters:protest-panel", None): ("put", "/api/arbiters/championships/{id}/protest-panel/"),
    ("arbiters:draw-claim", None): ("post", "/api/arbiters/games/{id}/draw-claims/"),
}
# Not an action of the club: the API's language is the request's Accept-Language.
NOT_ACTIONS = {("set_language", None)}

_FORM = re.compile(r"<form\b[^>]*>", re.S)
_ACTION_URL = re.compile(r"""action="\{% url '([^']+)'((?:\s+[^%]+?)?)\s*%\}""")


def page_actions() -> set[tuple[str, str | None]]:
    """(URL name, the action it names or None) of every posting form with an action in the templates."""
    found = set()
    for template in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("club/*/templates/**/*.html")]:
        for form in _FORM.findall(template.read_text()):
            if 'method="post"' not in form.lower():
                continue
            url = _ACTION_URL.search(form)
            if url is None:
                continue
            name, arguments = url.group(1), url.group(2).split()
            literal = [a.strip("'\"") for a in arguments if a[0] in "'\""]
            found.add((name, literal[-1] if literal else None))
    return found


@pytest.fixture(scope="module")
def document():
    import yaml

    return yaml.safe_load(Client().get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi").content)


def test_the_walk_finds_the_pages_action_forms():
    actions = page_actions()
    assert ("championships:action", "start") in actions and ("games:challenge-respond", "decline") in actions
    assert len(actions) >= 40


def test_every_page_action_is_an_operation_of_the_api(document):
    missing = {
        action
        for action in page_actions() - NOT_ACTIONS
        if action not in API_OF_PAGE_ACTION
        or API_OF_PAGE_ACTION[action][0] not in document["paths"].get(API_OF_PAGE_ACTION[action][1], {})
    }
    assert missing == set()


def test_every_action_view_action_is_mapped(document):
    """The action views' own tables: an action no template shows yet is mapped too."""
    for view, table in (("championships:action", ACTIONS), ("teams:action", TEAM_ACTIONS)):
        for action in table:
            method, path = API_OF_PAGE_ACTION[(view, action)]
            assert method in document["paths"][path], action
