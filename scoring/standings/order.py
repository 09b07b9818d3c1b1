"""The standings' order, declared once: each tie-break with its words and direction. The sort of the
standings, the sentence under them, the printed sheet's line and the ranks ("4=") all come from here,
and so does the standing a Swiss round pairs by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine.progressive.night import RANKING_DEFAULT
from scoring.engine.rulebook.terms import MATCH_TERMS, RUBBER_TERMS, TALLY_TERMS
from scoring.models.choices import PROGRESSIVE_FIGURES


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

PROGRESSIVE_ROW_KEYS = {"points": "scored_for", "lone": "lone", "rounds": "wins"}
"""The standings row's key for each figure a progressive night can be ranked by (`Event.ranking`);
`PROGRESSIVE_FIGURES` gives each figure's words."""


def progressive(ranking: str = RANKING_DEFAULT) -> tuple[TieBreak, ...]:
    """A progressive night's order, as the event chose it from its three figures ("points,lone,rounds"); by
    default every player's tally of points, then his lone hands, then the rounds he won."""
    return tuple(TieBreak(PROGRESSIVE_ROW_KEYS[key], PROGRESSIVE_FIGURES[key]) for key in ranking.split(","))


Ranking = tuple[TieBreak, ...]

LAST_WORDS = "name"


BY_FAMILY: Mapping[str, Ranking] = {RUBBER_TERMS.family: TIE_BREAKS, MATCH_TERMS.family: MATCH_TIE_BREAKS,
                                    TALLY_TERMS.family: progressive()}
"""How each format's figures are ranked when nothing else is chosen (the club's standings under a code)."""


def for_event(event: Any) -> Ranking:
    """How an event's standings are ranked: by its rubbers, its matches, or its progressive tallies as the
    event chose."""
    if event.progressive:
        return progressive(event.night.ranking)
    return BY_FAMILY[event.playing.wording.terms.family]


def sentence(ranking: Ranking = TIE_BREAKS) -> str:
    """"net rubber points, then rubbers won, then double games won, then games won, then name"."""
    return ", then ".join([*(t.words for t in ranking), LAST_WORDS])


def order_by(*then: str, ranking: Ranking = TIE_BREAKS) -> list[str]:
    """The database ordering: the tie-breaks, then `then` (the names)."""
    return [*(f"-{t.key}" if t.highest_first else t.key for t in ranking), *then]


def level(row: Mapping[str, Any], ranking: Ranking = TIE_BREAKS) -> tuple[Any, ...]:
    """What two rows must share to be level (and share a rank)."""
    return tuple(row[t.key] or 0 for t in ranking)


def best_first(row: Mapping[str, Any], ranking: Ranking = TIE_BREAKS) -> tuple[Any, ...]:
    """A sort key putting the best row first."""
    return tuple(-(row[t.key] or 0) if t.highest_first else (row[t.key] or 0) for t in ranking)
