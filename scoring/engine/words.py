"""The site's one vocabulary: how a score, a game's end, a deal and a moment are written.

The pages, the phone, the printed sheets, the exports and the engine's own messages all word the
game through these functions, so a game's end reads the same on the rubber page as on the score
sheet, and a player is named where a seat letter would make the reader look up who sat there.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Protocol

from scoring.engine.hands import Declaration, HandResult
from scoring.engine.seats import Seat, Side

DASH = "\u2013"  # the en dash, between the two halves of a score

# The verbs of the laws: the turned card is ordered up by an adversary (law 74), assisted by the dealer's
# partner (law 75), taken up by the dealer (law 76); once it is turned down a player names the trump, which
# the laws call making it.
DECLARATION_WORDS: dict[Declaration, str] = {
    Declaration.ORDERED_UP: "ordered it up",
    Declaration.ASSISTED: "assisted",
    Declaration.ADOPTED: "took it up",
    Declaration.MADE: "named trump",
}

UNPLAYED_WORDS: dict[HandResult, str] = {
    HandResult.PASSED: "All passed",
    HandResult.MISDEAL: "Misdeal",
    HandResult.NEW_DEAL: "Dealt again",
}

# A deal that was not played, as the subject of a sentence.
UNPLAYED_SUBJECT: dict[HandResult, str] = {
    HandResult.PASSED: "a deal all passed",
    HandResult.MISDEAL: "a misdeal",
    HandResult.NEW_DEAL: "a deal dealt again",
}

# What each field of a reported hand is, in words a secretary uses.
FIELD_WORDS: dict[str, str] = {
    "maker": "maker",
    "tricks": "tricks",
    "alone": "lone hand",
    "declaration": "declaration of trump",
    "revokes": "revokes",
    "wrong_cards": "wrong cards",
    "adversary_abandoned": "abandoned lone hand",
    "partner_exposed": "exposed card",
    "out_of_turn": "deal out of turn",
    "defended_alone": "lone defender",
}


SEAT_WORDS: dict[Seat, str] = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SIDE_WORDS: dict[Side, str] = {Side.NS: "North-South", Side.EW: "East-West"}


class Games(Protocol):
    """The game and match a club plays under a code (a `Rulebook`'s `winning`)."""

    @property
    def match_choices(self) -> tuple[int, ...]: ...
    @property
    def games_in_rubber(self) -> int: ...
    @property
    def game_points(self) -> int: ...


class Code(Protocol):
    """What the words read of a code of laws (a `Rulebook`, which the laws' own tables word through this module):
    its name, and the game and match a club plays under it."""

    @property
    def name(self) -> str: ...
    @property
    def winning(self) -> Games: ...


def code_named(rb: Code) -> str:
    """The code's name inside a sentence: "the standard game today", "the Official Laws of Euchre (1862)"."""
    return f"the {rb.name[4:]}" if rb.name.startswith("The ") else f"the {rb.name}"


def playing_words(rb: Code) -> str:
    """The code a club plays by, with its game and match where the code lets a club choose them, as the object of
    "scored by": "the standard game today: games to 10, the best of three", "the Laws of Euchre, Somerset Club
    of Boston, 1888" (whose rubber and game the laws fix)."""
    name, winning = code_named(rb), rb.winning
    if not winning.match_choices:
        return name
    count = winning.games_in_rubber
    if count == 1:
        return f"{name}: a single game to {winning.game_points}"
    return f"{name}: games to {winning.game_points}, the best of {COUNT_WORDS.get(count, count)}"


COUNT_WORDS = {2: "two", 3: "three", 5: "five", 7: "seven"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """"1 deal", "2 deals", "0 tricks"."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def ordinal(number: int) -> str:
    """"9th", "21st", "12th"."""
    end = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{end}"


def sentence(words: str, end: str = "") -> str:
    """A message made a sentence: its first letter a capital, the rest as written ("round 3: NS pair 2 ..." reads
    "Round 3: NS pair 2 ..."), then `end` (a full stop, say). An engine's messages begin in lower case, to be
    quoted inside another sentence; a page that shows one alone shows it this way."""
    return f"{words[:1].upper()}{words[1:]}{end}"


def tally(won: int, lost: int) -> str:
    """A game's tally from the winner's side: "6-4", with an en dash."""
    return f"{won}{DASH}{lost}"


def score(ns: int, ew: int) -> str:
    """Both sides' score, named: "NS 3 - EW 4" (with an en dash)."""
    return f"NS {ns} {DASH} EW {ew}"


def seat_name(seat: Seat, names: Mapping[Seat, str] | None) -> str:
    """The player in a seat when the names are known ("Henry Hale"), else the seat ("North")."""
    if names and names.get(seat):
        return str(names[seat])
    return SEAT_WORDS[seat]


def took_trump(maker: Seat, declaration: Declaration | None, alone: bool, names: Mapping[Seat, str] | None) -> str:
    """Who took the trump and how: "Henry Hale ordered it up alone". With no declaration recorded the words
    claim nothing the table did not say: "Henry Hale's side took the trump"."""
    who = seat_name(maker, names)
    if declaration is not None:
        return f"{who} {DECLARATION_WORDS[declaration]}{' alone' if alone else ''}"
    return f"{who} played alone" if alone else f"{who}'s side took the trump"


def game_end(number: int, winner: Side, won: int, lost: int, *, lap: int, double: bool, value: int,
             by_lap: bool, in_rubber: bool = True) -> str:
    """A game's end, the one way it is written: "Game 3: EW won 6-4, lap 1 carried, single game (1 rubber
    point)" (en dash in the tally); a game won outright by the lap carried into it says so. A game of a match
    (`in_rubber` False: no laps, doubles or rubber points) is just "Game 2: NS won 10-7"."""
    parts = [f"Game {number}: {winner.value} won {tally(won, lost)}"]
    if not in_rubber:
        return parts[0]
    if by_lap:
        parts.append("won at once by the lap carried in")
    if lap:
        parts.append(f"lap {lap} carried")
    parts.append(f"{'double' if double else 'single'} game ({plural(value, 'rubber point')})")
    return ", ".join(parts)


def moment(when: dt.datetime) -> str:
    """A moment with its day, as every page and sheet prints it: "22 Nov 2026, 19:40" (already local time)."""
    return f"{when.day} {when:%b %Y}, {when:%H:%M}"


def day(when: dt.date) -> str:
    """"22 Nov 2026"."""
    return f"{when.day} {when:%b %Y}"
