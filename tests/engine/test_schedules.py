"""Schedules for events in rounds, checked as properties over many sizes: everyone once a round, the
kept whist schedules perfect in full, no partner twice in their first rounds, byes as even as can be,
fixed pairs meeting each other pair once."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.schedules import full_rounds, pairs_schedule, schedule_document, whist_schedule
from scoring.engine.schedules.binary import binary_field_round
from scoring.engine.schedules.cyclic import expand, group_for, misses, moore, search
from scoring.engine.schedules.field import moore_square
from scoring.engine.schedules.group import Group
from scoring.engine.schedules.patterned import patterned
from scoring.engine.schedules.product import moore_product, moore_product_factors
from scoring.engine.schedules.shape import Schedule
from scoring.engine.schedules.stored import INITIAL_ROUNDS
from scoring.engine.schedules.whist import perfect_design


def check_rounds(schedule: Schedule) -> None:
    """Each round seats every player once or sits him out, with as few sitting out as the tables allow."""
    everyone = set(range(1, schedule.players + 1))
    for r in schedule.rounds:
        seated = [p for t in r.tables for p in t.players]
        assert len(seated) == len(set(seated)) and not set(seated) & set(r.sitting_out)
        assert set(seated) | set(r.sitting_out) == everyone
        assert len(r.sitting_out) == schedule.players % 4 or len(r.sitting_out) == 2  # fixed pairs sit out by two


@pytest.mark.parametrize("players", sorted(INITIAL_ROUNDS))
def test_every_kept_schedule_is_a_whist_tournament_in_full(players):
    schedule = whist_schedule(players)
    check_rounds(schedule)
    assert schedule.is_whist()  # every two players partner once and oppose twice
    assert len(schedule.rounds) == full_rounds(players)
    if players % 4 == 1:
        assert set(schedule.byes().values()) == {1}  # each sits out exactly one round


@pytest.mark.parametrize("players", [8, 12, 13, 16, 20, 24])
def test_the_sizes_the_club_asked_for_are_perfect(players):
    assert whist_schedule(players, seed=7).is_whist()


@settings(max_examples=40, deadline=None, derandomize=True)
@given(players=st.sampled_from(sorted(INITIAL_ROUNDS)), data=st.data())
def test_the_first_rounds_of_a_kept_schedule_never_repeat_a_partner(players, data):
    rounds = data.draw(st.integers(1, full_rounds(players)))
    schedule = whist_schedule(players, rounds, seed=data.draw(st.integers(0, 1000)))
    check_rounds(schedule)
    partners, opponents = schedule.worst_repeats()
    assert partners <= 1 and opponents <= 2
    byes = schedule.byes()
    if byes:
        assert max(byes.values()) - min(byes.get(p, 0) for p in range(1, players + 1)) <= 1


@settings(max_examples=25, deadline=None, derandomize=True)
@given(players=st.integers(4, 40), data=st.data())
def test_any_count_gets_full_rounds_and_even_byes(players, data):
    rounds = data.draw(st.integers(1, min(full_rounds(players), 8)))
    schedule = whist_schedule(players, rounds, seed=data.draw(st.integers(0, 50)))
    assert len(schedule.rounds) == rounds
    check_rounds(schedule)
    byes = schedule.byes()
    counts = [byes.get(p, 0) for p in range(1, players + 1)]
    assert max(counts) - min(counts) <= 1


def even_byes_after_every_round(schedule: Schedule) -> bool:
    byes = Counter({p: 0 for p in range(1, schedule.players + 1)})
    for r in schedule.rounds:
        byes.update(r.sitting_out)
        if max(byes.values()) - min(byes.values()) > 1:
            return False
    return True


@pytest.mark.parametrize("players", range(4, 65))
def test_every_count_to_64_has_a_whole_schedule_with_no_partner_twice(players):
    schedule = whist_schedule(players)
    check_rounds(schedule)
    assert len(schedule.rounds) == full_rounds(players)
    partners, opponents = schedule.worst_repeats()
    assert partners == 1 and opponents <= 4
    # Over the whole schedule every two players partner once, but for the pair resting in each round
    # where the pairs outnumber the seats (4n+2 and 4n+3 players).
    resting = len(schedule.rounds) if players % 4 >= 2 else 0
    assert len(schedule.partner_counts()) == players * (players - 1) // 2 - resting
    assert even_byes_after_every_round(schedule)
    if perfect_design(players) is not None:
        assert schedule.is_whist()


@settings(max_examples=30, deadline=None, derandomize=True)
@given(players=st.integers(4, 64).filter(lambda v: perfect_design(v) is None), data=st.data())
def test_first_rounds_of_other_counts_repeat_no_partner_and_keep_byes_even(players, data):
    rounds = data.draw(st.integers(1, full_rounds(players)))
    schedule = whist_schedule(players, rounds, seed=data.draw(st.integers(0, 1000)))
    check_rounds(schedule)
    assert schedule.worst_repeats()[0] == 1
    assert even_byes_after_every_round(schedule)


@pytest.mark.parametrize("prime", [5, 13, 17, 29, 37, 41, 53, 61])
def test_moores_construction_is_a_whist_tournament_for_every_prime_4t_plus_1(prime):
    assert expand(moore(prime), prime).is_whist()
    with pytest.raises(ValueError, match="prime"):
        moore(prime + 2)


def test_the_seed_renumbers_the_players_and_keeps_the_design():
    one, other = whist_schedule(12, seed=1), whist_schedule(12, seed=2)
    assert schedule_document(one) != schedule_document(other)
    assert one.is_whist() and other.is_whist()
    assert schedule_document(whist_schedule(12, seed=1)) == schedule_document(one)  # the same seed, the same


def test_the_search_finds_what_it_keeps_and_measures_misses():
    found = search(12, seed=0, tries=200_000)
    assert found is not None and misses([p for quad in found for p in quad], 12) == 0
    assert expand(found, 12).is_whist()
    assert misses([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 12) > 0


@pytest.mark.parametrize(("players", "rounds"), [(3, None), (65, None), (12, 12), (12, 0), (6, None)])
def test_impossible_requests_are_refused_with_a_reason(players, rounds):
    with pytest.raises(ValueError, match=r"players|rounds"):
        if players == 6:
            pairs_schedule(7)
        whist_schedule(players, rounds)


@pytest.mark.parametrize("players", [4, 6, 8, 10, 12, 16, 22])
def test_fixed_pairs_meet_every_other_pair_once_in_a_round_robin(players):
    schedule = pairs_schedule(players)
    check_rounds(schedule)
    meetings = Counter()
    for r in schedule.rounds:
        for t in r.tables:
            assert t.s == t.n + 1 and t.n % 2 == 1 and t.w == t.e + 1 and t.e % 2 == 1  # partners stay together
            meetings[frozenset(((t.n + 1) // 2, (t.e + 1) // 2))] += 1
    pairs = players // 2
    assert meetings == Counter({frozenset(p): 1 for p in combinations(range(1, pairs + 1), 2)})
    north_south = Counter((t.n + 1) // 2 for r in schedule.rounds for t in r.tables)
    assert max(north_south.values()) - min(north_south.values()) <= 2  # seats rotate


def test_the_document_has_the_agreed_shape():
    document = schedule_document(whist_schedule(9, 2))
    assert list(document) == ["rounds"] and len(document["rounds"]) == 2
    table = document["rounds"][0]["tables"][0]
    assert list(table) == ["N", "E", "S", "W"] and all(isinstance(v, int) for v in table.values())
    assert document["rounds"][0]["sitting_out"] == [1] or len(document["rounds"][0]["sitting_out"]) == 1


def test_nine_players_turn_round_z3_x_z3_since_the_integers_mod_9_have_no_whist_schedule():
    schedule = whist_schedule(9, seed=3)
    assert schedule.is_whist() and set(schedule.byes().values()) == {1}
    found = search(9, seed=0, tries=100_000, dims=(3, 3))
    assert found is not None and misses([p for quad in found for p in quad], 9, (3, 3)) == 0
    assert expand(found, 9, (3, 3)).is_whist()
    with pytest.raises(ValueError, match="order 9"):
        group_for(9, (5,))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(dims=st.sampled_from([(3,), (7,), (3, 3), (3, 5), (5, 3, 3)]), data=st.data())
def test_a_groups_codes_add_and_negate_as_its_coordinates_do(dims, data):
    group = Group(dims)
    x, y, z = (data.draw(st.integers(0, group.order - 1)) for _ in range(3))
    assert group.code(group.digits(x)) == x
    assert group.add(x, y) == group.add(y, x)
    assert group.add(group.add(x, y), z) == group.add(x, group.add(y, z))
    assert group.add(x, group.neg(x)) == 0
    assert group.difference_class(x, y) == group.difference_class(y, x)
    assert (group.difference_class(x, y) == 0) == (x == y)
    assert len(group.classes()) == (group.order - 1) // 2


@pytest.mark.parametrize("p", [3, 7])
def test_moores_construction_over_the_field_of_p_squared_is_a_whist_tournament(p):
    assert expand(moore_square(p), p * p, (p, p)).is_whist()
    with pytest.raises(ValueError, match="prime"):
        moore_square(p + 2)


@pytest.mark.parametrize("players, factors", [(45, (9, 5)), (65, (5, 13)), (49, (49,)), (13, (13,))])
def test_moores_construction_over_a_product_of_fields_is_a_whist_tournament(players, factors):
    assert moore_product_factors(players) == factors
    initial, dims = moore_product(factors)
    assert len(initial) == (players - 1) // 4
    assert expand(initial, players, dims).is_whist()


@pytest.mark.parametrize("players", [57, 21, 33, 44])
def test_no_product_of_fields_with_a_root_of_minus_one_for_these_counts(players):
    assert moore_product_factors(players) is None
    with pytest.raises(ValueError, match="neither"):
        moore_product((3, 19))


def test_the_patterned_starter_gives_forty_players_and_is_ruled_out_for_a_prime_modulus():
    initial = patterned(40)
    assert initial is not None and (39, initial[0][1], 0, 39 - initial[0][1]) == initial[0]
    assert all(s == -n % 39 and w == -e % 39 for n, e, s, w in initial[1:])  # x partners -x
    assert expand(initial, 40).is_whist()
    for players in (12, 44, 48, 60):  # 11, 43, 47, 59 are prime: the sum of squares forbids it
        assert patterned(players) is None


@pytest.mark.parametrize("players", [8, 16, 32, 64])
def test_the_field_of_two_to_the_k_gives_a_whist_tournament(players):
    initial = binary_field_round(players)
    assert len(initial) == players // 4 and sorted(p for t in initial for p in t) == list(range(players))
    assert expand(initial, players).is_whist()
    with pytest.raises(ValueError, match="8, 16, 32 or 64"):
        binary_field_round(players + 4)


def test_sixty_four_players_have_a_perfect_schedule_from_the_field_of_64():
    schedule = whist_schedule(64, seed=2)
    check_rounds(schedule)
    assert schedule.is_whist() and len(schedule.rounds) == 63


def test_forty_nine_players_have_a_whist_tournament_over_the_field_of_49():
    schedule = whist_schedule(49, seed=5)
    check_rounds(schedule)
    assert schedule.is_whist() and set(schedule.byes().values()) == {1}


@pytest.mark.parametrize("players", [v for v in range(4, 65) if v % 4 in (0, 1)])
def test_every_count_of_the_form_4n_or_4n_plus_1_has_a_perfect_schedule(players):
    schedule = whist_schedule(players)
    check_rounds(schedule)
    assert schedule.is_whist() and len(schedule.rounds) == full_rounds(players)


def test_six_players_never_meet_an_opponent_three_times():
    for seed in range(5):
        schedule = whist_schedule(6, seed=seed)
        check_rounds(schedule)
        assert len(schedule.rounds) == 5 and schedule.worst_repeats() == (1, 2)
        assert even_byes_after_every_round(schedule)
    assert len(whist_schedule(6, 3).rounds) == 3
