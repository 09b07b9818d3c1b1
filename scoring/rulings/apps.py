from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "scoring.rulings"
    label = "rulings"
    verbose_name = "Rulings and the laws"
