"""Recording and correcting hands (laws 5 and 6), and penalties entered by the secretary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine import IllegalReport, RubberError
from scoring.models import Hand, HandCorrection, Penalty, Player, Rubber
from scoring.services.reports import (
    as_validation_error,
    check_hand,
    hand_document,
    penalties_from,
    play_fields,
    reported,
    rulebook_of,
    standing_penalties,
)
from scoring.services.scoring_store import rubber_hands, rubber_store


@dataclass(frozen=True, kw_only=True)
class HandExtras:
    """What the secretary records beside the play: the announced score (law 6), notes, reporter."""

    announced_ns: int | None = None
    announced_ew: int | None = None
    notes: str = ""
    reported_by: Player | None = None


def _locked_open_rubber(rubber_id: int) -> Rubber:
    rubber = Rubber.objects.select_for_update().select_related("event").get(pk=rubber_id)
    if rubber.status == Rubber.Status.COMPLETE:
        raise ValidationError("The rubber is complete; no more hands can be entered.")
    if rubber.status == Rubber.Status.ABANDONED:
        raise ValidationError("The rubber was abandoned; no more hands can be entered.")
    return rubber


@transaction.atomic
def hand_record(*, rubber_id: int, play: dict[str, Any], extras: HandExtras, by: AbstractBaseUser | None) -> Hand:
    """Add the next hand to a rubber, rescore it and store the result, all or nothing.

    The rubber row is locked first, so two secretaries entering at once get
    consecutive numbers and neither hand is lost.
    """
    rubber = _locked_open_rubber(rubber_id)
    rulebook = rulebook_of(rubber)
    hands = rubber_hands(rubber)
    number = len(hands) + 1
    new = check_hand(play, number, rulebook)
    reports = [reported(h, rulebook) for h in hands] + [new]
    hand = Hand(rubber=rubber, number=number, entered_by=by, **play_fields(new), **_extras(extras))
    try:
        hand.full_clean(exclude=["rubber", "entered_by"])
        hand.save()
        for penalty in penalties_from(play):
            penalty.hand, penalty.entered_by = hand, by
            penalty.save()
        rubber_store(rubber, [*hands, hand], reports)
    except RubberError as exc:
        raise as_validation_error(exc) from None
    return hand


def _extras(extras: HandExtras) -> dict[str, Any]:
    return {"announced_ns": extras.announced_ns, "announced_ew": extras.announced_ew,
            "notes": extras.notes, "reported_by": extras.reported_by}


@transaction.atomic
def hand_correct(
    *, hand_id: int, play: dict[str, Any], extras: HandExtras, reason: str, by: AbstractBaseUser | None,
) -> Hand:
    """Correct a hand as reported. Law 5: once the next hand is entered, a written reason is needed
    and the correction stays on record. Rulings on the hand still apply on top of the corrected report."""
    rubber_id = Hand.objects.values_list("rubber_id", flat=True).get(pk=hand_id)
    rubber = Rubber.objects.select_for_update().select_related("event").get(pk=rubber_id)
    if rubber.status == Rubber.Status.ABANDONED:
        raise ValidationError("The rubber was abandoned; its hands can no longer be corrected.")
    rulebook = rulebook_of(rubber)
    hands = rubber_hands(rubber)
    index = next(i for i, h in enumerate(hands) if h.pk == hand_id)
    hand = hands[index]
    is_last = index == len(hands) - 1
    if not is_last and not reason.strip():
        raise ValidationError({"reason": "Law 5: a later hand has been entered, so say why this hand is corrected."})

    before = hand_document(hand, standing_penalties(hand))
    new = check_hand(play, hand.number, rulebook)
    for field, value in {**play_fields(new), **_extras(extras)}.items():
        setattr(hand, field, value)
    hand.announcement_resolved = False
    hand.full_clean(exclude=["rubber", "entered_by"])
    hand.save()
    hand.penalties.all().delete()
    for penalty in penalties_from(play):
        penalty.hand, penalty.entered_by = hand, by
        penalty.save()
    after = hand_document(hand, standing_penalties(_refetch(hand)))
    if reason.strip() or not is_last:
        HandCorrection.objects.create(hand=hand, reason=reason.strip(), before=before, after=after, made_by=by)
    _rescore_locked(rubber, illegal="That correction would make a later hand impossible: ")
    return hand


def _refetch(hand: Hand) -> Hand:
    """The hand with its penalties as now saved (the prefetched ones are stale)."""
    return Hand.objects.prefetch_related("penalties", "rulings").get(pk=hand.pk)


@transaction.atomic
def announcement_resolve(*, hand_id: int) -> None:
    """Law 6: the secretary has settled an announced score that differed from the computed one."""
    Hand.objects.filter(pk=hand_id).update(announcement_resolved=True)


@transaction.atomic
def penalty_add(*, hand_id: int, kind: str, side: str, count: int, note: str, by: AbstractBaseUser | None) -> Penalty:
    """Attach a penalty to a hand and rescore the rubber (the hand as reported is untouched)."""
    rubber_id = Hand.objects.values_list("rubber_id", flat=True).get(pk=hand_id)
    rubber = Rubber.objects.select_for_update().select_related("event").get(pk=rubber_id)
    if rubber.status == Rubber.Status.ABANDONED:
        raise ValidationError("The rubber was abandoned.")
    penalty = Penalty(hand_id=hand_id, kind=kind, side=side if kind in ("revoke", "wrong_cards") else "",
                      count=count if kind == "revoke" else 1, note=note, entered_by=by)
    penalty.full_clean(exclude=["hand", "entered_by"])
    penalty.save()
    _rescore_locked(rubber)
    return penalty


def _rescore_locked(rubber: Rubber, *, illegal: str = "") -> None:
    """Rescore a rubber whose row this transaction has locked. A law the hands now break
    becomes a form error, worded with `illegal` in front when the caller gives one."""
    hands = rubber_hands(rubber)
    rulebook = rulebook_of(rubber)
    try:
        rubber_store(rubber, hands, [reported(h, rulebook) for h in hands])
    except IllegalReport as exc:
        raise (ValidationError(f"{illegal}{exc}") if illegal else as_validation_error(exc)) from None
    except RubberError as exc:
        raise as_validation_error(exc) from None
