"""The laws of each code, summarised in our own words: the Somerset Club's of 1888, the Official Laws of
1862, the 1877 rules and the standard game's summary. Laws are cited by number everywhere else; these tables
are where a number becomes a sentence a player can read."""

from scoring.engine.laws.law import Law, cite
from scoring.engine.laws.official import (
    OFFICIAL_1862_LAWS,
    OFFICIAL_LAWS_BORROWED,
    RULES_1877_SECTIONS,
    SECTION_1877,
    STANDARD_GAME,
    SUMMARY,
    SUMMARY_1862,
    cite_1862,
    cite_1877,
    roman,
)
from scoring.engine.laws.somerset import SOMERSET_1888_LAWS

__all__ = [
    "OFFICIAL_1862_LAWS",
    "OFFICIAL_LAWS_BORROWED",
    "RULES_1877_SECTIONS",
    "SECTION_1877",
    "SOMERSET_1888_LAWS",
    "STANDARD_GAME",
    "SUMMARY",
    "SUMMARY_1862",
    "Law",
    "cite",
    "cite_1862",
    "cite_1877",
    "roman",
]
