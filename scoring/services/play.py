"""A stored hand's play: its hand and penalties as the engine's hand, as played and as scored, and back.

What a table's phones send before the hand is stored is a report (`HandReport`, the reporting app)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from django.core.exceptions import ValidationError

from scoring.engine import HandResult, IllegalReport, ReportedHand, RubberError, Rulebook, interchange
from scoring.engine.interchange import hand_to_document, parse_hand
from scoring.engine.rulings import Effect, apply_effects
from scoring.models import Hand, Penalty, Ruling

PLAY_FIELDS = ("dealer", "out_of_turn", "result", "maker", "declaration", "alone", "declared_by", "defended_alone",
               "tricks")


class StoredPlay(Protocol):
    """What a hand's interchange document is made of: a `Hand`, or a row of its fields read without one."""

    @property
    def dealer(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def out_of_turn(self) -> bool: ...
    @property
    def declaration(self) -> str: ...
    @property
    def maker(self) -> str: ...
    @property
    def alone(self) -> bool: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def declared_by(self) -> str: ...
    @property
    def defended_alone(self) -> str: ...


class StoredPenalty(Protocol):
    """A penalty as a hand's document counts it: a `Penalty`, or a row of its fields."""

    @property
    def kind(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def count(self) -> int: ...


def hand_document(hand: Hand, penalties: Iterable[StoredPenalty] | None = None) -> dict[str, Any]:
    """A stored hand and its penalties (by default its saved ones, prefetched) as an interchange hand."""
    return play_document(hand, hand.penalties.all() if penalties is None else penalties)


def play_document(hand: StoredPlay, penalties: Iterable[StoredPenalty]) -> dict[str, Any]:
    """A stored hand's play and its penalties as an interchange hand."""
    revokes = {"NS": 0, "EW": 0}
    wrong_cards, abandoned, exposed, signal, thrown_in = None, False, False, None, None
    for penalty in penalties:
        if penalty.kind == Penalty.Kind.REVOKE:
            revokes[penalty.side] += penalty.count
        elif penalty.kind == Penalty.Kind.WRONG_CARDS:
            wrong_cards = penalty.side
        elif penalty.kind == Penalty.Kind.SIGNAL:
            signal = penalty.side
        elif penalty.kind == Penalty.Kind.THROWN_IN:
            thrown_in = penalty.side
        elif penalty.kind == Penalty.Kind.ABANDONED:
            abandoned = True
        elif penalty.kind == Penalty.Kind.PARTNER_EXPOSED:
            exposed = True
    played = hand.result == HandResult.PLAYED
    return interchange.hand_document(
        dealer=hand.dealer, result=hand.result, out_of_turn=hand.out_of_turn, declaration=hand.declaration,
        maker=hand.maker if played else None, alone=played and hand.alone, tricks=hand.tricks if played else None,
        revokes_ns=revokes["NS"], revokes_ew=revokes["EW"], wrong_cards=wrong_cards,
        adversary_abandoned=abandoned, partner_exposed=exposed,
        declared_by=hand.declared_by if played else None, signal=signal, thrown_in=thrown_in,
        defended_alone=hand.defended_alone if played else None,
    )


def as_played(hand: Hand, rulebook: Rulebook, penalties: Iterable[StoredPenalty] | None = None) -> ReportedHand:
    """The hand as it was played and stored, before any ruling (with `penalties` when given, as `hand_document`)."""
    return parse_hand(hand_document(hand, penalties), hand.number, rulebook)


def as_scored(hand: Hand, rulebook: Rulebook, *, without: int | None = None,
              penalties: Iterable[Penalty] | None = None, rulings: Iterable[Ruling] | None = None) -> ReportedHand:
    """The hand as it scores: as played, with the effects of its standing rulings applied (all but the
    ruling `without`, when given: the hand as that ruling finds it).

    `penalties` and `rulings`, when given, are used instead of the saved ones, so that a hand built in
    memory and not yet saved (a restore) scores exactly as it will once saved."""
    standing = hand.rulings.all() if rulings is None else rulings
    effects = [Effect.from_document(r.effect) for r in standing if r.standing and r.pk != without]
    return apply_effects(as_played(hand, rulebook, penalties), effects, hand.number, rulebook)


def check_hand(document: dict[str, Any], number: int, rulebook: Rulebook) -> ReportedHand:
    """Parse one hand, turning an engine error into a form error on its field."""
    try:
        return parse_hand(document, number, rulebook)
    except RubberError as exc:
        raise as_validation_error(exc) from None


def as_validation_error(exc: RubberError) -> ValidationError:
    field = {"revokes": "revokes_ns"}.get(exc.field or "", exc.field)
    message = exc.message
    if exc.hand is not None:
        message = f"{message} (hand {exc.hand})"
    code = "illegal_hand" if isinstance(exc, IllegalReport) else "malformed_hand"
    if field in FORM_FIELDS:
        return ValidationError({field: ValidationError(message, code=code)})
    return ValidationError(message, code=code)


# The fields every hand form has, so an engine error is said on its field; others are said above the form.
FORM_FIELDS = frozenset({*PLAY_FIELDS, "revokes_ns", "revokes_ew", "wrong_cards", "adversary_abandoned",
                         "partner_exposed"}) - {"declared_by", "defended_alone"}


def penalties_from(document: dict[str, Any]) -> list[Penalty]:
    """The penalty records an interchange hand carries (unsaved)."""
    out = []
    for side, count in (document.get("revokes") or {}).items():
        if count:
            out.append(Penalty(kind=Penalty.Kind.REVOKE, side=side, count=count))
    if document.get("wrong_cards"):
        out.append(Penalty(kind=Penalty.Kind.WRONG_CARDS, side=document["wrong_cards"]))
    if document.get("adversary_abandoned"):
        out.append(Penalty(kind=Penalty.Kind.ABANDONED))
    if document.get("partner_exposed"):
        out.append(Penalty(kind=Penalty.Kind.PARTNER_EXPOSED))
    for kind in (Penalty.Kind.SIGNAL, Penalty.Kind.THROWN_IN):
        if document.get(kind.value):
            out.append(Penalty(kind=kind, side=document[kind.value]))
    return out


def play_fields(hand: ReportedHand, document: dict[str, Any] | None = None) -> dict[str, Any]:
    """Hand model fields for the engine's hand (`document`: its interchange document, when made already)."""
    doc = hand_to_document(hand) if document is None else document
    return {
        "dealer": doc.get("dealer", ""),
        "out_of_turn": hand.out_of_turn,
        "result": hand.result.value,
        "maker": doc.get("maker", ""),
        "declaration": doc.get("declaration", ""),
        "alone": hand.alone,
        "declared_by": doc.get("declared_by", ""),
        "defended_alone": doc.get("defended_alone", ""),
        "tricks": hand.tricks,
    }
