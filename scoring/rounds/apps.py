from django.apps import AppConfig


class RoundsConfig(AppConfig):
    name = "scoring.rounds"
    label = "rounds"
    verbose_name = "Events in rounds and the room at a glance"
