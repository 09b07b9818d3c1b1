from django.urls import path

from scoring import ruling_views, standings_views, views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("events/", views.EventListView.as_view(), name="events"),
    path("events/new/", views.EventCreateView.as_view(), name="event_new"),
    path("events/<slug:slug>/", views.EventDetailView.as_view(), name="event"),
    path("events/<slug:slug>/standings/", standings_views.EventStandingsView.as_view(), name="event_standings"),
    path("standings/", standings_views.ClubStandingsView.as_view(), name="standings"),
    path("events/<slug:slug>/rubbers/new/", views.RubberStartView.as_view(), name="rubber_new"),
    path("rubbers/import/", views.RubberImportView.as_view(), name="rubber_import"),
    path("rubbers/<int:pk>/", views.RubberDetailView.as_view(), name="rubber"),
    path("rubbers/<int:pk>/hands/", views.HandCreateView.as_view(), name="hand_new"),
    path("rubbers/<int:pk>/hands/<int:number>/correct/", views.HandCorrectView.as_view(), name="hand_correct"),
    path("rubbers/<int:pk>/hands/<int:number>/penalties/new/", views.PenaltyCreateView.as_view(),
         name="penalty_new"),
    path("rubbers/<int:pk>/hands/<int:number>/resolve/", views.AnnouncementResolveView.as_view(),
         name="announcement_resolve"),
    path("rubbers/<int:pk>/abandon/", views.RubberAbandonView.as_view(), name="rubber_abandon"),
    path("rubbers/<int:pk>/substitute/", views.SeatChangeView.as_view(), name="seat_change"),
    path("rubbers/<int:pk>/export.json", views.RubberExportView.as_view(), name="rubber_export"),
    path("rubbers/<int:pk>/result.json", views.RubberResultView.as_view(), name="rubber_result"),
    path("rubbers/<int:pk>/rulings/new/", ruling_views.RulingWizardView.as_view(), name="ruling_new"),
    path("laws/", ruling_views.LawsView.as_view(), name="laws"),
    path("rulings/<int:ruling_id>/", ruling_views.RulingDetailView.as_view(), name="ruling"),
    path("rulings/<int:ruling_id>.pdf", ruling_views.RulingPdfView.as_view(), name="ruling_pdf"),
    path("rulings/<int:ruling_id>/withdraw/", ruling_views.RulingWithdrawView.as_view(), name="ruling_withdraw"),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/new/", views.PlayerCreateView.as_view(), name="player_new"),
    path("players/<int:pk>/", standings_views.PlayerDetailView.as_view(), name="player"),
]
