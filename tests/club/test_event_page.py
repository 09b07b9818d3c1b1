"""The event page: its rubbers a page at a time, narrowed by day (or round), table, player and state, and its
rulings the latest first, a page at a time; the same queries however large the event; junk in the address
never a server error; and the page reads right under each code and way of running an event."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.listing import RUBBERS_PER_PAGE, RULINGS_PER_PAGE
from scoring.models import Event, Rubber
from scoring.rounds.services import round_close, round_start, schedule_make
from scoring.services.rubbers import rubber_abandon, seat_change_add
from scoring.services.rulings import ruling_make
from tests.builders import DAY, a_finished_rubber, a_rubber, a_tournament
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def shown(response) -> list[int]:
    """The rubbers the page lists, by id, in its order."""
    assert response.status_code == 200
    listed = response.content.decode().split('data-testid="rubber-filter"')[1].split('id="rulings"')[0]
    return [int(pk) for pk in re.findall(r'<a href="/rubbers/(\d+)/">(?:Rubber|Match|Tally) #', listed)]


def page(client, event: Event, **query) -> list[int]:
    return shown(client.get(reverse("event", args=[event.slug]), query))


def rubbers_of(event: Event, count: int, players, **extra) -> list[Rubber]:
    """`count` rubbers, a day apart from DAY on, at tables 1 to 3 in turn: the last is the newest."""
    return [a_rubber(event, players[i % 3:i % 3 + 4], table=str(i % 3 + 1), played_on=DAY + dt.timedelta(days=i),
                     **extra) for i in range(count)]


def test_the_event_page_shows_one_page_of_rubbers_and_page_2_the_rest(client, event, players):
    rubbers = rubbers_of(event, RUBBERS_PER_PAGE + 5, players)
    newest_first = [r.pk for r in reversed(rubbers)]
    first = client.get(reverse("event", args=[event.slug]))
    assert shown(first) == newest_first[:RUBBERS_PER_PAGE]
    html = first.content.decode()
    assert 'data-testid="rubber-pages"' in html and 'href="?page=2#rubbers"' in html and "previous" not in html
    second = client.get(reverse("event", args=[event.slug]), {"page": "2"})
    assert shown(second) == newest_first[RUBBERS_PER_PAGE:]
    html = second.content.decode()
    assert 'href="?#rubbers" rel="prev"' in html and 'rel="next"' not in html
    # A page past the end says so and leads back to the first: the list is not counted to know where it ends.
    beyond = client.get(reverse("event", args=[event.slug]), {"page": "9"})
    assert shown(beyond) == [] and 'data-testid="past-the-end"' in beyond.content.decode()


def test_the_pager_keeps_the_filters_and_the_filters_start_again_at_page_1(client, event, players):
    rubbers_of(event, 3 * RUBBERS_PER_PAGE + 6, players)  # 26 in play at table 2
    html = client.get(reverse("event", args=[event.slug]), {"table": "2", "state": "in_progress"}).content.decode()
    assert 'href="?table=2&amp;state=in_progress&amp;page=2#rubbers"' in html
    assert 'name="page"' not in html  # the form sends the filters alone: a new filter shows its first page


def test_each_filter_selects_its_rubbers(client, event, players):
    rubbers = rubbers_of(event, 9, players)
    newest_first = [r.pk for r in reversed(rubbers)]
    rubber_abandon(rubber_id=rubbers[4].pk, reason="The cards were short.")
    a_finished_rubber(rubbers[7])
    stranger = PlayerFactory()
    seat_change_add(rubber_id=rubbers[0].pk, seat="S", player=stranger, from_hand=1, reason="Called home",
                    consented=True)

    assert page(client, event, date=str(DAY + dt.timedelta(days=3))) == [rubbers[3].pk]
    assert page(client, event, table="2") == [pk for pk in newest_first if Rubber.objects.get(pk=pk).table_label == "2"]
    assert page(client, event, state="abandoned") == [rubbers[4].pk]
    assert page(client, event, state="complete") == [rubbers[7].pk]
    assert page(client, event, state="in_progress") == [pk for pk in newest_first if pk not in (rubbers[4].pk,
                                                                                                rubbers[7].pk)]
    # A player's rubbers: wherever he began, and where he sat in as a substitute (law 18).
    assert page(client, event, player=str(stranger.pk)) == [rubbers[0].pk]
    first = players[0]
    assert page(client, event, player=str(first.pk)) == [r.pk for r in reversed(rubbers) if first.pk in (
        r.north_id, r.east_id, r.south_id, r.west_id)]
    assert page(client, event, table="1", state="in_progress", player=str(first.pk)) == [
        r.pk for r in reversed(rubbers) if r.table_label == "1" and r.pk not in (rubbers[4].pk, rubbers[7].pk)
        and first.pk in (r.north_id, r.east_id, r.south_id, r.west_id)]
    nothing = client.get(reverse("event", args=[event.slug]), {"table": "12"}).content.decode()
    assert "No rubbers of this event match." in nothing and 'data-testid="filter-clear"' in nothing


def test_an_event_in_rounds_is_narrowed_by_round_not_by_day(client):
    event = a_tournament(8, rounds=2)
    first, second = schedule_make(event=event)[:2]
    round_start(round_id=first.pk)
    for table in first.tables.all():
        a_finished_rubber(table.rubber)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    html = client.get(reverse("event", args=[event.slug])).content.decode()
    assert 'name="round"' in html and 'name="date"' not in html and '<option value="stopped">Stopped</option>' in html
    in_first = sorted(t.rubber_id for t in first.tables.all())
    in_second = sorted(t.rubber_id for t in second.tables.all())
    assert sorted(page(client, event, round="1")) == in_first
    assert sorted(page(client, event, round="2")) == in_second
    assert sorted(page(client, event, round="2", table="2")) == [second.tables.get(number=2).rubber_id]
    refused = client.get(reverse("event", args=[event.slug]), {"round": "3"}).content.decode()
    assert "Not applied: this event&#x27;s rounds are 1 to 2." in refused
    assert sorted(shown(client.get(reverse("event", args=[event.slug]), {"round": "3"}))) == sorted(
        in_first + in_second)


@pytest.mark.parametrize(("query", "words"), [
    ({"date": "2026-02-30"}, "a day is written 2026-11-22."),
    ({"date": "9" * 5000}, "a day is written 2026-11-22."),
    ({"date": "20261103"}, "a day is written 2026-11-22."),
    ({"player": "99999999999999999999"}, "no such player."),
    ({"player": "²"}, "no such player."),
    ({"state": "lost"}, "a rubber is in progress, complete or abandoned."),
    ({"state": "stopped"}, "a rubber is in progress, complete or abandoned."),  # not run in rounds
    ({"table": "x" * 3000}, "at most 40 characters."),
    ({"table": "3\x00"}, "printable characters only"),
])
def test_a_value_the_page_does_not_understand_is_left_out_and_said_so(client, event, players, query, words):
    rubbers = rubbers_of(event, 3, players)
    response = client.get(reverse("event", args=[event.slug]), query)
    assert shown(response) == [r.pk for r in reversed(rubbers)]
    assert re.search(r'data-testid="filter-refused">Not applied: [^<]*' + re.escape(words.replace("'", "&#x27;")),
                     response.content.decode())


@pytest.mark.parametrize("number", ["0", "-1", "²", "1e9", "9" * 5000, "99999999999999999999", ""])
def test_a_page_number_that_is_not_one_shows_the_first_page(client, event, players, number):
    rubbers = rubbers_of(event, 3, players)
    assert page(client, event, page=number, **{"rulings-page": number}) == [r.pk for r in reversed(rubbers)]


def test_the_rulings_are_the_latest_first_a_page_at_a_time(client, event, players, secretary):
    rulings = []
    for _ in range(RULINGS_PER_PAGE + 2):
        rubber = a_rubber(event, players[:4])
        record(rubber, maker="N", tricks=3)
        rulings.append(ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE,
                                   election=None, by=secretary))
    other = a_rubber(EventFactory(), players[:4])
    record(other, maker="N", tricks=3)
    ruling_make(rubber_id=other.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None, by=secretary)

    def listed(**query) -> list[int]:
        html = client.get(reverse("event", args=[event.slug]), query).content.decode()
        return [int(pk) for pk in re.findall(r'<li><a href="/rulings/(\d+)/">', html.split('id="rulings"')[1])]

    latest_first = [r.pk for r in reversed(rulings)]
    assert listed() == latest_first[:RULINGS_PER_PAGE]
    assert listed(**{"rulings-page": "2"}) == latest_first[RULINGS_PER_PAGE:]
    html = client.get(reverse("event", args=[event.slug]), {"table": "1"}).content.decode()
    assert 'href="?table=1&amp;rulings-page=2#rulings"' in html


def test_the_page_costs_the_same_queries_for_a_small_event_as_for_a_large_one(client, member, players, secretary):
    small, large = EventFactory(), EventFactory()
    for event, count in ((small, 2), (large, 2 * RUBBERS_PER_PAGE + 5)):
        rubbers = rubbers_of(event, count, players)
        record(rubbers[-1], maker="N", tricks=3)
        ruling_make(rubber_id=rubbers[-1].pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                    by=secretary)
        seat_change_add(rubber_id=rubbers[0].pk, seat="S", player=PlayerFactory(), from_hand=1, reason="Gone home",
                        consented=True)
    client.force_login(member)
    queries = {}
    for query in ({}, {"page": "2"}, {"table": "1", "state": "in_progress", "player": str(players[0].pk),
                                      "date": str(DAY)}):
        for event in (small, large):
            with CaptureQueriesContext(connection) as captured:
                assert client.get(reverse("event", args=[event.slug]), query).status_code == 200
            queries[(event.pk, tuple(query))] = len(captured)
            # No count of the event's rubbers or rulings: each list reads one row past its page instead.
            assert not [q for q in captured if "COUNT(" in q["sql"].upper()], query
        assert queries[(small.pk, tuple(query))] == queries[(large.pk, tuple(query))], query


@pytest.mark.parametrize(("changes", "code_words"), [
    ({}, "Laws of Euchre, Somerset Club of Boston, 1888"),
    ({"rulebook": "standard"}, "game to 10, a single game"),
    ({"rulebook": "official-1862", "games": 3}, "best of 3"),
])
def test_the_list_reads_right_under_each_code(client, players, changes, code_words):
    event = EventFactory(**changes)
    done = a_rubber(event, players[:4], table="3")
    while done.status == Rubber.Status.IN_PROGRESS:  # marches for North and South, under any code
        record(done, maker="N", tricks=5)
        done.refresh_from_db()
    playing = a_rubber(event, players[1:5], table="4", played_on=DAY + dt.timedelta(days=1))
    html = client.get(reverse("event", args=[event.slug])).content.decode()
    assert code_words in html
    assert shown(client.get(reverse("event", args=[event.slug]))) == [playing.pk, done.pk]
    # Each names what its tables play, and shows its figure: rubber points, or a match's games.
    title = event.playing.wording.terms.title
    assert f"{title} #{done.pk}, table 3" in html and "Complete</span>" in html and "In progress</span>" in html
    assert f"{done.ns_points}–{done.ew_points}" in html and f">{event.playing.wording.terms.result} <" in html
    assert page(client, event, state="complete") == [done.pk]


def test_a_progressive_round_lists_its_tables_and_is_narrowed_by_round(client):
    event = a_tournament(8, rounds=2, mode=Event.Mode.PROGRESSIVE, deal_limit=4, rulebook="standard")
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    tables = {t.number: t.rubber_id for t in first.tables.all()}
    html = client.get(reverse("event", args=[event.slug])).content.decode()
    assert f"Tally #{tables[1]}, table 1" in html and 'name="round"' in html  # a progressive table's round tally
    # A progressive night plays to no game: its code is named with its deals, never a game to a million points.
    assert re.search(r'data-testid="event-code">[^<]*, 4 deals a round, points added up<', html)
    assert sorted(page(client, event, round="1")) == sorted(tables.values())
    assert page(client, event, round="2") == []
