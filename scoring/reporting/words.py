"""A table's hands in words for the phone: players by name, not by seat letter."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.engine import Side
from scoring.models import Hand, HandReport, Rubber
from scoring.words import HAND_RECORD, hand_played, hand_record_words, play_words, record_words


@dataclass(frozen=True)
class SideNow:
    side: str
    names: str
    score: int | None
    games: int
    players: tuple[str, ...] = ()
    """Its two players by name, one a line on the phone."""


def table_sides(rubber: Rubber, number: int) -> list[SideNow]:
    """Each side with its players for the next hand, its score in the game in play and its games won."""
    seated = rubber.players_at_hand(number)
    won = [g.winner for g in rubber.games.all()]
    scores = {Side.NS: rubber.current_ns, Side.EW: rubber.current_ew}
    return [SideNow(side.value, " & ".join(str(seated[s]) for s in side.seats), scores[side] or 0,
                    won.count(side.value), tuple(str(seated[s]) for s in side.seats)) for side in (Side.NS, Side.EW)]


@dataclass(frozen=True)
class ReportLine:
    number: int
    words: str
    points: tuple[int, int] | None
    record: str
    """Who reported and who answered, and when."""


def report_lines(rubber: Rubber, *, reports: Sequence[HandReport] | None = None, limit: int = 4) -> list[ReportLine]:
    """The reports given, else the rubber's last `limit` hands, in words with their record."""
    if reports is not None:
        return [ReportLine(r.number, play_words(r.play, rubber.players_at_hand(r.number)), None, record_words(r))
                for r in reports]
    hands = Hand.objects.filter(rubber=rubber).order_by("-number").select_related(*HAND_RECORD)[:limit]
    lines = []
    for hand in hands:
        lines.append(ReportLine(hand.number, play_words(hand_played(hand), rubber.players_at_hand(hand.number)),
                                (hand.ns_points, hand.ew_points), hand_record_words(hand, rubber)))
    return lines


