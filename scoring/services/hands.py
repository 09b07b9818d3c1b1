"""Recording and correcting hands (laws 5 and 6), and penalties entered by the secretary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.engine import RubberError, RubberResult, Seat, Side, score_rubber
from scoring.engine.explain import cite
from scoring.engine.rulings import Effect, RulingError, apply_effects, claim_limit
from scoring.engine.words import sentence
from scoring.models import Hand, HandCorrection, HandReport, HandTakenBack, Penalty, Player, Round, Rubber
from scoring.services.play import as_scored, check_hand, hand_document, penalties_from, play_fields
from scoring.services.record import Change, record_lock
from scoring.services.refusals import field_refusal
from scoring.services.scoring import deal_store, rubber_hands, rubber_rescore


@dataclass(frozen=True, kw_only=True)
class HandExtras:
    """What the secretary records beside the play: the announced score (law 6), notes, reporter."""

    announced_ns: int | None = None
    announced_ew: int | None = None
    notes: str = ""
    reported_by: Player | None = None


@transaction.atomic
def hand_record(*, rubber_id: int, play: dict[str, Any], extras: HandExtras, by: User | None) -> Hand:
    """Add the next hand to a rubber, rescore it and store the result, all or nothing.

    The rubber row is locked first, so two secretaries entering at once get
    consecutive numbers and neither hand is lost.
    """
    return hand_add(record_lock(rubber_id, Change.HAND), play=play, extras=extras, by=by)


def hand_add(rubber: Rubber, *, play: dict[str, Any], extras: HandExtras, by: User | None,
             report: HandReport | None = None) -> Hand:
    """Add the next hand to a rubber locked by the caller (`record_lock`, for a hand), rescore it and store the
    result: a phone's confirmed report records its hand under the lock it answered under. `report` is the report
    of the deal this records (confirmed or settled by the caller, not yet saved): it is saved with its hand."""
    number = rubber.hand_count + 1  # kept by every rescore, under this lock
    new = check_hand(play, number, rubber.rulebook)
    hand = Hand(rubber=rubber, number=number, entered_by=by, **play_fields(new), **_extras(extras))
    hand_clean(hand)
    _last_deal_at_time(rubber, number)
    penalties = penalties_from(play)
    for penalty in penalties:
        penalty.entered_by = by
    deal_store(rubber, hand, penalties)
    if report is None:
        # A report of this deal still open at the table is answered by this entry.
        HandReport.objects.filter(rubber=rubber, number=number, status__in=HandReport.OPEN).update(
            status=HandReport.Status.SUPERSEDED, settled_by=by, settled_at=timezone.now(), hand=hand)
    else:  # the deal's one open report (a constraint keeps it one), now answered
        report.hand = hand
        report.save()
    return hand


def _last_deal_at_time(rubber: Rubber, number: int) -> None:
    """A deal entered once the round's time is up, at an event whose tables finish the deal in play, was that
    deal: the table stops after it (no extra deal for a tie either)."""
    if not rubber.event.in_rounds:
        return
    round_ = Round.objects.filter(tables__rubber=rubber, status=Round.Status.IN_PLAY).first()
    if round_ is None:
        return
    round_.event = rubber.event
    last = round_.clock.last_deal(number, timezone.now())
    if last is not None:
        rubber.deal_limit, rubber.time_called = last, True
        rubber.save(update_fields=["deal_limit", "time_called"])


def hand_clean(hand: Hand) -> None:
    """Check a hand's fields (the notes' text, the announced score) before it is stored.

    Its play came from the laws' own check (`check_hand`), which refuses everything the hand's check
    constraints forbid, and its number from the locked rubber: so the constraints are left to the database
    rather than asked of it a query each (four queries a hand saved). Its reporter, a player read already (a
    report's, or the form's choice), is not looked up again: the database keeps that reference too."""
    hand.full_clean(exclude=["rubber", "entered_by", "reported_by"], validate_constraints=False)


def _extras(extras: HandExtras) -> dict[str, Any]:
    return {"announced_ns": extras.announced_ns, "announced_ew": extras.announced_ew,
            "notes": extras.notes, "reported_by": extras.reported_by}


@transaction.atomic
def hand_correct(
    *, hand_id: int, play: dict[str, Any], extras: HandExtras, reason: str, by: User | None,
) -> Hand:
    """Put right what was entered for a hand (an entry correction, not a ruling: always allowed).
    Once the next hand is entered a written reason is needed and the correction stays on record.
    Rulings on the hand still apply on top of the corrected report."""
    rubber_id = Hand.objects.values_list("rubber_id", flat=True).get(pk=hand_id)
    rubber = record_lock(rubber_id, Change.CORRECTION, reason=reason)
    hand = Hand.objects.prefetch_related("penalties").get(pk=hand_id)
    is_last = hand.number == rubber.hand_count
    _reason_check(hand.number, rubber.hand_count, reason)

    before = hand_document(hand)
    new = check_hand(play, hand.number, rubber.rulebook)
    for field, value in {**play_fields(new), **_extras(extras)}.items():
        setattr(hand, field, value)
    hand.announcement_resolved = False
    hand_clean(hand)
    hand.save()
    hand.penalties.all().delete()
    _penalties_save(hand, play, by)
    after = hand_document(Hand.objects.prefetch_related("penalties").get(pk=hand.pk))
    if reason.strip() or not is_last:
        HandCorrection.objects.create(hand=hand, reason=reason.strip(), before=before, after=after, made_by=by)
    rubber_rescore(rubber, illegal="That correction would make a later hand impossible: ")
    return hand


@transaction.atomic
def hand_take_back(*, rubber_id: int, number: int, reason: str, by: User | None) -> HandTakenBack:
    """Take back the last hand of a rubber, entered by mistake, and rescore; the hand as entered stays
    on record. A hand with a ruling on it stays: its ruling is part of the record (correct it instead)."""
    rubber = record_lock(rubber_id, Change.TAKE_BACK)
    if number != rubber.hand_count:
        raise ValidationError(f"Only the last hand (hand {rubber.hand_count}) can be taken back.", code="not_last_hand")
    hand = Hand.objects.prefetch_related("penalties").get(rubber=rubber, number=number)
    if hand.rulings.exists():
        raise ValidationError(f"Hand {number} has a ruling on it; correct the hand instead of taking it back.",
                              code="hand_ruled")
    taken = HandTakenBack(rubber=rubber, number=number, hand=hand_document(hand), reason=reason.strip(), made_by=by)
    taken.full_clean(exclude=["rubber", "made_by"])
    taken.save()
    hand.delete()
    rubber_rescore(rubber)
    return taken


@dataclass(frozen=True)
class ScoreView:
    """What a correction changes: the hand's points, the rubber points and the running score."""

    hand_points: tuple[int, int]
    rubber_points: tuple[int, int]
    current: tuple[int, int] | None
    """The running score of the game in play; None once the rubber is complete."""


def _reason_check(number: int, hand_count: int, reason: str) -> None:
    if number != hand_count and not reason.strip():
        raise field_refusal("reason", "A later hand has been entered, so say why this entry is corrected.",
                            code="correction_unexplained")


def correction_preview(*, hand_id: int, play: dict[str, Any], reason: str) -> tuple[ScoreView, ScoreView]:
    """The score before and after a correction, computed and not saved (rulings still apply on top)."""
    hand = Hand.objects.select_related("rubber").get(pk=hand_id)
    _reason_check(hand.number, hand.rubber.hand_count, reason)
    rubber, rulebook = hand.rubber, hand.rubber.rulebook
    rows = rubber_hands(rubber)
    before = [as_scored(h, rulebook) for h in rows]
    corrected = check_hand(play, hand.number, rulebook)
    effects = [Effect.from_document(r.effect) for r in hand.rulings.all() if r.standing]
    after = [*before[:hand.number - 1], apply_effects(corrected, effects, hand.number, rulebook),
             *before[hand.number:]]
    first = Seat(rubber.first_dealer)
    try:
        views = [score_rubber(hands, rulebook, first_dealer=first) for hands in (before, after)]
    except RubberError as exc:
        raise ValidationError(f"That correction would make a later hand impossible: {exc}",
                              code="later_hand_impossible") from None
    return _view(views[0], hand.number), _view(views[1], hand.number)


def _view(result: RubberResult, number: int) -> ScoreView:
    scored = result.hands[number - 1]
    return ScoreView((scored.points(Side.NS), scored.points(Side.EW)), result.rubber_points, result.current_score)


def _penalties_save(hand: Hand, play: dict[str, Any], by: User | None) -> None:
    """The penalties the secretary entered with the hand, as records of their own."""
    for penalty in penalties_from(play):
        penalty.hand, penalty.entered_by = hand, by
        penalty.save()


@transaction.atomic
def announcement_resolve(*, hand_id: int) -> None:
    """Law 6: the secretary has settled an announced score that differed from the computed one."""
    Hand.objects.filter(pk=hand_id).update(announcement_resolved=True)


PENALTY_KEYS = {"revoke": "revokes", "wrong_cards": "wrong_cards", "abandoned": "adversary_abandoned",
                "partner_exposed": "partner_exposed", "signal": "signal", "thrown_in": "thrown_in"}
"""The hand key each kind of penalty becomes; a code scores only the keys it knows."""


@transaction.atomic
def penalty_add(*, hand_id: int, kind: str, side: str, count: int, note: str, claimed: str,
                by: User | None) -> Penalty:
    """Attach a penalty to a hand and rescore the rubber (the hand as reported is untouched).

    The claim passes the same time check a ruling would: a revoke before the cards are cut for
    the next deal (law 68), any other score before the next trump card is turned (law 5)."""
    rubber_id = Hand.objects.values_list("rubber_id", flat=True).get(pk=hand_id)
    rubber = record_lock(rubber_id, Change.PENALTY, reason=note)
    try:
        late = claim_limit(kind, claimed, rubber.rulebook)
    except RulingError as exc:
        raise field_refusal("claimed", exc.message, code="claim_refused") from None
    if late:
        raise field_refusal("claimed", f"Too late ({cite(late, rubber.rulebook)}): the score stands. To keep the "
                                       "claim on record, ask for a ruling on the hand; it is recorded with no "
                                       "effect.", code="claim_too_late")
    rulebook = rubber.rulebook
    key = PENALTY_KEYS.get(kind)
    if key is None or not rulebook.knows(key) or (key == "signal" and not rulebook.points.signal):
        raise field_refusal("kind", sentence(f"{rulebook.short_name} score no such penalty."), code="no_such_penalty")
    sided = kind in ("revoke", "wrong_cards", "signal", "thrown_in")
    penalty = Penalty(hand_id=hand_id, kind=kind, side=side if sided else "",
                      count=count if kind == "revoke" else 1, note=note, entered_by=by)
    penalty.full_clean(exclude=["hand", "entered_by"])
    penalty.save()
    rubber_rescore(rubber)
    return penalty
