"""Making and withdrawing rulings: the rulings table decides, this layer stores and rescores.

A ruling is previewed (the score before and after, nothing saved), then made: stored
append-only and applied to its hand, with the rubber rescored, in one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.engine import RubberResult, Seat, Side
from scoring.engine.errors import RubberError
from scoring.engine.rulings import LaterHandError, RuleOnHand, RulingError, adjudicate, rule
from scoring.engine.rulings import Ruling as Decision
from scoring.models import Hand, Rubber, Ruling
from scoring.services.play import as_scored
from scoring.services.record import Change, record_lock
from scoring.services.refusals import field_refusal
from scoring.services.scoring import rubber_hands, rubber_rescore


@dataclass(frozen=True)
class RulingPreview(RuleOnHand):
    """What a ruling would decide and do, before anything is saved: the engine's ruling on the hand
    (its decision and the rubber scored both ways), and the stored hand it is about."""

    hand: Hand

    def snapshot(self, result: RubberResult) -> dict[str, Any]:
        """The hand's points and the rubber's standing under one scoring, as stored with the ruling."""
        scored = result.hands[self.hand.number - 1]
        return {
            "hand": [scored.points(Side.NS), scored.points(Side.EW)],
            "current": list(result.current_score) if result.current_score else None,
            "games": [{"number": g.number, "winner": g.winner.value, "score": list(g.score), "value": g.value}
                      for g in result.games],
            "rubber_points": list(result.rubber_points),
            "rubber_winner": result.rubber_winner.value if result.rubber_winner else None,
        }


def ruling_preview(
    *, rubber: Rubber, hand_number: int, irregularity: str, facts: Mapping[str, Any], election: str | None = None,
    hands: Sequence[Hand] | None = None,
) -> RulingPreview:
    """Rule on a dispute about one hand and score the rubber both ways. Nothing is saved.

    Raises `ValidationError` naming the fact at fault, or saying which later hand the
    ruling would make impossible.
    """
    rulebook = rubber.rulebook
    rows = list(hands) if hands is not None else rubber_hands(rubber)
    if not 1 <= hand_number <= len(rows):
        raise field_refusal("hand", f"This rubber has no hand {hand_number}.", code="no_such_hand")
    try:
        ruled = rule([as_scored(h, rulebook) for h in rows], hand_number, irregularity, facts, election,
                     rulebook=rulebook, names=rubber.names_at_hand(hand_number), first_dealer=Seat(rubber.first_dealer))
    except LaterHandError as exc:
        raise ValidationError(
            f"Hand {exc.hand}, entered after this one, could not be scored with this ruling ({exc.message}). "
            f"Take back the hands from the last down to hand {exc.hand}, make the ruling, then enter them "
            "again.", code="later_hand_unscorable") from None
    except RulingError as exc:
        raise field_refusal(exc.field or "__all__", exc.message, code="ruling_refused") from None
    return RulingPreview(ruled.decision, ruled.before, ruled.after, rows[hand_number - 1])


@transaction.atomic
def ruling_make(
    *, rubber_id: int, hand_number: int, irregularity: str, facts: Mapping[str, Any], election: str | None,
    note: str = "", by: User | None, request_key: str | None = None,
) -> Ruling:
    """Store a ruling, apply it to its hand and rescore the rubber, all or nothing.

    `request_key` names the wizard run asking: a second request from the same run (a double-click,
    a resent form) gets the ruling the first one made, never a second one."""
    rubber = record_lock(rubber_id, Change.RULING, reason=note)
    if request_key and (made := Ruling.objects.filter(request_key=request_key).first()) is not None:
        return made
    hands = rubber_hands(rubber)
    preview = ruling_preview(rubber=rubber, hand_number=hand_number, irregularity=irregularity, facts=facts,
                             election=election, hands=hands)
    decision = preview.decision
    if decision.awaiting_election:
        raise field_refusal("election", "The non-offending side must choose before the ruling is made.",
                            code="election_needed")
    try:
        with transaction.atomic():
            ruling = _ruling_create(rubber, preview, decision, hand_number, note, by, request_key)
    except IntegrityError:
        if request_key and (made := Ruling.objects.filter(request_key=request_key).first()) is not None:
            return made  # the same run's other request stored it first
        raise
    rubber_rescore(rubber)
    return ruling


def _ruling_create(rubber: Rubber, preview: RulingPreview, decision: Decision, hand_number: int, note: str,
                   by: User | None, request_key: str | None) -> Ruling:
    record = decision.to_document()
    return Ruling.objects.create(
        rubber=rubber, hand=preview.hand, irregularity=decision.irregularity.key, facts=record["facts"],
        offender=record["offender"] or "",
        offender_player=rubber.players_at_hand(hand_number)[decision.offender] if decision.offender else None,
        election=record["election"] or "", chooser=record["chooser"] or "",
        summary=decision.text, laws=record["laws"], effect=record["effect"], deal=record["deal"],
        remedies=record["remedies"], too_late=decision.too_late, note=note.strip(), made_by=by,
        score_before=preview.snapshot(preview.before), score_after=preview.snapshot(preview.after),
        request_key=request_key or None,
    )


@transaction.atomic
def ruling_withdraw(*, ruling_id: int, reason: str, by: User | None) -> Ruling:
    """Withdraw a ruling with a reason (it is never deleted) and rescore the rubber without it."""
    rubber_id = Ruling.objects.values_list("rubber_id", flat=True).get(pk=ruling_id)
    rubber = record_lock(rubber_id, Change.WITHDRAWAL)
    ruling = Ruling.objects.get(pk=ruling_id)
    if ruling.withdrawn_at is not None:
        raise ValidationError("This ruling has already been withdrawn.", code="ruling_withdrawn")
    if not reason.strip():
        raise field_refusal("reason", "Say why the ruling is withdrawn.", code="withdrawal_unexplained")
    ruling.withdrawn_reason, ruling.withdrawn_at, ruling.withdrawn_by = reason.strip(), timezone.now(), by
    ruling.save(update_fields=["withdrawn_reason", "withdrawn_at", "withdrawn_by"])
    try:
        rubber_rescore(rubber)
    except ValidationError as exc:
        raise ValidationError(f"Without this ruling the rubber cannot be scored: {exc.messages[0]}",
                              code="rubber_unscorable") from None
    return ruling


def ruling_words(ruling: Ruling, rubber: Rubber, names: Mapping[Seat, str] | None = None) -> str:
    """What a standing ruling says, worded from its stored facts as the hand stands now, with the other
    rulings on the hand: a ruling withdrawn since changes what is left over (laws 63, 71). A withdrawn
    ruling, or one the table can no longer word, keeps the words it was made with."""
    if not ruling.standing:
        return ruling.summary
    rulebook = rubber.rulebook
    try:
        hand = as_scored(ruling.hand, rulebook, without=ruling.pk)
        decision = adjudicate(ruling.irregularity, ruling.facts, hand, number=ruling.hand.number, rulebook=rulebook,
                              election=ruling.election or None,
                              names=names if names is not None else rubber.names_at_hand(ruling.hand.number))
    except RubberError:
        return ruling.summary
    return decision.text
