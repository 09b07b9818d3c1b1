from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "scoring.tables"
    label = "tables"
    verbose_name = "Hands reported at the table"
