from django.urls import path

from scoring.club import club_settings, events, hands, players, rubbers, transfer

urlpatterns = [
    path("", events.HomeView.as_view(), name="home"),
    path("events/", events.EventListView.as_view(), name="events"),
    path("events/new/", events.EventCreateView.as_view(), name="event_new"),
    path("events/<slug:slug>/", events.EventDetailView.as_view(), name="event"),
    path("events/<slug:slug>/edit/", events.EventEditView.as_view(), name="event_edit"),
    path("events/<slug:slug>/rubbers/new/", rubbers.RubberStartView.as_view(), name="rubber_new"),
    path("rubbers/import/", transfer.RubberImportView.as_view(), name="rubber_import"),
    path("rubbers/<id:pk>/", rubbers.RubberDetailView.as_view(), name="rubber"),
    path("rubbers/<id:pk>/hands/", hands.HandCreateView.as_view(), name="hand_new"),
    path("rubbers/<id:pk>/hands/<id:number>/correct/", hands.HandCorrectView.as_view(), name="hand_correct"),
    path("rubbers/<id:pk>/hands/<id:number>/take-back/", hands.HandTakeBackView.as_view(), name="hand_take_back"),
    path("rubbers/<id:pk>/hands/<id:number>/penalties/new/", hands.PenaltyCreateView.as_view(),
         name="penalty_new"),
    path("rubbers/<id:pk>/hands/<id:number>/resolve/", hands.AnnouncementResolveView.as_view(),
         name="announcement_resolve"),
    path("rubbers/<id:pk>/abandon/", rubbers.RubberAbandonView.as_view(), name="rubber_abandon"),
    path("rubbers/<id:pk>/substitute/", rubbers.SeatChangeView.as_view(), name="seat_change"),
    path("rubbers/<id:pk>/export.json", transfer.RubberExportView.as_view(), name="rubber_export"),
    path("rubbers/<id:pk>/result.json", transfer.RubberResultView.as_view(), name="rubber_result"),
    path("players/", players.PlayerListView.as_view(), name="players"),
    path("players/new/", players.PlayerCreateView.as_view(), name="player_new"),
    path("players/<id:pk>/edit/", players.PlayerEditView.as_view(), name="player_edit"),
    path("settings/", club_settings.ClubSettingsView.as_view(), name="club_settings"),
]
