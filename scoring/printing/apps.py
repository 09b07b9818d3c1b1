from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "scoring.printing"
    label = "printing"
    verbose_name = "Printed sheets"
