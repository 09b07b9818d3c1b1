from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "scoring.printing"
    label = "printing"
    verbose_name = "Printed sheets"

    def ready(self) -> None:
        from scoring.printing.pdf import fonts  # noqa: F401  registers the fonts and their system check
