"""The standings' order, declared once: each tie-break with its words and direction. The sort of the
standings, the sentence under them, the printed sheet's line and the ranks ("4=") all come from here,
and so does the standing a Swiss round pairs by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TieBreak:
    key: str
    """The standings row's figure."""
    words: str
    """How the sentence under the standings names it."""
    highest_first: bool = True


TIE_BREAKS: tuple[TieBreak, ...] = (
    TieBreak("net", "net rubber points"),  # law 7: a rubber's points are its value
    TieBreak("wins", "rubbers won"),
    TieBreak("doubles", "double games won"),
    TieBreak("games", "games won"),
)
"""Best first; players level on all of them are ranked by name, and share a rank."""

MATCH_TIE_BREAKS: tuple[TieBreak, ...] = (
    TieBreak("wins", "matches won"),
    TieBreak("games", "games won"),
    TieBreak("net", "net points"),
)
"""The codes without laps or rubber points (the Official Laws, 1877, the standard game): matches won first."""

LAST_WORDS = "name"


def tie_breaks(matches: bool = False) -> tuple[TieBreak, ...]:
    return MATCH_TIE_BREAKS if matches else TIE_BREAKS


def sentence(matches: bool = False) -> str:
    """"net rubber points, then rubbers won, then double games won, then games won, then name"."""
    return ", then ".join([*(t.words for t in tie_breaks(matches)), LAST_WORDS])


def order_by(*then: str, matches: bool = False) -> list[str]:
    """The database ordering: the tie-breaks, then `then` (the names)."""
    return [*(f"-{t.key}" if t.highest_first else t.key for t in tie_breaks(matches)), *then]


def level(row: Mapping[str, Any], matches: bool = False) -> tuple[Any, ...]:
    """What two rows must share to be level (and share a rank)."""
    return tuple(row[t.key] or 0 for t in tie_breaks(matches))


def best_first(row: Mapping[str, Any], matches: bool = False) -> tuple[Any, ...]:
    """A sort key putting the best row first."""
    return tuple(-(row[t.key] or 0) if t.highest_first else (row[t.key] or 0) for t in tie_breaks(matches))
