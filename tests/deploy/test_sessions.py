"""Where sessions are read: from the shared cache first (written through to the database) where every server
shares one, from the database where each process keeps its own."""

from __future__ import annotations

from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore as CachedStore

from euchre_club.settings.base import cache, session_engine


def test_sessions_are_read_from_a_shared_cache_first_and_never_from_a_processs_own():
    assert session_engine({"default": cache("redis://127.0.0.1:6379/0")}).endswith(".cached_db")
    assert session_engine({"default": cache("")}).endswith(".db")
    assert session_engine({"default": cache("locmem://")}).endswith(".db")
    assert session_engine(settings.CACHES) == settings.SESSION_ENGINE


def test_a_session_kept_in_the_cache_is_written_to_the_database_too(db):
    session = CachedStore()
    session["table_phone"] = "K4DY"
    session.save()
    from django.contrib.sessions.models import Session

    assert Session.objects.filter(session_key=session.session_key).exists()
    assert CachedStore(session.session_key)["table_phone"] == "K4DY"
