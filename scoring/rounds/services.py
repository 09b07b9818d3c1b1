"""The write side of an event in rounds: entrants, the schedule, starting and closing rounds, players coming and
going at a progressive night, and closing the night once its tallies are checked.

The schedule is the engine's (`scoring.engine.schedules`); these functions load the event, call it
and store what it gives, each in one transaction. A round starts and closes by a conditional update
of its status, so two clicks (or two secretaries) can never start or close it twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from scoring.engine import Seat, Side
from scoring.engine.progressive import MovementError, marches_key, totals_errors
from scoring.engine.progressive.night import MISSED_AVERAGE
from scoring.engine.schedules import Round as PlannedRound
from scoring.engine.schedules import (
    Schedule,
    Table,
    first_dealer,
    pairs_schedule,
    round_robin_rounds,
    swiss_round,
    whist_schedule,
)
from scoring.engine.words import plural, sentence
from scoring.models import (
    Entrant,
    Event,
    Player,
    Round,
    RoundBye,
    RoundTable,
    Rubber,
    RubberPlayerResult,
    TotalsCorrection,
)
from scoring.models.rubbers import SEAT_FIELD
from scoring.rounds.choices import UNPLAYED_BYE, UNPLAYED_NOTHING
from scoring.rounds.movement import moved_on
from scoring.services.locking import event_lock, retried_on_deadlock
from scoring.services.open_reports import reports_drop
from scoring.services.players import roll_add
from scoring.services.record import Change, record_lock
from scoring.services.rubbers import rubber_start
from scoring.services.scoring import results_changed, rubber_lock, rubber_rescore
from scoring.standings import order
from scoring.standings.night import night_rows
from scoring.standings.selectors import partnerships


def _no_schedule_yet(event: Event) -> None:
    if event.event_rounds.exists():
        raise ValidationError("The schedule is made; the entrants can no longer change.", code="schedule_made")


@transaction.atomic
def entrants_set(*, event: Event, players: Sequence[Player], new_names: Sequence[str] = ()) -> list[Entrant]:
    """Enter the players, numbered in the order given (for fixed pairs, 1-2, 3-4, ... are partners);
    `new_names` are added to the roll and entered after them."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _no_schedule_yet(event)
    added = []
    for name in new_names:
        added.append(roll_add(name))
    players = [*players, *added]
    if len({p.pk for p in players}) != len(players):
        raise ValidationError("A player is entered twice.", code="entered_twice")
    if event.fixed_pairs and len(players) % 2:
        raise ValidationError("Fixed pairs need an even number of players: each pair is two.", code="pairs_uneven")
    if len(players) > 64:
        raise ValidationError("An event in rounds takes at most 64 players.", code="too_many_players")
    event.entrants.all().delete()
    return Entrant.objects.bulk_create(
        Entrant(event=event, player=p, number=n) for n, p in enumerate(players, start=1))


def is_swiss(event: Event, entrants: int) -> bool:
    """Fixed pairs with fewer rounds than a round robin: each round is paired by the standing (Swiss)."""
    return event.fixed_pairs and (event.rounds or 0) < round_robin_rounds(entrants // 2)


def _plan(event: Event, entrants: int, seed: int) -> list[PlannedRound | None]:
    """The rounds the engine plans; None for a round seated when it starts (a Swiss round, paired by standing;
    a progressive round, moved on from the round before)."""
    rounds = event.rounds or 0
    if event.moves_up:
        # Round 1 sits in order of entry; beyond a multiple of four, the last entered sit it out.
        playing = entrants - entrants % 4
        first = PlannedRound(tuple(Table(n, n + 1, n + 2, n + 3) for n in range(1, playing + 1, 4)),
                             tuple(range(playing + 1, entrants + 1)))
        return [first] + [None] * (rounds - 1)
    try:
        if not event.fixed_pairs:
            schedule: Schedule = whist_schedule(entrants, rounds, seed)
            return list(schedule.rounds)
        pairs = entrants // 2
        if pairs < 2:
            raise ValueError("fixed pairs need at least two pairs (4 players)")
        if is_swiss(event, entrants):
            return [None] * rounds
        return list(pairs_schedule(entrants, rounds).rounds)
    except ValueError as exc:
        raise ValidationError(f"No schedule: {exc}.", code="no_schedule") from None


@transaction.atomic
def schedule_make(*, event: Event, seed: int = 0) -> list[Round]:
    """Plan every round of the event and store the seats (a Swiss round after the first is stored empty
    until it starts, when the standing pairs it)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.in_rounds:
        raise ValidationError("Only an event in rounds has a schedule.", code="not_in_rounds")
    if not event.rounds:
        raise ValidationError("Say how many rounds the event plays first.", code="rounds_unset")
    _no_schedule_yet(event)
    entrants = {e.number: e.player_id for e in event.entrants.all()}
    if len(entrants) < 4:
        raise ValidationError("Enter at least four players first.", code="too_few_players")
    made = []
    for number, planned in enumerate(_plan(event, len(entrants), seed), start=1):
        round_ = Round.objects.create(event=event, number=number)
        if planned is not None:
            _store_planned(round_, planned, entrants)
        elif number == 1:
            _swiss(round_)  # no standing yet: round 1 pairs in order of entry, so its cards print beforehand
        made.append(round_)
    return made


def _store(round_: Round, tables: Iterable[Mapping[Seat, int]], sitting_out: Iterable[int]) -> None:
    """Store a round's seats: each table's players by seat (table 1 first) with its first dealer, and who sits the
    round out. Every way a round is seated (a schedule, a Swiss pairing, a progressive move) stores it here."""
    RoundTable.objects.bulk_create(
        RoundTable(round=round_, number=number, north_id=seats[Seat.N], east_id=seats[Seat.E],
                   south_id=seats[Seat.S], west_id=seats[Seat.W], first_dealer=first_dealer(round_.number, number))
        for number, seats in enumerate(tables, start=1))
    _store_byes(round_, sitting_out)


def _store_byes(round_: Round, players: Iterable[int], *, scored: bool = True) -> None:
    """Those who sit `round_` out: seated at no table, or (`scored` as the secretary said) at one that never
    played it."""
    RoundBye.objects.bulk_create(RoundBye(round=round_, player_id=player, scored=scored) for player in players)


def _store_planned(round_: Round, planned: PlannedRound, entrants: dict[int, int]) -> None:
    """Store a round the engine planned, its players named by entrant number."""
    _store(round_, ({seat: entrants[n] for seat, n in zip(Seat, table.players, strict=True)}
                    for table in planned.tables), (entrants[n] for n in planned.sitting_out))


def _swiss(round_: Round) -> None:
    """Pair a Swiss round of fixed pairs by the standing after the rounds before it."""
    event = round_.event
    entrants = {e.number: e.player_id for e in event.entrants.all()}
    pair_of = {player: (number + 1) // 2 for number, player in entrants.items()}
    met: set[frozenset[int]] = set()
    north_south: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    earlier = RoundTable.objects.filter(round__event=event, round__number__lt=round_.number).select_related("rubber")
    for table in earlier:
        ns, ew = pair_of[table.north_id], pair_of[table.east_id]
        met.add(frozenset((ns, ew)))
        north_south[ns] += 1
    for bye in RoundBye.objects.filter(round__event=event, round__number__lt=round_.number):
        byes[pair_of[bye.player_id]] += 1
    # Ranked as the standings rank pairs (`standings.order`), over the rounds before this one: a progressive
    # night's by its own rows (byes and lone bonuses as its standings count them); pairs level on every
    # tie-break keep the order of entry rather than go by name.
    ranking = order.for_event(event)
    if event.progressive:
        figures = {pair_of[row["player_id"]]: row for row in night_rows(event, ranking, through=round_.number - 1)}
    else:
        results = RubberPlayerResult.objects.filter(rubber__round_table__round__event=event,
                                                    rubber__round_table__round__number__lt=round_.number)
        figures = {pair_of[row["player_id"]]: row for row in partnerships(results, ranking)
                   if pair_of.get(row["player_id"]) == pair_of.get(row["partner_id"]) is not None}
    blank = dict.fromkeys((t.key for t in ranking), 0)
    pairs = sorted(set(pair_of.values()))
    standing = sorted(pairs, key=lambda p: (order.best_first(figures.get(p, blank), ranking), p))
    try:
        planned = swiss_round(standing, met, north_south, byes, round_.number)
    except ValueError as exc:
        raise ValidationError(sentence(str(exc), "."), code="no_pairing") from None
    _store_planned(round_, planned, entrants)


def _progressive(round_: Round) -> None:
    """Seat a progressive round from the one before (`movement.moved_on`) and store it with its byes."""
    try:
        seating = moved_on(round_.event, round_.number)
    except MovementError as exc:
        raise ValidationError(sentence(str(exc), "."), code="no_movement") from None
    _store(round_, seating.tables, seating.sitting_out)


@retried_on_deadlock
@transaction.atomic
def round_start(*, round_id: int) -> Round:
    """Start a round: one rubber, match or tally a table, with its seats and first dealer. Never twice."""
    event_lock(Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first())
    round_ = Round.objects.select_related("event").get(pk=round_id)
    event = round_.event
    if Round.objects.filter(event=event, number__lt=round_.number).exclude(status=Round.Status.CLOSED).exists():
        raise ValidationError(f"Close round {round_.number - 1} before starting round {round_.number}.",
                              code="earlier_round_open")
    started = Round.objects.filter(pk=round_id, status=Round.Status.PLANNED).update(
        status=Round.Status.IN_PLAY, started_at=timezone.now())
    if not started:
        raise ValidationError(f"Round {round_.number} has already started.", code="round_started")
    round_.refresh_from_db()
    if not round_.tables.exists():
        (_progressive if event.moves_up else _swiss)(round_)
    for table in round_.tables.select_related("north", "east", "south", "west"):
        rubber = rubber_start(event=event, north=table.north, east=table.east, south=table.south, west=table.west,
                              first_dealer=table.first_dealer, table_label=str(table.number),
                              deal_limit=event.night.deal_limit or None)
        table.rubber = rubber
        table.save(update_fields=["rubber"])
    return round_


@retried_on_deadlock
@transaction.atomic
def round_call_time(*, round_id: int) -> Round:
    """Call time before a round's minutes run out (or in a round without them), at an event whose tables finish
    the deal in play: each table still playing stops after its next deal entered. Where play stops at once,
    calling time is closing the round."""
    event_lock(Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first())
    round_ = Round.objects.select_related("event").get(pk=round_id)
    if not round_.clock.finish:
        raise ValidationError("At this event play stops at once when time is called: close the round.",
                              code="time_stops_play")
    if round_.status != Round.Status.IN_PLAY:
        raise ValidationError(f"Round {round_.number} is not in play, so time cannot be called.",
                              code="round_not_in_play")
    if not round_.clock.callable(timezone.now()):
        raise ValidationError(f"Time is up already in round {round_.number}: each table is on its last deal.",
                              code="time_up_already")
    round_.time_called_at = timezone.now()
    round_.save(update_fields=["time_called_at"])
    return round_


def unreported_tables(round_: Round) -> list[RoundTable]:
    """A progressive round's tables still in play that never reported: no deal entered, no totals."""
    return list(round_.tables.filter(rubber__status=Rubber.Status.IN_PROGRESS, rubber__hand_count=0,
                                     rubber__round_totals__isnull=True)
                .select_related("north", "east", "south", "west").order_by("number"))


@retried_on_deadlock
@transaction.atomic
def round_close(*, round_id: int, by: User | None = None, unplayed: str = "") -> Round:
    """Close a round. A rubber still in play stops where it stands (its deals so far are its limit).

    A report still waiting at a table, or disputed, is dropped (its hand not recorded, the report kept
    with who dropped it), so no report is left open on a rubber that can take no more hands.

    On a progressive night a table that never reported gave no result to seat anyone from: the secretary says
    what happened (`unplayed`; else its totals are entered first). It did not play, so its players sit the round
    out, scoring as the event scores a bye or nothing, and come back as anyone who sat out does."""
    event_lock(Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first())
    round_ = Round.objects.select_related("event").get(pk=round_id)
    silent = unreported_tables(round_) if round_.event.progressive and round_.status == Round.Status.IN_PLAY else []
    if silent and unplayed not in (UNPLAYED_BYE, UNPLAYED_NOTHING):
        one = len(silent) == 1
        numbers = [str(t.number) for t in silent]
        tables = f"Table {numbers[0]}" if one else f"Tables {', '.join(numbers[:-1])} and {numbers[-1]}"
        raise ValidationError(
            f"{tables} never reported round {round_.number}: enter {'its' if one else 'their'} totals, or say "
            f"{'it' if one else 'they'} did not play, before closing the round.", code="unreported")
    closed = Round.objects.filter(pk=round_id, status=Round.Status.IN_PLAY).update(
        status=Round.Status.CLOSED, closed_at=timezone.now())
    if not closed:
        planned = round_.status == Round.Status.PLANNED
        raise ValidationError(f"Round {round_.number} is not in play, so it cannot be closed." if planned
                              else f"Round {round_.number} is closed already.",
                              code="round_not_in_play" if planned else "round_closed")
    _store_byes(round_, (player for table in silent for player in table.player_ids()), scored=unplayed == UNPLAYED_BYE)
    playing = round_.tables.filter(rubber__status=Rubber.Status.IN_PROGRESS).order_by("rubber")
    for rubber_id in playing.values_list("rubber", flat=True):
        rubber = rubber_lock(rubber_id)
        reports_drop(rubber, by=by)
        rubber.deal_limit, rubber.time_called = rubber.hand_count, True
        rubber.save(update_fields=["deal_limit", "time_called"])
        rubber_rescore(rubber)
    if silent:
        results_changed([round_.event_id])  # its silent tables' players sat the round out
    round_.refresh_from_db()
    return round_


@retried_on_deadlock
@transaction.atomic
def round_totals_enter(*, rubber_id: int, points: dict[Side, int], lone: dict[Seat, int],
                       marches: dict[Seat, int] | None = None, reason: str = "", by: User | None = None) -> Rubber:
    """A progressive table that scored on paper: its round's totals in one step, each side's points, each
    player's lone hands and, where given (a night with the lone player's own bonus), how many of them were lone
    marches, in place of its deals. Entered again, they replace the last, kept as a correction with its reason
    (needed once a later round was seated from them: those seats stand); until the night is closed."""
    rubber = record_lock(rubber_id, Change.TOTALS, reason=reason)
    table = RoundTable.objects.select_related("round").filter(rubber=rubber).first()
    if table is None or not rubber.event.progressive:
        raise ValidationError("Only a table of a progressive round enters its round's totals.",
                              code="not_a_progressive_table")
    if rubber.hand_count:
        raise ValidationError(f"The table has {plural(rubber.hand_count, 'deal')} entered: go on deal by deal, or "
                              "take them back first.", code="deals_entered")
    sides = {side.value: points[side] for side in Side}
    made = {seat.value: lone[seat] for seat in Seat}
    marched = None if marches is None else {seat.value: marches[seat] for seat in Seat}
    errors = totals_errors(sides, made, rubber.event.night.deal_limit, marches=marched, rulebook=rubber.rulebook,
                           names={seat.value: str(rubber.player_at(seat)) for seat in Seat})
    if errors:
        raise ValidationError({_TOTALS_FIELDS[key]: ValidationError(words, code="totals_impossible")
                               for key, words in errors.items()})
    before, rubber.round_totals = rubber.round_totals, {**sides, "lone": made,
                                                        **({"marches": marched} if marched is not None else {})}
    if before is not None and before != rubber.round_totals:
        TotalsCorrection.objects.create(rubber=rubber, reason=reason.strip() or "Entered again before the next round.",
                                        before=before, after=rubber.round_totals, made_by=by)
    rubber.save(update_fields=["round_totals"])
    rubber_rescore(rubber)
    return rubber


_TOTALS_FIELDS = {"NS": "ns", "EW": "ew", "N": "north", "E": "east", "S": "south", "W": "west",
                  **{marches_key(seat): f"{SEAT_FIELD[seat]}_marches" for seat in Seat}}
"""The totals form's field for each side and seat the engine's check names."""


# People coming and going at a progressive night: a late arrival seated from the next round, and a player gone
# home seated no more, his tally standing. The movement seats the next round from them (`movement.moved_on`).


def next_seated(event: Event) -> int:
    """The first round not seated yet: the one a player arriving now plays first (a progressive night seats each
    round after the first when it starts; the first when the schedule is made)."""
    seated = event.event_rounds.filter(tables__isnull=False).aggregate(top=Max("number"))["top"]
    return (seated or 0) + 1


def arrival_unnamed() -> ValidationError:
    """The refusal of a late arrival neither chosen from the roll nor named (by the form, and by the service)."""
    return ValidationError("Choose the player who arrived, or name a new one.", code="arrival_unnamed")


def _moving_night(event: Event) -> None:
    if not event.moves_up:
        raise ValidationError("Only a progressive night whose winners move up seats players as they come and go; "
                              "a night seated by its schedule keeps the players it was made for.",
                              code="night_not_moving")
    if not event.event_rounds.exists():
        raise ValidationError("The schedule is not made yet: enter the player with the others.",
                              code="schedule_not_made")


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
        raise ValidationError("Every round is seated already: there is no round left for a late arrival to play.",
                              code="every_round_seated")
    if player is None:
        if not new_name:
            raise arrival_unnamed()
        player = roll_add(new_name)
    if event.entrants.filter(player=player).exists():
        raise ValidationError(f"{player} is entered already.", code="entered_already")
    number = (event.entrants.aggregate(top=Max("number"))["top"] or 0) + 1
    entrant = Entrant.objects.create(event=event, player=player, number=number, first_round=first)
    if event.night.missed_rounds == MISSED_AVERAGE:
        for missed in event.event_rounds.filter(number__lt=first):
            _store_byes(missed, [player.pk])
    results_changed([event.pk])  # his missed rounds score, and he did not play the whole night
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
        raise ValidationError("That player is not entered in this event.", code="not_entered")
    if entrant.last_round is not None:
        raise ValidationError(f"{entrant.player} went home after round {entrant.last_round} already.",
                              code="gone_home_already")
    started = event.event_rounds.exclude(status=Round.Status.PLANNED).aggregate(top=Max("number"))["top"] or 0
    if started == 0:
        raise ValidationError(f"Round 1 is seated and has not started: {entrant.player} plays it, or a substitute "
                              "takes the seat.", code="first_round_unstarted")
    if next_seated(event) > started + 1:
        raise ValidationError(f"Round {started + 1} is seated already: {entrant.player} plays it, or a substitute "
                              "takes the seat.", code="next_round_seated")
    entrant.last_round = started
    entrant.save(update_fields=["last_round"])
    results_changed([event.pk])  # he did not play the whole night
    return entrant


# No tally is corrected while the night is closed.


@transaction.atomic
def night_close(*, event_id: int) -> Event:
    """Close the night: every round closed first."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    if not event.progressive:
        raise ValidationError("Only a progressive night is closed this way.", code="not_progressive")
    open_rounds = event.event_rounds.exclude(status=Round.Status.CLOSED).count()
    if open_rounds or not event.event_rounds.exists():
        raise ValidationError("Close every round first; then the night.", code="rounds_open")
    if event.closed_at is None:
        event.closed_at = timezone.now()
        event.save(update_fields=["closed_at"])
    return event


@transaction.atomic
def night_reopen(*, event_id: int) -> Event:
    """Reopen a closed night, to correct a tally found wrong after all."""
    event_lock(event_id)
    event = Event.objects.get(pk=event_id)
    event.closed_at = None
    event.save(update_fields=["closed_at"])
    return event
