"""A ruling's effect on one hand's score, and how it is applied to the hand as reported.

Effects are applied to the interchange form of the hand and the result is parsed again,
so a ruling can never produce a hand the scorer would refuse without saying why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import MalformedRubber
from scoring.engine.hands import NO_MISCOUNT, NO_REVOKES, HandResult, Miscount, ReportedHand, Revokes
from scoring.engine.interchange import PLAY_ONLY, hand_to_document, parse_hand
from scoring.engine.rulebook import SOMERSET_1888, Rulebook
from scoring.engine.seats import Side

CORRECTABLE = frozenset({"maker", "alone", "tricks", "out_of_turn", "declaration", "dealer", "declared_by"})
"""The hand's fields a ruling may put right (law 5; law 40; law 45's dealer; a lone hand taken against the 1877
privileges). None or False clears a field."""
SIDE_KEYS = ("signal", "thrown_in", "refused_penalty")
"""Effects that name the offending side (XXXIII, 1877 §9, XXXVI)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """The change a ruling makes to a hand: extra revokes, law 90, laws 50 and 102, a void deal, corrections.

    A void deal (`result`) drops the hand's play; corrections apply either way (law 45 puts a
    misdeal down to the player whose deal it was).
    """

    revokes: Revokes = NO_REVOKES
    wrong_cards: Side | None = None
    adversary_abandoned: bool = False
    partner_exposed: bool = False
    result: HandResult | None = None
    corrections: Mapping[str, Any] = field(default_factory=dict)
    signal: Side | None = None
    thrown_in: Side | None = None
    refused_penalty: Side | None = None
    miscount: Miscount = NO_MISCOUNT
    uncounted: Miscount = NO_MISCOUNT
    """XXXI: points a side failed to count, claimed after the next deal, and so lost."""

    def __bool__(self) -> bool:
        return bool(self.revokes or self.wrong_cards or self.adversary_abandoned or self.partner_exposed
                    or self.result or self.corrections or self.signal or self.thrown_in or self.refused_penalty
                    or self.miscount or self.uncounted)

    def apply(self, document: Mapping[str, Any]) -> dict[str, Any]:
        """The interchange hand `document` as this ruling leaves it."""
        out = dict(document)
        if self.result is not None:
            for key in PLAY_ONLY:
                out.pop(key, None)
            out["result"] = self.result.value
        for key, value in self.corrections.items():
            if value is None or value is False:
                out.pop(key, None)
            else:
                out[key] = value
        if self.result is not None:
            return out
        if self.revokes:
            revokes = dict(out.get("revokes") or {})
            for side in Side:
                added = self.revokes.by(side)
                if added:
                    revokes[side.value] = revokes.get(side.value, 0) + added
            out["revokes"] = revokes
        if self.wrong_cards is not None:
            out["wrong_cards"] = self.wrong_cards.value
        if self.adversary_abandoned:
            out["adversary_abandoned"] = True
        if self.partner_exposed:
            out["partner_exposed"] = True
        for key in SIDE_KEYS:
            offenders = getattr(self, key)
            if offenders is not None:
                out[key] = offenders.value
        for key in ("miscount", "uncounted"):
            counts: Miscount = getattr(self, key)
            if not counts:
                continue
            miscount = dict(out.get(key) or {})
            for name, added in (("NS", counts.ns), ("EW", counts.ew)):
                if added:
                    miscount[name] = miscount.get(name, 0) + added
            out[key] = miscount
        return out

    def to_document(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.revokes:
            doc["revokes"] = {side.value: self.revokes.by(side) for side in Side if self.revokes.by(side)}
        if self.wrong_cards is not None:
            doc["wrong_cards"] = self.wrong_cards.value
        if self.adversary_abandoned:
            doc["adversary_abandoned"] = True
        if self.partner_exposed:
            doc["partner_exposed"] = True
        if self.result is not None:
            doc["result"] = self.result.value
        if self.corrections:
            doc["corrections"] = dict(self.corrections)
        for key in SIDE_KEYS:
            side = getattr(self, key)
            if side is not None:
                doc[key] = side.value
        for key in ("miscount", "uncounted"):
            counts: Miscount = getattr(self, key)
            if counts:
                doc[key] = {side: n for side, n in (("NS", counts.ns), ("EW", counts.ew)) if n}
        return doc

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> Effect:
        """Read an effect back from `to_document` (stored rulings)."""
        unknown = set(doc) - {"revokes", "wrong_cards", "adversary_abandoned", "partner_exposed", "result",
                              "corrections", "miscount", "uncounted", *SIDE_KEYS}
        if unknown:
            raise MalformedRubber(f"unknown ruling effect {sorted(unknown)[0]!r}")
        revokes = doc.get("revokes") or {}
        miscount, uncounted = doc.get("miscount") or {}, doc.get("uncounted") or {}
        corrections = dict(doc.get("corrections") or {})
        if set(corrections) - CORRECTABLE:
            raise MalformedRubber(f"a ruling cannot correct {sorted(set(corrections) - CORRECTABLE)[0]!r}")
        return cls(
            revokes=Revokes(ns=int(revokes.get("NS", 0)), ew=int(revokes.get("EW", 0))) if revokes else NO_REVOKES,
            wrong_cards=Side(doc["wrong_cards"]) if doc.get("wrong_cards") else None,
            adversary_abandoned=bool(doc.get("adversary_abandoned")),
            partner_exposed=bool(doc.get("partner_exposed")),
            result=HandResult(doc["result"]) if doc.get("result") else None,
            corrections=corrections,
            **{key: Side(doc[key]) for key in SIDE_KEYS if doc.get(key)},
            miscount=Miscount(ns=int(miscount.get("NS", 0)), ew=int(miscount.get("EW", 0))) if miscount
            else NO_MISCOUNT,
            uncounted=Miscount(ns=int(uncounted.get("NS", 0)), ew=int(uncounted.get("EW", 0))) if uncounted
            else NO_MISCOUNT,
        )


NO_EFFECT = Effect()


def apply_effects(hand: ReportedHand, effects: list[Effect] | tuple[Effect, ...], number: int,
                  rulebook: Rulebook = SOMERSET_1888) -> ReportedHand:
    """The hand as reported, with the effects of its standing rulings applied in order.

    Raises the interchange errors (naming hand `number`) when the result is not a hand
    the laws allow, for example law 50 on a hand that is no longer a lone hand.
    """
    if not any(effects):
        return hand
    document = hand_to_document(hand)
    for effect in effects:
        document = effect.apply(document)
    return parse_hand(document, number, rulebook)
