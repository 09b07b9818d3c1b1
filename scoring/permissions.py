"""The Secretary group holds every write permission; players and the public only read."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import PermissionRequiredMixin

SECRETARY_GROUP = "Secretary"
WRITE_MODELS = ("player", "event", "rubber", "hand", "penalty", "handcorrection", "ruling", "seatchange")
SECRETARY_PERMISSION = "scoring.add_hand"


def secretary_group_ensure(**_: Any) -> None:
    """Create the Secretary group with the write permissions (run after every migrate)."""
    from django.contrib.auth.models import Group, Permission

    group, _ = Group.objects.get_or_create(name=SECRETARY_GROUP)
    codenames = [f"{action}_{model}" for model in WRITE_MODELS for action in ("add", "change", "delete", "view")]
    group.permissions.set(Permission.objects.filter(content_type__app_label="scoring", codename__in=codenames))


class SecretaryRequiredMixin(PermissionRequiredMixin):
    """Anonymous visitors are sent to log in; logged-in players get 403."""

    permission_required = SECRETARY_PERMISSION
