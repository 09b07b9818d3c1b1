"""The two reads polled or opened most as a club's past grows: the home page's newest rubbers, and the room of an
event not run in rounds (its rubbers in play and today's). Each shows what it showed, in the same queries for a
small club as for a large one, each read from an index and limited rather than over every rubber kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.models import Rubber
from scoring.rounds.selectors import ROOM_MOST, room
from scoring.services.rubbers import rubber_abandon
from tests.builders import DAY, a_finished_rubber, a_rubber
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


def rubbers_of(event, count: int, players, *, start: dt.date = DAY) -> list[Rubber]:
    return [a_rubber(event, players[i % 3:i % 3 + 4], table=str(i % 3 + 1), played_on=start + dt.timedelta(days=i))
            for i in range(count)]


def rubber_reads(captured) -> list[str]:
    return [q["sql"] for q in captured if q["sql"].startswith("SELECT") and 'FROM "scoring_rubber"' in q["sql"]]


def plan(sql: str) -> str:
    """SQLite's plan for one captured query (its values are written into the SQL captured)."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
        return " | ".join(row[3] for row in cursor.fetchall())


sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="reads SQLite's query plans")


def test_the_home_page_lists_the_ten_newest_rubbers_the_visitor_may_read(client, member, players):
    public, private = EventFactory(is_public=True), EventFactory(is_public=False)
    shown_to_all = rubbers_of(public, 12, players)
    members_only = rubbers_of(private, 4, players, start=DAY + dt.timedelta(days=30))
    newest_public = [r.pk for r in reversed(shown_to_all)][:10]
    html = client.get(reverse("home")).content.decode()
    assert [pk for pk in newest_public if f'href="/rubbers/{pk}/"' in html] == newest_public
    assert not any(f'href="/rubbers/{r.pk}/"' in html for r in members_only + shown_to_all[:2])
    assert html.index(f"/rubbers/{newest_public[0]}/") < html.index(f"/rubbers/{newest_public[1]}/")
    client.force_login(member)
    html = client.get(reverse("home")).content.decode()
    newest = [r.pk for r in reversed(members_only)] + newest_public[:6]
    assert all(f'href="/rubbers/{pk}/"' in html for pk in newest)
    assert f'href="/rubbers/{newest_public[6]}/"' not in html


def test_the_home_page_costs_the_same_queries_for_a_small_club_as_for_a_large_one(client, member, players):
    rubbers_of(EventFactory(), 2, players)
    counts = []
    for more in (0, 40):
        rubbers_of(EventFactory(is_public=bool(more)), more, players, start=DAY + dt.timedelta(days=5))
        for log_in in (False, True):
            if log_in:
                client.force_login(member)
            else:
                client.logout()
            with CaptureQueriesContext(connection) as captured:
                assert client.get(reverse("home")).status_code == 200
            counts.append(len(captured))
    assert counts[:2] == counts[2:]


@sqlite_only
def test_the_home_pages_newest_rubbers_are_read_backwards_from_the_date_index(client, member, players):
    rubbers_of(EventFactory(), 3, players)
    for log_in in (False, True):
        if log_in:
            client.force_login(member)
        with CaptureQueriesContext(connection) as captured:
            client.get(reverse("home"))
        (recent,) = [sql for sql in rubber_reads(captured) if "LIMIT 10" in sql]
        read = plan(recent)
        # The newest ten from the index on (played_on, id), not every rubber of the readable events sorted.
        assert "rubber_played_on" in read and "TEMP B-TREE" not in read, read


def test_the_room_of_an_event_not_in_rounds_shows_its_rubbers_in_play_and_todays(client, players):
    event = EventFactory()
    today = timezone.localdate()
    yesterday = today - dt.timedelta(days=1)
    rubbers_of(event, 3, players, start=today - dt.timedelta(days=10))  # in play for days: shown
    old_done = a_finished_rubber(a_rubber(event, players[:4], table="7", played_on=yesterday))
    still_playing = a_rubber(event, players[1:5], table="2", played_on=yesterday)
    done_tonight = a_finished_rubber(a_rubber(event, players[2:6], table="1", played_on=today))
    given_up = a_rubber(event, players[:4], table="3", played_on=today)
    rubber_abandon(rubber_id=given_up.pk, reason="A player was taken ill.")
    playing_tonight = a_rubber(event, players[:4], table="10", played_on=today)

    in_play = set(Rubber.objects.filter(event=event, status=Rubber.Status.IN_PROGRESS).values_list("pk", flat=True))
    the_room = room(event)
    shown = [t.rubber.pk for t in the_room.tables if t.rubber is not None]
    assert set(shown) == in_play | {done_tonight.pk, given_up.pk}
    assert old_done.pk not in shown and {still_playing.pk, playing_tonight.pk} <= set(shown)
    # By table, as the room reads them ("10" after "1", as text), then by rubber.
    assert [(t.label, t.rubber.pk) for t in the_room.tables] == sorted(
        (t.label, t.rubber.pk) for t in the_room.tables)
    assert [t.label for t in the_room.tables][:2] == ["1", "1"]
    poll = client.get(reverse("room", args=[event.slug]), headers={"HX-Request": "true"}).content.decode()
    assert all(f"/rubbers/{pk}/" in poll for pk in shown) and f"/rubbers/{old_done.pk}/" not in poll


def test_the_rooms_poll_costs_the_same_queries_for_a_small_event_as_for_a_large_one(client, players):
    today = timezone.localdate()
    counts = []
    for past in (2, 60):
        event = EventFactory()
        for rubber in rubbers_of(event, past, players, start=today - dt.timedelta(days=past + 1)):
            if rubber.pk % 2:
                a_finished_rubber(rubber)
        rubbers_of(event, 3, players, start=today)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse("room", args=[event.slug]), headers={"HX-Request": "true"}).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


@sqlite_only
def test_the_rooms_rubbers_are_read_from_the_events_indexes_and_limited(players):
    event = EventFactory()
    rubbers_of(event, 3, players, start=timezone.localdate())
    with CaptureQueriesContext(connection) as captured:
        room(event)
    reads = [sql for sql in rubber_reads(captured) if "scoring_player" in sql]
    assert len(reads) == 2, reads
    plans = [plan(sql) for sql in reads]
    assert all(f"LIMIT {ROOM_MOST}" in sql for sql in reads)
    # One read of the rubbers in play, one of today's: never a scan of every rubber the event has had.
    assert "rubber_event_state_day (event_id=? AND status=?)" in plans[0], plans[0]
    assert "rubber_event_day (event_id=? AND played_on=?)" in plans[1], plans[1]
