"""Settings shared by every environment. Configuration comes from the environment."""

from pathlib import Path
from typing import Any

import environ
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY = env("SECRET_KEY", default="insecure-local-only-key-change-me")
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "euchre_club.static_files.StaticFiles",
    "django.contrib.humanize",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tables2",
    "django_filters",
    "formtools",
    "simple_history",
    "axes",
    "csp",
    "scoring",
    "scoring.accounts",
    "scoring.club",
    "scoring.rounds",
    "scoring.clubnight",
    "scoring.reporting",
    "scoring.standings",
    "scoring.printing",
    "scoring.rulings",
    "scoring.seeding",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "euchre_club.urls"
WSGI_APPLICATION = "euchre_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scoring.context_processors.club",
                "csp.context_processors.nonce",
            ],
        },
    },
]


# Content-Security-Policy: scripts, styles, fonts and images come from the site itself (every
# asset is served from here); an inline script runs only with the request's nonce, and no inline
# style attribute is honoured. Bootstrap's form controls draw their arrows from data: images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    },
}


def database(url: object = environ.Env.NOTSET) -> dict[str, Any]:
    """The database from DATABASE_URL (or `url` when it is unset; with no `url`, it must be set)."""
    config: dict[str, Any] = env.db("DATABASE_URL", default=url)
    config["ATOMIC_REQUESTS"] = False
    if config["ENGINE"].endswith("sqlite3"):
        # Wait for a writer rather than failing at once when two secretaries save together, and take
        # the write lock when a transaction begins, so a reader never has to upgrade to a writer. In WAL
        # mode a long read (a backup) sees one snapshot and the secretary's saves go on beside it.
        config.setdefault("OPTIONS", {})
        config["OPTIONS"].setdefault("init_command", "PRAGMA journal_mode=WAL")
        config["OPTIONS"].setdefault("timeout", 20)
        config["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
    return config


DATABASES = {"default": database(f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}


def cache(url: str) -> dict[str, Any]:
    """The cache from CACHE_URL: Redis (`redis://host:6379/0`, `rediss://...`), one cache every worker and
    every machine shares, through Django's own Redis backend; or, unset or `locmem://`, each process's own
    memory (the embedded default: one server)."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url, "KEY_PREFIX": "euchre"}
    if url in ("", "locmem://"):
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    raise ImproperlyConfigured(f"CACHE_URL is redis://..., rediss://... or locmem://, not {url!r}.")


CACHES = {"default": cache(env("CACHE_URL", default=""))}


def session_engine(caches: dict[str, dict[str, Any]]) -> str:
    """Sessions read from the cache first and written through to the database where the cache is one every server
    shares (Redis): a phone polling its table then costs no database read for its session. Each process's own
    memory would keep a session that another process has since changed, so there they are read from the
    database."""
    shared = caches["default"]["BACKEND"].endswith("RedisCache")
    return f"django.contrib.sessions.backends.{'cached_db' if shared else 'db'}"


SESSION_ENGINE = session_engine(CACHES)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses logins while locked out
    "scoring.access.PermissionsBackend",  # Django's own, its permissions read in one query
]
# Repeated failed logins: after 5 failures for one username from one address, that pair is
# locked out for 15 minutes (a whole club on one hall's wifi is not locked out by one member).
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# Behind a reverse proxy, name it (addresses or networks, comma-separated) so that wrong passwords
# are counted against the client's own address from X-Forwarded-For, not the proxy's.
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
AXES_CLIENT_IP_CALLABLE = "scoring.clients.client_address"

# Mail, for password reset links: EMAIL_URL such as smtp+tls://user:password@smtp.example.org:587
# (django-environ's forms). Without it the site sends no mail, and the password reset page says
# to ask the secretary instead of pretending a mail went out.
EMAIL_URL = env.str("EMAIL_URL", default="")
SITE_SENDS_MAIL = bool(EMAIL_URL)
if SITE_SENDS_MAIL:
    globals().update(env.email_url_config(EMAIL_URL))
else:
    EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="webmaster@localhost")

LANGUAGE_CODE = "en-us"
TIME_ZONE = env("TIME_ZONE", default="America/New_York")
USE_I18N = True
FORMAT_MODULE_PATH = ["euchre_club.formats"]  # one date format everywhere: 22 Nov 2026
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Bootstrap, installed from the npm registry by `npm ci` (see package.json).
    ("vendor/bootstrap", BASE_DIR / "node_modules" / "bootstrap" / "dist"),
    ("vendor/htmx", BASE_DIR / "node_modules" / "htmx.org" / "dist"),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

CLUB_NAME = env("CLUB_NAME", default="Somerset Euchre Club")
