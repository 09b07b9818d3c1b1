"""A player's printed record: his figures over all his play from the kept figures, as his page reads them, and a
list of rubbers that costs what its pages do however long his past (his newest, or a period from the address),
saying what it lists and how to print the rest."""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Event, RubberPlayerResult
from scoring.printing import sheets
from scoring.seeding.bulk import seed_bulk
from scoring.standings.selectors import player_summaries
from tests.builders import a_finished_rubber, a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.printing.test_sheets import get_pdf, lines_of

pytestmark = pytest.mark.django_db


def record_lines(client, player, query: str = "") -> list[str]:
    return lines_of(get_pdf(client, reverse("player_record_pdf", args=[player.pk]) + query).content)


def listed(lines: list[str], event: Event) -> list[str]:
    """The lines of the list of rubbers (each names its event)."""
    return [line for line in lines if f" {event.name} " in line]


def table_of(row: str) -> str:
    """The id of the table a row of the list names ("Rubber #35": 35)."""
    return row.split()[4].removeprefix("#")


def figure(lines: list[str], label: str) -> str:
    return next(line.removeprefix(label).split()[0] for line in lines if line.startswith(label + " "))


def test_the_record_lists_his_newest_rubbers_only_and_its_cost_does_not_grow_with_his_past(client, monkeypatch):
    monkeypatch.setattr(sheets, "RECORD_RUBBERS", 3)
    event = EventFactory(name="Bulk nights", starts_on=dt.date(2025, 1, 1))
    four = PlayerFactory.create_batch(4)
    seed_bulk(rubbers=2, event=event, players=four)
    url = reverse("player_record_pdf", args=[four[0].pk])
    get_pdf(client, url)  # the club's settings, read once and kept in the cache
    with CaptureQueriesContext(connection) as few:
        lines = lines_of(get_pdf(client, url).content)
    assert len(listed(lines, event)) == 2 and "Rubbers, newest first" in lines
    assert "A record lists at most" not in " ".join(lines)

    seed_bulk(rubbers=40, event=event, players=four, seed=2)  # every one of them his: 42 results
    assert RubberPlayerResult.objects.filter(player=four[0]).count() == 42
    with CaptureQueriesContext(connection) as many:
        lines = lines_of(get_pdf(client, url).content)
    text = " ".join(lines)
    assert len(many) == len(few)
    rows = listed(lines, event)
    assert len(rows) == 3  # his newest three, however many he has
    newest = RubberPlayerResult.objects.filter(player=four[0]).order_by("-rubber__played_on", "-rubber_id")[:3]
    assert [table_of(row) for row in rows] == [str(r.rubber_id) for r in newest]
    assert "His newest 3 rubbers" in lines
    assert "Rubbers listed: his newest 3, back to" in text
    # ...and his figures over all his play, as the kept rows give them and his page shows them.
    summary = player_summaries(four[0], Event.objects.all()).get("somerset-1888")
    assert summary is not None and summary["rubbers"] == 42
    assert figure(lines, "Complete rubbers") == "42" and figure(lines, "Net") == str(summary["net"])
    assert "For earlier ones, print a period" in text
    assert f"{reverse('player_record_pdf', args=[four[0].pk])}?from=" in text  # the address to print them


def test_the_results_read_are_his_newest_whatever_his_past(client, monkeypatch):
    """The rows of results read for the list stop at its length (one more, to know there are more)."""
    monkeypatch.setattr(sheets, "RECORD_RUBBERS", 5)
    event = EventFactory(starts_on=dt.date(2025, 1, 1))
    four = PlayerFactory.create_batch(4)
    seed_bulk(rubbers=30, event=event, players=four)
    fetched = []

    def count_rows(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if 'FROM "scoring_rubberplayerresult"' in sql and sql.lstrip().startswith("SELECT"):
            fetched.append(sql)
        return result

    with connection.execute_wrapper(count_rows):
        get_pdf(client, reverse("player_record_pdf", args=[four[0].pk]))
    assert fetched, "the list reads his results"
    assert all(" LIMIT 6" in sql for sql in fetched), fetched  # never every result he has


def test_a_period_lists_its_rubbers_while_the_figures_stay_over_all_his_play(client, event, players):
    days = (dt.date(2026, 1, 5), dt.date(2026, 2, 10), dt.date(2026, 2, 20), dt.date(2026, 3, 20))
    rubbers = [a_finished_rubber(a_rubber(event, players[:4], played_on=day)) for day in days]
    lines = record_lines(client, players[0], "?from=2026-02-01&to=2026-02-28")
    text = " ".join(lines)
    rows = listed(lines, event)
    assert [table_of(row) for row in rows] == [str(rubbers[2].pk), str(rubbers[1].pk)]  # newest first
    assert "Rubbers from 1 Feb 2026 to 28 Feb 2026" in lines
    assert "Rubbers listed: those from 1 Feb 2026 to 28 Feb 2026." in text
    assert figure(lines, "Complete rubbers") == "4"  # over all his play
    assert "In this period: 2 complete rubbers, won 2, lost 0" in text
    assert "Rubbers outside this period are not listed" in text and "His page lists every rubber" in text

    assert [table_of(row) for row in listed(record_lines(client, players[0], "?from=2026-02-15"), event)] == [
        str(rubbers[3].pk), str(rubbers[2].pk)]
    assert [table_of(row) for row in listed(record_lines(client, players[0], "?to=2026-01-31"), event)] == [
        str(rubbers[0].pk)]
    empty = record_lines(client, players[0], "?from=2026-04-01")
    assert "No rubbers in this period." in empty and figure(empty, "Complete rubbers") == "4"
    response = get_pdf(client, reverse("player_record_pdf", args=[players[0].pk]) + "?from=2026-02-01&to=2026-02-28")
    assert response["Content-Disposition"].endswith('-record-from-2026-02-01-to-2026-02-28.pdf"')


def test_a_period_longer_than_a_record_lists_its_newest_and_names_the_period_before(client, monkeypatch):
    monkeypatch.setattr(sheets, "RECORD_RUBBERS", 4)
    event = EventFactory(starts_on=dt.date(2025, 1, 1))
    four = PlayerFactory.create_batch(4)
    seed_bulk(rubbers=200, event=event, players=four)  # 40 a day: 1 Jan to 5 Jan 2025
    lines = record_lines(client, four[0], "?from=2025-01-02&to=2025-01-03")
    text = " ".join(lines)
    assert len(listed(lines, event)) == 4
    assert all(" 3 Jan 2025 " in f" {row} " for row in listed(lines, event))
    assert "His newest 4 rubbers from 2 Jan 2025 to 3 Jan 2025" in lines
    assert "In this period: 80 complete rubbers" in text
    assert "?from=2025-01-02&to=2025-01-03" in text  # the earlier ones, never before the period's first day


@pytest.mark.parametrize(("query", "unread"), [
    ("?from=2026-02-30", ["from"]), ("?to=2026-13-01", ["to"]), ("?from=²⁰²⁶-01-01", ["from"]),
    ("?from=" + "9" * 5000, ["from"]), ("?from=%00&to=<b>x</b>", ["from", "to"]), ("?from=20260101", ["from"]),
    ("?from=2026-1-1&to=2026-W05-6", ["from", "to"]), ("?from=0000-01-01", ["from"]), ("?from=&to=", []),
    ("?from=0001-01-01&to=9999-12-31", []), ("?from=2026-12-31&to=2026-01-01", []), ("?from=1.5&paper=a4", ["from"]),
])
def test_dates_that_cannot_be_read_are_left_out_and_said_so_never_a_500(client, rubber, query, unread, monkeypatch):
    monkeypatch.setattr(sheets, "RECORD_RUBBERS", 1)
    a_finished_rubber(rubber)
    a_finished_rubber(a_rubber(rubber.event, rubber_players(rubber), played_on=dt.date(2026, 11, 4)))
    text = " ".join(record_lines(client, rubber.north, query))
    for name in unread:
        assert f'The address\'s "{name}" date could not be read' in text
    assert text.count("could not be read") == len(unread)
    assert "Complete rubbers 2" in text


def rubber_players(rubber):
    return [rubber.north, rubber.east, rubber.south, rubber.west]


def test_a_period_whose_first_day_is_after_its_last_lists_nothing_and_says_why(client, rubber):
    a_finished_rubber(rubber)
    text = " ".join(record_lines(client, rubber.north, "?from=2026-12-31&to=2026-01-01"))
    assert "The period's first day is after its last: no rubber lies in it." in text
    assert "No rubbers in this period." in text


def test_a_long_name_breaks_after_its_hyphen_never_mid_word(client, event):
    long = PlayerFactory(display_name="Bartholomew Featherstonehaugh-Smythe")  # 36 characters
    others = PlayerFactory.create_batch(3)
    a_finished_rubber(a_rubber(event, [long, *others]))
    a_finished_rubber(a_rubber(event, [others[0], long, others[1], others[2]]))
    for url in (reverse("player_record_pdf", args=[others[1].pk]), reverse("player_record_pdf", args=[long.pk]),
                reverse("event_standings_pdf", args=[event.slug]),
                reverse("player_record_pdf", args=[others[1].pk]) + "?paper=a4"):
        content = get_pdf(client, url).content
        text = " ".join(lines_of(content))
        pieces = re.findall(r"\S*Feath\S*", text)
        assert pieces and all(piece.startswith("Featherstonehaugh-") for piece in pieces), (url, pieces)
        assert len(PdfReader(io.BytesIO(content)).pages) == 1


def test_his_newest_rubbers_in_play_and_abandoned_are_listed_in_their_place(client, event, players, monkeypatch):
    """The kept rows count only the rubbers counted; the list takes his rubbers in play and abandoned too."""
    from scoring.services.rubbers import rubber_abandon
    from tests.helpers import record

    days = [dt.date(2026, 3, d) for d in (1, 2, 2, 3, 3, 4)]
    rubbers = [a_rubber(event, players[:4], played_on=day) for day in days]
    for rubber in (rubbers[0], rubbers[1], rubbers[3]):
        a_finished_rubber(rubber)
    record(rubbers[4], maker="N", tricks=3)
    rubber_abandon(rubber_id=rubbers[4].pk, reason="Fire alarm")
    record(rubbers[5], maker="E", tricks=3)  # in play; rubbers[2] never dealt
    every = [str(r.rubber_id) for r in RubberPlayerResult.objects.filter(player=players[0])
             .order_by("-rubber__played_on", "-rubber_id")]
    for most in range(1, len(every) + 1):
        monkeypatch.setattr(sheets, "RECORD_RUBBERS", most)
        for query in ("", "?to=2026-03-03", "?from=2026-03-02"):
            lines = record_lines(client, players[0], query)
            expected = [pk for pk, day in zip(every, sorted(days, reverse=True), strict=True)
                        if (query != "?to=2026-03-03" or day <= dt.date(2026, 3, 3))
                        and (query != "?from=2026-03-02" or day >= dt.date(2026, 3, 2))]
            assert [table_of(row) for row in listed(lines, event)] == expected[:most], (most, query)


def test_each_result_says_what_its_table_played_and_counts_it_in_its_own_units(client):
    """A Somerset rubber, a standard match (best of three) and a progressive round, one player at each: each row
    names its table as its page does and gives his side's figure and the other's in its format's units."""
    from tests.helpers import play_game, record

    player = PlayerFactory(display_name="Constance Featherstonehaugh-Pryce")
    others = PlayerFactory.create_batch(3)
    seats = [player, *others]
    somerset = a_finished_rubber(a_rubber(EventFactory(name="Somerset", rulebook="somerset-1888"), seats))
    match = a_rubber(EventFactory(name="Standard", rulebook="standard", game_points=5, games=3), seats)
    for _ in range(2):
        play_game(match, "N")
    tally = a_rubber(EventFactory(name="Progressive", mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4,
                                  rulebook="standard"), seats, deal_limit=4)
    for maker in "NNEN":
        record(tally, maker=maker, tricks=3)
    lines = record_lines(client, player)
    text = " ".join(lines)
    assert "Played Table Event Side Partner Opponents For–against Result" in text
    rows = {row.split()[3]: row for row in lines if row.split()[3:4] in (["Rubber"], ["Match"], ["Tally"])}
    assert rows["Rubber"].startswith(f"3 Nov 2026 Rubber #{somerset.pk} Somerset NS")
    assert "6–2 rubber" in rows["Rubber"]  # two double games and the rubber's 2, to one double game
    assert rows["Match"].startswith(f"3 Nov 2026 Match #{match.pk} Standard NS") and "10–0 points" in rows["Match"]
    assert rows["Tally"].startswith(f"3 Nov 2026 Tally #{tally.pk} Progressive NS") and "3–1 points" in rows["Tally"]
