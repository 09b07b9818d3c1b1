"""The rulings table under the Official Laws of 1862, which the 1877 rules and the standard game share where
their own texts are silent (the rulebooks note).

Laws are numbered as the Official Laws number them (cited in Roman numerals); the 1877 sections are kept
under `SECTION_1877`. The claim limits: no revoke once the cards are cut for the next deal (XXVI), and no
score put right once the next trump card is turned (XXXI).
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.rulings.schema import ClaimLimit
from scoring.engine.rulings.somerset import CLAIMED

__all__ = ["CLAIMED", "CLAIM_LIMITS"]

LATE_REASONS: Mapping[int, str] = {
    26: "no revoke may be claimed once the cards are cut for the next deal (XXVI)",
    31: "a score wrongly counted can be put right only until the trump card is turned in the next deal (XXXI)",
}
SCORE_LIMIT = ClaimLimit("score", {"after_trump": (31,)}, LATE_REASONS)
REVOKE_LIMIT = ClaimLimit("revoke", {"before_trump": (26,), "after_trump": (26, 31)}, LATE_REASONS)
CLAIM_LIMITS: Mapping[str, ClaimLimit] = {limit.key: limit for limit in (REVOKE_LIMIT, SCORE_LIMIT)}
