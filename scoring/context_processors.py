"""Values every page's template needs."""

from django.http import HttpRequest

from scoring.access import is_secretary
from scoring.services.club import the_club


def club(request: HttpRequest) -> dict[str, object]:
    return {
        "club_name": the_club().name,
        "is_secretary": is_secretary(getattr(request, "user", None)),  # none on a request refused early
    }
