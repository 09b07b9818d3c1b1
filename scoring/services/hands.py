"""Recording and correcting hands (laws 5 and 6), and penalties entered by the secretary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.explain import cite
from scoring.engine.rulings import RulingError, claim_limit
from scoring.models import Hand, HandCorrection, Penalty, Player
from scoring.services.reports import check_hand, hand_document, penalties_from, play_fields, rulebook_of
from scoring.services.scoring import rubber_lock, rubber_rescore


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
    rubber = rubber_lock(rubber_id, complete="The rubber is complete; no more hands can be entered.",
                         abandoned="The rubber was abandoned; no more hands can be entered.")
    number = rubber.hands.count() + 1
    new = check_hand(play, number, rulebook_of(rubber))
    hand = Hand(rubber=rubber, number=number, entered_by=by, **play_fields(new), **_extras(extras))
    hand.full_clean(exclude=["rubber", "entered_by"])
    hand.save()
    _penalties_save(hand, play, by)
    rubber_rescore(rubber)
    return hand


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
    rubber = rubber_lock(rubber_id, abandoned="The rubber was abandoned; its hands can no longer be corrected.")
    hand = Hand.objects.prefetch_related("penalties").get(pk=hand_id)
    is_last = hand.number == rubber.hand_count
    if not is_last and not reason.strip():
        raise ValidationError({"reason": "A later hand has been entered, so say why this entry is corrected."})

    before = hand_document(hand)
    new = check_hand(play, hand.number, rulebook_of(rubber))
    for field, value in {**play_fields(new), **_extras(extras)}.items():
        setattr(hand, field, value)
    hand.announcement_resolved = False
    hand.full_clean(exclude=["rubber", "entered_by"])
    hand.save()
    hand.penalties.all().delete()
    _penalties_save(hand, play, by)
    after = hand_document(Hand.objects.prefetch_related("penalties").get(pk=hand.pk))
    if reason.strip() or not is_last:
        HandCorrection.objects.create(hand=hand, reason=reason.strip(), before=before, after=after, made_by=by)
    rubber_rescore(rubber, illegal="That correction would make a later hand impossible: ")
    return hand


def _penalties_save(hand: Hand, play: dict[str, Any], by: User | None) -> None:
    """The penalties the secretary entered with the hand, as records of their own."""
    for penalty in penalties_from(play):
        penalty.hand, penalty.entered_by = hand, by
        penalty.save()


@transaction.atomic
def announcement_resolve(*, hand_id: int) -> None:
    """Law 6: the secretary has settled an announced score that differed from the computed one."""
    Hand.objects.filter(pk=hand_id).update(announcement_resolved=True)


@transaction.atomic
def penalty_add(*, hand_id: int, kind: str, side: str, count: int, note: str, claimed: str,
                by: User | None) -> Penalty:
    """Attach a penalty to a hand and rescore the rubber (the hand as reported is untouched).

    The claim passes the same time check a ruling would: a revoke before the cards are cut for
    the next deal (law 68), any other score before the next trump card is turned (law 5)."""
    rubber_id = Hand.objects.values_list("rubber_id", flat=True).get(pk=hand_id)
    rubber = rubber_lock(rubber_id, abandoned="The rubber was abandoned.")
    try:
        late = claim_limit(kind, claimed, rulebook_of(rubber))
    except RulingError as exc:
        raise ValidationError({"claimed": exc.message}) from None
    if late:
        raise ValidationError({"claimed": f"Too late ({cite(late)}): the score stands. To keep the claim on "
                                          "record, ask for a ruling on the hand; it is recorded with no effect."})
    penalty = Penalty(hand_id=hand_id, kind=kind, side=side if kind in ("revoke", "wrong_cards") else "",
                      count=count if kind == "revoke" else 1, note=note, entered_by=by)
    penalty.full_clean(exclude=["hand", "entered_by"])
    penalty.save()
    rubber_rescore(rubber)
    return penalty
