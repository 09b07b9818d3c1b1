"""The members' logins in the admin, where they are made and renamed: Django's own pages for them, answering a
clash on a login's name in the form's own words (`served_again_on_clash`)."""

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse

from scoring.service_forms import served_again_on_clash

admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):
    # Each wraps Django's page whole: its own transaction is then over when the clash is met.
    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        return served_again_on_clash(super().add_view)(request, form_url, extra_context)

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: Any = None) -> HttpResponse:
        return served_again_on_clash(super().change_view)(request, object_id, form_url, extra_context)
