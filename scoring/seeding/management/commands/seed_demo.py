"""`manage.py seed_demo`: a believable club to explore, and the secretary's login."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.seeding.demo import seed_demo


class Command(BaseCommand):
    help = "Create demo players, events and rubbers in every state, and print the secretary login."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rubbers", type=int, default=0, help="add this many more complete rubbers")
        parser.add_argument("--address", default="http://127.0.0.1:8000/",
                            help="the address the club is served at, printed with the logins (make run's PORT=)")

    def handle(self, *args: Any, **options: Any) -> None:
        username, password = seed_demo(rubbers=options["rubbers"])
        self.stdout.write(self.style.SUCCESS(f"Demo club ready at {options['address']}"))
        self.stdout.write(f"Secretary login: username {username!r}, password {password!r}")
        self.stdout.write("Member login (read only): username 'member', password 'member1888'")
