"""Seasons on the site: a night joins only a season of its own format, the table is the engine's over each night's
own standings (each night's first figure, byes and late arrivals as the night scores them), it follows a night moved
in or out at once, reads in a constant number of queries, and is backed up and restored."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scoring.models import Event, KeptNight, Season
from scoring.rounds.services import (
    entrants_set,
    gone_home,
    late_arrival,
    round_close,
    round_start,
    round_totals_enter,
    schedule_make,
)
from scoring.services.events import event_create, event_update
from scoring.services.seasons import night_season_set, season_create, season_update
from scoring.standings import order
from scoring.standings.night import night_rows
from scoring.standings.season import night_results, not_whole, season_view
from scoring.standings.season_page import season_page
from scoring.standings.services import night_figures
from tests.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

NAMES = [f"Player {n:02d} of the Wednesday-night league".ljust(36, ".")[:36] for n in range(1, 11)]


def a_season(**extra: object) -> Season:
    fields = {"name": "Winter league", "slug": "winter-league", "key": "progressive",
              "starts_on": dt.date(2026, 1, 1), "ends_on": dt.date(2026, 3, 31), "best": 2, "qualify": 2} | extra
    return season_create(**fields)


def a_night(season: Season | None, day: int, players: list, points: list[tuple[int, int]]) -> Event:
    """A progressive night of one round, its tables' totals `points` (NS, EW) on paper."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard",
                         starts_on=dt.date(2026, 1, day), season=season)
    entrants_set(event=event, players=players)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    for table, (ns, ew) in zip(first.tables.order_by("number"), points, strict=True):
        round_totals_enter(rubber_id=table.rubber_id, points={"NS": ns, "EW": ew},
                           lone={"N": 0, "E": 0, "S": 0, "W": 0})
    round_close(round_id=first.pk)
    return event


def a_scheduled_night(players: list) -> tuple[Season, Event, list]:
    """A progressive night of two rounds in a season counting every night, its first eight players entered and its
    rounds scheduled, none started."""
    season = a_season(qualify=1, best=None)
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard",
                         starts_on=dt.date(2026, 1, 7), season=season)
    entrants_set(event=event, players=players[:8])
    return season, event, schedule_make(event=event)


@pytest.fixture
def players():
    return [PlayerFactory(display_name=name) for name in NAMES]


def test_a_night_of_another_format_is_refused_saying_why(players):
    season = a_season()
    match = EventFactory(rulebook="standard", starts_on=dt.date(2026, 1, 7))
    with pytest.raises(ValidationError) as refused:
        night_season_set(event_id=match.pk, season_id=season.pk)
    assert refused.value.error_dict["season"][0].code == "season_format"
    assert "Winter league" in refused.value.messages[0] and Event.objects.get(pk=match.pk).season is None
    with pytest.raises(ValidationError) as made:
        event_create(name="Rubbers", slug="rubbers", starts_on=dt.date(2026, 1, 8), season=season)
    assert made.value.error_dict["season"][0].code == "season_format" and not Event.objects.filter(slug="rubbers")


def test_a_night_in_a_season_keeps_its_format(players):
    season = a_season()
    night = event_create(name="Night", slug="night", starts_on=dt.date(2026, 1, 7), mode="progressive", rounds=2,
                         season=season)
    with pytest.raises(ValidationError) as refused:
        event_update(event_id=night.pk, mode="individuals")
    assert refused.value.error_dict["season"][0].code == "season_format"
    with pytest.raises(ValidationError) as fixed:
        season_update(season_id=season.pk, key="standard")
    assert fixed.value.error_dict["key"][0].code == "season_format_fixed"


def test_the_table_is_the_engines_over_each_nights_first_figure_and_follows_a_night_moved_out(players):
    season = a_season()
    one = a_night(season, 7, players[:8], [(7, 1), (2, 6)])
    two = a_night(season, 14, players[:8], [(3, 5), (8, 0)])
    three = a_night(season, 21, players[:4], [(4, 4)])
    view = season_view(season)
    assert view.names == ("2026-01-07", "2026-01-14", "2026-01-21")
    by_night = [{r.player: r.points for r, *_ in night_results([e], {})[e.pk]} for e in (one, two, three)]
    for event, figures in zip((one, two, three), by_night, strict=True):
        ranking = order.for_event(event)
        assert figures == {row["player__display_name"]: row[ranking[0].key] for row in night_rows(event, ranking)}
    assert view.table.lines[0].total == max(line.total for line in view.table.lines)
    night_season_set(event_id=three.pk, season_id=None)
    again = season_view(Season.objects.get(pk=season.pk))
    assert again.names == ("2026-01-07", "2026-01-14") and all(line.played <= 2 for line in again.table.lines)


def test_a_late_arrival_has_no_low_and_an_absence_no_figure(players):
    season, event, (first, _second) = a_scheduled_night(players)
    round_start(round_id=first.pk)
    for table in first.tables.all():
        round_totals_enter(rubber_id=table.rubber_id, points={"NS": 1, "EW": 0}, lone=dict.fromkeys("NESW", 0))
    round_close(round_id=first.pk)
    late_arrival(event_id=event.pk, player=players[8])
    view = season_view(season)
    assert NAMES[9] not in {line.player for line in view.table.lines}  # never played: no figure, not a zero
    assert NAMES[8] in {r.player for r, *_ in night_results([event], {})[event.pk]}
    assert not_whole([event]) == {event.pk: {players[8].pk}}  # no low for him: he did not play the whole night


def test_the_season_page_reads_its_table_in_a_constant_number_of_queries(players, django_assert_max_num_queries):
    season = a_season()
    for day in (7, 14):
        a_night(season, day, players[:8], [(5, 3), (2, 6)])
    season_view(Season.objects.get(pk=season.pk))  # warm
    with CaptureQueriesContext(connection) as two_nights:
        season_view(Season.objects.get(pk=season.pk))
    for day in (21, 28):
        a_night(season, day, players[:8], [(4, 4), (6, 2)])
    season_view(Season.objects.get(pk=season.pk))
    with CaptureQueriesContext(connection) as four_nights:
        season_view(Season.objects.get(pk=season.pk))
    assert len(two_nights) == len(four_nights) <= 2


def test_cleared_from_the_cache_the_season_reads_its_nights_in_a_constant_number_of_queries(players):
    from django.core.cache import cache

    season = a_season()
    counts = []
    for days in ((7, 14), (21, 28, 4, 11)):
        for day in days:
            a_night(season, day, players[:8], [(5, 3), (2, 6)])
        cache.clear()
        with CaptureQueriesContext(connection) as cold:
            season_page(Season.objects.get(pk=season.pk))
        counts.append(len(cold))
    assert counts[0] == counts[1] <= 6


def kept(event: Event) -> list[tuple[int, int | None, int, int]]:
    return sorted(KeptNight.objects.filter(event=event).values_list("player_id", "partner_id", "figure", "lone"))


def fresh(event: Event) -> list[tuple[int, int | None, int, int]]:
    return sorted((k.player_id, k.partner_id, k.figure, k.lone) for k in night_figures(Event.objects.get(pk=event.pk)))


def test_each_nights_kept_figures_follow_what_moves_its_standings_in_the_same_transaction(players):
    season, event, (first, second) = a_scheduled_night(players)
    assert kept(event) == []  # entered, nothing played: no figure yet
    round_start(round_id=first.pk)
    tables = list(first.tables.order_by("number"))
    round_totals_enter(rubber_id=tables[0].rubber_id, points={"NS": 3, "EW": 1}, lone={"N": 1, "E": 0, "S": 0, "W": 0})
    assert kept(event) == fresh(event) and len(kept(event)) == 4
    round_close(round_id=first.pk, unplayed="bye")  # the silent table's players sit the round out, scoring a bye
    assert kept(event) == fresh(event) and len(kept(event)) == 8
    late_arrival(event_id=event.pk, player=players[8])  # his missed round scores the round's average
    assert kept(event) == fresh(event) and players[8].pk in {row[0] for row in kept(event)}
    round_start(round_id=second.pk)
    gone_home(event_id=event.pk, player_id=players[0].pk)
    assert kept(event) == fresh(event)
    event_update(event_id=event.pk, ranking="lone,points,rounds")  # now by lone hands first
    assert kept(event) == fresh(event) and {row[0]: row[2] for row in kept(event)}[players[0].pk] == 1
    with transaction.atomic():
        night_season_set(event_id=event.pk, season_id=None)
        assert kept(event) == [] and season_view(Season.objects.get(pk=season.pk)).names == ()
        night_season_set(event_id=event.pk, season_id=season.pk)
        assert kept(event) == fresh(event) != []
        assert season_view(Season.objects.get(pk=season.pk)).names == ("2026-01-07",)


def test_a_renamed_player_reads_by_his_new_name_without_his_figures_drawn_again(players):
    season = a_season()
    night = a_night(season, 7, players[:8], [(7, 1), (2, 6)])
    before = KeptNight.objects.filter(event=night).values_list("pk", flat=True).order_by("pk")
    players[0].display_name = "Zebedee Renamed, once of the league"
    players[0].save()
    assert list(KeptNight.objects.filter(event=night).values_list("pk", flat=True).order_by("pk")) == list(before)
    assert "Zebedee Renamed, once of the league" in {line.player for line in season_view(season).table.lines}


@pytest.mark.django_db(transaction=True)
def test_seasons_are_backed_up_and_restored(players, tmp_path):
    from scoring.services.backup import club_export, club_import
    from tests.services.test_backup import wipe
    season = a_season()
    a_night(season, 7, players[:8], [(7, 1), (2, 6)])
    before = season_view(season).table
    club_export(tmp_path / "backup")
    wipe()
    Season.objects.all().delete()
    counts = club_import(tmp_path / "backup")
    assert counts["seasons"] == 1
    restored = Season.objects.get(slug="winter-league")
    assert restored.nights.count() == 1 and season_view(restored).table == before


def test_the_event_form_offers_the_seasons_under_way_first_and_a_night_joins_one_from_it(client, secretary):
    from django.urls import reverse
    from django.utils import timezone

    from scoring.club.forms.events import seasons_offered

    today = timezone.localdate()
    past = a_season(name="Last winter", slug="last-winter", starts_on=today - dt.timedelta(days=400),
                    ends_on=today - dt.timedelta(days=300))
    now = a_season(name="This winter", slug="this-winter", starts_on=today - dt.timedelta(days=10),
                   ends_on=today + dt.timedelta(days=60))
    offered = seasons_offered()
    assert list(offered.queryset) == [now, past]
    assert offered.label_from_instance(now) == "This winter (Progressive nights)"
    client.force_login(secretary)
    post = {"name": "Wednesday night", "slug": "", "starts_on": today.isoformat(), "rulebook": "",
            "paper_size": "letter", "mode": "progressive", "rounds": "3", "season": str(now.pk)}
    response = client.post(reverse("event_new"), post)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Event.objects.get(slug="wednesday-night").season == now
    refused = client.post(reverse("event_new"), post | {"name": "Rubbers", "mode": "rubbers", "rounds": ""})
    assert refused.status_code == 200 and not Event.objects.filter(slug="rubbers").exists()
    assert refused.context["form"].errors.as_data()["season"][0].code == "season_format"
