"""Values every page's template needs."""

from django.conf import settings
from django.http import HttpRequest

from scoring.access import is_secretary


def club(request: HttpRequest) -> dict[str, object]:
    return {
        "club_name": settings.CLUB_NAME,
        "is_secretary": is_secretary(getattr(request, "user", None)),  # none on a request refused early
    }
