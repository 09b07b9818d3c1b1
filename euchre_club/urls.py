from django.contrib import admin
from django.urls import include, path

from scoring.converters import register

register()

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("scoring.accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scoring.club.urls")),
    path("", include("scoring.rounds.urls")),
    path("", include("scoring.clubnight.urls")),
    path("", include("scoring.reporting.urls")),
    path("", include("scoring.standings.urls")),
    path("", include("scoring.printing.urls")),
    path("", include("scoring.rulings.urls")),
]
