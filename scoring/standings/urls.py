from django.urls import path

from scoring.standings import season_views, views

urlpatterns = [
    path("events/<slug:slug>/standings/", views.EventStandingsView.as_view(), name="event_standings"),
    path("standings/", views.ClubStandingsView.as_view(), name="standings"),
    path("players/<id:pk>/", views.PlayerDetailView.as_view(), name="player"),
    path("seasons/", season_views.SeasonListView.as_view(), name="seasons"),
    path("seasons/new/", season_views.SeasonCreateView.as_view(), name="season_new"),
    path("seasons/<slug:slug>/", season_views.SeasonDetailView.as_view(), name="season"),
    path("seasons/<slug:slug>/standings.csv", season_views.SeasonCsvView.as_view(), name="season_standings_csv"),
    path("seasons/<slug:slug>/edit/", season_views.SeasonEditView.as_view(), name="season_edit"),
]
