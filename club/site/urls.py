from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

from club.arbiters import api as arbiters_api
from club.arbiters import desk_views
from club.arbiters import views as arbiter_views
from club.site import embeds
from club.site import views as site_views
from club.site.schema import SchemaView
from foundation import urlpaths  # noqa: F401  (registers <id:…>)
from members import views

# Error pages answer JSON under /api/ and HTML elsewhere.
handler400 = "club.site.views.bad_request"
handler403 = "club.site.views.permission_denied"
handler404 = "club.site.views.page_not_found"
handler500 = "club.site.views.server_error"

# The API documentation pages style themselves with inline CSS (Swagger UI's page,
# Redoc's styled-components) and Redoc runs its search in a blob: worker.
_API_DOCS_CSP = csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["blob:"]})

urlpatterns = [
    # First: a move resolves without trying the site's other patterns.
    # Nothing below starts with the paths it holds (tests/club/test_urls_order.py).
    path("api/", include("games.api.urls")),
    path("", site_views.home, name="home"),
    path("signup/", views.sign_up, name="signup"),
    path("accounts/password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/verify-email/<str:token>/", views.email_verify_link, name="email-verify"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("profile/edit/", views.profile_edit, name="profile-edit"),
    path("profile/api-tokens/new/", views.api_token_create, name="api-token-create"),
    path("profile/api-tokens/revoke/", views.api_tokens_revoke, name="api-tokens-revoke"),
    path("profile/calendar/renew/", views.calendar_renew, name="calendar-renew"),
    path("members/", views.member_list, name="member-list"),
    path("members/<str:username>/", views.member_profile, name="member-profile"),
    path("members/<str:username>/roles/", views.member_roles, name="member-roles"),
    path("sanctions/", arbiter_views.sanction_list, name="sanction-list"),
    path("sanctions/new/", arbiter_views.sanction_new, name="sanction-new"),
    path("health/", site_views.health, name="health"),
    path("favicon.ico", site_views.favicon, name="favicon"),
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    path("api/docs/", _API_DOCS_CSP(SpectacularSwaggerSplitView.as_view(url_name="api-schema")), name="api-docs"),
    path(
        "api/redoc/",
        _API_DOCS_CSP(SpectacularRedocView.as_view(url_name="api-schema", template_name="club/api_redoc.html")),
        name="api-redoc",
    ),
    path("api/ratings/", include("ratings.api.urls")),
    path("api/championships/", include("club.championships.api.urls")),
    path("api/teams/", include("club.championships.api.team_urls")),
    path("api/arbiters/", include("club.arbiters.api")),
    path("api/", include(arbiters_api.club_urlpatterns)),
    path("api/", include("members.api.urls")),
    path("api/", include("club.notifications.api")),
    path("ratings/", include("ratings.urls")),
    # The event's desk shows the arbiters' records beside the event's: it lives above both (club.arbiters).
    path("championships/<id:pk>/desk/", desk_views.championship_desk, name="championship-desk"),
    path("championships/<id:pk>/desk/protest/", desk_views.desk_protest, name="championship-desk-protest"),
    path("championships/<id:pk>/desk/sanction/", desk_views.desk_sanction, name="championship-desk-sanction"),
    path("championships/<id:pk>/desk/question/", desk_views.desk_question, name="championship-desk-question"),
    path("championships/<id:pk>/desk/relay/", desk_views.desk_relay, name="championship-desk-relay"),
    path(
        "championships/<id:pk>/desk/relay/<id:game_id>/take-over/",
        desk_views.desk_relay_take_over,
        name="championship-desk-relay-take-over",
    ),
    path("championships/<id:pk>/desk/organisers/", desk_views.desk_ask_organisers, name="championship-desk-organisers"),
    path(
        "championships/<id:pk>/desk/questions/<id:question_id>/answer/",
        desk_views.desk_answer,
        name="championship-desk-answer",
    ),
    path(
        "championships/<id:pk>/desk/protests/<id:protest_id>/",
        desk_views.desk_ruling,
        name="championship-desk-ruling",
    ),
    path("championships/", include("club.championships.urls")),
    path("teams/<id:pk>/protest/", arbiter_views.team_protest, name="team-protest"),
    path("teams/", include("club.championships.team_urls")),
    path("arbiters/", include("club.arbiters.urls")),
    path("play/", include("games.urls")),
    path("embed/games/<id:game_id>/", embeds.game_embed, name="embed-game"),
    path("embed/championships/<id:pk>/standings/", embeds.standings_embed, name="embed-standings"),
    path("oembed/", embeds.oembed, name="oembed"),
    path("notifications/", include("club.notifications.urls")),
    path("admin/", admin.site.urls),
    path("i18n/setlang/", views.language_choose, name="set_language"),  # before Django's own: remembers it
    path("i18n/", include("django.conf.urls.i18n")),
]
