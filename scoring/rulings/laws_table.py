"""The rulings table laid out for reading: every irregularity, its questions and each path's ruling."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine import Reason, Rulebook
from scoring.engine.laws import Law
from scoring.engine.rulebook.matters import Matter
from scoring.engine.rulings import DEAL_WORDS, Irregularity, Outcome, Path, ScoreEffect, irregularities
from scoring.engine.rulings.adjudicate import code_words
from scoring.engine.rulings.schema import CONSULTED_KEY

DERIVED_WORDS: Mapping[str, tuple[str, Mapping[str, str]]] = {
    "lone": ("A lone hand", {"yes": "yes", "no": "no"}),
    "role": ("The offender is", {"lone_player": "the lone player", "lone_partner": "the lone player's partner",
                                 "lone_adversary": "an adversary of the lone player", "maker_side": "a maker",
                                 "defender": "a defender", "none": "not placed"}),
    "any_count": ("Any revokes", {"yes": "yes", "no": "none"}),
    "declaration": ("The trump was", {"ordered_up": "ordered up", "assisted": "assisted", "adopted": "adopted",
                                      "made": "made (a suit named)", "none": "not recorded"}),
    "within_won": ("The points are no more than the side counted from the hand", {"yes": "yes", "no": "no"}),
}

SCORE_WORDS: Mapping[ScoreEffect, str] = {
    ScoreEffect.NONE: "",
    ScoreEffect.REVOKES: "Revokes charged to the offending side",
    ScoreEffect.WRONG_CARDS: "The wrong cards' forfeit against the offending side",
    ScoreEffect.ADVERSARY_ABANDONED: "The lone player scores five",
    ScoreEffect.PARTNER_EXPOSED: "A lone march scores two",
    ScoreEffect.NEW_DEAL: "The hand is void",
    ScoreEffect.MISDEAL: "The hand is a misdeal",
    ScoreEffect.PARTNERSHIP: "Scored as a partnership hand",
    ScoreEffect.OUT_OF_TURN_STANDS: "The deal out of turn stands",
    ScoreEffect.CORRECTED: "The hand is scored as put right",
    ScoreEffect.PASSED: "The hand is void: all passed, and the deal passes",
    ScoreEffect.PARTNERS_MISDEAL: "A misdeal charged to the player whose deal was taken",
    ScoreEffect.SIGNAL: "A point to the other side; the signallers count nothing from the hand",
    ScoreEffect.THROWN_IN: "The other side counts a march; the offenders nothing",
    ScoreEffect.MISCOUNT: "The other side counts the points wrongly added",
    ScoreEffect.UNCOUNTED: "The side loses the points it failed to count",
    ScoreEffect.REFUSED_PENALTY: "The other side wins the game in play",
}


@dataclass(frozen=True)
class PathRow:
    conditions: list[str]
    text: str
    laws: list[str]
    """The laws as the code numbers them ("63", "XXV", "1877 §9")."""
    score: str
    deal: str
    options: list[str]
    too_late: bool
    refused: str
    lost: str = ""
    """What applies when the side loses its choice by consulting on it, or when the choice is the dealer's own,
    nothing."""


@dataclass(frozen=True)
class IrregularityView:
    irregularity: Irregularity
    questions: list[str]
    rows: list[PathRow]


def _conditions(irregularity: Irregularity, path: Path, rulebook: Rulebook) -> list[str]:
    asked = {f.key: f for f in irregularity.facts}
    out = []
    for key, accepted in path.when.items():
        if key in asked:
            fact = asked[key]
            answers = " or ".join(sorted(fact.label(v) for v in accepted))
            out.append(rulebook.cites_in(f"{fact.question} {answers}"))
        else:
            label, words = DERIVED_WORDS[key]
            out.append(f"{label}: {' or '.join(sorted(words.get(v, v) for v in accepted))}")
    return out or ["Otherwise"]


def generic_words(rulebook: Rulebook) -> dict[str, object]:
    """Stand-ins for the names and numbers a ruling's text gives when it is made (the code's own numbers as they
    are)."""
    return {
        **code_words(rulebook),
        "offender": "the offender", "partner": "his partner", "dealer": "the dealer", "side": "the offenders",
        "left": "his left-hand adversary",
        "claimants": "the adversaries", "count": "them", "times": "one or more times",
        "revoke_points": f"{rulebook.points.revoke} ({rulebook.points.lone_revoke} in a lone hand)",
        "forfeit": f"{rulebook.points.wrong_cards_forfeit} ({rulebook.points.lone_wrong_cards_forfeit} in a lone hand)",
        "tricks": "corrected number of",
        "alone_words": "with or without a lone hand, as put right", "points": "the",
        "won": "fewer points", "points_words": "more",
    }


def _sentence(text: str, words: Mapping[str, object], rulebook: Rulebook | None = None) -> str:
    filled = text.format_map(words)
    if rulebook is not None:
        filled = rulebook.cites_in(filled)
    return re.sub(r"(^|\.\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), filled)


def _row(irregularity: Irregularity, path: Path, words: Mapping[str, object], rulebook: Rulebook) -> PathRow:
    outcome: Outcome | None = path.outcome
    if outcome is None:
        return PathRow(_conditions(irregularity, path, rulebook), "", [], "", "", [], False,
                       _sentence(path.refuse, words, rulebook))
    return PathRow(
        conditions=_conditions(irregularity, path, rulebook),
        text=_sentence(outcome.text, words, rulebook),
        laws=[rulebook.law(n).cited for n in outcome.laws],
        score=_score(outcome.score, rulebook),
        deal=DEAL_WORDS[outcome.deal] if outcome.deal.value != "stands" else "",
        options=[o.label + (f": {_score(o.outcome.score, rulebook)}" if o.outcome.score is not ScoreEffect.NONE else "")
                 for o in outcome.options if o.key != CONSULTED_KEY],
        too_late=outcome.too_late,
        refused="",
        lost=next((_sentence(o.outcome.text.split(f"({rulebook.cited(Matter.CHOICE)}): ", 1)[-1], words, rulebook)
                   for o in outcome.options
                   if o.key == CONSULTED_KEY), ""),
    )


SCORE_REASONS: Mapping[ScoreEffect, Reason] = {ScoreEffect.WRONG_CARDS: Reason.WRONG_CARDS,
                                               ScoreEffect.ADVERSARY_ABANDONED: Reason.ABANDONED,
                                               ScoreEffect.PARTNER_EXPOSED: Reason.LONE_MARCH_PARTNER_EXPOSED}
"""The score effects whose words cite the code's law for them."""


def _score(effect: ScoreEffect, rulebook: Rulebook) -> str:
    reason = SCORE_REASONS.get(effect)
    return SCORE_WORDS[effect] + (rulebook.noted(reason) if reason is not None else "")


def rulings_table(rulebook: Rulebook) -> list[IrregularityView]:
    words = generic_words(rulebook)
    return [
        IrregularityView(irr, [irr.offender_question if irr.offender.value == "asked" else "",
                               *[rulebook.cites_in(f.question) for f in irr.facts]],
                         [_row(irr, p, words, rulebook) for p in irr.paths])
        for irr in irregularities(rulebook).values()
    ]


def law_list(rulebook: Rulebook) -> list[Law]:
    return sorted(rulebook.laws.values(), key=lambda law: law.number)
