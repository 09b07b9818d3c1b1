"""Who is in the room on a club night, in order of arrival (law 11: those first in the room have the preference).
A player arrives, goes home and returns through `scoring.clubnight.services`."""

from __future__ import annotations

from scoring.models import Entrant, Event, Rubber


def gone_home(event: Event) -> list[Entrant]:
    return list(event.entrants.filter(present=False).select_related("player").order_by("number"))


def present(event: Event) -> list[Entrant]:
    return list(event.entrants.filter(present=True).select_related("player").order_by("number"))


def table_rubbers(event: Event) -> dict[int, list[Rubber]]:
    """Each club table's rubbers, oldest first (by the table's number, which is the rubbers' table label)."""
    out: dict[int, list[Rubber]] = {}
    rubbers = (event.rubbers.exclude(table_label="").select_related("north", "east", "south", "west")
               .order_by("created_at", "pk"))
    labels = {str(t.number): t.number for t in event.club_tables.all()}
    for rubber in rubbers:
        if rubber.table_label in labels:
            out.setdefault(labels[rubber.table_label], []).append(rubber)
    return out
