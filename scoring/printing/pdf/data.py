"""The plain data each printed document is drawn from.

The drawing functions take only these: strings and numbers gathered beforehand by
`scoring.printing.sheets`, so no database query can happen while a page is laid out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.key import KeyLine
from scoring.engine.words import DASH


@dataclass(frozen=True)
class HandLine:
    """One row of the hands table; a blank row to fill in at the table has only a dealer."""

    number: int
    dealer: str
    maker: str = ""
    trump: str = ""
    alone: str = ""
    tricks: str = ""
    ns: str = ""
    ew: str = ""
    score: str = ""
    penalties: tuple[str, ...] = ()
    seat: str = ""
    """The maker's seat alone ("N"), for a sheet whose hands print in two narrow columns."""

    @property
    def blank(self) -> bool:
        return not (self.maker or self.trump or self.score)


@dataclass(frozen=True)
class GameLine:
    """A game's end, printed under the hand that closed it."""

    number: int
    text: str


@dataclass(frozen=True)
class SeatLine:
    seat: str
    player: str
    side: str


@dataclass(frozen=True)
class PlayerPoints:
    player: str
    side: str
    points: int


@dataclass(frozen=True)
class RulingLine:
    number: int
    hand: int
    title: str
    laws: str
    summary: str
    status: str = ""
    """'withdrawn: reason', 'too late' or empty."""


@dataclass(frozen=True)
class RubberSheet:
    paper: str
    club: str
    title: str
    event: str
    table: str
    played_on: str
    status: str
    seats: tuple[SeatLine, ...]
    sides: tuple[tuple[str, str], ...]
    """(side, 'A & B') for NS and EW."""
    substitutes: tuple[str, ...]
    lines: tuple[HandLine | GameLine, ...]
    games: tuple[tuple[str, ...], ...]
    """(game, winner, tally, lap, double or single, rubber points) per finished game."""
    result: str
    rubber_points: tuple[int, int]
    players: tuple[PlayerPoints, ...]
    corrections: tuple[str, ...]
    rulings: tuple[RulingLine, ...]
    key: tuple[KeyLine, ...]
    signatures: tuple[str, ...]
    notes: tuple[str, ...] = ()
    table_reports: tuple[str, ...] = ()
    """Reports taken back or dropped, and disputes, one line each."""
    file_name: str = "score-sheet.pdf"
    finished: str = "The games and the rubber"
    """The heading over the sheet's end, in its format's words (`Terms.finished`)."""
    unit: str = "Rubber points"
    """What the players' figures count (`Terms.unit`)."""
    game_columns: tuple[str, ...] = ("Game", "Won by", f"NS{DASH}EW", "Lap", "Kind", "Points")
    """The finished games' columns: a match's games have no lap, kind or rubber points."""
    no_games: str = "No game finished yet."
    house_rules: tuple[str, ...] = ()
    """The house rules in force, a sentence each (`HouseRules.stated`), printed beside the key; empty for none."""


@dataclass(frozen=True)
class StandingLine:
    rank: str
    player: str
    rubbers: int
    won: int
    lost: int
    games: int
    doubles: int
    points_for: int
    points_against: int
    net: int
    net_per_rubber: str
    lone: int = 0
    euchres: int = 0
    byes: int = 0
    """Rounds sat out (a progressive night)."""


@dataclass(frozen=True)
class StandingsSheet:
    paper: str
    club: str
    title: str
    subtitle: str
    tie_breakers: str
    lines: tuple[StandingLine, ...]
    notes: tuple[str, ...]
    file_name: str
    pair_lines: tuple[StandingLine, ...] = ()
    """Fixed pairs' standings, printed before the players' (empty for other events)."""
    matches: bool = False
    """A code of plain matches: its lines carry lone hands made and euchres in place of doubles and net per
    rubber."""
    progressive: bool = False
    """A progressive night: its table prints each player's tally, lone hands, rounds won and byes."""
    empty: str = "No complete rubbers yet."
    """What the sheet says when nothing is counted yet, in its format's words."""
    house_rules: tuple[str, ...] = ()
    """The event's house rules in force, a sentence each (`HouseRules.stated`); empty for none."""
    entry: str = "Player"
    """Who a line is: a player, or a pair where a progressive night of fixed pairs stands as pairs."""
    places: str = "Players level on all but the name share a rank (=)."
    """How level lines are placed: sharing a rank, or (a progressive night that draws) in a drawn order."""


@dataclass(frozen=True)
class RubberRecordLine:
    played_on: str
    table: str
    """What the table played, as its page names it: "Rubber #35", "Match #36", "Tally #37"."""
    event: str
    side: str
    partner: str
    opponents: str
    score: str
    """His side's figure and the other's, in the format's units ("6-2 rubber points", "10-4 points", with the dash
    the pages print); "" where the table was abandoned and counts nothing."""
    result: str


@dataclass(frozen=True)
class RecordFormat:
    """A player's record in one format, in its own units: never added to another format's."""

    heading: str
    figures: tuple[tuple[str, str], ...]
    contests: str
    """What its people tables count: "Rubbers", "Matches", "Rounds"."""
    partners: tuple[tuple[str, ...], ...]
    opponents: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RecordSheet:
    paper: str
    club: str
    title: str
    subtitle: str
    formats: tuple[RecordFormat, ...]
    charges: tuple[tuple[str, str], ...]
    """Penalties and rulings against him, in every format."""
    maker: tuple[tuple[str, ...], ...]
    """(label, made, % made, % marches, % euchred) rows, overall, by place and lone."""
    rubbers: tuple[RubberRecordLine, ...]
    file_name: str
    notes: tuple[str, ...] = field(default=())
    seasons: tuple[str, ...] = ()
    """His line in each season he played a night of ("Winter league: 2nd, 109 points (61, 48, (40))")."""
    rubbers_heading: str = "Rubbers"
    """What the list of rubbers holds ("Rubbers from 1 Jan 2026 to 31 Mar 2026", "His newest 200 rubbers")."""
    rubbers_intro: tuple[str, ...] = ()
    """Printed above the list: the period's figures, what is left out of the list and how to print it."""
    no_rubbers: str = "No rubbers recorded."
    """Printed in place of an empty list."""


@dataclass(frozen=True)
class RulingSheet:
    paper: str
    title: str
    subtitle: str
    withdrawn: str
    summary: str
    too_late: bool
    facts: tuple[tuple[str, str], ...]
    election: str
    note: str
    effects: tuple[str, ...]
    """The score effect, the deal and the remedies, in plain words."""
    score_rows: tuple[tuple[str, str, str], ...]
    laws: tuple[tuple[str, str], ...]
    """(law as its code cites it, 'Title: summary') for each law cited."""
    label: str
    file_name: str
    chosen_by: str = "The non-offending side chose"
    code: str = "Laws of Euchre, Somerset Club of Boston, 1888"
