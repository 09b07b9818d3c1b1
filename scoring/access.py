"""Who may read and who may write.

Writing: the Secretary group holds every write permission; players and the public only read.
Reading: an event's pages (the event, its standings, its rubbers, their rulings, and every PDF,
export and JSON view of them) are read by whoever `Event.objects.visible_to` lets see the event.
A page the visitor may not read answers exactly as a page of nothing does, a 404 (whose page
offers the login), so that nobody can learn which members-only rubbers and events exist.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.mixins import PermissionRequiredMixin
from django.contrib.auth.models import Permission, User
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.http import Http404, HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property

from scoring.models import Event

SECRETARY_GROUP = "Secretary"
WRITE_MODELS = ("player", "event", "rubber", "hand", "penalty", "handcorrection", "ruling", "seatchange",
                "entrant", "round", "roundtable", "roundbye", "handreport", "tablecode")
SECRETARY_PERMISSION = "scoring.add_hand"

# How a URL names the event its page belongs to: by the event's slug, a rubber's id, a ruling's id or a round's id.
EVENT_FROM: dict[str, tuple[str, str]] = {
    "slug": ("slug", "slug"),
    "rubber": ("pk", "rubbers"),
    "ruling": ("ruling_id", "rubbers__rulings"),
    "round": ("round_pk", "event_rounds"),
}
"""How a page names its event: by the URL keyword, looked up through the event's relation."""


def secretary_group_ensure(**_: Any) -> None:
    """Create the Secretary group with the write permissions (run after every migrate)."""
    from django.contrib.auth.models import Group, Permission

    group, _created = Group.objects.get_or_create(name=SECRETARY_GROUP)
    codenames = [f"{action}_{model}" for model in WRITE_MODELS for action in ("add", "change", "delete", "view")]
    group.permissions.set(Permission.objects.filter(content_type__app_label="scoring", codename__in=codenames))


def acting_user(request: HttpRequest) -> User:
    """The logged-in member making a change (every view that writes requires the secretary's permission)."""
    if not isinstance(request.user, User):
        raise PermissionDenied
    return request.user


def is_secretary(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.has_perm(SECRETARY_PERMISSION))


class SecretaryRequiredMixin(PermissionRequiredMixin):
    """Anonymous visitors are sent to log in; logged-in players get 403."""

    permission_required = SECRETARY_PERMISSION


def event_readable(user: Any, **lookup: Any) -> bool | None:
    """Whether `user` may read the event `lookup` finds (None when there is none), in one query."""
    readable = Event.objects.visible_to(user).filter(pk=OuterRef("pk"))
    found: bool | None = (Event.objects.filter(**lookup).annotate(readable=Exists(readable))
                          .values_list("readable", flat=True).first())
    return found


class ReadableMixin:
    """A page of one event's results, readable by whom the event is visible to. Each page says how its URL
    names the event (`event_from`, a key of `EVENT_FROM`): the rule does not rest on a keyword's name."""

    event_from: str

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        keyword, lookup = EVENT_FROM[self.event_from]
        readable = event_readable(request.user, **{lookup: kwargs[keyword]})
        if not readable:  # missing, or members-only to a visitor: the same answer either way
            raise Http404("There is no such page.")
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc,no-any-return]

    @cached_property
    def event(self) -> Event:
        """The page's event, found as `event_from` says."""
        keyword, lookup = EVENT_FROM[self.event_from]
        return get_object_or_404(Event.objects.distinct(), **{lookup: self.kwargs[keyword]})  # type: ignore[attr-defined]


class PermissionsBackend(ModelBackend):
    """Django's own backend, reading a user's permissions, his own and his groups', in one query rather than two:
    every secretary's page asks for them once."""

    def get_all_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        if not hasattr(user_obj, "_perm_cache"):
            if user_obj.is_superuser:
                return super().get_all_permissions(user_obj, obj)
            found = (Permission.objects.filter(Q(user=user_obj) | Q(group__user=user_obj))
                     .values_list("content_type__app_label", "codename").distinct())
            user_obj._perm_cache = {f"{app}.{codename}" for app, codename in found}
        perms: set[str] = user_obj._perm_cache
        return perms
