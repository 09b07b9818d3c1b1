"""What every admin page shares: the records are read here, never written.

Hands, penalties and stored results change only through the services, which rescore; players, events
and rubbers are written by the site's own pages, through their services too, so that each rule is
checked in one place. The admin shows every record with its history."""

from simple_history.admin import SimpleHistoryAdmin


class ReadOnlyAdmin(SimpleHistoryAdmin):
    """Read, with history; never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
