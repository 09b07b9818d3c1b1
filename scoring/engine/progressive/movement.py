"""The progressive movement: who sits where at each table in the next round, from this round's results.

A table's winners are the side with more points; level on points, the side with more lone hands that round;
level on both, the side a cut settled (`winner`, given only then). The winners of table 2 and below move up
one table, the head table's winners stay; the losers stay, the head table's going to the foot table. At each
table the two who stay take North and East (whichever sat first in the order N, E, S, W takes North), and the
two who arrive take South and West in the order they sat, so the pairs split and nobody keeps a partner.

>>> tables = read_round({"tables": [
...     {"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1, "EW": 0}},
...     {"seats": {"N": 5, "E": 6, "S": 7, "W": 8}, "points": {"NS": 4, "EW": 8}, "lone": {"NS": 0, "EW": 0}}]})
>>> [{seat.value: player for seat, player in table.items()} for table in progressive_move(tables)]
[{'N': 1, 'E': 3, 'S': 6, 'W': 8}, {'N': 5, 'E': 7, 'S': 2, 'W': 4}]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.progressive.byes import reseat
from scoring.engine.progressive.totals import lone_beyond_points
from scoring.engine.seats import SEAT_ORDER, Seat, Side

__all__ = ["MovementError", "RoundPlayed", "TableResult", "progressive_move", "read_round", "read_round_played",
           "table_winner", "the_cut"]


class MovementError(ValueError):
    """A round that cannot be moved on: a tie nobody settled, or a table written wrongly. `table` is 1-based."""

    def __init__(self, message: str, table: int | None = None) -> None:
        self.table = table
        super().__init__(f"table {table}: {message}" if table is not None else message)


def table_winner(points: Mapping[Side, int], lone: Mapping[Side, int]) -> Side | None:
    """The side that won a progressive table's round: more points; level on points, more lone hands made that
    round; None when level on both (a cut settles it: `the_cut`)."""
    for counts in (points, lone):
        if counts[Side.NS] != counts[Side.EW]:
            return Side.NS if counts[Side.NS] > counts[Side.EW] else Side.EW
    return None


def the_cut(event: int, round_number: int, table: int) -> Side:
    """The cut that settles a table level on points and lone hands, drawn by the site from the event, the round
    and the table, so that it gives the same side however often it is drawn again."""
    return random.Random(f"{event}:{round_number}:{table}").choice((Side.NS, Side.EW))


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's round: who sat where, each side's points and lone hands, and the side a cut made winner."""

    seats: Mapping[Seat, int]
    points: Mapping[Side, int]
    lone: Mapping[Side, int]
    winner: Side | None = None

    def winners(self, number: int) -> Side:
        """More points win; then more lone hands; then the cut (`winner`), which a tie needs and nothing else
        may contradict."""
        decided = table_winner(self.points, self.lone)
        if decided is not None:
            if self.winner is not None and self.winner is not decided:
                raise MovementError(f"{self.winner.value} cannot have won the cut: {decided.value} won on points "
                                    "or lone hands", number)
            return decided
        if self.winner is None:
            raise MovementError("the sides are level on points and lone hands: play one more deal, or cut, and "
                                "say which side won", number)
        return self.winner

    def side_in_order(self, side: Side) -> list[int]:
        """The side's two players, the one who sat first in the order N, E, S, W first."""
        return [self.seats[seat] for seat in SEAT_ORDER if seat.side is side]


def progressive_move(tables: Sequence[TableResult]) -> list[dict[Seat, int]]:
    """Each table's seats for the next round, table 1 (the head table) first."""
    if not tables:
        raise MovementError("a round needs at least one table")
    count = len(tables)
    won = [table.winners(number) for number, table in enumerate(tables, start=1)]
    stay, arrive = [], []
    for index in range(count):
        table, winners = tables[index], won[index]
        if index == 0:
            stay.append(table.side_in_order(winners))
            coming = tables[1].side_in_order(won[1]) if count > 1 else table.side_in_order(winners.other)
        else:
            stay.append(table.side_in_order(winners.other))
            coming = (tables[index + 1].side_in_order(won[index + 1]) if index + 1 < count
                      else tables[0].side_in_order(won[0].other))
        arrive.append(coming)
    return [{Seat.N: stayed[0], Seat.E: stayed[1], Seat.S: came[0], Seat.W: came[1]}
            for stayed, came in zip(stay, arrive, strict=True)]


def next_seats(played: RoundPlayed, *, gone: Collection[int] = (),
               arrived: Sequence[int] = ()) -> tuple[list[dict[Seat, int]], list[int]]:
    """The next round's tables and who sits it out: the movement of those who played, then those who sat out
    (and any who `arrived`) brought in, those `gone` home left out (`reseat`). What the site seats, and what
    `manage.py progressive-move` prints."""
    moved = progressive_move(played.tables) if played.tables else []  # every table sat the round out
    return reseat(moved, played.sitting_out, played.byes, gone=gone, arrived=arrived)


ROUND_KEYS = ("tables", "sitting_out", "byes")
"""What a round's document may hold: its tables, who sat it out, and each player's byes so far."""


@dataclass(frozen=True, slots=True)
class RoundPlayed:
    """A round as `manage.py progressive-move` reads it: its tables, those who sat it out (in the order they
    come back), and how many rounds each player has sat out so far, this one included."""

    tables: list[TableResult]
    sitting_out: list[int]
    byes: dict[int, int]


def read_round_played(document: Any) -> RoundPlayed:
    """`{"tables": [...], "sitting_out": [9, 10], "byes": {"9": 1, "10": 1}}`: the tables as `read_round` reads
    them; `sitting_out` and `byes` may be left out (nobody sat out; a player not named has sat out none). An
    unknown key, a player both seated and sitting out, or a count that is not a whole number is refused."""
    tables = read_round(document)
    seated = {player for table in tables for player in table.seats.values()}
    out = document.get("sitting_out", [])
    if not isinstance(out, list) or not all(type(p) is int for p in out) or len(set(out)) != len(out):
        raise MovementError("sitting_out is a list of different players' numbers")
    if seated & set(out):
        raise MovementError(f"player {min(seated & set(out))} both sits at a table and sits out")
    raw = document.get("byes", {})
    if not isinstance(raw, dict):
        raise MovementError('byes is {"<player>": rounds sat out so far}')
    byes: dict[int, int] = {}
    for key, count in raw.items():
        if not key.lstrip("-").isdigit() or type(count) is not int or not 0 <= count <= 10**6:
            raise MovementError(f"byes {key!r}: a player's number and the whole number of rounds he has sat out")
        byes[int(key)] = count
    return RoundPlayed(tables, out, byes)


def read_round(document: Any) -> list[TableResult]:
    """A round's tables as `manage.py progressive-move` reads them: `{"tables": [{"seats": {"N": 1, ...},
    "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1, "EW": 0}, "winner": null}, ...]}`. `MovementError` names
    the table and what is wrong."""
    if not isinstance(document, dict) or not isinstance(document.get("tables"), list):
        raise MovementError('a round is {"tables": [...]}, table 1 (the head table) first')
    unknown = sorted(set(document) - set(ROUND_KEYS))
    if unknown:
        raise MovementError(f"unknown key {unknown[0]!r} (a round holds {', '.join(ROUND_KEYS)})")
    tables = [_table(raw, number) for number, raw in enumerate(document["tables"], start=1)]
    seen: dict[int, int] = {}
    for number, table in enumerate(tables, start=1):
        for player in table.seats.values():
            if player in seen:
                raise MovementError(f"player {player} also sits at table {seen[player]}", number)
            seen[player] = number
    return tables


def _table(raw: Any, number: int) -> TableResult:
    if not isinstance(raw, dict):
        raise MovementError("a table is an object with its seats, points and lone hands", number)
    unknown = sorted(set(raw) - {"seats", "points", "lone", "winner"})
    if unknown:
        raise MovementError(f"unknown key {unknown[0]!r}", number)
    seats = _by_key(raw.get("seats"), number, "seats", [s.value for s in SEAT_ORDER])
    if len(set(seats.values())) != 4:
        raise MovementError("the four seats need four different players", number)
    points = _by_key(raw.get("points"), number, "points", ["NS", "EW"], low=0)
    lone = _by_key(raw.get("lone", {"NS": 0, "EW": 0}), number, "lone", ["NS", "EW"], low=0)
    for side in Side:
        wrong = lone_beyond_points(side, lone[side.value], points[side.value])
        if wrong:
            raise MovementError(wrong, number)
    winner = raw.get("winner")
    if winner is not None and winner not in ("NS", "EW"):
        raise MovementError(f"winner is NS, EW or null, not {winner!r}", number)
    return TableResult(seats={Seat(k): v for k, v in seats.items()}, points={Side(k): v for k, v in points.items()},
                       lone={Side(k): v for k, v in lone.items()}, winner=Side(winner) if winner else None)


def _by_key(raw: Any, number: int, what: str, keys: list[str], low: int | None = None) -> dict[str, int]:
    """A mapping of exactly `keys` to whole numbers (at least `low`, when given)."""
    if not isinstance(raw, dict) or sorted(raw) != sorted(keys):
        raise MovementError(f"{what} must name {', '.join(keys)}", number)
    for key, value in raw.items():
        if type(value) is not int or (low is not None and value < low) or abs(value) > 10**9:
            raise MovementError(f"{what} {key} must be a whole number{' of 0 or more' if low == 0 else ''}, "
                                f"not {value!r}", number)
    return dict(raw)
