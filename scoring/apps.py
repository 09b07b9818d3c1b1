from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Euchre scoring"

    def ready(self) -> None:
        from scoring.permissions import secretary_group_ensure

        post_migrate.connect(secretary_group_ensure, sender=self)
