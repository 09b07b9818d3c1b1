from django.urls import path

from scoring.rounds import views

urlpatterns = [
    path("events/<slug:slug>/room/", views.RoomView.as_view(), name="room"),
    path("events/<slug:slug>/rounds/", views.EventRoundsView.as_view(), name="event_rounds"),
    path("events/<slug:slug>/entrants/", views.EntrantsView.as_view(), name="entrants"),
    path("events/<slug:slug>/my-seat/", views.SeatFinderView.as_view(), name="my_seat"),
    path("events/<slug:slug>/late-arrival/", views.LateArrivalView.as_view(), name="late_arrival"),
    path("events/<slug:slug>/gone-home/", views.GoneHomeView.as_view(), name="gone_home"),
    path("events/<slug:slug>/night/close/", views.NightActionView.as_view(action="close"), name="night_close"),
    path("events/<slug:slug>/night/reopen/", views.NightActionView.as_view(action="reopen"), name="night_reopen"),
    path("events/<slug:slug>/schedule/", views.ScheduleView.as_view(), name="schedule_make"),
    path("rounds/<id:pk>/start/", views.RoundActionView.as_view(action="start"), name="round_start"),
    path("rounds/<id:pk>/call-time/", views.RoundActionView.as_view(action="call_time"), name="round_call_time"),
    path("rounds/<id:pk>/close/", views.RoundActionView.as_view(action="close"), name="round_close"),
    path("rubbers/<id:pk>/round-totals/", views.RoundTotalsView.as_view(), name="round_totals"),
    path("rounds/<id:pk>/close/confirm/", views.RoundCloseConfirmView.as_view(), name="round_close_confirm"),
]
