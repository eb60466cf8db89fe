"""Settings, one module, driven by environment variables.

With nothing set, the service runs on a SQLite file with Celery tasks executed in-process
(eager), so `make run` works on a bare machine. A real club sets DATABASE_URL (PostgreSQL) and
CELERY_BROKER_URL (Redis) and runs one or more Celery workers.
"""

import ipaddress
import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.observability import init_error_reporting

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", default=False)
# The development key only ever works with DEBUG on; production must set DJANGO_SECRET_KEY.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "dev-insecure-key-only-for-local-runs" if DEBUG or not env_bool("DJANGO_PRODUCTION") else ""
)
if not SECRET_KEY:
    raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_PRODUCTION is on")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "clubs",
    "tournaments",
    "results",  # the sessions' store (app label "games")
    # The games, each a plug-in in its own folder (tournaments.game_plugins): one line a game.
    "games.bonken.plugin",
    "games.jonkler.plugin",
    "games.bonko.plugin",
    "games.bonanza.plugin",
    "ranking.standings",  # app label "standings" (ratings and stats theirs too)
    "ranking.ratings",
    "leagues",
    "games.bonken.imports",  # app label "imports"
    "ranking.stats",
    "week.mailings",
    "web.pages",
    "week.webhooks",
    "web.embeds",
    "web.sharing",
    "week.planning",
    "web.api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "web.sharing.middleware.LanguageParameterMiddleware",
    "web.api.middleware.ApiLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "web.api.openapi.query_guard.QueryGuardMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The site's templates and each app's (a game's among them); cached as Django does
            # by default.
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Phones save at once (runserver's threads): a transaction takes the write lock as it begins,
    # so writers wait for each other instead of failing "database is locked"; WAL lets pages be
    # read meanwhile. Tests use a file of their own process, so each live-server request has its
    # own connection, as under `make run` (Django would share one for a database in memory).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(tempfile.gettempdir(), f"bonken-test-{os.getpid()}.sqlite3")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Dutch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates day first with the month in words (config/formats/en).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Amsterdam")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("DJANGO_PRODUCTION")
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# A club's embeds may be framed by its listed https origins; plain http origins (a local test
# page on localhost) only where this is on.
EMBED_ALLOW_HTTP_ORIGINS = env_bool("EMBED_ALLOW_HTTP_ORIGINS", default=DEBUG)

# --- REST framework -------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "web.api.access.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": [
        "web.api.filters.StrictFilterBackend",
        "web.api.filters.StrictOrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "web.api.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "web.api.errors.exception_handler",
    # Proxies' X-Forwarded-For entries to believe: none unless the deployment says so.
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXY_COUNT", "0")),
    "DEFAULT_PARSER_CLASSES": [
        "web.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Anonymous clients (public pages' data, the validator) are throttled per address; signed-in
    # scorers are not, a club night's burst of submissions must never be refused.
    # (web.api.access.throttling: counted in core.shared_cache; a cache that is down counts none.)
    "DEFAULT_THROTTLE_CLASSES": ["web.api.access.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"anon": os.environ.get("API_ANON_RATE", "600/minute")},
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Bonken club service API",
    "DESCRIPTION": "Clubs, events, seating, session results, standings and ratings for Bonken.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "DEFAULT_GENERATOR_CLASS": "web.api.openapi.schema.EnglishSchemaGenerator",  # in English
    # Request bodies are declared as JSON (a backup's upload declares its multipart itself);
    # the form parsers stay for the token endpoint's curl example and the browsable API.
    "PARSER_WHITELIST": ["web.api.parsers.JSONParser"],
    "GET_LIB_DOC_EXCLUDES": "web.api.openapi.schema.doc_excludes",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "web.api.openapi.hooks.postprocess",  # the project's own, in order
    ],
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "SignatureMethodEnum": "results.models.Signature.Method",
        "ClubEventKindEnum": "core.club_events.KINDS",
        "DeliveryStatusEnum": "week.webhooks.models.Delivery.Status",
        "DeliveryKindEnum": "week.webhooks.sending.DELIVERY_KINDS",
    },
}

# --- Celery ----------------------------------------------------------------------------------
# No broker configured: tasks run in-process right after commit (the embedded default).
_BROKER = os.environ.get("CELERY_BROKER_URL", "")
CELERY_BROKER_URL = _BROKER or "memory://"
CELERY_TASK_ALWAYS_EAGER = not _BROKER
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# A task whose worker was killed (SIGKILL, a lost machine) is unacknowledged (acks_late): the
# broker hands it out again after the visibility timeout. It is set to what the tasks need
# (they take seconds; the hard time limit ends any task before the timeout), so standings and
# ratings converge within two minutes of a worker's death, without beat.
CELERY_REDELIVERY_SECONDS = int(os.environ.get("CELERY_REDELIVERY_SECONDS", "90"))
CELERY_TASK_TIME_LIMIT = CELERY_REDELIVERY_SECONDS - 10
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_REDELIVERY_SECONDS - 20
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Keep database connections between tasks (config.celery closes old or broken ones instead):
# Celery closes them only after this many tasks.
CELERY_DB_REUSE_MAX = 1000
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Every live worker looks for such tasks every CELERY_RESTORE_SECONDS. Kombu's own default
# looks only on every tenth 10-second tick, which added up to 100 s to the timeout.
CELERY_RESTORE_SECONDS = int(os.environ.get("CELERY_RESTORE_SECONDS", "5"))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_REDELIVERY_SECONDS,
    "unacked_restore_interval": CELERY_RESTORE_SECONDS,
    "unacked_restore_throttle": 1,
}
# A task whose worker died mid-way goes back to the queue (tasks are idempotent).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_ACKS_ON_FAILURE_OR_TIMEOUT = True
# Seconds a derived task waits before it starts: results together share one (tournaments.tasks).
DERIVED_WORK_DELAY = float(os.environ.get("DERIVED_WORK_DELAY", "0.5"))
# The longest wait between retries of a derived task (a database that went away): a retry
# waits in a worker's hands; one held past the redelivery time would be handed out twice.
DERIVED_WORK_RETRY_MAX = 20
# Celery beat: catch up on derived work that a fault left behind.
CELERY_BEAT_SCHEDULE = {
    "reconcile": {
        "task": "tournaments.reconcile",
        "schedule": float(os.environ.get("RECONCILE_SECONDS", "60")),
    },
    "ratings-reconcile": {
        "task": "tournaments.ratings_reconcile",
        "schedule": float(os.environ.get("RECONCILE_SECONDS", "60")),
    },
    "leagues-reconcile": {"task": "leagues.reconcile", "schedule": 300.0},
    "idempotency-purge": {"task": "games.idempotency_purge", "schedule": 3600.0},
    "webhooks-retry": {"task": "webhooks.retry_due", "schedule": 30.0},
    "webhooks-purge": {"task": "webhooks.purge", "schedule": 86400.0},
}
# Hours an Idempotency-Key's stored answer is kept (results.tasks purges older ones).
IDEMPOTENCY_RETENTION_HOURS = float(os.environ.get("IDEMPOTENCY_RETENTION_HOURS", "24"))

# --- E-mail: the players' evenings (mailings) ----------------------------------------------
# The console backend (e-mails written to the log) unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "bonken@localhost")
# The address links in e-mails and webhook payloads start with (no request to take it from).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# The domain every night's UID in the iCalendar feeds ends with (``night-<id>@<domain>``): one
# fixed name, whatever host or port a subscriber's calendar app asks for the feed at, so a
# night keeps its UID. SITE_URL's host name unless set; keep it when the site moves.
CALENDAR_UID_DOMAIN = (
    os.environ.get("CALENDAR_UID_DOMAIN", "").strip() or urlsplit(SITE_URL).hostname or "localhost"
)
# Seconds after an event closes before its evenings go out (its standings and ratings first).
EVENING_MAIL_DELAY = float(os.environ.get("EVENING_MAIL_DELAY", "5"))
# The longest wait between tries when the mail server fails.
EVENING_MAIL_RETRY_MAX = 600

# /healthz answers one address this many times a minute (config.health).
HEALTHZ_PER_MINUTE = int(os.environ.get("HEALTHZ_PER_MINUTE", "120"))
# Names one address may check in at an event's door without signing in (tournaments.door.services).
DOOR_NAMES_PER_ADDRESS = int(os.environ.get("DOOR_NAMES_PER_ADDRESS", "10"))
# --- Webhooks (week.webhooks.sending, week.webhooks.net) ------------------------------------------
# Deliveries go to public addresses only, and besides them to the networks listed here (CIDRs,
# comma-separated: a club's own server on the LAN, "10.0.0.0/8,192.168.1.0/24"); none unless
# set. The web processes (a hook's URL is checked when it is saved) and the workers (again at
# every attempt) read the same variable.
WEBHOOKS_ALLOWED_NETWORKS = env_list("WEBHOOKS_ALLOWED_NETWORKS")
for _network in WEBHOOKS_ALLOWED_NETWORKS:
    try:
        ipaddress.ip_network(_network)
    except ValueError as _wrong:
        raise ImproperlyConfigured(
            f"WEBHOOKS_ALLOWED_NETWORKS: {_network!r} is not a network ({_wrong}); "
            "write each as an address and its prefix length, e.g. 192.168.1.0/24"
        ) from _wrong
if "WEBHOOKS_ALLOW_PRIVATE" in os.environ:  # a yes for every address is no longer a setting
    raise ImproperlyConfigured(
        "WEBHOOKS_ALLOW_PRIVATE is gone: list the networks webhooks may reach besides public "
        "addresses in WEBHOOKS_ALLOWED_NETWORKS (e.g. 192.168.1.0/24)"
    )
# A new secret: for this long deliveries carry a signature with the previous one too
# (X-Hook-Signature-Previous), so a receiver switches without losing a delivery.
WEBHOOKS_SECRET_OVERLAP_HOURS = float(os.environ.get("WEBHOOKS_SECRET_OVERLAP_HOURS", "24"))
# Seconds to connect and for each read of an answer.
WEBHOOKS_TIMEOUT = float(os.environ.get("WEBHOOKS_TIMEOUT", "5"))
# Attempts of one delivery; the wait before the next grows fourfold from WEBHOOKS_RETRY_SECONDS
# (10 s, 40 s, 160 s, 640 s, 2560 s: six attempts over about 56 minutes).
WEBHOOKS_MAX_ATTEMPTS = int(os.environ.get("WEBHOOKS_MAX_ATTEMPTS", "6"))
WEBHOOKS_RETRY_SECONDS = float(os.environ.get("WEBHOOKS_RETRY_SECONDS", "10"))
# Waits up to this long are a task's countdown; longer ones are sent by the beat sweep (a task
# held past CELERY_REDELIVERY_SECONDS would be handed out twice).
WEBHOOKS_COUNTDOWN_MAX = min(60.0, CELERY_REDELIVERY_SECONDS / 2)
# Deliveries in a row that failed every attempt before a hook is switched off.
WEBHOOKS_DISABLE_AFTER = int(os.environ.get("WEBHOOKS_DISABLE_AFTER", "5"))
# Days a delivery stays in the log (webhooks.purge, daily).
WEBHOOKS_LOG_DAYS = int(os.environ.get("WEBHOOKS_LOG_DAYS", "30"))

# The cache keeps throttling counts; Redis when there is one, so all web processes share them.
# Every use goes through core.shared_cache, which fails open when the cache is down; the short
# timeouts keep a cache that does not answer from holding a request up.
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CACHE_URL"],
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
        if os.environ.get("CACHE_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

if env_bool("DJANGO_PRODUCTION"):
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Error reporting (config.observability): on only when SENTRY_DSN is set.
SENTRY_ENABLED = init_error_reporting(os.environ)
