from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate, post_save


def _player_saved(created: bool, **_: Any) -> None:
    """A renamed player: cached standings show names, so every event's tables are read afresh (the figures kept
    from them are kept by player, and read with his name)."""
    from scoring.services.scoring import results_changed

    if not created:
        results_changed(figures=False)


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Euchre scoring"

    def ready(self) -> None:
        from scoring.access import secretary_group_ensure
        from scoring.clients import warn_at_start
        from scoring.models import Player

        warn_at_start()
        post_migrate.connect(secretary_group_ensure, sender=self)
        post_save.connect(_player_saved, sender=Player, dispatch_uid="scoring.player_saved")
