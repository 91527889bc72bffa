"""One settings module, driven by the environment.

With no environment at all the club runs on an embedded default: SQLite in
``data/``, Celery over kombu's file-system broker, Channels' in-memory layer
and the local-memory cache. ``DATABASE_URL`` and ``REDIS_URL`` switch the same
code to PostgreSQL and Redis. Every setting is listed in README.md.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _
from kombu import Queue

from foundation import channel_layer  # plain asyncio and redis-py: no Django to set up

BASE_DIR = Path(__file__).resolve().parents[2]


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


DATA_DIR = Path(os.environ.get("CLUB_DATA_DIR", BASE_DIR / "data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)


def _embedded_secret_key() -> str:
    """A key made once per installation and kept in the data folder."""
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY") or _embedded_secret_key()
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "knox",
    "csp",
    "members",
    "club.site",
    "club.notifications",
    "games",
    "ratings",
    "club.championships",
    "club.teams",
    "club.arbiters",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "club.site.middleware.RefuseNulCharacters",
    "club.site.middleware.ContentSecurityPolicy",  # csp's, the policy built once
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "club.site.middleware.ApiSpeaksEnglish",  # Django's LocaleMiddleware; the API in English by default
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "club.site.middleware.MemberLanguage",  # after the member is known: his language, where the browser has none
    "club.site.middleware.ViewerTimeZone",  # after the member is known: his zone
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "club.site.middleware.MethodNotAllowedPage",  # a blank 405 becomes the error page
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out login into a 429
]
# An API call with a token (club/site/wsgi.py): no static files, session, page
# policy, CSRF, session member, flash messages or frame rule.
TOKEN_API_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "club.site.middleware.RefuseNulCharacters",
    "club.site.middleware.ApiSpeaksEnglish",  # Django's LocaleMiddleware; the API in English by default
    "django.middleware.common.CommonMiddleware",
    "club.site.middleware.ViewerTimeZone",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "club.site.urls"
WSGI_APPLICATION = "club.site.wsgi.application"
ASGI_APPLICATION = "club.site.asgi.application"
# Threads per server process serving HTTP (club/site/asgi.py); each keeps one database connection.
HTTP_THREADS = env_int("HTTP_THREADS", 8)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "club.site.context.time_zone",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
if os.environ.get("DATABASE_URL"):
    # Connections live ten minutes: a new PostgreSQL backend (and its prepared
    # statements) costs the request that opens it several moves' worth. A
    # connection that broke is dropped after the request that found it broken.
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=600)}
    if DATABASES["default"]["ENGINE"].endswith("postgresql"):
        # Parameters bound by the server and statements prepared once per
        # connection (psycopg 3): a move's statements are the same every time,
        # so PostgreSQL stops parsing and planning them on each move (its CPU
        # per move measured by bench/play_load.py). Behind
        # PgBouncer this needs its prepared-statement support (1.21+).
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=env_bool("DATABASE_SERVER_SIDE_BINDING", True), prepare_threshold=5
        )
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "club.sqlite3",
            # IMMEDIATE transactions serialise writers on SQLite the way
            # SELECT ... FOR UPDATE does on PostgreSQL; WAL lets readers go on.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            "TEST": {"NAME": DATA_DIR / "test.sqlite3"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "club.Member"

# --- Redis: cache, Celery broker, channel layer ---------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
    # Sessions read from Redis, written through to the database: a page's move then
    # costs the database no more queries than a token's. Only with Redis: a
    # per-process cache would keep a session alive in one process after logout in another.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # Redis pub/sub: a group send is one PUBLISH (the list-based layer spent
    # several round trips and a Lua script per move); a socket that misses a
    # message resyncs with ?since= anyway, and every socket resyncs after its
    # process reconnects to a restarted Redis (foundation/channel_layer.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "foundation.channel_layer.WaitingPubSubLayer",
            "CONFIG": {"hosts": [channel_layer.redis_host(REDIS_URL)], "prefix": "asgi"},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # With acks_late a task's message waits in Redis's "unacked" set until the
    # task ends. If its whole worker dies (SIGKILL, a lost host) another worker
    # takes the message back once it is older than the visibility timeout; a
    # task still running by then is delivered twice, which idempotent tasks
    # bear. Ten minutes (kombu's default is an hour) outlasts our longest task;
    # restored messages are looked for every tenth of it.
    _visibility = env_int("CELERY_VISIBILITY_TIMEOUT", 600)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": _visibility,
        "unacked_restore_interval": max(1, _visibility // 10),
        "unacked_restore_throttle": 1,
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "filesystem://localhost/"  # a host named: kombu warns on every connection without one
    _broker_dir = DATA_DIR / "broker"
    for _sub in ("queue", "processed", "control"):
        (_broker_dir / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up closes the database connection around every task
# unless told to reuse it: a fresh PostgreSQL backend (and its prepared
# statements) per task cost more than most of our tasks themselves. Tasks
# recycle connections as requests do instead (club/site/celery.py).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 100)
CELERY_TASK_IGNORE_RESULT = True
# The sweep has a queue of its own, so a backlog of follow-up work never holds
# up the end of games and a long sweep never holds up follow-ups: run a worker
# with ``-Q sweep`` beside the others. A worker started without ``-Q`` takes
# from both queues (the embedded default, a single-worker deploy).
CELERY_TASK_QUEUES = (Queue("celery"), Queue("sweep"))
CELERY_TASK_ROUTES = {"games.tasks.games_sweep_task": {"queue": "sweep"}}
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE: dict = {
    # End overdue games (flag falls, correspondence deadlines) exactly once; expire challenges.
    "games-sweep": {"task": "games.tasks.games_sweep_task", "schedule": 3.0, "options": {"expires": 3.0}},
    # Correspondence turns passed since the last run, to notifications (games.events.turns_announce).
    "games-turns-announce": {"task": "games.tasks.turns_announce_task", "schedule": 5.0, "options": {"expires": 5.0}},
}
CELERY_TIMEZONE = "UTC"

# --- Auth, i18n, static -----------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "members.passwords.NotBlankPasswordValidator"},
    {"NAME": "members.passwords.TokensEndWithThePassword"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "ru")
LANGUAGES = [("ru", _("Russian")), ("en", _("English"))]
# One catalogue per app (python -m club.site.i18n_check). Listed here, not only found as
# the apps' own, so that ours win over Django's for the same msgid ("active");
# the first listed wins, and makemessages puts the project's templates/ in the first.
LOCALE_PATHS = [
    BASE_DIR / app / "locale" for app in ("club", "games", "ratings", "club/championships", "club/arbiters")
]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Moscow")
USE_I18N = True
# Dates are written one way in each language, whatever page or filter prints them.
FORMAT_MODULE_PATH = ["club.site.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", DATA_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every request without it
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
MEDIA_ROOT = DATA_DIR / "media"

# --- Email --------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "club@localhost")
# Where members reach the club: the links in emails. `manage.py up` sets it from its
# --host and --port when unset; in production set the public address.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")

# --- HTTPS (production behind a TLS-terminating proxy) ------------------------------
# Load balancers probe /health/ over plain HTTP inside the network: answer, don't redirect.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
if env_bool("HTTPS", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# --- API ------------------------------------------------------------------------------
REST_FRAMEWORK = {
    # Token first: its WWW-Authenticate header makes "not logged in" a 401, not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "members.api.authentication.ClubTokenAuthentication",
        "members.api.authentication.ClubBearerAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "EXCEPTION_HANDLER": "foundation.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"auth": os.environ.get("API_AUTH_THROTTLE", "20/min")},
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "club.site.openapi.ClubAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Draughts & renju club API",
    "DESCRIPTION": "Members, games, clocks, ratings and championships of the club.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # A request body's schema leaves out the read-only fields (a login does not send its token).
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "club.site.openapi.postprocess",
    ],
    # Swagger UI and Redoc served from our own static files: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set shared by several fields (else `check --deploy` warns, W001).
    "ENUM_NAME_OVERRIDES": {
        "PlayerColourEnum": "games.models.COLOURS",
        "ChallengeColourEnum": "games.models.Challenge.Colour",
        "ChallengeStatusEnum": "games.models.Challenge.Status",
        "GameStatusEnum": "games.models.Game.Status",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_in_one_line": {"()": "club.site.logs.RefusalsInOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # a 403 or 400 is logged as one line (club.site.logs), a 500 with its traceback
    "loggers": {"django.request": {"filters": ["refusals_in_one_line"]}},
}

# --- Game events → other apps (see docs/contracts.md) ---------------------------------
# A game ended: games.events enqueues on commit one task per game (GAME_FOLLOWUPS_TASK),
# which runs in the worker, in order, the follow-ups named in GAME_FINISHED_TASKS, and for a
# game of a competition (Game.competition) those of GAME_FINISHED_COMPETITION_TASKS.
# An arbiter changed or annulled a result: each of GAME_RESULT_CHANGED_TASKS is enqueued
# with ``.delay(game_id)``. All name Celery tasks taking the game id, each registered by its
# tasks module with foundation.task_registry (games.events finds them there, never imports them).
GAME_FOLLOWUPS_TASK = "games.tasks.game_followups_task"
# A game of an event with a broadcast delay changed: its spectators' frame of that instant is
# sent this task's countdown later (games.events.broadcast), taking the game id and the instant.
GAME_DELAYED_FRAME_TASK = "games.tasks.game_delayed_frame_task"
GAME_FINISHED_TASKS: list[str] = ["ratings.tasks.rating_apply_game", "club.notifications.tasks.notify_game_finished"]
GAME_FINISHED_COMPETITION_TASKS: list[str] = ["club.championships.tasks.championship_game_result"]
GAME_RESULT_CHANGED_TASKS: list[str] = ["ratings.tasks.rating_recompute_from_game"]
GAME_RESULT_CHANGED_TASKS.append("club.championships.tasks.championship_game_result")
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].update(
    {  # arbiters: a draw claim's "kind"
        "DrawClaimKindEnum": "club.arbiters.models.DrawClaim.Kind",
        "SanctionKindEnum": "club.arbiters.models.Sanction.Kind",
        # "result": a game's results, an arbiter's (the same and "annulled"), a player's report at the board
        "GameResultEnum": "games.results.RESULTS",
        "ArbiterResultEnum": "games.services.arbiter.RESULTS",
        "ReportedResultEnum": [("1-0", "1-0"), ("1/2-1/2", "1/2-1/2"), ("0-1", "0-1")],
    }
)
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].update(
    {  # championships: three "status" choice sets
        "ChampionshipStatusEnum": "club.championships.models.Championship.Status",
        "EntryStatusEnum": "club.championships.models.Entry.Status",
        "RoundStatusEnum": "club.championships.models.Round.Status",
    }
)

# --- Games: how a game starts (games/timing.py, play.py) ---------------------------
# A challenge's live game is aborted if a side's first move (off the clock) does not come in time.
GAMES_FIRST_MOVE_SECONDS = env_int("GAMES_FIRST_MOVE_SECONDS", 60)
# "I am here" in a scheduled game opens this long before its start (1.9.1).
GAMES_CHECK_IN_MINUTES = env_int("GAMES_CHECK_IN_MINUTES", 15)
# A finished game's follow-up task queued but not done this long after it was sent
# (its message lost with the broker) is sent again by the sweep (games.events.outbox).
GAMES_FOLLOWUP_RESEND_SECONDS = env_int("GAMES_FOLLOWUP_RESEND_SECONDS", 600)
# An open or direct challenge nobody accepts expires this long after it was made.
GAMES_CHALLENGE_HOURS = env_int("GAMES_CHALLENGE_HOURS", 24 * 7)
# A club game's result may be corrected this long after it ended (2.1.10.4; an event's
# games until its results are final).
GAMES_RESULT_CORRECTION_DAYS = env_int("GAMES_RESULT_CORRECTION_DAYS", 7)
# Correspondence: the days of vacation each member may take in a calendar year.
GAMES_VACATION_DAYS_PER_YEAR = env_int("GAMES_VACATION_DAYS_PER_YEAR", 30)

# --- Importing records (games/records.py): a strict budget on the request path ------------
RECORD_IMPORT_MAX_BYTES = env_int("RECORD_IMPORT_MAX_BYTES", 512 * 1024)
RECORD_IMPORT_MAX_GAMES = env_int("RECORD_IMPORT_MAX_GAMES", 200)
RECORD_IMPORT_MAX_PLIES = env_int("RECORD_IMPORT_MAX_PLIES", 10_000)
RECORD_IMPORTS_PER_HOUR = env_int("RECORD_IMPORTS_PER_HOUR", 10)

# --- Relay feeds (club/championships/services/relay.py): a round's PDN polled into its boards ---
# The club fetches an address an organiser typed, so it guards what it fetches: http and https
# only, no redirect, a public address only (never the club's own network: its database, Redis,
# a cloud's metadata service), a size cap read as a stream and a deadline for the whole answer.
# RELAY_FEED_PRIVATE_NETWORKS lets a club allow its own relay machine on the hall's network
# ("192.168.1.0/24"); empty, every private, loopback and link-local address is refused.
RELAY_FEED_MAX_BYTES = env_int("RELAY_FEED_MAX_BYTES", 2_000_000)
RELAY_FEED_TIMEOUT_SECONDS = env_int("RELAY_FEED_TIMEOUT_SECONDS", 5)
RELAY_FEED_PRIVATE_NETWORKS = env_list("RELAY_FEED_PRIVATE_NETWORKS")
CELERY_BEAT_SCHEDULE["championships-relay-poll"] = {
    "task": "club.championships.tasks.relays_poll",
    "schedule": 10.0,
    "options": {"expires": 10.0},
}

# --- Notifications (club/notifications): correspondence reminders and daily digests ----
CELERY_BEAT_SCHEDULE["notifications-turn-reminders"] = {
    "task": "club.notifications.tasks.send_turn_reminders",
    "schedule": 60.0,
    "options": {"expires": 50},
}
# Correspondence events: a round's deadline or the closing date passed → the arbiter adjudicates.
CELERY_BEAT_SCHEDULE["championships-play-close"] = {
    "task": "club.championships.tasks.play_close_due",
    "schedule": 300.0,
    "options": {"expires": 240},
}
CELERY_BEAT_SCHEDULE["notifications-daily-digest"] = {
    "task": "club.notifications.tasks.send_daily_digests",
    "schedule": 24 * 3600.0,
    "options": {"expires": 3000},
}

# --- Club ratings (ratings/elo.py documents the maths) ----------------------------------
RATINGS = {
    "START_RATING": 1500,  # rating of a member's first game in a (discipline, speed) pool
    "PROVISIONAL_GAMES": 30,  # marked provisional while fewer rated games than this
    "NEW_PLAYER_GAMES": 30,  # K_NEW applies while fewer rated games than this (FIDE 8.3.3)
    "K_NEW": 40,
    "K_NORMAL": 20,  # established, rating below STRONG_THRESHOLD
    "K_STRONG": 10,  # established, rating at or above STRONG_THRESHOLD
    "STRONG_THRESHOLD": 2400,
    "CAP": 400,  # FIDE 8.3.1: a bigger difference counts as this; None = no cap
    "EXPECTANCY": os.environ.get("RATINGS_EXPECTANCY", "logistic"),  # "logistic" or "fide" (B.02 table 8.1.2)
}

# --- Accounts and the API edge: lockouts, tokens, limits, CSP -------------------------
# Addresses (or networks) of the reverse proxies in front of the club. Only a
# request arriving from one of them may name the client in X-Forwarded-For;
# anyone else could forge a fresh address per request and dodge every limit.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out client before the password is checked
    "django.contrib.auth.backends.ModelBackend",
]
# Logins (the web form, the admin's and the API token endpoint) lock out an
# address after AXES_FAILURE_LIMIT failures; an account is locked for every
# address only after LOGIN_ACCOUNT_FACTOR times as many (foundation/api/throttling.py).
AXES_HANDLER = "foundation.api.throttling.LoginLockout"
AXES_CLIENT_IP_CALLABLE = "foundation.api.throttling.client_ip"
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
LOGIN_ACCOUNT_FACTOR = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
AXES_LOCK_OUT_AT_FAILURE = False  # LoginLockout.is_locked decides, per address and per account
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # so the backend marks the locked-out request
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_ENABLE_ADMIN = False  # its admin lists attempts kept in the database; ours are in the cache

# API tokens (django-rest-knox): stored as SHA-512 digests, expire, revoked on a
# password change and from the member's settings page.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env_int("API_TOKEN_DAYS", 30)),
    "AUTH_HEADER_PREFIX": "Token",
}

REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"] = "foundation.api.pagination.BoundedLimitOffsetPagination"
# The API's bodies are JSON only (the pages' forms post to their own views), so the schema offers
# one request format and generated clients send it.
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = ["foundation.api.parsers.BoundedJSONParser"]
REST_FRAMEWORK["TEST_REQUEST_DEFAULT_FORMAT"] = "json"
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"].update(
    {
        # Direct challenges each send the opponent an email.
        "direct-challenge": os.environ.get("DIRECT_CHALLENGE_THROTTLE", "10/hour"),
        "password-reset": os.environ.get("PASSWORD_RESET_THROTTLE", "5/hour"),
    }
)

# A body over this size is answered 413 (members.views.bad_request); the largest
# legitimate body is a game record import.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],  # includes the game socket on the same host
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
