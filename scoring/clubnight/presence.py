"""Who is in the room on a club night, in order of arrival (law 11: those first in the room have the preference)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from scoring.models import ClubTable, Entrant, Event, Player, Rubber


@transaction.atomic
def player_arrives(*, event: Event, player: Player) -> Entrant:
    """Mark a player present; one who comes back after leaving arrives again, at the end of the order."""
    if event.mode != Event.Mode.CLUB_NIGHT:
        raise ValidationError("Only a club night keeps who is present.")
    event = Event.objects.select_for_update().get(pk=event.pk)
    last = event.entrants.aggregate(last=Max("number"))["last"] or 0
    entrant = event.entrants.filter(player=player).first()
    if entrant is not None and entrant.present:
        raise ValidationError(f"{player} is already here.")
    if entrant is None:
        entrant = Entrant(event=event, player=player)
    entrant.number, entrant.present = last + 1, True
    entrant.save()
    return entrant


@transaction.atomic
def player_leaves(*, event: Event, player: Player) -> None:
    """Mark a player gone: he is no longer a candidate anywhere. A rubber he is playing goes on; his place is
    settled when it ends (law 19), or by a substitute meanwhile (law 18)."""
    entrant = event.entrants.select_for_update().filter(player=player, present=True).first()
    if entrant is None:
        raise ValidationError(f"{player} is not marked present.")
    places = []
    for table in ClubTable.objects.select_for_update().filter(event=event):
        if player.pk in table.candidates:
            places.append({"table": table.pk, "place": table.candidates.index(player.pk)})
            table.candidates = [p for p in table.candidates if p != player.pk]
            table.save(update_fields=["candidates"])
    entrant.present, entrant.gone_from = False, places
    entrant.save(update_fields=["present", "gone_from"])


@transaction.atomic
def player_returns(*, event: Event, player: Player) -> Entrant:
    """Undo "gone home": the player is present again in his place in the order of arrival (law 11 uses it),
    and back in line at each table where he was a candidate, unless the table has broken up since."""
    entrant = event.entrants.select_for_update().filter(player=player, present=False).first()
    if entrant is None:
        raise ValidationError(f"{player} is not marked gone home.")
    for place in entrant.gone_from:
        table = ClubTable.objects.select_for_update().filter(pk=place["table"], event=event, broken_up=False).first()
        if table is not None and player.pk not in table.candidates:
            table.candidates = [*table.candidates[:place["place"]], player.pk, *table.candidates[place["place"]:]]
            table.save(update_fields=["candidates"])
    entrant.present, entrant.gone_from = True, []
    entrant.save(update_fields=["present", "gone_from"])
    return entrant


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
