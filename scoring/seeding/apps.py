from django.apps import AppConfig


class SeedingConfig(AppConfig):
    name = "scoring.seeding"
    label = "seeding"
    verbose_name = "Demo and benchmark clubs"
