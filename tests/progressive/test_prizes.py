"""A progressive night's prizes as organisers give them: one a person, the places the event lists, level
players sharing or drawn replayably, the lowest score only among those who played the whole night, no lone-hand
prize when nobody made one, and the best single round where the event gives it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.progressive.prizes import PrizeRules, Ranked, award
from scoring.models import Event
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from scoring.standings import cache
from scoring.standings.selectors import prizes
from tests.factories import EventFactory, PlayerFactory


def line(player: int, points: int, lone: int = 0, best: int = 0, whole: bool = True) -> Ranked:
    return Ranked(player, f"P{player}", (points,), points, lone, best or points, whole)


def test_first_place_takes_no_other_prize_and_the_next_in_line_gets_it():
    rows = [line(1, 20, lone=3), line(2, 15, lone=2), line(3, 11, lone=1), line(4, 5)]
    got = {p.name: (p.winners, p.figure) for p in award(rows, PrizeRules(places=2, lowest=True))}
    assert got == {"First": (("P1",), 20), "Second": (("P2",), 15), "Most lone hands": (("P3",), 1),
                   "Lowest score": (("P4",), 5)}
    shared = {p.name: p.winners for p in award(rows, PrizeRules(places=1, one_each=False))}
    assert shared["Most lone hands"] == ("P1",)  # a club may let one person take both


def test_no_lone_hand_prize_when_nobody_made_one_and_the_lowest_only_among_the_whole_night():
    rows = [line(1, 9), line(2, 7), line(3, 2, whole=False), line(4, 4)]
    got = {p.name: p.winners for p in award(rows, PrizeRules(lowest=True, best_round=True))}
    assert "Most lone hands" not in got
    assert got["Lowest score"] == ("P4",)  # P3 arrived late: not among those who played the whole night
    assert got["Best single round"] == ("P2",)  # P1's 9 is a place's prize already


def test_level_players_share_a_prize_or_the_site_draws_the_same_one_every_time():
    rows = [line(1, 9), line(2, 9), line(3, 4)]
    shared = award(rows, PrizeRules(places=1))
    assert shared[0].winners == ("P1", "P2") and not shared[0].drawn
    drawn = [award(rows, PrizeRules(places=2, ties="draw", seed="event-7")) for _ in range(3)]
    assert drawn[0] == drawn[1] == drawn[2] and drawn[0][0].drawn and len(drawn[0][0].winners) == 1
    assert {drawn[0][0].winners[0], drawn[0][1].winners[0]} == {"P1", "P2"}  # the other is next in line


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 4), st.booleans()), min_size=1, max_size=20),
       st.integers(1, 5), st.sampled_from(["share", "draw"]))
def test_with_one_prize_a_person_nobody_holds_two(figures, places, ties):
    rows = sorted((line(n, points, lone, whole=whole) for n, (points, lone, whole) in enumerate(figures, 1)),
                  key=lambda row: -row.points)
    won = [winner for prize in award(rows, PrizeRules(places=places, lowest=True, best_round=True, ties=ties))
           for winner in prize.winners]
    assert len(won) == len(set(won))
    assert all(p.figure > 0 for p in award(rows, PrizeRules(places=0)) if p.name == "Most lone hands")


@pytest.mark.django_db
def test_the_nights_standings_name_its_prizes_as_the_event_gives_them():
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard", prize_places=2,
                         lone_prize=True, round_prize=False)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = (t.rubber for t in first.tables.order_by("number"))
    round_totals_enter(rubber_id=one.pk, points={"NS": 9, "EW": 3}, lone={"N": 1, "E": 0, "S": 0, "W": 0})
    round_totals_enter(rubber_id=two.pk, points={"NS": 6, "EW": 8}, lone={"N": 0, "E": 1, "S": 0, "W": 1})
    round_close(round_id=first.pk)
    got = {p.name: (set(p.winners), p.figure) for p in prizes(cache.event_players(event), event)}
    names = {e.player_id: e.player.display_name for e in event.entrants.select_related("player")}
    # Table 1's North: 9 points and his lone hand; South 9 and none; table 2's East and West 8 and a lone hand each.
    assert got["First"] == ({names[one.north_id]}, 9)
    assert got["Second"] == ({names[one.south_id]}, 9)
    assert got["Most lone hands"] == ({names[two.east_id], names[two.west_id]}, 1)  # level: shared
    assert "Lowest score" not in got and "Best single round" not in got


@pytest.mark.django_db
def test_a_night_that_credits_the_lone_player_more_counts_it_in_his_tally_only():
    """A bonus of 1 under the standard game: North's lone march is 5 on his tally and 4 on his partner's; the
    side's points, which decide the table, stay 4 (then East's point: 1 to East-West)."""
    from tests.helpers import record

    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard", lone_bonus=1)
    entrants_set(event=event, players=PlayerFactory.create_batch(4))
    first, = schedule_make(event=event)
    round_start(round_id=first.pk)
    rubber = first.tables.get(number=1).rubber
    record(rubber, maker="N", alone=True, tricks=5)
    for maker in "ENE":
        record(rubber, maker=maker, tricks=3)
    rubber.refresh_from_db()
    rows = {row.player_id: row for row in rubber.player_results.all()}
    assert (rows[rubber.north_id].points_for, rows[rubber.south_id].points_for) == (6, 5)
    assert rows[rubber.east_id].points_against == 5 and (rubber.current_ns, rubber.current_ew) == (5, 2)
    rules = " ".join(event.progressive_rules)
    assert "scores 5 on his own tally, his partner 4" in rules
