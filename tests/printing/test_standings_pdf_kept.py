"""The standings PDF prints the rows the standings page shows, read from the kept figures (one row per player
and partner), never by adding up every stored result of the event."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from scoring.models import Event, RubberPlayerResult
from scoring.rounds.services import schedule_make
from scoring.standings import cache as standings_cache
from scoring.standings import order
from scoring.standings.selectors import entry_name, standings
from tests.builders import a_finished_round, a_tournament
from tests.factories import PlayerFactory
from tests.printing.test_sheets import get_pdf, lines_of
from tests.standings.test_standings import club

pytestmark = pytest.mark.django_db


def figures(row: dict) -> str:
    """A player's (or pair's) line as the PDF prints it, after its rank."""
    name = row["player__display_name"] + (f" & {row['partner__display_name']}" if row.get("partner__display_name")
                                          else "")
    net = f"{row['net']:+d}" if row["net"] else "0"
    return (f"{name} {row['rubbers']} {row['wins']} {row['losses']} {row['games'] or 0} {row['doubles'] or 0} "
            f"{row['scored_for'] or 0} {row['scored_against'] or 0} {net} {row['net_per_rubber']:.2f}")


def printed(client, event: Event) -> list[str]:
    return lines_of(get_pdf(client, reverse("event_standings_pdf", args=[event.slug])).content)


def test_the_pdf_prints_the_kept_figures_not_the_stored_results_added_up(client, event):
    club(event, PlayerFactory.create_batch(6), rubbers=5)
    kept = standings_cache.event_players(event)
    # Results changed behind the kept rows' back (never done by the site): the sheet still prints the kept rows.
    RubberPlayerResult.objects.filter(rubber__event=event).update(points_for=99, won=False, games_won=9)
    assert list(standings(RubberPlayerResult.objects.filter(rubber__event=event))) != kept
    lines = printed(client, event)
    assert kept
    for row in kept:
        assert f"{row['rank']} {figures(row)}" in lines, figures(row)
    assert not [line for line in lines if " 99 " in f" {line} "]


def test_the_pdf_reads_no_stored_result(client, event):
    club(event, PlayerFactory.create_batch(5), rubbers=3)
    read = []

    def watch(execute, sql, params, many, context):
        read.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        printed(client, event)
    assert read and not [sql for sql in read if "scoring_rubberplayerresult" in sql]


def test_fixed_pairs_print_the_kept_rows_of_pairs_and_players_and_read_no_result(client):
    event = a_tournament(8, rounds=1, mode=Event.Mode.PAIRS)
    a_finished_round(schedule_make(event=event)[0])
    pairs, players = standings_cache.event_pairs(event), standings_cache.event_players(event)
    RubberPlayerResult.objects.filter(rubber__event=event).update(points_for=99)
    read = []

    def watch(execute, sql, params, many, context):
        read.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        lines = printed(client, event)
    assert not [sql for sql in read if "scoring_rubberplayerresult" in sql]
    assert pairs and players
    for row in [*pairs, *players]:
        assert f"{row['rank']} {figures(row)}" in lines, figures(row)


def test_the_demo_clubs_standings_pdfs_print_each_events_page_rows(client, demo_club, secretary):
    client.force_login(secretary)
    for event in Event.objects.all():
        lines = printed(client, event)
        rows = standings_cache.event_players(event)
        assert rows, event.slug
        for row in rows:
            if event.progressive:  # a tally: rank, name (a pair "A & B"), points, lone hands, rounds won
                words = f"{row['rank']} {entry_name(row)} {row['scored_for']} {row['lone']} {row['wins']}"
                assert any(line.startswith(words) for line in lines), (event.slug, words)
            elif event.playing.winning.laps:
                assert f"{row['rank']} {figures(row)}" in lines, (event.slug, figures(row))
            else:  # matches: lone hands made and euchres in place of doubles and net per rubber
                assert any(line.startswith(f"{row['rank']} {row['player__display_name']} {row['rubbers']} "
                                           f"{row['wins']} {row['losses']}") for line in lines), (event.slug, row)
        assert f"Ranked by {order.sentence(order.for_event(event))}" in " ".join(lines)
