from django.apps import AppConfig


class ClubNightConfig(AppConfig):
    name = "scoring.clubnight"
    label = "clubnight"
    verbose_name = "Club nights: presence, cutting for tables and cutting out"
