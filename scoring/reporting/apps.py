from django.apps import AppConfig


class ReportingConfig(AppConfig):
    name = "scoring.reporting"
    label = "reporting"
    verbose_name = "Hands reported at the table"
