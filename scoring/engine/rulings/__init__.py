"""Rulings on irregularities under the laws: the table, and the adjudication that reads it.

`adjudicate` turns the facts of a dispute into a `Ruling`: what the laws decide in plain
words, the laws cited, the effect on the hand's score in the scorer's own terms (an
`Effect`), what happens to the deal, what the table does to the play, the choices the
non-offending side may make (law 85), and whether the claim came too late.
"""

from scoring.engine.rulings.adjudicate import (
    DERIVED_FACTS,
    SEAT_WORDS,
    SIDE_WORDS,
    TABLES,
    Ruling,
    RulingError,
    adjudicate,
    irregularities,
)
from scoring.engine.rulings.effects import NO_EFFECT, Effect, apply_effects
from scoring.engine.rulings.schema import (
    DEAL_WORDS,
    REMEDY_WORDS,
    Deal,
    Fact,
    FactKind,
    Irregularity,
    Offender,
    Option,
    Outcome,
    Path,
    Remedy,
    ScoreEffect,
)

__all__ = [
    "DEAL_WORDS",
    "DERIVED_FACTS",
    "NO_EFFECT",
    "REMEDY_WORDS",
    "SEAT_WORDS",
    "SIDE_WORDS",
    "TABLES",
    "Deal",
    "Effect",
    "Fact",
    "FactKind",
    "Irregularity",
    "Offender",
    "Option",
    "Outcome",
    "Path",
    "Remedy",
    "Ruling",
    "RulingError",
    "ScoreEffect",
    "adjudicate",
    "apply_effects",
    "irregularities",
]
