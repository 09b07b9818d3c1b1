"""How a round's end reads: a rubber stopped at the deal limit or when the round closed says so on its page,
its sheet and in the room; the room calls time; the standings name who has no rubber counted yet."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from scoring.models import Round, Rubber
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
    assert rubber.stopped_words == "Stopped when the round closed, after 1 deal"


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
    assert "Time is up, 7 min ago" in page and "then close the round" in page and "min left" not in page


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
    assert "1 stopped at a round's end, counted as they stood" in page
