"""How a round's end reads: a rubber stopped at the deal limit or when the round closed says so on its page,
its sheet and in the room; the room calls time; the standings name who has no rubber counted yet."""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from scoring.models import Event, Round, Rubber
from scoring.reporting.services import working_code
from scoring.rounds.selectors import room
from scoring.rounds.services import round_close, round_start, schedule_make
from tests.helpers import record
from tests.rounds.test_rounds import tournament

pytestmark = pytest.mark.django_db


def test_a_rubber_stopped_at_the_deal_limit_says_so_on_its_page_its_sheet_and_in_the_room(client):
    event = tournament(4, rounds=3, deal_limit=2)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=3)
    rubber.refresh_from_db()
    assert rubber.stopped_words == "Stopped after 2 deals, the round's limit"
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Stopped after 2 deals, the round&#x27;s limit" in page and "in progress" not in page
    assert 'data-testid="next-dealer"' not in page
    sheet = client.get(reverse("rubber_sheet", args=[rubber.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.content)).pages)
    assert "Stopped after 2 deals" in text and "In progress" not in text
    assert room(event).tables[0].rubber.stopped_words.startswith("Stopped after 2 deals")
    assert "Stopped after 2 deals" in client.get(reverse("room", args=[event.slug])).content.decode()


def test_a_rubber_stopped_when_the_round_closed_says_that(client):
    event = tournament(4, rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    record(rubber, maker="N", tricks=3)
    round_close(round_id=first.pk)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED
    assert rubber.stopped_words == "Stopped when time was called, after 1 deal"


def test_the_room_counts_down_then_calls_time_and_counts_the_minutes_over(client, secretary):
    event = tournament(8, rounds=3, round_minutes=30)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    assert room(event).minutes_left == 30 and room(event).minutes_over is None
    Round.objects.filter(pk=first.pk).update(started_at=timezone.now() - dt.timedelta(minutes=29, seconds=30))
    assert room(event).minutes_left == 1  # half a minute left is still time
    Round.objects.filter(pk=first.pk).update(started_at=timezone.now() - dt.timedelta(minutes=37))
    the_room = room(event)
    assert the_room.minutes_left == 0 and the_room.minutes_over == 7
    client.force_login(secretary)
    page = client.get(reverse("room", args=[event.slug])).content.decode()
    assert "Time is up, 7 min ago" in page and "Then close the round" in page and "min left" not in page


def test_the_standings_name_an_entrant_with_no_rubber_counted_and_say_stopped_rubbers_count(client):
    event = tournament(5, rounds=3)  # one sits out each round
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    record(rubber, maker="N", tricks=3)
    round_close(round_id=first.pk)
    resting = first.byes.get().player
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert 'data-testid="not-counted"' in page and resting.display_name in page
    assert "1 stopped by their round (its deal limit or its close), counted as they stood" in page


def test_a_rubber_stopped_in_its_fourth_game_was_already_won_and_keeps_its_bonus(client, secretary):
    event = tournament(4, rounds=3, deal_limit=10)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    for _ in range(2):  # NS win games 1 and 2, 5-0 each (doubles)
        for tricks in (5, 5, 3):
            record(rubber, maker="N", tricks=tricks)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5, alone=True)  # game 3 won 8-0: a lap of 3, so a fourth game (law 1)
    rubber.refresh_from_db()
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert 'data-testid="deal-limit"' in page and "Deal 10 of 10 this round" in page
    assert "9 of 10 deals" in client.get(reverse("room", args=[event.slug])).content.decode()
    record(rubber, maker="E", tricks=3)  # the tenth deal: the rubber stops in game 4
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and rubber.rubber_winner == "NS"
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "had already won the rubber (two of the first three games), so its bonus counts (law 7)" in page
    assert "nor does the rubber&#x27;s bonus" not in page and "nor does the rubber's bonus" not in page
    # A tab left open on hand 10 is told the rubber has stopped, not that hand 11 is next.
    client.force_login(secretary)
    entry = {"dealer": "N", "maker": "N", "result": "played", "tricks": 3, "revokes_ns": 0, "revokes_ew": 0,
             "shown": 10}
    body = client.post(reverse("hand_new", args=[rubber.pk]), entry).content.decode()
    assert "The rubber stopped" in body and "The next is hand" not in body


def test_a_table_stopped_before_it_dealt_counts_no_rubber(client):
    event = tournament(8, rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    played, idle = first.tables.order_by("number")
    record(played.rubber, maker="N", tricks=3)
    round_close(round_id=first.pk)
    idle.rubber.refresh_from_db()
    assert idle.rubber.status == Rubber.Status.STOPPED and idle.rubber.hand_count == 0
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    not_counted = page.split('data-testid="not-counted"')[1].split("</p>")[0]
    assert all(idle.player_at(seat).display_name in not_counted for seat in "NESW")
    assert all(played.player_at(seat).display_name not in not_counted for seat in "NESW")
    notes = page.split("Complete rubbers")[1].split("</p>")[0]
    assert "and 1 stopped by their round" in notes and "1 table stopped before dealing a hand counts no rubber" in notes


def pairs_after_one_round() -> Event:
    """Four fixed pairs whose first round closed with a hand played at each table."""
    event = tournament(8, mode="pairs", rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    for table in first.tables.all():
        record(table.rubber, maker="N", tricks=3)
    round_close(round_id=first.pk)
    return event


def test_fixed_pairs_stand_as_pairs_on_the_standings_page_and_the_projector(client):
    event = pairs_after_one_round()
    page = client.get(reverse("event_standings", args=[event.slug])).content.decode()
    assert page.index('data-testid="partnerships"') < page.index('data-testid="standings"')
    wall = client.get(reverse("room", args=[event.slug]), {"projector": 1}).content.decode()
    one, two = (e.player.display_name for e in event.entrants.select_related("player").order_by("number")[:2])
    assert "<th scope=\"col\">Pair</th>" in wall and f"{one} &amp; {two}" in wall
    pairs_table = page.split('data-testid="partnerships"')[1].split("</table>")[0]
    assert ">Rank</th>" in pairs_table or "Rank\n" in pairs_table


@pytest.mark.parametrize("export", ["csv", "xlsx"])
def test_the_download_of_a_fixed_pairs_event_lists_the_pairs(client, export):
    import csv as csv_module

    from openpyxl import load_workbook

    event = pairs_after_one_round()
    response = client.get(reverse("event_standings", args=[event.slug]), {"_export": export})
    if export == "csv":
        rows = list(csv_module.reader(io.StringIO(response.content.decode())))
    else:
        sheet = load_workbook(io.BytesIO(response.content)).active
        rows = [[str(c) for c in row] for row in sheet.iter_rows(values_only=True)]  # type: ignore[union-attr]
    one, two = (e.player.display_name for e in event.entrants.select_related("player").order_by("number")[:2])
    assert rows[0][:2] == ["Rank", "Partners"] and len(rows) == 1 + 4  # four pairs, each a row
    assert any(row[1] == f"{one} & {two}" for row in rows[1:])


def test_the_standings_pdf_of_fixed_pairs_prints_the_pairs_first(client):
    event = pairs_after_one_round()
    response = client.get(reverse("event_standings_pdf", args=[event.slug]), {"after_round": 1})
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    one, two = (e.player.display_name for e in event.entrants.select_related("player").order_by("number")[:2])
    # A pair's names may wrap onto a second line in their cell: read the text with its lines run together.
    pairs = text[text.index("\nPairs\n"):text.index("\nPlayers\n")]
    assert f"{one} & {two}" in re.sub(r"\s+", " ", pairs)
    assert "2 rubbers stopped by their round" in re.sub(r"\s+", " ", text)


def test_a_closed_round_offers_no_take_back_and_a_phone_sees_why_its_rubber_stopped(client, secretary):
    event = tournament(4, rounds=3, deal_limit=1)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    code = working_code(rubber)
    assert code is not None
    client.get(f"/t/{code.code}/")  # the table's phone
    record(rubber, maker="N", tricks=3)
    closed = client.get(f"/t/{code.code}/").content.decode()
    assert "Stopped after 1 deal, the round&#x27;s limit" in closed and 'data-testid="stopped"' in closed
    client.force_login(secretary)
    assert 'data-testid="take-back"' in client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    round_close(round_id=first.pk)
    assert 'data-testid="take-back"' not in client.get(reverse("rubber", args=[rubber.pk])).content.decode()


@pytest.mark.parametrize("projector", [False, True])
def test_the_room_and_the_wall_show_a_finished_tables_rubber_points(client, projector):
    event = tournament(8, rounds=3, deal_limit=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    done, playing = [t.rubber for t in first.tables.order_by("number")]
    for _ in range(3):
        record(done, maker="N", tricks=5)  # a march each deal: NS win the first game in three deals
    record(playing, maker="E", tricks=3)
    done.refresh_from_db()
    assert done.status == Rubber.Status.STOPPED and (done.ns_points, done.ew_points) != (0, 0)
    page = client.get(reverse("room", args=[event.slug]), {"projector": "1"} if projector else {}).content.decode()
    finished = page.split(f'data-table="{done.table_label}"')[1].split("</article>")[0]
    assert ">Points</abbr>" in finished
    assert f'data-testid="score-ns">{done.ns_points}<' in finished
    assert f'data-testid="score-ew">{done.ew_points}<' in finished
    in_play = page.split(f'data-table="{playing.table_label}"')[1].split("</article>")[0]
    assert ">Game</th>" in in_play and 'data-testid="score-ew">1<' in in_play


def test_the_movement_sheet_of_fixed_pairs_is_by_pair(client):
    event = pairs_after_one_round()
    response = client.get(reverse("movement_pdf", args=[event.slug]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    entrants = [e.player.display_name for e in event.entrants.select_related("player").order_by("number")]
    lines = text.splitlines()
    assert "Pair" in lines and "Player" not in lines and "Each pair's table and side" in text
    first = lines.index(f"1. {entrants[0]} & {entrants[1]}")
    assert all(re.fullmatch(r"\d+ (NS|EW)|out|\u2013", cell) for cell in lines[first + 1:first + 4])


def test_a_stopped_rubber_reads_stopped_on_the_players_page_and_in_his_record(client):
    event = tournament(4, rounds=3, deal_limit=1)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    record(rubber, maker="N", tricks=3)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and rubber.counts_in_standings
    player = rubber.north
    page = client.get(reverse("player", args=[player.pk])).content.decode()
    row = re.search(rf'href="/rubbers/{rubber.pk}/".*?</tr>', page, re.S)
    assert row is not None and "stopped" in row.group(0) and "in progress" not in row.group(0)
    sheet = client.get(reverse("player_record_pdf", args=[player.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.content)).pages)
    assert "stopped" in text and "in progress" not in text
