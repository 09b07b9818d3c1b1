from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "scoring.standings"
    label = "standings"
    verbose_name = "Standings and player records"

    def ready(self) -> None:
        from scoring.services.scoring import figures_moved
        from scoring.standings.services import nights_keep

        figures_moved.connect(nights_keep, dispatch_uid="standings.nights_keep")
