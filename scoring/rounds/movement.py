"""A progressive round's seating from the round before, read from its stored results: the round start stores
it, and a finished table's phones show it before the round starts. Reads only."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from scoring.engine import Seat, Side
from scoring.engine.progressive import RoundPlayed, TableResult, next_seats
from scoring.models import Event, RoundBye, RoundTable, RubberPlayerResult


@dataclass(frozen=True)
class Seating:
    """The next round's tables (table 1 first) and who sits it out."""

    tables: list[dict[Seat, int]]
    sitting_out: list[int]


def moved_on(event: Event, number: int) -> Seating:
    """Round `number`'s seats from round `number - 1`: its winners up a table, its losers staying, every pair
    split; those who sat out come back in place of as many who have sat out least. Raises the engine's
    `MovementError` for a round that cannot move on."""
    seated = list(RoundTable.objects.filter(round__event=event, round__number=number - 1)
                  .select_related("rubber", "round").order_by("number"))
    lone: dict[tuple[int, str], int] = defaultdict(int)  # each rubber's lone hands made by side, read at once
    for row in RubberPlayerResult.objects.filter(rubber__round_table__in=seated).values("rubber_id", "side",
                                                                                        "lone_hands"):
        lone[row["rubber_id"], row["side"]] += row["lone_hands"]
    entrants = list(event.entrants.all())
    number_of = {e.player_id: e.number for e in entrants}
    # Nobody is seated from a result never given: a table that never played sat the round out, its players
    # coming back as those who sat out do (the round's close stored their byes; a table closed before that
    # was asked is read the same way).
    unplayed = [table for table in seated if _never_played(table)]
    before = [table for table in seated if not _never_played(table)]
    sat_out = set(RoundBye.objects.filter(round__event=event, round__number=number - 1)
                  .values_list("player_id", flat=True))
    sat_out |= {player for table in unplayed for player in table.player_ids()}
    waiting = sorted(sat_out, key=number_of.__getitem__)
    byes = Counter(RoundBye.objects.filter(round__event=event, round__number__lt=number)
                   .values_list("player_id", flat=True))
    # Those gone home are seated no more; a late arrival from his first round (unless a bye stood for the round
    # before it, which brings him back as it does anyone who sat out).
    gone = {e.player_id for e in entrants if e.last_round is not None and e.last_round < number}
    arrived = [e.player_id for e in entrants if e.first_round == number and e.player_id not in waiting]
    tables, out = next_seats(RoundPlayed([_table_result(table, lone) for table in before], waiting, dict(byes)),
                             gone=gone, arrived=arrived)
    return Seating(tables, out)


def _never_played(table: RoundTable) -> bool:
    """The table gave no result: no rubber, or one with no deal and no totals."""
    rubber = table.rubber
    return rubber is None or (rubber.hand_count == 0 and rubber.round_totals is None)


def _table_result(table: RoundTable, lone_by_side: dict[tuple[int, str], int]) -> TableResult:
    """A table's round for the movement: each side's points over its deals, its lone hands made, and the side that
    won it as its scoring kept it (on points, then lone hands, then the cut)."""
    rubber = table.rubber
    seats = {Seat.N: table.north_id, Seat.E: table.east_id, Seat.S: table.south_id, Seat.W: table.west_id}
    points = {Side.NS: (rubber.current_ns or 0) if rubber else 0, Side.EW: (rubber.current_ew or 0) if rubber else 0}
    lone = {side: lone_by_side[rubber.pk, side.value] if rubber else 0 for side in Side}
    won = Side(rubber.rubber_winner) if rubber and rubber.rubber_winner else None
    return TableResult(seats, points, lone, won)
