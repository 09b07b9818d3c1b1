"""Every format's season: a night's figure is what its own standings rank by first, in its own units: net rubber
points for Somerset's rubbers, matches won for the standard game's matches, points for a progressive night, where
a night of fixed pairs stands and counts as its pairs ("A & B")."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser

from scoring.models import Event, Player, Season
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from scoring.services.seasons import season_create
from scoring.standings import cache
from scoring.standings.season import season_view
from scoring.standings.season_page import season_page
from scoring.standings.season_views import player_seasons
from tests.builders import a_finished_rubber, a_rubber, a_tournament
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game

pytestmark = pytest.mark.django_db


def a_season(key: str) -> object:
    return season_create(name=f"A season of {key}", slug=f"season-{key}", key=key, starts_on=dt.date(2026, 1, 1),
                         ends_on=dt.date(2026, 12, 31))


def test_a_season_of_somerset_club_nights_adds_up_net_rubber_points():
    season = a_season("somerset-1888")
    four = PlayerFactory.create_batch(4)
    nights = []
    for day in (6, 13):
        night = EventFactory(mode=Event.Mode.CLUB_NIGHT, rulebook="somerset-1888", starts_on=dt.date(2026, 1, day),
                             season=season)
        a_finished_rubber(a_rubber(night, four))  # North-South win the rubber
        nights.append(night)
    view = season_view(season)
    net = {row["player__display_name"]: row["net"] for row in cache.event_players(nights[0])}
    north, east = four[0].display_name, four[1].display_name
    assert net[north] > 0 and net[east] == -net[north]
    totals = {line.player: line.total for line in view.table.lines}
    assert totals[north] == 2 * net[north] and totals[east] == 2 * net[east]
    assert [line.player for line in view.table.lines][:2] == sorted([north, four[2].display_name])


def test_a_season_of_standard_game_events_in_rounds_adds_up_matches_won():
    season = a_season("standard")
    event = a_tournament(4, rounds=1, rulebook="standard", game_points=5, games=1, starts_on=dt.date(2026, 2, 3),
                         season=season)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    play_game(rubber, "N")
    rows = cache.event_players(event)
    winners = {row["player__display_name"] for row in rows if row["wins"] == 1}
    table = season_view(season).table
    assert len(winners) == 2 and {line.player for line in table.lines if line.total == 1} == winners
    assert {line.player for line in table.lines if line.place == 1} == winners


def test_a_season_of_fixed_pairs_progressive_nights_stands_its_pairs():
    season = a_season("progressive")
    players = PlayerFactory.create_batch(8)
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, movement="pairs", rounds=1, deal_limit=4, rulebook="standard",
                         starts_on=dt.date(2026, 3, 4), season=season)
    entrants_set(event=event, players=players)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    for table, (ns, ew) in zip(first.tables.order_by("number"), [(6, 2), (3, 5)], strict=True):
        round_totals_enter(rubber_id=table.rubber_id, points={"NS": ns, "EW": ew}, lone=dict.fromkeys("NESW", 0))
    round_close(round_id=first.pk)
    lines = season_view(season).table.lines
    assert len(lines) == 4 and all(" & " in line.player for line in lines)
    assert sorted(line.total for line in lines) == [2, 3, 5, 6]
    page = season_page(Season.objects.get(pk=season.pk))
    assert page.who == "pair" and "each pair's points" in page.legend and "a pair plays" in page.counting
    first = next(row for row in page.rows if row.total == 6)
    line = next(line for line in player_seasons(Player.objects.get(pk=first.members[1]), AnonymousUser()))
    assert line.words == f"A season of progressive: 1st as {first.name}, 6 points (6)"


def test_a_best_night_shared_by_many_is_counted_not_listed():
    season = season_create(name="Shared highs", slug="shared-highs", key="somerset-1888",
                           starts_on=dt.date(2026, 1, 1), ends_on=dt.date(2026, 12, 31), night_prize=True)
    tables = [PlayerFactory.create_batch(4) for _ in range(2)]
    for day in (6, 13):
        night = EventFactory(mode=Event.Mode.CLUB_NIGHT, rulebook="somerset-1888", starts_on=dt.date(2026, 1, day),
                             season=season)
        for four in tables:
            a_finished_rubber(a_rubber(night, four))  # each table's North-South win: four share each night's high
    page = season_page(Season.objects.get(pk=season.pk))
    best = next(award for award in page.awards if award.title == "Best single night")
    assert best.winners == () and best.shared_by == "made 8 times over 2 nights; each night's high is below"
    assert all(mark.high_by == 4 for mark in page.marks)
