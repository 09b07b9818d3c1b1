"""`manage.py rebuild_totals`: rewrite every kept total from the stored results and say whether any differed."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.engine.words import plural
from scoring.models import Event
from scoring.services.kept import totals_rebuild
from scoring.services.scoring import results_changed


class Command(BaseCommand):
    help = ("Rewrite the kept standings figures from the stored results. Says which event-days differed; "
            "nothing differing means the kept totals were right.")

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            differed = totals_rebuild()
            if differed:
                results_changed(sorted({event_id for event_id, _ in differed}))
        if not differed:
            self.stdout.write("Every kept total matched the stored results; nothing was rewritten.")
            return
        names = dict(Event.objects.filter(pk__in={e for e, _ in differed}).values_list("pk", "slug"))
        self.stdout.write(f"{plural(len(differed), 'event-day')} differed and were "
                          "rewritten:")
        for event_id, day in differed:
            self.stdout.write(f"  {names.get(event_id, event_id)} {day.isoformat() if day else '(the whole event)'}")
