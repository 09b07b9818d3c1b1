from django.urls import path

from scoring.standings import views

urlpatterns = [
    path("events/<slug:slug>/standings/", views.EventStandingsView.as_view(), name="event_standings"),
    path("standings/", views.ClubStandingsView.as_view(), name="standings"),
    path("players/<id:pk>/", views.PlayerDetailView.as_view(), name="player"),
]
