"""Hands reported at the table: a side reports, the other side confirms or disputes (law 6), the secretary settles.

Every write locks the rubber's row first (`rubber_lock`), so two phones at one table queue rather
than race: the second report of a deal finds the first waiting, and a second confirmation finds the
hand already recorded. A confirmed or accepted report is recorded by `hand_record`, exactly as the
secretary's own entry would be.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from django.utils import timezone

from scoring.access import is_secretary
from scoring.engine import Seat, Side, score_rubber
from scoring.engine.errors import RubberError
from scoring.models import CodeGuess, Hand, HandReport, Player, Rubber, TableCode
from scoring.reporting.codes import looks_like_code, new_code
from scoring.services import hands as hand_services
from scoring.services.locking import retried_on_deadlock
from scoring.services.play import as_scored, as_validation_error, check_hand
from scoring.services.record import Change, record_check, record_lock
from scoring.services.scoring import rubber_hands, rubber_lock, seat_changes_counted

GUESSES_ALLOWED = 60
"""Wrong codes one address may try in `GUESS_WINDOW`: a club's phones share the room's router and each
mistypes a few; a guesser needs millions."""
PHONE_GUESSES_ALLOWED = 10
"""Wrong codes one phone may try in `GUESS_WINDOW`: the phone that mistypes waits, not the room."""
GUESS_WINDOW = timedelta(minutes=10)


@dataclass(frozen=True)
class AtTable:
    """Who is reporting or answering: the player he says he is, from which phone, and the member logged in."""

    player: Player
    phone: str = ""
    member: User | None = None


# Codes --------------------------------------------------------------------------------------------------------

def working_code(rubber: Rubber) -> TableCode | None:
    """The rubber's working code, issued now if it has none; None once the rubber has ended."""
    if rubber.status != Rubber.Status.IN_PROGRESS:
        return None
    code = rubber.table_codes.filter(withdrawn_at__isnull=True).first()
    while code is None:
        try:
            with transaction.atomic():
                code = TableCode.objects.create(rubber=rubber, code=new_code())
        except IntegrityError:  # the same code drawn twice, or another request issued one first
            code = rubber.table_codes.filter(withdrawn_at__isnull=True).first()
    return code


@transaction.atomic
def code_withdraw(*, rubber_id: int, by: User | None) -> int:
    """Stop the rubber's code working (a phone lost, a code overheard); a new one is issued when next asked for."""
    rubber_lock(rubber_id)
    return TableCode.objects.filter(rubber_id=rubber_id, withdrawn_at__isnull=True).update(
        withdrawn_at=timezone.now(), withdrawn_by=by)


class TooManyGuesses(Exception):
    """This address has tried too many codes that match no table; it waits before trying again."""


def code_find(typed: str, address: str | None, known: Collection[str] = (), phone: str = "") -> TableCode | None:
    """The table code typed, or None when there is none. A code matching nothing counts against the
    address and against the phone; past either limit every code is refused for a while, a right one
    too, except the codes `known` to this phone (it opened its table with them before): phones already
    at their tables share the club's address with whoever mistyped, and must not be shut out by him.

    The try is written before it is counted, so parallel guesses are counted one by one: the try
    numbered past the limit (in the order written) is refused whatever runs beside it."""
    if typed in known:
        return _code(typed)
    since = timezone.now() - GUESS_WINDOW
    guess = CodeGuess.objects.create(address=address or "unknown", phone=phone)
    earlier = CodeGuess.objects.filter(tried_at__gte=since, pk__lte=guess.pk).aggregate(
        address=Count("pk", filter=Q(address=guess.address)), phone=Count("pk", filter=Q(phone=phone)))
    if earlier["address"] > GUESSES_ALLOWED or (phone and earlier["phone"] > PHONE_GUESSES_ALLOWED):
        raise TooManyGuesses
    code = _code(typed)
    if code is not None:
        guess.delete()  # a right code is no guess
    else:
        CodeGuess.objects.filter(tried_at__lt=since).delete()
    return code


def _code(typed: str) -> TableCode | None:
    """The code with its rubber, its event and players, and how many substitutes it has (`seat_change_count`)."""
    if not looks_like_code(typed):
        return None
    return (TableCode.objects.select_related("rubber__event", "rubber__north", "rubber__east", "rubber__south",
                                             "rubber__west")
            .annotate(seat_change_count=seat_changes_counted("rubber_id")).filter(code=typed).first())


@dataclass(frozen=True)
class Guesses:
    """Wrong table codes counted from one address, as the secretary sees them."""

    pk: int
    address: str
    phones: int
    count: int
    refused: bool
    last_at: datetime
    until: datetime


def recent_guesses() -> list[Guesses]:
    """Each address with wrong codes still counted, refused ones first."""
    since = timezone.now() - GUESS_WINDOW
    rows = (CodeGuess.objects.filter(tried_at__gte=since).values("address")
            .annotate(count=Count("pk"), phones=Count("phone", distinct=True), last_at=Max("tried_at"),
                      last_pk=Max("pk")))
    out = [Guesses(pk=row["last_pk"], address=row["address"], phones=row["phones"], count=row["count"],
                   refused=row["count"] >= GUESSES_ALLOWED, last_at=row["last_at"],
                   until=row["last_at"] + GUESS_WINDOW) for row in rows]
    return sorted(out, key=lambda g: (not g.refused, -g.count))


def guesses_forget(pk: int) -> Guesses | None:
    """Forget the wrong codes of the address a counted guess came from (and of every phone behind it)."""
    guess = CodeGuess.objects.filter(pk=pk).first()
    if guess is None:
        return None
    counted = next((g for g in recent_guesses() if g.address == guess.address), None)
    phones = CodeGuess.objects.filter(address=guess.address).exclude(phone="").values_list("phone", flat=True)
    CodeGuess.objects.filter(Q(address=guess.address) | Q(phone__in=list(phones))).delete()
    return counted


# Reports ------------------------------------------------------------------------------------------------------

def seat_of(rubber: Rubber, player: Player, number: int) -> Seat | None:
    """Where `player` sits for hand `number` (substitutes included), or None if he is not at the table."""
    return next((seat for seat, p in rubber.players_at_hand(number).items() if p.pk == player.pk), None)


@dataclass(frozen=True)
class Parties:
    """Who may do what with an open report, among the players a phone speaks for."""

    others: list[Player]
    """The side that did not report: it confirms or disputes."""
    answerers: list[Player]
    withdrawers: list[Player]
    """The reporting side may take its report back, unless this phone is the other side's, which disputed it."""


def report_parties(rubber: Rubber, report: HandReport, speakers: Sequence[Player], phone: str) -> Parties:
    """The rule `report_answer` and `report_withdraw` enforce, for the page that offers the buttons."""
    seated = rubber.players_at_hand(report.number)
    reporter_seat = seat_of(rubber, report.reported_by, report.number) or Seat.N
    others = [seated[s] for s in reporter_seat.side.other.seats]
    answerers = [p for p in speakers if p in others]
    withdrawers = [p for p in speakers if p not in others]
    if (report.status == HandReport.Status.DISPUTED and report.answered_phone == phone
            and report.reported_phone != phone):
        withdrawers = []  # the phone that disputed it is the other side's: taking it back is the reporters' call
    return Parties(others, answerers, withdrawers)


@dataclass(frozen=True)
class Preview:
    """What a reported hand would score: its points, and the game's score after it (None if the rubber ends)."""

    points: tuple[int, int]
    score: tuple[int, int] | None
    games_closed: tuple[int, ...]
    complete: bool


def preview(rubber: Rubber, play: dict[str, Any], number: int) -> Preview:
    """Score the rubber with the reported hand as hand `number`, saving nothing (an illegal hand is refused)."""
    rulebook = rubber.rulebook
    recorded = rubber_hands(rubber) if rubber.hand_count else []  # a rubber with no hands recorded has none to read
    hands = [as_scored(h, rulebook) for h in recorded][:number - 1]
    new = check_hand(play, number, rulebook)
    try:
        result = score_rubber([*hands, new], rulebook, first_dealer=Seat(rubber.first_dealer))
    except RubberError as exc:
        raise as_validation_error(exc) from None
    scored = result.hands[-1]
    return Preview((scored.points(Side.NS), scored.points(Side.EW)),
                   None if result.complete else (scored.score_after[0], scored.score_after[1]),
                   scored.games_closed, result.complete)


def _check_seated(rubber: Rubber, who: AtTable, number: int) -> Seat:
    seat = seat_of(rubber, who.player, number)
    if seat is None:
        raise ValidationError(f"{who.player} is not at this table.", code="not_at_table")
    if (who.member is not None and getattr(who.member, "player", None) != who.player
            and not is_secretary(who.member)):  # the secretary may report or answer for any of the four
        raise ValidationError("A member reports in his own name.", code="own_name_only")
    return seat


@retried_on_deadlock
@transaction.atomic
def hand_report(*, rubber_id: int, play: dict[str, Any], by: AtTable, number: int | None = None,
                key: str = "", seen: Rubber | None = None) -> HandReport:
    """A side reports the next hand; it waits for the other side. A deal already reported is refused,
    naming who reported it, so two phones reporting at once make one report. `number` is the hand the
    phone showed: if another hand was recorded meanwhile, the report is refused rather than filed as
    the next deal. `key` is drawn by the phone's page: a report sent again with it (the network dropped
    the answer, not the report) is the report already made. `seen` is the rubber as the phone's page read it
    (`rubber_lock`)."""
    rubber = record_lock(rubber_id, Change.REPORT, seen=seen)
    sent = report_sent(rubber_id, key)
    if sent is not None:
        return sent
    if number is not None and number != rubber.hand_count + 1:
        raise ValidationError(f"Hand {number} has been recorded since this page showed it; this is hand "
                              f"{rubber.hand_count + 1}.", code="hand_recorded_since")
    number = rubber.hand_count + 1
    waiting_id: int | None = getattr(rubber, "open_report_id", None)  # read with the rubber, under its lock
    if waiting_id is not None:
        waiting = HandReport.objects.select_related("reported_by").get(pk=waiting_id)
        raise ValidationError(f"Hand {waiting.number} was already reported by {waiting.reported_by}; "
                              "confirm or dispute that report.", code="already_reported")
    _check_seated(rubber, by, number)
    preview(rubber, play, number)
    report = HandReport(rubber=rubber, number=number, play=play, reported_by=by.player, reported_phone=by.phone,
                        reported_member=by.member, send_key=key)
    # Its number is the locked rubber's next deal, and one open report of a deal is the database's to keep (below):
    # its constraints are not asked of the database a query each.
    report.full_clean(exclude=["rubber", "reported_by", "reported_member"], validate_constraints=False)
    try:
        report.save()  # refused, the transaction is rolled back whole: no savepoint to go on from
    except IntegrityError:  # a report of the same deal saved between our look and our save
        raise ValidationError(f"Hand {number} has just been reported from another phone.",
                              code="reported_just_now") from None
    return report


def report_sent(rubber_id: int, key: str) -> HandReport | None:
    """The report a phone already sent with this key, if any."""
    if not key:
        return None
    return HandReport.objects.select_related("reported_by").filter(rubber_id=rubber_id, send_key=key).first()


def dispute_unsaid() -> ValidationError:
    """The refusal of a dispute that says nothing (by the phone's form, and by the service)."""
    return ValidationError("Say what is wrong with the report, for the secretary who settles it.",
                           code="dispute_unsaid")


def _open_report(rubber: Rubber, report_id: int) -> HandReport:
    report = (HandReport.objects.select_for_update(of=("self",)).select_related("reported_by")
              .filter(pk=report_id, rubber=rubber).first())
    if report is None:
        raise ValidationError("There is no such report at this table.", code="no_such_report")
    if not report.is_open:
        raise ValidationError(f"Hand {report.number} is already settled: {report.get_status_display().lower()}.",
                              code="report_settled")
    return report


@retried_on_deadlock
@transaction.atomic
def report_answer(*, rubber_id: int, report_id: int, by: AtTable, agree: bool, dispute: str = "",
                  seen: Rubber | None = None) -> HandReport:
    """A player of the other side confirms the reported hand (it is recorded at once) or disputes it
    (it waits, flagged in the room, for the secretary). `seen` is the rubber as the phone's page read it."""
    rubber = record_lock(rubber_id, Change.REPORT, seen=seen)
    report = _open_report(rubber, report_id)
    if report.status == HandReport.Status.DISPUTED:
        raise ValidationError(f"Hand {report.number} is disputed; the secretary settles it.", code="report_disputed")
    seat = _check_seated(rubber, by, report.number)
    reporter_seat = seat_of(rubber, report.reported_by, report.number)
    if reporter_seat is not None and seat.side is reporter_seat.side:
        raise ValidationError(f"{by.player} is on the side that reported hand {report.number}; "
                              "a player of the other side confirms it.", code="same_side")
    report.answered_by, report.answered_phone, report.answered_member = by.player, by.phone, by.member
    report.answered_at = timezone.now()
    if not agree:
        if not dispute.strip():
            raise dispute_unsaid()
        report.dispute = dispute.strip()
        report.status = HandReport.Status.DISPUTED
        report.full_clean(exclude=["rubber", "reported_by", "answered_by", "reported_member", "answered_member"])
        report.save()
        return report
    report.status = HandReport.Status.CONFIRMED
    _record(rubber, report, report.play, by.member)
    return report


def _record(rubber: Rubber, report: HandReport, play: dict[str, Any], by: User | None,
            extras: hand_services.HandExtras | None = None) -> Hand:
    if report.number != rubber.hand_count + 1:
        raise ValidationError(f"Hand {report.number} has been entered already.", code="hand_entered_already")
    extras = extras or hand_services.HandExtras()
    record_check(rubber, Change.HAND)  # locked already, by the report's answer or settling
    return hand_services.hand_add(
        rubber, play=play, by=by, report=report,
        extras=hand_services.HandExtras(announced_ns=extras.announced_ns, announced_ew=extras.announced_ew,
                                        notes=extras.notes, reported_by=report.reported_by))


@retried_on_deadlock
@transaction.atomic
def report_withdraw(*, rubber_id: int, report_id: int, by: AtTable) -> HandReport:
    """The reporting side takes back its report, to report the hand again: before the other side answers,
    or after it disputes, when the reporting side agrees it was wrong (no need then for the secretary)."""
    rubber = rubber_lock(rubber_id)
    report = _open_report(rubber, report_id)
    seat = _check_seated(rubber, by, report.number)
    reporter_seat = seat_of(rubber, report.reported_by, report.number)
    if reporter_seat is None or seat.side is not reporter_seat.side:
        raise ValidationError("Only the side that reported a hand can withdraw the report; the other side "
                              "disputes it.", code="not_reporting_side")
    report.status = HandReport.Status.WITHDRAWN
    report.settled_at = timezone.now()
    report.save(update_fields=["status", "settled_at"])
    return report


@retried_on_deadlock
@transaction.atomic
def report_reopen(*, rubber_id: int, report_id: int, by: User) -> HandReport:
    """A ruling opened from a disputed report was cancelled: the hand accepted to be ruled on is taken back
    (it stays on the record as taken back) and the report is disputed again, waiting for the secretary."""
    rubber = rubber_lock(rubber_id)
    report = HandReport.objects.select_for_update().filter(pk=report_id, rubber=rubber).first()
    if report is None or report.status != HandReport.Status.ACCEPTED or not report.dispute or report.hand is None:
        raise ValidationError("This report is not one accepted to be ruled on, so there is nothing to reopen.",
                              code="nothing_to_reopen")
    number = report.hand.number
    hand_services.hand_take_back(rubber_id=rubber_id, number=number, by=by,
                                 reason="The ruling on the disputed report was cancelled: the dispute stands.")
    report.status, report.hand, report.settled_by, report.settled_at = HandReport.Status.DISPUTED, None, None, None
    report.save(update_fields=["status", "hand", "settled_by", "settled_at"])
    return report


@retried_on_deadlock
@transaction.atomic
def report_drop(*, rubber_id: int, report_id: int, by: User) -> HandReport:
    """The secretary drops a waiting or disputed report without recording its hand: the table reports the
    deal again, or he enters it himself."""
    rubber = rubber_lock(rubber_id)
    report = _open_report(rubber, report_id)
    report.status = HandReport.Status.DROPPED
    report.settled_by, report.settled_at = by, timezone.now()
    report.save(update_fields=["status", "settled_by", "settled_at"])
    return report


@retried_on_deadlock
@transaction.atomic
def report_settle(*, rubber_id: int, report_id: int, by: User, play: dict[str, Any] | None = None,
                  extras: hand_services.HandExtras | None = None) -> Hand:
    """The secretary settles a waiting or disputed report: accepts it as reported, or records the hand
    as he finds it (`play`). Either way the hand is recorded and the report says who settled it."""
    rubber = record_lock(rubber_id, Change.REPORT)
    report = _open_report(rubber, report_id)
    corrected = play is not None and play != report.play
    report.status = HandReport.Status.CORRECTED if corrected else HandReport.Status.ACCEPTED
    report.settled_by, report.settled_at = by, timezone.now()
    return _record(rubber, report, play if play is not None else report.play, by, extras)
