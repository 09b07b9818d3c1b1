from django.urls import path

from scoring.clubnight import views

urlpatterns = [
    path("events/<slug:slug>/club-night/", views.ClubNightView.as_view(), name="club_night"),
]
