"""The write side of a club night: who is present, forming tables by cutting, and the next rubber at a table.

The laws are the engine's (`scoring.engine.cutting`); these functions load who is present and who
sits where, call it, start the rubbers it gives and keep the cut, card by card, to show again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from scoring.clubnight.presence import present, table_rubbers
from scoring.engine import Seat
from scoring.engine.cutting import (
    CutError,
    CutSource,
    CutStep,
    Cutter,
    DrawnCuts,
    EnteredCuts,
    TableBreaksUp,
    after_rubber,
    form_tables,
    ranked,
    successors,
)
from scoring.engine.cutting.cards import Rank
from scoring.engine.cutting.jacks import LAW as JACK_LAW
from scoring.engine.cutting.jacks import JackDeal, JackDealError, entered_jack_deals, jack_tables
from scoring.engine.cutting.tables import CANDIDATES_A_TABLE
from scoring.engine.rulebook.matters import Matter
from scoring.engine.words import plural, sentence
from scoring.models import ClubTable, Cutting, Entrant, Event, Player, Rubber
from scoring.services.rubbers import rubber_start
from scoring.services.scoring import results_changed

SEED_RANGE = 1_000_000


class AlreadyDone(ValidationError):
    """What was asked has already been done, from another tab or a second click: the page is out of date."""


def _not_present(player: Player) -> ValidationError:
    return ValidationError(f"{player} is not marked present.", code="not_present")


def _broken_up(table: ClubTable) -> AlreadyDone:
    return AlreadyDone(f"Table {table.number} has already broken up.", code="table_broken_up")


# Presence, in order of arrival (law 11: those first in the room have the preference).


@transaction.atomic
def player_arrives(*, event: Event, player: Player) -> Entrant:
    """Mark a player present; one who comes back after leaving arrives again, at the end of the order."""
    if event.mode != Event.Mode.CLUB_NIGHT:
        raise ValidationError("Only a club night keeps who is present.", code="no_presence_kept")
    event = Event.objects.select_for_update().get(pk=event.pk)
    last = event.entrants.aggregate(last=Max("number"))["last"] or 0
    entrant = event.entrants.filter(player=player).first()
    if entrant is not None and entrant.present:
        raise ValidationError(f"{player} is already here.", code="already_here")
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
        raise _not_present(player)
    places = []
    for table in ClubTable.objects.select_for_update().filter(event=event):
        if player.pk in table.candidates:
            places.append({"table": table.pk, "place": table.candidates.index(player.pk)})
            table.candidates = [p for p in table.candidates if p != player.pk]
            table.save(update_fields=["candidates"])
    entrant.present, entrant.gone_from = False, places
    entrant.save(update_fields=["present", "gone_from"])
    results_changed([event.pk])  # he did not play the whole night


@transaction.atomic
def player_returns(*, event: Event, player: Player) -> Entrant:
    """Undo "gone home": the player is present again in his place in the order of arrival (law 11 uses it),
    and back in line at each table where he was a candidate, unless the table has broken up since."""
    entrant = event.entrants.select_for_update().filter(player=player, present=False).first()
    if entrant is None:
        raise ValidationError(f"{player} is not marked gone home.", code="not_gone_home")
    for place in entrant.gone_from:
        table = ClubTable.objects.select_for_update().filter(pk=place["table"], event=event, broken_up=False).first()
        if table is not None and player.pk not in table.candidates:
            table.candidates = [*table.candidates[:place["place"]], player.pk, *table.candidates[place["place"]:]]
            table.save(update_fields=["candidates"])
    entrant.present, entrant.gone_from = True, []
    entrant.save(update_fields=["present", "gone_from"])
    results_changed([event.pk])
    return entrant


def _source(seed: int | None, entered: Sequence[tuple[str, str]]) -> tuple[CutSource, int | None]:
    if entered:
        return EnteredCuts(entered), None
    seed = random.SystemRandom().randrange(SEED_RANGE) if seed is None else seed
    return DrawnCuts(seed), seed


def _steps(log: Sequence[CutStep]) -> list[dict[str, Any]]:
    return [{"round": s.round, "player": s.player, "card": s.card.label if s.card else "",
             "words": s.card.words if s.card else "two cards exposed", "reason": s.reason, "law": s.law,
             "cited": s.cited} for s in log]


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


def sitting_in(event: Event) -> dict[int, tuple[int, int]]:
    """Substitutes sitting now (law 18): player id to (club table, id of the player whose seat he has taken), for
    each table whose rubber is in play. A substitute sits only for the rest of that rubber: meanwhile he is
    at the table, not waiting to cut for another, and when it ends the seat is settled as for one who left."""
    out: dict[int, tuple[int, int]] = {}
    rubbers = table_rubbers(event)
    for table in event.club_tables.filter(broken_up=False):
        last = rubbers.get(table.number, [])[-1:]
        for rubber in (r for r in last if r.status == Rubber.Status.IN_PROGRESS):
            now = {seat: rubber.player_id_at(seat) for seat in Seat}
            for change in rubber.seat_changes.order_by("from_hand", "pk"):
                now[Seat(change.seat)] = change.player_id
            out |= {pk: (table.number, rubber.player_id_at(seat)) for seat, pk in now.items()
                    if pk != rubber.player_id_at(seat)}
    return out


def prior_entry(event: Event) -> list[int]:
    """Players of broken-up tables not yet seated again, in their order of precedence (law 21).

    A broken-up table keeps them in its `candidates`; each leaves that list when he sits at a table
    again or becomes a candidate of a new one.
    """
    return list(dict.fromkeys(pk for t in event.club_tables.filter(broken_up=True) for pk in t.candidates))


def waiting(event: Event) -> list[Player]:
    """Present players neither at a table (a substitute sitting in is at it, law 18) nor a table's candidate: the
    players of a broken-up table first, in their order of precedence (law 21), those who found no vacancy at
    another table; then the others in order of arrival. Those waiting cut for a new table."""
    seated = seated_now(event) | {pk: number for pk, (number, _) in sitting_in(event).items()}
    candidates = {pk for t in event.club_tables.filter(broken_up=False) for pk in t.candidates}
    here = {e.player_id: e.player for e in present(event)}
    prior = [pk for pk in prior_entry(event) if pk in here and pk not in seated and pk not in candidates]
    return [here[pk] for pk in prior] + [player for pk, player in here.items()
                                         if pk not in seated and pk not in candidates and pk not in prior]


def _belonged(event: Event) -> set[Any]:
    """Everyone who has been a table's candidate this evening, by name (as the cuts record them) and by id
    (as the tables keep them now)."""
    names: set[Any] = {pk for t in event.club_tables.all() for pk in t.candidates}
    for outcome in event.cuttings.values_list("outcome", flat=True):
        names |= {c for t in (outcome or {}).get("tables", []) for c in t.get("candidates", [])}
        names |= set((outcome or {}).get("candidates", []))
    return names


def _by_name(players: Sequence[Player]) -> dict[str, Player]:
    return {p.display_name: p for p in players}


@transaction.atomic
def tables_form(*, event: Event, seed: int | None = None, entered: Sequence[tuple[str, str]] = (),
                after_cutting: int | None = None, joining: Sequence[int] = ()) -> Cutting:
    """Cut for tables among the players waiting (laws 9-14, 17) and start a rubber at each table formed.

    `joining` are tables' candidates who wish to cut for a fresh table too; one who gets a seat, or a
    candidate's place, at the fresh table belongs to it now and loses his place in line at his old table (law
    20), so that nobody stands in line at two tables; one who gets neither keeps his old place.

    `after_cutting` is the last cut for tables the secretary's page showed (0 for none): a later one
    means the tables were cut meanwhile, and nothing is done (`AlreadyDone`).
    """
    event = _locked(event)
    if event.mode != Event.Mode.CLUB_NIGHT:
        raise ValidationError(f"Only a club night forms its tables by {event.playing.forming}.", code="no_tables_cut")
    if after_cutting is not None and event.cuttings.filter(kind=Cutting.Kind.TABLES, pk__gt=after_cutting).exists():
        raise AlreadyDone("The tables have already been cut: the page now shows them.", code="tables_cut_already")
    players = waiting(event)
    in_line = [pk for t in event.club_tables.filter(broken_up=False) for pk in t.candidates]
    wished = set(joining)
    players += [p for p in Player.objects.filter(pk__in=[pk for pk in in_line if pk in wished])
                if p not in players]
    names = _by_name(players)
    played = {pk for four in event.rubbers.values_list("north_id", "east_id", "south_id", "west_id") for pk in four}
    belonged = _belonged(event)
    # Law 17: fresh is one who has neither played at nor belonged to (as its candidate) another table.
    fresh = {p.display_name for p in players if p.pk not in played and p.display_name not in belonged
             and p.pk not in belonged}
    first = max(event.club_tables.values_list("number", flat=True), default=0) + 1
    if event.playing.asks.jacks:
        return _jack_tables(event, names, seed, entered, first)
    source, seed = _source(seed, entered)
    try:
        formation = form_tables(list(names), source, fresh=fresh, first_number=first)
    except (CutError, ValueError) as exc:
        raise ValidationError(sentence(str(exc)), code="cut_refused") from None
    seated: set[int] = set()
    placed: set[int] = set()
    for formed in formation.tables:
        table = ClubTable.objects.create(event=event, number=formed.number,
                                         candidates=[names[c].pk for c in formed.candidates])
        seats = {seat: names[name] for seat, name in formed.seats}
        rubber_start(event=event, north=seats[Seat.N], east=seats[Seat.E], south=seats[Seat.S], west=seats[Seat.W],
                     first_dealer=formed.first_dealer.value, table_label=str(table.number))
        seated |= {p.pk for p in seats.values()}
        placed |= set(table.candidates)
    for other in ClubTable.objects.select_for_update().filter(event=event, number__lt=first):
        # Law 20: a player placed at a new table, seated or its candidate, is no longer in line at another.
        # A broken-up table's player placed there has used his prior entry (law 21).
        if (seated | placed) & set(other.candidates):
            other.candidates = [pk for pk in other.candidates if pk not in seated | placed]
            other.save(update_fields=["candidates"])
    outcome = {"tables": [{"number": t.number, "seats": {s.value: n for s, n in t.seats},
                           "first_dealer": t.first_dealer.value, "candidates": list(t.candidates)}
                          for t in formation.tables], "waiting": list(formation.waiting)}
    return Cutting.objects.create(event=event, kind=Cutting.Kind.TABLES, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_steps(formation.log),
                                  outcome=outcome)


def _jack_log(deals: Sequence[JackDeal], first_round: int = 1) -> list[dict[str, Any]]:
    """Each card law I dealt, in order, as the cut's log shows it: who got it, and what a jack made him."""
    log = []
    for number, deal in enumerate(deals, start=first_round):
        roles = {deal.first_dealer: "first jack: deals first", deal.partner: "the other jack of his colour: "
                 "his partner", deal.others[0]: "a jack of the other colour", deal.others[1]: "a jack of the other "
                 "colour"}
        for player, card in deal.dealt:
            reason = roles[player] if card.rank is Rank.KNAVE else ""
            log.append({"round": number, "player": player, "card": card.label, "words": card.words,
                        "reason": reason, "law": JACK_LAW})
    return log


def _jack_deals(names: Sequence[str], seed: int | None, entered: Sequence[tuple[str, str]],
                tables: int) -> tuple[list[JackDeal], int | None]:
    """Law I's deals for `tables` tables, drawn from a seed (kept, to replay) or as entered."""
    try:
        if entered:
            return entered_jack_deals(names, entered, tables), None
        seed = random.SystemRandom().randrange(SEED_RANGE) if seed is None else seed
        return jack_tables(names, seed, tables), seed
    except JackDealError as exc:
        raise ValidationError(sentence(str(exc)), code="jacks_refused") from None


def _jack_tables(event: Event, names: dict[str, Player], seed: int | None, entered: Sequence[tuple[str, str]],
                 first: int) -> Cutting:
    """Tables formed as the Official Laws form them (law I): a deal face up until the four jacks are out, the
    players without a jack dealt to again for the next table, while four remain."""
    tables = len(names) // 4
    if not tables:
        laws = event.playing.cited(Matter.TABLES)
        raise ValidationError(sentence(f"{laws} needs four players to form a table; {len(names)} waiting."),
                              code="too_few_for_jacks")
    deals, seed = _jack_deals(list(names), seed, entered, tables)
    for number, deal in enumerate(deals, start=first):
        ClubTable.objects.create(event=event, number=number, candidates=[])
        seats = {seat: names[name] for seat, name in deal.seats}
        rubber_start(event=event, north=seats[Seat.N], east=seats[Seat.E], south=seats[Seat.S], west=seats[Seat.W],
                     first_dealer=Seat.N.value, table_label=str(number))
    outcome = {"tables": [{"number": number, "seats": {s.value: n for s, n in deal.seats}, "first_dealer": "N",
                           "candidates": []} for number, deal in enumerate(deals, start=first)],
               "waiting": list(deals[-1].sitting_out)}
    return Cutting.objects.create(event=event, kind=Cutting.Kind.TABLES, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_jack_log(deals),
                                  outcome=outcome)


def _jack_next(event: Event, table: ClubTable, rubbers: Sequence[Rubber], seed: int | None,
               entered: Sequence[tuple[str, str]]) -> Cutting:
    """The next match at a table under law I: its four, and whoever stands in line there, dealt to again until
    the four jacks are out; the jacks make the new partners and the first dealer."""
    last = rubbers[-1]
    here = {e.player_id for e in present(event)}
    players = [last.player_at(seat) for seat in Seat if last.player_id_at(seat) in here]
    players += [p for p in Player.objects.filter(pk__in=[pk for pk in table.candidates if pk in here])
                if p not in players]
    names = _by_name(players)
    (deal,), seed = _jack_deals(list(names), seed, entered, 1)
    seats = {seat: names[name] for seat, name in deal.seats}
    rubber_start(event=event, north=seats[Seat.N], east=seats[Seat.E], south=seats[Seat.S], west=seats[Seat.W],
                 first_dealer=Seat.N.value, table_label=str(table.number))
    table.candidates = [names[n].pk for n in deal.sitting_out]
    table.save(update_fields=["candidates"])
    before = {last.player_at(seat).display_name for seat in Seat}
    outcome = {"out": [n for n in deal.sitting_out if n in before], "in": [n for _, n in deal.seats if n not in before],
               "seats": {s.value: n for s, n in deal.seats}, "first_dealer": "N", "candidates": list(deal.sitting_out)}
    return Cutting.objects.create(event=event, table=table, kind=Cutting.Kind.OUT, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_jack_log([deal]),
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


def _line_at(table: ClubTable, rubbers: Sequence[Rubber], here: set[int],
             seated: dict[int, int]) -> tuple[dict[int, int], dict[int, Player], list[str], list[str]]:
    """A table whose rubber is ending: its four's runs, the players by id, those of the four who have left,
    and the candidates who may come in (present and not playing at another table)."""
    runs = runs_at(rubbers, table.runs)
    players = Player.objects.in_bulk([*runs, *table.candidates])
    departed = [players[pk].display_name for pk in runs if pk not in here]
    candidates = [players[pk].display_name for pk in table.candidates
                  if pk in here and seated.get(pk, table.number) == table.number and pk not in runs]
    return runs, players, departed, candidates


def departures(event: Event) -> dict[int, list[str]]:
    """For each table whose four include a player who has left: what will happen when its rubber ends.

    Either the first in line takes his place and his run (law 19), or nobody can and the table breaks
    up (law 21), as `next_rubber` will do it.
    """
    rubbers = table_rubbers(event)
    here = {e.player_id for e in present(event)}
    seated = seated_now(event)
    out: dict[int, list[str]] = {}
    code = event.playing
    for table in event.club_tables.filter(broken_up=False):
        at_table = rubbers.get(table.number, [])
        if not at_table:
            continue
        last = at_table[-1]
        if not {last.north_id, last.east_id, last.south_id, last.west_id} - here:
            continue
        runs, players, departed, candidates = _line_at(table, at_table, here, seated)
        when = "when this rubber ends" if last.is_open else "now that the rubber has ended"
        try:
            line = successors([(players[pk].display_name, run) for pk, run in runs.items()], candidates,
                              departed=departed)
        except TableBreaksUp:
            out[table.number] = [
                f"{', '.join(departed)} {'has' if len(departed) == 1 else 'have'} gone home and not enough candidates "
                f"are in line to take {'his place' if len(departed) == 1 else 'their places'}: the table breaks up "
                f"{when}{code.noted(Matter.BROKEN_UP)}, unless a candidate declares for it first"
                f"{code.noted(Matter.DECLARING)}."]
            continue
        out[table.number] = [_succession(s.departed, s.successor, s.run, when, code.noted(Matter.RUN)) for s in line]
    return out


def _succession(departed: str, successor: str, run: int, when: str, noted: str) -> str:
    """Who takes a departed player's place, and with what run (law 19): his, or none when he had played both
    his rubbers, and the newcomer starts his own two."""
    if not run:
        return (f"{departed} has gone home after both his rubbers: {successor}, next in line, takes his place {when} "
                f"and starts his own two{noted}.")
    return (f"{departed} has gone home: {successor}, next in line, takes his place {when}, with his run of "
            f"{plural(run, 'rubber')}{noted}.")


@transaction.atomic
def next_rubber(*, table: ClubTable, seed: int | None = None, entered: Sequence[tuple[str, str]] = (),
                ended: int | None = None) -> Cutting:
    """When a table's rubber ends: who goes out and who comes in (laws 15, 16, 19), and the next rubber started.

    When a player has left and nobody in line can take his place, the table breaks up instead (law 21):
    the cutting returned is that of `table_break_up`. `ended` is the rubber the secretary's page showed as
    ended: if another has started since, nothing is done (`AlreadyDone`).
    """
    event = _locked(table.event)
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    rubbers = table_rubbers(event).get(table.number, [])
    if table.broken_up:
        raise _broken_up(table)
    if not rubbers:
        raise ValidationError(f"Table {table.number} has no rubber to follow.", code="no_rubber_to_follow")
    last = rubbers[-1]
    if (ended is not None and ended != last.pk) or (last.is_open and len(rubbers) > 1 and ended is None):
        raise AlreadyDone(f"Table {table.number}'s next rubber has already started: the page now shows it.",
                          code="next_rubber_started")
    if last.status == Rubber.Status.IN_PROGRESS:
        raise ValidationError(f"Table {table.number}'s rubber is still in play.", code="rubber_in_play")
    if event.playing.asks.jacks:
        return _jack_next(event, table, rubbers, seed, entered)
    here = {e.player_id for e in present(event)}
    runs, players, departed, candidates = _line_at(table, rubbers, here, seated_now(event))
    source, seed = _source(seed, entered)
    try:
        change = after_rubber([(players[pk].display_name, run) for pk, run in runs.items()], candidates, source,
                              departed=departed)
    except TableBreaksUp:  # law 21: nobody to take a departed player's place
        return _break_up(event, table, rubbers, source, seed, entered, left=departed)
    except (CutError, ValueError) as exc:
        raise ValidationError(sentence(str(exc)), code="cut_refused") from None
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
    """A present player declares for a table (law 16). One who is another table's candidate keeps his place
    there until he cuts into this one: law 20 takes it away for cutting in, not for declaring."""
    event = _locked(table.event)
    if not event.entrants.filter(player=player, present=True).exists():
        raise _not_present(player)
    if player.pk in seated_now(event):
        raise ValidationError(f"{player} is playing at table {seated_now(event)[player.pk]}.", code="playing_elsewhere")
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    if player.pk in table.candidates:
        raise ValidationError(f"{player} is already a candidate at table {table.number}.", code="candidate_already")
    table.candidates = [*table.candidates, player.pk]
    table.save(update_fields=["candidates"])
    return table


@transaction.atomic
def table_break_up(*, table: ClubTable, seed: int | None = None) -> list[str]:
    """A table breaks up when its rubber has ended: its players have prior entry at the other tables
    (law 21), ahead of their candidates, in the order of a cut among them. Returns that order."""
    event = _locked(table.event)
    table = ClubTable.objects.select_for_update().get(pk=table.pk)
    if table.broken_up:
        raise _broken_up(table)
    rubbers = table_rubbers(event).get(table.number, [])
    if rubbers and rubbers[-1].status == Rubber.Status.IN_PROGRESS:
        raise ValidationError(f"Table {table.number}'s rubber is still in play; finish or abandon it first.",
                              code="rubber_in_play")
    source, seed = _source(seed, ())
    return list(_break_up(event, table, rubbers, source, seed, ()).outcome["precedence"])


def _break_up(event: Event, table: ClubTable, rubbers: Sequence[Rubber], source: CutSource, seed: int | None,
              entered: Sequence[tuple[str, str]], *, left: Sequence[str] = ()) -> Cutting:
    """Break the table up (law 21): its players, and its candidates after them, cut for precedence; they go
    first in line at every other table, and wait first, in that order, for a new table. The broken-up
    table keeps that order in its `candidates` until each is placed again."""
    here = {e.player_id for e in present(event)}
    last = rubbers[-1] if rubbers else None
    ids = [pk for pk in ((last.north_id, last.east_id, last.south_id, last.west_id) if last else ()) if pk in here]
    elsewhere = {pk for pk, number in seated_now(event).items() if number != table.number}
    ids += [pk for pk in table.candidates if pk in here and pk not in ids and pk not in elsewhere]
    players = Player.objects.in_bulk(ids)
    cutter = Cutter(source)
    cutting = [players[pk].display_name for pk in ids]
    try:
        cutter.start(cutting)
        order = ranked(cutter, cutting, "for precedence", 21) if ids else []
        cutter.finish()
    except (CutError, ValueError) as exc:
        raise ValidationError(sentence(str(exc)), code="cut_refused") from None
    names = _by_name(list(players.values()))
    placed = [names[n].pk for n in order]
    table.broken_up, table.candidates = True, placed
    table.save(update_fields=["broken_up", "candidates"])
    # Law 21: they have entry at the other tables only where there are vacancies (a table's candidates'
    # places, law 12, not yet taken); each vacancy goes to the next in precedence, table by table. The
    # tables' own candidates keep their places; the rest wait, first in line, and may cut for a fresh table.
    entering = list(placed)
    for other in ClubTable.objects.select_for_update().filter(event=event, broken_up=False).order_by("number"):
        vacancies = CANDIDATES_A_TABLE - len(other.candidates)
        coming = [pk for pk in entering if pk not in other.candidates][:max(vacancies, 0)]
        entering = [pk for pk in entering if pk not in coming]
        if coming:
            other.candidates = [*other.candidates, *coming]
            other.save(update_fields=["candidates"])
    return Cutting.objects.create(event=event, table=table, kind=Cutting.Kind.OUT, seed=seed,
                                  entered="\n".join(f"{n}: {c}" for n, c in entered), log=_steps(cutter.log),
                                  outcome={"broken_up": table.number, "precedence": order, "left": list(left)})
