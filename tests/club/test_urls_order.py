"""The games API comes first in the site's URLs, so a move resolves without trying
every other pattern; that must not change which view any path reaches:
no other pattern of the site matches a path of the games API."""

import re

from django.urls import Resolver404, get_resolver

from games.api import urls as games_api


def _sample(route: str) -> str:
    return "/api/" + re.sub(r"<[^>]+>", "1", route)


def test_no_other_pattern_of_the_site_matches_a_games_api_path():
    first, *rest = get_resolver().url_patterns
    assert first.urlconf_module is games_api
    paths = [_sample(str(p.pattern)) for p in games_api.urlpatterns]
    assert "/api/games/1/moves/" in paths
    for path in paths:
        for pattern in rest:
            try:
                found = pattern.resolve(path.lstrip("/"))
            except Resolver404:
                found = None
            assert found is None, f"{path} is also {pattern}"
