"""`manage.py seed_bulk --rubbers 10000`: a large club in one event, for the benchmarks."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.models import Event, Player
from scoring.seeding.bulk import seed_bulk
from scoring.seeding.demo import NAMES


class Command(BaseCommand):
    help = "Add many complete random rubbers to one event (default: 'big-club'), stored in bulk."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rubbers", type=int, default=10000)
        parser.add_argument("--event", default="big-club", help="the event's slug (created if missing)")
        parser.add_argument("--seed", type=int, default=1888)

    def handle(self, *args: Any, **options: Any) -> None:
        event, _ = Event.objects.get_or_create(slug=options["event"], defaults={
            "name": "Big club", "starts_on": dt.date.today() - dt.timedelta(days=365), "is_public": True})
        players = [Player.objects.get_or_create(display_name=name)[0] for name in NAMES]
        hands = seed_bulk(rubbers=options["rubbers"], event=event, players=players, seed=options["seed"])
        self.stdout.write(f"Added {options['rubbers']} rubbers ({hands} hands) to {event.slug}.")
