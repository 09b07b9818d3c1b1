"""Time called: the event says whether a table still playing when time is up finishes the deal in play or stops at
once; the secretary may call time early; the phones of a timed round show the minutes left, then the last deal."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from scoring.engine.progressive.night import TIME_FINISH, TIME_STOP
from scoring.models import Event, Round, Rubber
from scoring.reporting import services as reporting
from scoring.rounds.services import entrants_set, round_call_time, round_close, round_start, schedule_make
from scoring.services.events import event_create
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db


def a_timed_round(time_called: str, minutes: int | None = 20, deals: int | None = None) -> tuple[Round, list[Rubber]]:
    """A progressive night of eight under the standard game, round 1 started: two tables."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, rulebook="standard", round_minutes=minutes,
                         deal_limit=deals, time_called=time_called)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    first.refresh_from_db()
    return first, [t.rubber for t in first.tables.order_by("number").select_related("rubber")]


def run_out(round_: Round) -> None:
    """The round's minutes run out: it started a minute more than them ago."""
    Round.objects.filter(pk=round_.pk).update(
        started_at=timezone.now() - dt.timedelta(minutes=round_.event.night.round_minutes + 1))


def test_a_table_finishes_the_deal_in_play_when_time_runs_out_and_then_stops():
    round_, (one, two) = a_timed_round(TIME_FINISH)
    record(one, maker="N", tricks=3)
    record(one, maker="E", tricks=3)  # level at 1-1 when time is up
    run_out(round_)
    record(one, maker="N", tricks=5)  # the deal in play when time was up: the last
    one.refresh_from_db()
    assert one.status == Rubber.Status.STOPPED and one.hand_count == 3 and one.time_called
    assert one.stopped_words == "Stopped when time was called, after 3 deals"
    with pytest.raises(ValidationError):
        record(one, maker="N", tricks=3)
    two.refresh_from_db()
    assert two.status == Rubber.Status.IN_PROGRESS  # a table still playing its deal takes it yet
    record(two, maker="E", tricks=3)
    two.refresh_from_db()
    assert two.status == Rubber.Status.STOPPED and two.hand_count == 1 and two.current_ew == 1


def test_where_play_stops_at_once_a_deal_entered_after_time_does_not_stop_the_table_the_close_does():
    round_, (one, _two) = a_timed_round(TIME_STOP)
    run_out(round_)
    record(one, maker="N", tricks=3)  # finished before time, entered after: the secretary closes the round
    record(one, maker="N", tricks=3)
    one.refresh_from_db()
    assert one.status == Rubber.Status.IN_PROGRESS and one.hand_count == 2
    round_close(round_id=round_.pk, unplayed="bye")  # table 2 never reported
    one.refresh_from_db()
    assert one.status == Rubber.Status.STOPPED and one.hand_count == 2


def test_the_secretary_calls_time_in_a_round_of_deals_and_each_table_plays_one_more(client, secretary):
    round_, (one, two) = a_timed_round(TIME_FINISH, minutes=None, deals=8)
    record(one, maker="N", tricks=3)
    client.force_login(secretary)
    room = reverse("room", args=[round_.event.slug])
    assert 'data-testid="call-time"' in client.get(room).content.decode()
    answer = client.post(reverse("round_call_time", args=[round_.pk]), {"next": room}, follow=True).content.decode()
    assert "Time is called in round 1: each table finishes the deal in play, then stops." in answer
    assert "Time is up" in answer and 'data-testid="call-time"' not in answer
    record(one, maker="E", tricks=5)
    record(two, maker="N", tricks=3)
    for rubber, deals in ((one, 2), (two, 1)):
        rubber.refresh_from_db()
        assert rubber.status == Rubber.Status.STOPPED and rubber.hand_count == deals and rubber.deal_limit == deals
    with refusal("time_up_already"):
        round_call_time(round_id=round_.pk)


def test_time_is_not_called_where_play_stops_at_once_nor_in_a_round_not_in_play():
    round_, _ = a_timed_round(TIME_STOP)
    with refusal("time_stops_play"):
        round_call_time(round_id=round_.pk)
    finish, _ = a_timed_round(TIME_FINISH)
    round_close(round_id=finish.pk, unplayed="bye")  # no table reported
    with refusal("round_not_in_play"):
        round_call_time(round_id=finish.pk)
    assert Round.objects.get(pk=finish.pk).time_called_at is None


def poll(client, url: str, state: str):
    return client.get(url, {"state": state}, headers={"HX-Request": "true"})


@pytest.mark.parametrize("time_called", [TIME_FINISH, TIME_STOP])
def test_a_phone_in_a_timed_round_shows_the_minutes_left_then_the_last_deal(client, time_called):
    round_, (one, _two) = a_timed_round(time_called)
    url = f"/t/{reporting.working_code(one).code}/"
    page = client.get(url).content.decode()
    assert 'data-testid="time-left"' in page and ">20 min left<" in page
    record(one, maker="N", tricks=3)
    state = client.get(url).content.decode().split("?state=")[1].split('"')[0]
    assert "HX-Redirect" not in poll(client, url, state)  # nothing changed
    run_out(round_)  # time up since the phone loaded: its poll loads the page afresh
    assert poll(client, url, state)["HX-Redirect"] == url
    page = client.get(url).content.decode()
    if time_called == TIME_FINISH:
        assert 'data-testid="last-deal"' in page and "Deal 2, the last" in page
        assert "Time is up: finish the deal in play and report it as usual; the table then stops." in page
    else:
        assert 'data-testid="time-up"' in page
        assert "Play stops at once; the deal in play does not count. Report a deal only if it was finished " \
            "before time." in page
        assert "Deal 2, the last" not in page
    assert 'data-testid="time-left"' not in page


def test_the_event_says_what_time_called_does_and_only_an_event_in_rounds_says_it():
    night = event_create(name="Timed night", slug="timed-night", starts_on=dt.date(2026, 11, 27), mode="progressive",
                         rounds=4, round_minutes=20, time_called=TIME_STOP)
    assert night.night.time_called == TIME_STOP
    with refusal("rounds_only", field="time_called"):
        event_create(name="Rubbers", slug="rubbers", starts_on=dt.date(2026, 11, 27), time_called=TIME_STOP)
    assert event_create(name="Usual", slug="usual", starts_on=dt.date(2026, 11, 27), mode="progressive",
                        rounds=3).night.time_called == TIME_FINISH
