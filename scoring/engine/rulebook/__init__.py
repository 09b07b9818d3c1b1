"""The codes of laws the site scores under, each a `Rulebook` of values and switches.

Somerset 1888 is the default; the Official Laws of 1862, the 1877 rules and the standard game follow the
contract in the interchange format's rulebooks note.
"""

from collections.abc import Mapping

from scoring.engine.rulebook.book import SEATS_WORDS, Reason, Rulebook, Seats
from scoring.engine.rulebook.official import OFFICIAL_1862, RULES_1877, STANDARD
from scoring.engine.rulebook.somerset import SOMERSET_1888

RULEBOOKS: Mapping[str, Rulebook] = {rb.key: rb for rb in (SOMERSET_1888, OFFICIAL_1862, RULES_1877, STANDARD)}

__all__ = ["OFFICIAL_1862", "RULEBOOKS", "RULES_1877", "SEATS_WORDS", "SOMERSET_1888", "STANDARD", "Reason",
           "Rulebook", "Seats"]
