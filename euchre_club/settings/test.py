"""The test suite: a fast password hasher, DEBUG off as in production."""

import os

from euchre_club.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test process keeps its own cache, whatever CACHE_URL says: parallel workers must not share one. The
# two-server test gives CACHE_URL to the servers it starts.
CACHES = {"default": cache("")}  # noqa: F405
SESSION_ENGINE = session_engine(CACHES)  # noqa: F405
DEBUG = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # A file, not memory, so that concurrent-request tests see one database across threads; one a test run,
    # so that two runs on one machine never share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}  # noqa: F405

# Mail goes to Django's in-memory outbox in tests; tests of a site without mail turn this off.
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
SITE_SENDS_MAIL = True
