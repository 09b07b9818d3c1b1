"""Values every page's template needs."""

from django.http import HttpRequest

from scoring.access import is_secretary
from scoring.services.club import the_club


def club(request: HttpRequest) -> dict[str, object]:
    settings = the_club()
    return {
        "club_name": settings.name,
        "club_rulebook": settings.playing,  # the club's own code: what a page about every code cites its laws from
        "is_secretary": is_secretary(getattr(request, "user", None)),  # none on a request refused early
    }
