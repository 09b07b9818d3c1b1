"""The write side of a club night: forming tables by cutting, and the next rubber at a table.

The laws are the engine's (`scoring.engine.cutting`); these functions load who is present and who
sits where, call it, start the rubbers it gives and keep the cut, card by card, to show again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.clubnight.presence import present, table_rubbers
from scoring.engine import Seat
from scoring.engine.cutting import (
    CutError,
    CutSource,
    CutStep,
    Cutter,
    DrawnCuts,
    EnteredCuts,
    after_rubber,
    form_tables,
    ranked,
)
from scoring.models import ClubTable, Cutting, Event, Player, Rubber
from scoring.services.rubbers import rubber_start

SEED_RANGE = 1_000_000


def _source(seed: int | None, entered: Sequence[tuple[str, str]]) -> tuple[CutSource, int | None]:
    if entered:
        return EnteredCuts(entered), None
    seed = random.SystemRandom().randrange(SEED_RANGE) if seed is None else seed
    return DrawnCuts(seed), seed


def _steps(log: Sequence[CutStep]) -> list[dict[str, Any]]:
    return [{"round": s.round, "player": s.player, "card": s.card.label if s.card else "",
             "words": s.card.words if s.card else "two cards exposed", "reason": s.reason, "law": s.law}
            for s in log]


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def seated_now(event: Event) -> dict[int, int]:
    """Player id to the club table where he sits: the four of each table's latest rubber (not broken up)."""
    rubbers = table_rubbers(event)
    out: dict[int, int] = {}
    for table in event.club_tables.filter(broken_up=False):
        last = rubbers.get(table.number, [])[-1:]
        for rubber in last:
            out |= dict.fromkeys((rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id), table.number)
    return out


def waiting(event: Event) -> list[Player]:
    """Present players neither at a table nor a table's candidate, in order of arrival."""
    seated = seated_now(event)
    candidates = {pk for t in event.club_tables.filter(broken_up=False) for pk in t.candidates}
    return [e.player for e in present(event) if e.player_id not in seated and e.player_id not in candidates]


def _by_name(players: Sequence[Player]) -> dict[str, Player]:
    return {p.display_name: p for p in players}


@transaction.atomic
def tables_form(*, event: Event, seed: int | None = None, entered: Sequence[tuple[str, str]] = ()) -> Cutting:
    """Cut for tables among the players waiting (laws 9-14, 17) and start a rubber at each table formed."""
    event = _locked(event)
    if event.mode != Event.Mode.CLUB_NIGHT:
        raise ValidationError("Only a club night forms its tables by cutting.")
    players = waiting(event)
    names = _by_name(players)
    played = {pk for four in event.rubbers.values_list("north_id", "east_id", "south_id", "west_id") for pk in four}
    fresh = {p.display_name for p in players if p.pk not in played}  # law 17
    source, seed = _source(seed, entered)
    first = max(event.club_tables.values_list("number", flat=True), default=0) + 1
    try:
        formation = form_tables(list(names), source, fresh=fresh, first_number=first)
    except (CutError, ValueError) as exc:
        raise ValidationError(str(exc)[:1].upper() + str(exc)[1:]) from None
    for formed in formation.tables:
        table = ClubTable.objects.create(event=event, number=formed.number,
                                         candidates=[names[c].pk for c in formed.candidates])
        seats = {seat: names[name] for seat, name in formed.seats}
        rubber_start(event=event, north=seats[Seat.N], east=seats[Seat.E], south=seats[Seat.S], west=seats[Seat.W],
                     first_dealer=formed.first_dealer.value, table_label=str(table.number))
    outcome = {"tables": [{"number": t.number, "seats": {s.value: n for s, n in t.seats},
                           "first_dealer": t.first_dealer.value, "candidates": list(t.candidates)}
                          for t in formation.tables], "waiting": list(formation.waiting)}
    return Cutting.objects.create(event=event, kind=Cutting.Kind.TABLES, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_steps(formation.log),
                                  outcome=outcome)


def runs_at(rubbers: Sequence[Rubber], before: dict[str, int] | None = None) -> dict[int, int]:
    """How many consecutive rubbers, up to the last, each of the last rubber's four has played at the table.

    `before` is the table's stored runs before its last rubber: a newcomer who took a departed player's
    place carries that player's run (law 19), which the rubbers alone do not show.
    """
    last = rubbers[-1]
    four = (last.north_id, last.east_id, last.south_id, last.west_id)
    runs = {}
    for player in four:
        if before and str(player) in before:
            runs[player] = before[str(player)] + 1
            continue
        count = 0
        for rubber in reversed(rubbers):
            if player not in (rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id):
                break
            count += 1
        runs[player] = count
    return runs


@transaction.atomic
def next_rubber(*, table: ClubTable, seed: int | None = None, entered: Sequence[tuple[str, str]] = ()) -> Cutting:
    """When a table's rubber ends: who goes out and who comes in (laws 15, 16, 19), and the next rubber started."""
    event = _locked(table.event)
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    rubbers = table_rubbers(event).get(table.number, [])
    if table.broken_up or not rubbers:
        raise ValidationError(f"Table {table.number} has no rubber to follow.")
    last = rubbers[-1]
    if last.status == Rubber.Status.IN_PROGRESS:
        raise ValidationError(f"Table {table.number}'s rubber is still in play.")
    here = {e.player_id for e in present(event)}
    elsewhere = {pk for pk, number in seated_now(event).items() if number != table.number}
    runs = runs_at(rubbers, table.runs)
    players = Player.objects.in_bulk([*runs, *table.candidates])
    departed = [players[pk].display_name for pk in runs if pk not in here]
    candidates = [players[pk].display_name for pk in table.candidates if pk in here and pk not in elsewhere]
    source, seed = _source(seed, entered)
    try:
        change = after_rubber([(players[pk].display_name, run) for pk, run in runs.items()], candidates, source,
                              departed=departed)
    except (CutError, ValueError) as exc:
        raise ValidationError(str(exc)[:1].upper() + str(exc)[1:]) from None
    names = _by_name(list(players.values()))
    seats = {seat: names[name] for seat, name in change.seats}
    rubber_start(event=event, north=seats[Seat.N], east=seats[Seat.E], south=seats[Seat.S], west=seats[Seat.W],
                 first_dealer=change.first_dealer.value, table_label=str(table.number))
    table.candidates = [names[n].pk for n in change.candidates if names[n].pk in here]
    table.runs = {str(names[name].pk): run for name, run in change.runs}
    table.save(update_fields=["candidates", "runs"])
    entered_here = {names[n].pk for n in change.coming_in}
    for other in ClubTable.objects.select_for_update().filter(event=event).exclude(pk=table.pk):
        if entered_here & set(other.candidates):  # a player cutting in here is no longer waiting there (law 20)
            other.candidates = [pk for pk in other.candidates if pk not in entered_here]
            other.save(update_fields=["candidates"])
    outcome = {"out": list(change.out), "in": list(change.coming_in), "seats": {s.value: n for s, n in change.seats},
               "first_dealer": change.first_dealer.value, "candidates": list(change.candidates)}
    return Cutting.objects.create(event=event, table=table, kind=Cutting.Kind.OUT, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_steps(change.log),
                                  outcome=outcome)


@transaction.atomic
def candidate_declares(*, table: ClubTable, player: Player) -> ClubTable:
    """A present player declares for a table (law 16). One who belonged to another table as its candidate
    loses his place there (law 20)."""
    event = _locked(table.event)
    if not event.entrants.filter(player=player, present=True).exists():
        raise ValidationError(f"{player} is not marked present.")
    if player.pk in seated_now(event):
        raise ValidationError(f"{player} is playing at table {seated_now(event)[player.pk]}.")
    for other in ClubTable.objects.select_for_update().filter(event=event):
        if other.pk != table.pk and player.pk in other.candidates:
            other.candidates = [pk for pk in other.candidates if pk != player.pk]
            other.save(update_fields=["candidates"])
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    if player.pk in table.candidates:
        raise ValidationError(f"{player} is already a candidate at table {table.number}.")
    table.candidates = [*table.candidates, player.pk]
    table.save(update_fields=["candidates"])
    return table


@transaction.atomic
def table_break_up(*, table: ClubTable, seed: int | None = None) -> list[str]:
    """A table breaks up when its rubber has ended: its players have prior entry at the other tables
    (law 21), ahead of their candidates, in the order of a cut among them. Returns that order."""
    event = _locked(table.event)
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    rubbers = table_rubbers(event).get(table.number, [])
    if rubbers and rubbers[-1].status == Rubber.Status.IN_PROGRESS:
        raise ValidationError(f"Table {table.number}'s rubber is still in play; finish or abandon it first.")
    here = {e.player_id for e in present(event)}
    last = rubbers[-1] if rubbers else None
    ids = [pk for pk in ((last.north_id, last.east_id, last.south_id, last.west_id) if last else ()) if pk in here]
    ids += [pk for pk in table.candidates if pk in here and pk not in ids]
    table.broken_up, table.candidates = True, []
    table.save(update_fields=["broken_up", "candidates"])
    players = Player.objects.in_bulk(ids)
    source, seed = _source(seed, ())
    cutter = Cutter(source)
    order = ranked(cutter, [players[pk].display_name for pk in ids], "for precedence", 21) if ids else []
    names = _by_name(list(players.values()))
    for other in ClubTable.objects.select_for_update().filter(event=event, broken_up=False):
        other.candidates = [names[n].pk for n in order] + [pk for pk in other.candidates if pk not in ids]
        other.save(update_fields=["candidates"])
    Cutting.objects.create(event=event, table=table, kind=Cutting.Kind.OUT, seed=seed, log=_steps(cutter.log),
                           outcome={"broken_up": table.number, "precedence": order})
    return order
