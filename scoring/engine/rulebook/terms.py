"""The words a format is spoken of in, and the units its figures are counted in.

A Somerset rubber's points, a match's games and points and a progressive night's tally are different units:
each format names what its tables play and what they count here, and pages, phones, printed sheets and exports
take their words from the event's rulebook (`Rulebook.wording.terms`), never from an `if` on the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.words import DASH, plural


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
    """A player's record and the club's standings in this format begin: "Rubbers", "Matches"."""
    named: str = ""
    """A heading's name for a table's record, where its contest's own would mislead ("Tally")."""
    unit: str = "rubber points"
    """What a table's result counts: "rubber points", "games", "points"."""
    result: str = "Rubber points"
    """What a list of its tables shows for each, NS-EW: "Rubber points", "Games, and the game in play"."""
    games: bool = True
    """Whether its tables play games to a number of points (a progressive round only adds up its deals)."""
    game_in_play: bool = False
    """Whether a table's result shows the score of the game in play beside its games (a match's games are few)."""
    tally: bool = False
    """Whether a table's figure is the tally of its deals, the only thing a progressive round counts."""
    finished: str = "The games and the rubber"
    """The heading over a score sheet's end: what the table finished."""
    closing: str = ("games finished count, the game in play does not, nor does the rubber's bonus unless two of "
                    "the first three games had already decided the rubber")
    """What closing a round does to a table still playing."""
    untouched: str = "A table that has dealt no hand counts no rubber at all."
    """What closing a round does to a table that never dealt."""
    seating: str = "paired by standing when it starts"
    """How a round not yet seated gets its tables."""

    def count(self, n: int) -> str:
        """"1 rubber", "3 matches"."""
        return plural(n, self.contest, self.contests)

    @property
    def title(self) -> str:
        """"Rubber", "Match", "Tally": how a heading names what a table plays (a progressive table's round is its
        tally: "Round #37" would read as the night's 37th round)."""
        return self.named or self.contest.capitalize()

    def score(self, points: tuple[int, int], current: tuple[int | None, int | None], *, in_play: bool,
              words: bool = False) -> str:
        """A table's result, NS-EW: its rubber points or games ("2-1"), with a match's game in play ("1-0 · 7-4"),
        or a progressive round's tally of points; in `words`, with its units ("1-0 in games, 7-4 in game 2")."""
        if self.tally:
            figure = f"{current[0] or 0}{DASH}{current[1] or 0}"
            return f"{figure} in {self.unit}" if words else figure
        figure = f"{points[0]}{DASH}{points[1]}" + (f" in {self.unit}" if words else "")
        if self.game_in_play and in_play and current[0] is not None:
            now = f"{current[0]}{DASH}{current[1] or 0}"
            figure += f", {now} in game {sum(points) + 1}" if words else f" · {now}"
        return figure


RUBBER_TERMS = Terms(family="rubbers", contest="rubber", contests="rubbers", points="rubber points",
                     section="Rubbers")
MATCH_TERMS = Terms(family="matches", contest="match", contests="matches", points="points", section="Matches",
                    unit="games", result="Games, and the game in play", game_in_play=True,
                    finished="The games and the match",
                    closing="games finished count; the game in play counts its points, not as a game won",
                    untouched="A table that has dealt no hand counts no match at all.")
TALLY_TERMS = Terms(family="progressive", contest="round", contests="rounds", points="points", named="Tally",
                    section="Progressive nights", unit="points this round", result="Points this round", games=False,
                    tally=True, finished="The round's tally",
                    seating="seated from the last round's tallies when it starts",
                    closing="every deal played counts its points",
                    untouched="A table that has dealt no hand counts no points.")
