"""Sitting out a progressive night when the players are not a multiple of four: byes go round evenly,
nobody keeps a partner, a bye scores the round's average; and a round level on points plays one more deal."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.progressive import TableResult, bye_points, progressive_move, rotate_byes, round_deals
from scoring.engine.seats import Seat, Side

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def play(seating: list[dict[Seat, int]], rng: random.Random) -> list[TableResult]:
    """A round's results at random, a cut settling any table level on points and lone hands."""
    tables = []
    for seats in seating:
        points = {Side.NS: rng.randint(0, 12), Side.EW: rng.randint(0, 12)}
        lone = {Side.NS: rng.randint(0, 1), Side.EW: rng.randint(0, 1)}
        tied = points[Side.NS] == points[Side.EW] and lone[Side.NS] == lone[Side.EW]
        tables.append(TableResult(seats, points, lone, rng.choice(list(Side)) if tied else None))
    return tables


def partners(seating: list[dict[Seat, int]]) -> set[frozenset[int]]:
    return {frozenset({t[Seat.N], t[Seat.S]}) for t in seating} | {frozenset({t[Seat.E], t[Seat.W]}) for t in seating}


@given(players=st.integers(8, 64).filter(lambda n: n % 4), rounds=st.integers(2, 12), seed=st.integers(0, 10**6))
def test_byes_go_round_evenly_and_nobody_keeps_a_partner(players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    playing = players - players % 4
    seating = [dict(zip(SEATS, range(n, n + 4), strict=True)) for n in range(1, playing + 1, 4)]
    waiting = list(range(playing + 1, players + 1))
    byes = Counter(waiting)
    for _ in range(rounds - 1):
        before = partners(seating)
        moved = progressive_move(play(seating, rng))
        seating, waiting = rotate_byes(moved, waiting, byes)
        byes.update(waiting)
        seated = [p for table in seating for p in table.values()]
        assert sorted(seated + waiting) == list(range(1, players + 1))  # everyone, once
        assert len(waiting) == players % 4
        assert not before & partners(seating)  # nobody keeps a partner
        counts = [byes[p] for p in range(1, players + 1)]
        assert max(counts) - min(counts) <= 1  # byes even


def test_those_coming_back_take_the_foot_tables_seats_in_the_order_they_sat_out() -> None:
    moved = [dict(zip(SEATS, range(n, n + 4), strict=True)) for n in (1, 5, 9)]
    seated, out = rotate_byes(moved, waiting=[13, 14], byes={13: 1, 14: 1})
    assert out == [9, 10]
    assert seated[2] == {Seat.N: 13, Seat.E: 14, Seat.S: 11, Seat.W: 12}
    assert seated[:2] == moved[:2]


def test_a_player_who_sat_out_already_plays_before_one_who_has_not() -> None:
    moved = [dict(zip(SEATS, range(n, n + 4), strict=True)) for n in (1, 5)]
    seated, out = rotate_byes(moved, waiting=[9], byes={9: 1, 5: 1, 6: 1, 7: 1, 8: 1})
    assert out == [1]  # the foot table's four have sat out: the head table's North goes
    assert seated[0][Seat.N] == 9


def test_a_bye_scores_the_rounds_average_to_the_nearest_point_a_half_up() -> None:
    assert bye_points(total=48, players=8) == 6
    assert bye_points(total=52, players=8) == 7  # 6.5 goes up
    assert bye_points(total=51, players=8) == 6  # 6.375
    assert bye_points(total=0, players=0) == 0


@given(limit=st.sampled_from([4, 6, 8, 12]), deals=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)),
                                                            max_size=14))
def test_a_round_level_on_points_after_its_deals_plays_exactly_one_more(limit: int,
                                                                       deals: list[tuple[int, int]]) -> None:
    tallies, ns, ew = [], 0, 0
    for a, b in deals:
        ns, ew = ns + a, ew + b
        tallies.append((ns, ew))
    due = round_deals(limit, tallies)
    level = len(tallies) >= limit and tallies[limit - 1][0] == tallies[limit - 1][1]
    assert due == (limit + 1 if level else limit)
