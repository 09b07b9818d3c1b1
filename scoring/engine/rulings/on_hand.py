"""Ruling on one hand of a rubber: the decision, and the rubber scored without and with it.

`rule` is the one path from a dispute to its effect on the score, shared by the site's
wizard and `manage.py rule`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.errors import RubberError
from scoring.engine.hands import ReportedHand
from scoring.engine.results import RubberResult
from scoring.engine.rulebook import Rulebook
from scoring.engine.rulings.adjudicate import Ruling, RulingError, adjudicate
from scoring.engine.scorer import score_rubber
from scoring.engine.seats import Seat, Side


class LaterHandError(RulingError):
    """The ruling itself is sound, but would leave a later hand impossible to score.

    `hand` is that later hand; `later_field` names its field at fault.
    """

    def __init__(self, message: str, *, hand: int, later_field: str | None) -> None:
        self.later_field = later_field
        super().__init__(message, hand=hand)


@dataclass(frozen=True)
class RuleOnHand:
    """A ruling on one hand, and the rubber scored before and after it."""

    decision: Ruling
    before: RubberResult
    after: RubberResult

    @property
    def number(self) -> int:
        return self.decision.number

    @property
    def hand_points_before(self) -> tuple[int, int]:
        return _points(self.before, self.number)

    @property
    def hand_points_after(self) -> tuple[int, int]:
        return _points(self.after, self.number)

    @property
    def changes_score(self) -> bool:
        return (self.before.to_document() != self.after.to_document()
                or self.hand_points_before != self.hand_points_after)

    def to_document(self) -> dict[str, Any]:
        """The ruling and the rubber's standing both ways, ready for JSON."""
        return {
            "ruling": self.decision.to_document(),
            "hand_points": {"before": list(self.hand_points_before), "after": list(self.hand_points_after)},
            "before": self.before.to_document(),
            "after": self.after.to_document(),
        }


def _points(result: RubberResult, number: int) -> tuple[int, int]:
    scored = result.hands[number - 1]
    return scored.points(Side.NS), scored.points(Side.EW)


def rule(
    hands: Sequence[ReportedHand],
    number: int,
    irregularity: str,
    facts: Mapping[str, Any],
    election: str | None = None,
    *,
    rulebook: Rulebook,
    names: Mapping[Seat, str] | None = None,
    first_dealer: Seat | None = None,
) -> RuleOnHand:
    """Rule on irregularity `irregularity` in hand `number` (1-based) of a rubber, and score it both ways.

    `hands` are the rubber's hands as they stand (earlier rulings already applied). Raises
    `RulingError` naming the fact at fault for facts the laws cannot rule on (and for a hand
    the ruling leaves impossible to score), `LaterHandError` (a `RulingError`) naming the
    later hand that the ruling would leave impossible to score, and the scorer's
    `RubberError` if the rubber cannot be scored even without the ruling.
    """
    if not 1 <= number <= len(hands):
        raise RulingError(f"the rubber has no hand {number}", hand=number, field="hand")
    before = score_rubber(hands, rulebook, first_dealer=first_dealer)
    decision = adjudicate(irregularity, facts, hands[number - 1], number=number, rulebook=rulebook,
                          election=election or None, names=names, counted=_points(before, number))
    ruled = [*hands[: number - 1], decision.hand_after, *hands[number:]]
    try:
        after = score_rubber(ruled, rulebook, first_dealer=first_dealer)
    except RubberError as exc:
        if exc.hand is not None and exc.hand > number:
            raise LaterHandError(exc.message, hand=exc.hand, later_field=exc.field) from None
        raise RulingError(f"this ruling cannot apply to hand {number}: {exc.message}", hand=number,
                          field=exc.field or "hand") from None
    return RuleOnHand(decision, before, after)
