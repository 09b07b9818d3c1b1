"""Rulings on irregularities under the laws: the table, and the adjudication that reads it.

`adjudicate` turns the facts of a dispute into a `Ruling`: what the laws decide in plain
words, the laws cited, the effect on the hand's score in the scorer's own terms (an
`Effect`), what happens to the deal, what the table does to the play, the choices the
non-offending side may make (law 85), and whether the claim came too late (laws 5, 68).
`rule` does the same for a hand of a rubber and scores the rubber without and with the
ruling; `claim_limit` and `irregularity_catalogue` give the table's limits and questions as
plain data.
"""

from scoring.engine.rulings.adjudicate import (
    DERIVED_FACTS,
    TABLES,
    Ruling,
    RulingError,
    adjudicate,
    irregularities,
)
from scoring.engine.rulings.catalogue import claim_limit, irregularity_catalogue
from scoring.engine.rulings.effects import NO_EFFECT, Effect, apply_effects
from scoring.engine.rulings.on_hand import LaterHandError, RuleOnHand, rule
from scoring.engine.rulings.schema import (
    DEAL_WORDS,
    REMEDY_WORDS,
    Chooser,
    ClaimLimit,
    Deal,
    Fact,
    FactKind,
    Irregularity,
    Offender,
    OffenderRule,
    Option,
    Outcome,
    Path,
    Remedy,
    ScoreEffect,
)

Decision = Ruling
"""What the site calls a ruling before it is stored."""

__all__ = [
    "DEAL_WORDS",
    "DERIVED_FACTS",
    "NO_EFFECT",
    "REMEDY_WORDS",
    "TABLES",
    "Chooser",
    "ClaimLimit",
    "Deal",
    "Decision",
    "Effect",
    "Fact",
    "FactKind",
    "Irregularity",
    "LaterHandError",
    "Offender",
    "OffenderRule",
    "Option",
    "Outcome",
    "Path",
    "Remedy",
    "RuleOnHand",
    "Ruling",
    "RulingError",
    "ScoreEffect",
    "adjudicate",
    "apply_effects",
    "claim_limit",
    "irregularities",
    "irregularity_catalogue",
    "rule",
]
