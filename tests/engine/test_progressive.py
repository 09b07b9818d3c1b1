"""The progressive movement: winners up a table, losers stay, the head table's losers to the foot, every pair
split; from 8 to 64 players, and through `manage.py progressive-move`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.progressive import (
    MovementError,
    TableResult,
    progressive_move,
    read_round,
    read_round_played,
    reseat,
)
from scoring.engine.seats import SEAT_ORDER, Seat, Side

ROOT = Path(__file__).resolve().parents[2]
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


@st.composite
def rounds(draw: st.DrawFn) -> list[TableResult]:
    players = draw(st.sampled_from(range(8, 65, 4)))
    order = draw(st.permutations(range(1, players + 1)))
    tables = []
    for start in range(0, players, 4):
        seats = dict(zip(SEATS, order[start:start + 4], strict=True))
        points = {Side.NS: draw(st.integers(0, 16)), Side.EW: draw(st.integers(0, 16))}
        lone = {Side.NS: draw(st.integers(0, 2)), Side.EW: draw(st.integers(0, 2))}
        tied = points[Side.NS] == points[Side.EW] and lone[Side.NS] == lone[Side.EW]
        tables.append(TableResult(seats, points, lone, draw(st.sampled_from(list(Side))) if tied else None))
    return tables


def winners_of(table: TableResult) -> Side:
    ns, ew = table.points[Side.NS], table.points[Side.EW]
    if ns == ew:
        ns, ew = table.lone[Side.NS], table.lone[Side.EW]
    return table.winner if ns == ew and table.winner else Side.NS if ns > ew else Side.EW


def side(table: TableResult, of: Side) -> set[int]:
    return {table.seats[seat] for seat in SEATS if seat.side is of}


@given(rounds())
def test_every_player_moves_as_the_rule_says_and_nobody_keeps_a_partner(tables: list[TableResult]) -> None:
    moved = progressive_move(tables)
    count = len(tables)
    where = {player: number for number, table in enumerate(moved) for player in table.values()}
    assert sorted(where) == sorted(p for t in tables for p in t.seats.values())  # everybody, once
    for number, table in enumerate(tables):
        won, lost = side(table, winners_of(table)), side(table, winners_of(table).other)
        up = max(number - 1, 0)
        assert all(where[p] == up for p in won)  # winners move up one (the head table's stay)
        down = count - 1 if number == 0 and count > 1 else number
        assert all(where[p] == down for p in lost)  # losers stay (the head table's go to the foot)
    before = {frozenset(side(t, s)) for t in tables for s in Side}
    after = {frozenset({t[Seat.N], t[Seat.S]}) for t in moved} | {frozenset({t[Seat.E], t[Seat.W]}) for t in moved}
    assert not before & after  # every pair split


@given(rounds())
def test_those_who_stay_take_north_and_east_and_arrivals_south_and_west(tables: list[TableResult]) -> None:
    moved = progressive_move(tables)
    for number, table in enumerate(moved):
        source = tables[number]
        stay_side = winners_of(source) if number == 0 else winners_of(source).other
        assert [table[Seat.N], table[Seat.E]] == [source.seats[s] for s in SEATS if s.side is stay_side]


def test_one_table_keeps_its_four_and_splits_them():
    (table,) = progressive_move(read_round({"tables": [
        {"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 3, "EW": 8}, "lone": {"NS": 0, "EW": 0}}]}))
    assert table == {Seat.N: 2, Seat.E: 4, Seat.S: 1, Seat.W: 3}


@pytest.mark.parametrize(("change", "words"), [
    ({"points": {"NS": 5, "EW": 5}, "lone": {"NS": 1, "EW": 1}}, "table 2: the sides are level"),
    ({"points": {"NS": 5, "EW": 5}, "lone": {"NS": 1, "EW": 0}, "winner": "EW"}, "table 2: EW cannot have won"),
    ({"seats": {"N": 5, "E": 6, "S": 7}}, "table 2: seats must name N, E, S, W"),
    ({"seats": {"N": 1, "E": 6, "S": 7, "W": 8}}, "table 2: player 1 also sits at table 1"),
    ({"points": {"NS": -1, "EW": 3}}, "table 2: points NS must be a whole number of 0 or more"),
    ({"winner": "North"}, "table 2: winner is NS, EW or null"),
    ({"points": {"NS": 0, "EW": 8}, "lone": {"NS": 3, "EW": 0}}, "table 2: NS made 3 lone hands, which scores"),
])
def test_a_round_that_cannot_move_is_refused_naming_the_table(change, words):
    second = {"seats": {"N": 5, "E": 6, "S": 7, "W": 8}, "points": {"NS": 4, "EW": 8}, "lone": {"NS": 0, "EW": 0},
              **change}
    first = {"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1, "EW": 0}}
    with pytest.raises(MovementError, match=words):
        progressive_move(read_round({"tables": [first, second]}))


def run(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", "progressive-move", "-"], cwd=ROOT, input=text,
                          capture_output=True, text=True, timeout=60)


def test_the_command_prints_the_next_round_and_refuses_a_tie_in_one_line():
    round_ = {"tables": [
        {"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1, "EW": 0},
         "winner": None},
        {"seats": {"N": 5, "E": 6, "S": 7, "W": 8}, "points": {"NS": 6, "EW": 6}, "lone": {"NS": 0, "EW": 0},
         "winner": "EW"}]}
    out = run(json.dumps(round_))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"tables": [{"N": 1, "E": 3, "S": 6, "W": 8}, {"N": 5, "E": 7, "S": 2, "W": 4}],
                                      "sitting_out": []}
    round_["tables"][1]["winner"] = None
    refused = run(json.dumps(round_))
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.strip().splitlines()[-1].startswith("progressive-move: table 2:")
    assert run("not json").returncode == 1


@pytest.mark.parametrize(("change", "words"), [
    ({"judges": 2}, "unknown key 'judges'"),
    ({"sitting_out": [9, 9]}, "sitting_out is a list of different players"),
    ({"sitting_out": [1]}, "player 1 both sits at a table and sits out"),
    ({"byes": {"nine": 1}}, "byes 'nine'"),
    ({"byes": {"9": -1}}, "byes '9'"),
    ({"byes": [9]}, "byes is"),
])
def test_a_round_document_with_a_wrong_sitting_out_or_byes_is_refused(change, words):
    document = {"tables": [{"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5},
                            "lone": {"NS": 1, "EW": 0}}], **change}
    with pytest.raises(MovementError, match=words):
        read_round_played(document)


def test_those_who_sat_out_come_back_in_place_of_those_with_the_fewest_byes():
    """Nine players at two tables of four, and player 9 sat out round 1 (one bye). The
    movement seats table 1's winners 1 and 3 at the head table with table 2's winners 6 and 8; player 9 comes
    back to the foot table's first seat of those with no bye (North, player 5), who sits out instead."""
    document = {"tables": [
        {"seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "points": {"NS": 7, "EW": 5}, "lone": {"NS": 1, "EW": 0}},
        {"seats": {"N": 5, "E": 6, "S": 7, "W": 8}, "points": {"NS": 4, "EW": 8}, "lone": {"NS": 0, "EW": 0}}],
        "sitting_out": [9], "byes": {"9": 1}}
    out = run(json.dumps(document))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"tables": [{"N": 1, "E": 3, "S": 6, "W": 8}, {"N": 9, "E": 7, "S": 2, "W": 4}],
                                      "sitting_out": [5]}


@st.composite
def comings(draw):
    """A round's movement seating of 4-40 players, some who sat it out, some gone home, some arrived."""
    tables = draw(st.integers(1, 10))
    players = list(range(1, 4 * tables + 1))
    moved = [dict(zip(SEAT_ORDER, players[4 * t:4 * t + 4], strict=True)) for t in range(tables)]
    waiting = list(range(100, 100 + draw(st.integers(0, 3))))
    arrived = list(range(200, 200 + draw(st.integers(0, 6))))
    gone = draw(st.sets(st.sampled_from(players + waiting), max_size=6))
    byes = {p: draw(st.integers(0, 3)) for p in players} | {p: 4 for p in waiting}
    return moved, waiting, byes, gone, arrived


@settings(max_examples=300, deadline=None)
@given(comings())
def test_reseating_places_everyone_present_once_at_full_tables(case):
    moved, waiting, byes, gone, arrived = case
    tables, out = reseat(moved, waiting, byes, gone=gone, arrived=arrived)
    present = ({p for t in moved for p in t.values()} | set(waiting) | set(arrived)) - gone
    seated = [p for t in tables for p in t.values()]
    assert all(len(t) == 4 for t in tables) and len(tables) == len(present) // 4
    assert sorted(seated + out) == sorted(present) and len(out) == len(present) % 4
    played = present - set(waiting) - set(arrived)
    if len(played) >= len(out):
        assert set(out) <= played  # those who sat out or arrived play, when enough played to make way
    kept = {(t, seat): p for t, table in enumerate(moved[:len(tables)]) for seat, p in table.items()
            if p in present and p not in out}
    assert all(tables[t][seat] == p for (t, seat), p in kept.items())  # nobody present moves but to fill a gap
