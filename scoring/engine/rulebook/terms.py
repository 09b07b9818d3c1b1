"""The words a format is spoken of in, and the units its figures are counted in.

A Somerset rubber's points, a match's games and points and a progressive night's tally are different units:
each format names what its tables play and what they count here, and pages, phones, printed sheets and exports
take their words from the event's rulebook (`Rulebook.terms`), never from an `if` on the code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Terms:
    """What one format's tables play, and what its standings count."""

    family: str
    """"rubbers", "matches" or "progressive": which columns its standings and a player's record show."""
    contest: str
    """What a table plays, as a noun: "rubber", "match", "round"."""
    contests: str
    points: str
    """What its points are called in a sentence: "rubber points", "points"."""
    section: str
    """A player's record and the club's standings under this format: "Somerset rubbers"."""

    def count(self, n: int) -> str:
        """"1 rubber", "3 matches"."""
        return f"{n} {self.contest if n == 1 else self.contests}"


RUBBER_TERMS = Terms(family="rubbers", contest="rubber", contests="rubbers", points="rubber points",
                     section="Somerset rubbers")
MATCH_TERMS = Terms(family="matches", contest="match", contests="matches", points="points", section="Matches")
TALLY_TERMS = Terms(family="progressive", contest="round", contests="rounds", points="points",
                    section="Progressive nights")
