"""Values every page's template needs."""

from django.conf import settings
from django.http import HttpRequest


def club(request: HttpRequest) -> dict[str, object]:
    user = request.user
    return {
        "club_name": settings.CLUB_NAME,
        "is_secretary": bool(user.is_authenticated and user.has_perm("scoring.add_hand")),
    }
