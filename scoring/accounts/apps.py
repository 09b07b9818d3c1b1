from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "scoring.accounts"
    label = "accounts"
    verbose_name = "Accounts: logins, lockouts and password reset"
