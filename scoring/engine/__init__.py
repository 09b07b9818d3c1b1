"""The laws of euchre as pure Python: seats, hands, the rulebook and rubber scoring.

Nothing here imports Django; the site, the commands and the printed sheets are thin
layers over this package.

Glossary (the game's own words, used throughout the code):

maker
    The player who ordered up, assisted, adopted or made the trump; the maker's side
    are the *makers*.
defenders
    The other side, who try to stop the makers taking three tricks.
march
    The makers take all five tricks.
euchre
    The makers fail to take three tricks; the defenders score.
lone hand
    The maker plays alone, his partner's cards laid face down.
game
    Five points. The first side to reach five wins it.
lap
    Points beyond the five needed, carried into the next game as a starting score.
double
    A game won while the losers scored nothing in it; it counts two, not one.
rubber
    The best of three games; the third is always played, and a fourth when the third laps.
rubber points
    The values of the games a side won, plus a bonus to the side winning the rubber.
eldest hand
    The player on the dealer's left, who leads first.
"""

from scoring.engine.compiled import use_build

use_build(__path__)  # the scorer compiled by mypyc where a build of these sources exists (`compiled`)

from scoring.engine.errors import IllegalReport, MalformedRubber, RubberError
from scoring.engine.hands import Declaration, HandResult, ReportedHand, Revokes
from scoring.engine.interchange import RubberReport, parse_rubber, rubber_to_document
from scoring.engine.results import Award, GameResult, HandScore, RubberResult
from scoring.engine.rulebook import RULEBOOKS, SOMERSET_1888, Reason, Rulebook
from scoring.engine.scorer import score_rubber
from scoring.engine.seats import Seat, Side

__all__ = [
    "RULEBOOKS",
    "SOMERSET_1888",
    "Award",
    "Declaration",
    "GameResult",
    "HandResult",
    "HandScore",
    "IllegalReport",
    "MalformedRubber",
    "Reason",
    "ReportedHand",
    "Revokes",
    "RubberError",
    "RubberReport",
    "RubberResult",
    "Rulebook",
    "Seat",
    "Side",
    "parse_rubber",
    "rubber_to_document",
    "score_rubber",
]
