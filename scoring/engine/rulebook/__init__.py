"""The codes of laws the site scores under, each a `Rulebook` of values and switches.

Somerset 1888 is the default; the Official Laws of 1862, the 1877 rules and the standard game follow the
contract in the interchange format's rulebooks note.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine.rulebook.book import PROGRESSIVE_KEY, SEATS_WORDS, Reason, Rulebook, Seats
from scoring.engine.rulebook.house import HOUSE_RULES, NO_HOUSE_RULES, HouseRules, house_words, read_house_rules
from scoring.engine.rulebook.official import OFFICIAL_1862, RULES_1877, STANDARD
from scoring.engine.rulebook.somerset import SOMERSET_1888
from scoring.engine.rulebook.terms import TALLY_TERMS, Terms

RULEBOOKS: Mapping[str, Rulebook] = {rb.key: rb for rb in (SOMERSET_1888, OFFICIAL_1862, RULES_1877, STANDARD)}


@dataclass(frozen=True, slots=True)
class Standing:
    """A key the club's figures are kept and ranked under: a code's own events, or every progressive night."""

    key: str
    name: str
    terms: Terms
    heading: str
    """What a player's record and the club's standings call it: "Matches under the standard game"."""


STANDINGS: Mapping[str, Standing] = {
    **{rb.key: Standing(rb.key, rb.name, rb.wording.terms, f"{rb.wording.terms.section} under {rb.short_name}")
       for rb in RULEBOOKS.values()},
    PROGRESSIVE_KEY: Standing(PROGRESSIVE_KEY, "Progressive nights", TALLY_TERMS, "Progressive nights"),
}
"""Each code's figures apart, and the progressive tally apart from them all, in the order pages list them."""

__all__ = ["HOUSE_RULES", "NO_HOUSE_RULES", "OFFICIAL_1862", "PROGRESSIVE_KEY", "RULEBOOKS", "RULES_1877",
           "SEATS_WORDS", "SOMERSET_1888", "STANDARD", "STANDINGS", "HouseRules", "Reason", "Rulebook", "Seats",
           "Standing", "Terms", "house_words", "read_house_rules"]
