"""Starting, abandoning and reseating rubbers."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from scoring.engine.rulebook.matters import Matter
from scoring.models import Event, Player, Rubber, SeatChange
from scoring.services.kept import making_keep
from scoring.services.record import Change, record_lock
from scoring.services.refusals import field_refusal
from scoring.services.scoring import results_changed, rubber_rescore, seat_changes_held


@transaction.atomic
def rubber_start(
    *, event: Event, north: Player, east: Player, south: Player, west: Player, first_dealer: str,
    table_label: str = "", played_on: dt.date | None = None, deal_limit: int | None = None,
) -> Rubber:
    """A rubber begins, four different players seated; `deal_limit` stops it after that many deals (a round's)."""
    players = [north, east, south, west]
    if len({p.pk for p in players}) != 4:
        raise ValidationError("Four different players are needed, one in each seat.", code="four_players_needed")
    rubber = Rubber(event=event, north=north, east=east, south=south, west=west, first_dealer=first_dealer,
                    table_label=table_label, played_on=played_on or dt.date.today(), next_dealer=first_dealer,
                    current_ns=0, current_ew=0, deal_limit=deal_limit)
    rubber.full_clean()
    rubber.save()
    rubber_rescore(rubber)
    return rubber


@transaction.atomic
def rubber_abandon(*, rubber_id: int, reason: str) -> Rubber:
    if not reason.strip():
        raise field_refusal("reason", "Say why the rubber was abandoned.", code="abandon_unexplained")
    rubber = record_lock(rubber_id, Change.ABANDON)
    rubber.status = Rubber.Status.ABANDONED
    rubber.abandon_reason = reason.strip()
    rubber.save(update_fields=["status", "abandon_reason"])
    # Its hands no longer count among the makers' figures (a rubber in play counted them).
    making_keep(rubber.event, rubber.played_on)
    results_changed([rubber.event_id])
    return rubber


def _seated_elsewhere(rubber: Rubber, player: Player) -> Rubber | None:
    """Another table still in play where `player` sits now, in his own seat or as a substitute."""
    seated = (Q(north=player) | Q(east=player) | Q(south=player) | Q(west=player)
              | Q(seat_changes__player=player))
    others = (Rubber.objects.filter(seated, status=Rubber.Status.IN_PROGRESS).exclude(pk=rubber.pk).distinct()
              .prefetch_related("seat_changes").order_by("pk"))
    for other in others:
        now = other.player_ids_by_hand(list(other.seat_changes.all()), other.hand_count + 1)[-1]
        if player.pk in now.values():
            return other
    return None


@transaction.atomic
def seat_change_add(*, rubber_id: int, seat: str, player: Player, from_hand: int, reason: str,
                    consented: bool) -> SeatChange:
    """Law 18: a substitute takes a seat from a given hand on, with the other three players' consent (kept with
    the change).

    Only while the rubber is in play, from a hand recorded or the next to be played, never for a player
    who has sat in another seat of this rubber (he would share both sides' results), and never for one
    seated at another table still in play."""
    rubber = record_lock(rubber_id, Change.SUBSTITUTE, reason=reason)
    law = rubber.rulebook.noted(Matter.SUBSTITUTE)
    if not consented:
        raise field_refusal("consented", f"A substitute sits only with the consent of the other three players{law}.",
                            code="consent_needed")
    if not 1 <= from_hand <= rubber.hand_count + 1:
        raise field_refusal("from_hand", f"The rubber has {rubber.hand_count} hands so far: a substitute sits "
                                         f"from hand 1 to hand {rubber.hand_count + 1}.", code="from_hand_out_of_range")
    sat = {rubber.north_id: "north", rubber.east_id: "east", rubber.south_id: "south", rubber.west_id: "west"}
    seated = list(rubber.seat_changes.all())
    sat |= {change.player_id: change.seat for change in seated}
    if player.pk in sat:
        raise field_refusal("player", "That player already sits, or has sat, at this table.", code="sat_here_already")
    elsewhere = _seated_elsewhere(rubber, player)
    if elsewhere is not None:
        raise field_refusal("player", f"{player.display_name} is seated at {elsewhere.table_name}, still in play: a "
                                      f"substitute comes from outside the tables in play{law}.",
                            code="seated_elsewhere")
    change = SeatChange(rubber=rubber, seat=seat, player=player, from_hand=from_hand, reason=reason,
                        consented=consented)
    change.full_clean()
    change.save()
    seat_changes_held(rubber, [*seated, change])  # the rescore reads the rubber's substitutes, the new one with them
    rubber_rescore(rubber)
    return change
