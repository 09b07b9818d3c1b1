"""The club's own settings: its name, the code of laws it usually plays and how, and its paper.

Every page shows the name and several open on the code, so the row is read from the cache, not the database:
a save deletes the cached copy at once (a reader in between caches the row as it still stands) and writes the
new one when its transaction commits, so every app server sharing the cache reads the new settings next. Until
the secretary saves them, the club is named by `settings.CLUB_NAME` and plays the model's defaults.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from scoring.models import Club

CLUB_FIELDS = ("name", "rulebook", "game_points", "games", "paper_size", "house_rules")
"""What the secretary sets (and a backup carries)."""
CACHE_KEY = "club:settings:1"
TIMEOUT = 24 * 60 * 60
"""A day: a save writes the cache itself, so this only bounds how long a change made behind the site's back
(a database restored by hand) goes unseen."""


def the_club() -> Club:
    """The club's settings as stored, or an unsaved row of the defaults when none is (from the cache)."""
    kept = cache.get(CACHE_KEY)
    if not isinstance(kept, dict):
        stored = Club.objects.filter(pk=1).values(*CLUB_FIELDS).first()
        kept = {"fields": stored, "stored": True} if stored else _unsaved()
        cache.add(CACHE_KEY, kept, TIMEOUT)  # add, never set: a save's own write is newer than this reading
    club = Club(pk=1, **kept["fields"])
    club._state.adding = not kept["stored"]
    return club


def _unsaved() -> dict[str, Any]:
    return {"fields": {"name": settings.CLUB_NAME}, "stored": False}


def club_cache_unsaved() -> None:
    """Keep in the cache the settings of a database that has none stored (a new one, as a test's is)."""
    cache.set(CACHE_KEY, _unsaved(), TIMEOUT)


@transaction.atomic
def club_settings_save(**fields: Any) -> Club:
    """Store the club's settings (the fields of `CLUB_FIELDS`), checked as the model checks them: a game or a
    match its code does not allow is refused on that field, and nothing is saved."""
    unknown = set(fields) - set(CLUB_FIELDS)
    if unknown:
        raise TypeError(f"not a setting of the club: {', '.join(sorted(unknown))}")
    club = Club.objects.select_for_update().filter(pk=1).first() or Club(pk=1, name=settings.CLUB_NAME)
    for name, value in fields.items():
        setattr(club, name, value)
    club.full_clean()
    club.save()
    club_cache_write(club)
    return club


def club_cache_write(club: Club) -> None:
    """Forget the cached settings now, and keep `club`'s once its transaction commits."""
    kept = {"fields": {name: getattr(club, name) for name in CLUB_FIELDS}, "stored": True}
    cache.delete(CACHE_KEY)
    transaction.on_commit(lambda: cache.set(CACHE_KEY, kept, TIMEOUT))
