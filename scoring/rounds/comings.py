"""People coming and going at a progressive night: a late arrival seated from the next round, and a player gone
home seated no more, his tally standing. The movement seats the next round from them (`movement.moved_on`)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from scoring.models import Entrant, Event, Player, Round, RoundBye
from scoring.models.choices import MISSED_AVERAGE
from scoring.services.locking import event_lock, retried_on_deadlock
from scoring.services.players import roll_add


def next_seated(event: Event) -> int:
    """The first round not seated yet: the one a player arriving now plays first (a progressive night seats each
    round after the first when it starts; the first when the schedule is made)."""
    seated = event.event_rounds.filter(tables__isnull=False).aggregate(top=Max("number"))["top"]
    return (seated or 0) + 1


def _moving_night(event: Event) -> None:
    if not event.moves_up:
        raise ValidationError("Only a progressive night whose winners move up seats players as they come and go; "
                              "a night seated by its schedule keeps the players it was made for.")
    if not event.event_rounds.exists():
        raise ValidationError("The schedule is not made yet: enter the player with the others.")


@retried_on_deadlock
@transaction.atomic
def late_arrival(*, event_id: int, player: Player | None = None, new_name: str = "") -> Entrant:
    """Enter a player who arrived after the schedule was made: seated from the next round not yet seated. Each
    round he missed scores what the event says (the round's average, as a bye scores: a bye is stored for it;
    or nothing)."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    _moving_night(event)
    first = next_seated(event)
    if first > (event.rounds or 0):
        raise ValidationError("Every round is seated already: there is no round left for a late arrival to play.")
    if player is None:
        if not new_name:
            raise ValidationError("Choose the player who arrived, or name a new one.")
        player = roll_add(new_name)
    if event.entrants.filter(player=player).exists():
        raise ValidationError(f"{player} is entered already.")
    number = (event.entrants.aggregate(top=Max("number"))["top"] or 0) + 1
    entrant = Entrant.objects.create(event=event, player=player, number=number, first_round=first)
    if event.missed_rounds == MISSED_AVERAGE:
        RoundBye.objects.bulk_create(RoundBye(round=r, player=player)
                                     for r in event.event_rounds.filter(number__lt=first))
    return entrant


@retried_on_deadlock
@transaction.atomic
def gone_home(*, event_id: int, player_id: int) -> Entrant:
    """A player who went home: seated in no round after the last one started; his tally stays."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    _moving_night(event)
    entrant = event.entrants.select_related("player").filter(player_id=player_id).first()
    if entrant is None:
        raise ValidationError("That player is not entered in this event.")
    if entrant.last_round is not None:
        raise ValidationError(f"{entrant.player} went home after round {entrant.last_round} already.")
    started = event.event_rounds.exclude(status=Round.Status.PLANNED).aggregate(top=Max("number"))["top"] or 0
    if started == 0:
        raise ValidationError(f"Round 1 is seated and has not started: {entrant.player} plays it, or a substitute "
                              "takes the seat.")
    if next_seated(event) > started + 1:
        raise ValidationError(f"Round {started + 1} is seated already: {entrant.player} plays it, or a substitute "
                              "takes the seat.")
    entrant.last_round = started
    entrant.save(update_fields=["last_round"])
    return entrant
