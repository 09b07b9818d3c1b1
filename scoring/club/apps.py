from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "scoring.club"
    label = "club"
    verbose_name = "Club pages: events, players, rubbers and hands"
