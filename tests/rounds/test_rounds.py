"""Events in rounds: entrants, the schedule stored, rounds started and closed once, Swiss for pairs,
a rubber stopped at a round's end, and the room's figures at a constant number of queries."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import Event, Round, RoundBye, RoundTable, Rubber
from scoring.reporting.services import AtTable, hand_report, report_answer
from scoring.rounds.selectors import room
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from tests.builders import a_finished_rubber, a_tournament
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game, record, refusal


def tournament(count: int, mode: str = Event.Mode.INDIVIDUALS, rounds: int = 3, **extra) -> Event:
    return a_tournament(count, rounds, mode, **extra)


finish = a_finished_rubber


@pytest.mark.django_db
def test_the_schedule_is_stored_with_every_entrant_once_a_round_and_byes_even():
    event = tournament(13, rounds=5)
    made = schedule_make(event=event, seed=3)
    assert [r.number for r in made] == [1, 2, 3, 4, 5]
    byes = Counter()
    partners = Counter()
    for r in made:
        seated = [p for t in r.tables.all() for p in (t.north_id, t.east_id, t.south_id, t.west_id)]
        out = [b.player_id for b in r.byes.all()]
        assert len(seated) == 12 and len(out) == 1 and not set(seated) & set(out)
        byes.update(out)
        for t in r.tables.all():
            partners.update([frozenset((t.north_id, t.south_id)), frozenset((t.east_id, t.west_id))])
    assert max(byes.values()) == 1  # five different players sat out
    assert max(partners.values()) == 1  # nobody partnered twice
    with refusal("schedule_made"):
        schedule_make(event=event)
    with refusal("schedule_made"):
        entrants_set(event=event, players=PlayerFactory.create_batch(8))


@pytest.mark.django_db
def test_a_round_starts_once_with_a_rubber_a_table_and_closes_once():
    event = tournament(8, rounds=2)
    first, second = schedule_make(event=event)
    with refusal("earlier_round_open"):
        round_start(round_id=second.pk)
    round_start(round_id=first.pk)
    with refusal("round_started"):
        round_start(round_id=first.pk)
    tables = list(first.tables.select_related("rubber"))
    assert Rubber.objects.filter(event=event).count() == 2
    for t in tables:
        assert (t.rubber.north_id, t.rubber.east_id, t.rubber.first_dealer) == (t.north_id, t.east_id, t.first_dealer)
        assert t.rubber.table_label == str(t.number)
    finish(tables[0].rubber)
    record(tables[1].rubber, maker="E", tricks=5)  # table 2 is still playing when the round closes
    closed = round_close(round_id=first.pk)
    assert closed.status == Round.Status.CLOSED
    stopped = Rubber.objects.get(pk=tables[1].rubber.pk)
    assert stopped.status == Rubber.Status.STOPPED and stopped.deal_limit == 1
    with refusal("round_closed"):
        round_close(round_id=first.pk)
    with refusal("rubber_stopped"):
        record(stopped, maker="N", tricks=3)
    round_start(round_id=second.pk)
    assert Round.objects.get(pk=second.pk).status == Round.Status.IN_PLAY


@pytest.mark.django_db
def test_a_deal_limit_stops_the_rubber_as_it_stands_and_it_counts_in_the_standings():
    event = tournament(4, rounds=3, deal_limit=2)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    record(rubber, maker="N", tricks=5)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.IN_PROGRESS
    record(rubber, maker="N", tricks=5)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.STOPPED and rubber.current_ns == 4
    # The game in play counts nothing: no game was finished, so no rubber points.
    assert (rubber.ns_points, rubber.ew_points) == (0, 0)
    results = {r.player_id: r for r in rubber.player_results.all()}
    assert results[rubber.north_id].won is None


@pytest.mark.django_db
def test_fixed_pairs_with_fewer_rounds_than_a_round_robin_are_paired_by_standing_without_rematch():
    event = tournament(12, mode=Event.Mode.PAIRS, rounds=3)  # 6 pairs: a round robin would need 5 rounds
    rounds = schedule_make(event=event)
    # Swiss: round 1 is paired in order of entry when the schedule is made (its cards print beforehand),
    # each later round by the standing as it starts.
    assert rounds[0].tables.count() == 3 and all(not r.tables.exists() for r in rounds[1:])
    met = set()
    for r in rounds:
        round_start(round_id=r.pk)
        tables = list(r.tables.select_related("rubber"))
        assert len(tables) == 3
        for t in tables:
            numbers = {e.player_id: e.number for e in event.entrants.all()}
            ns, ew = (numbers[t.north_id] + 1) // 2, (numbers[t.east_id] + 1) // 2
            assert numbers[t.south_id] == numbers[t.north_id] + 1  # partners stay together
            assert frozenset((ns, ew)) not in met  # no rematch
            met.add(frozenset((ns, ew)))
            finish(t.rubber) if t.number == 1 else None
        round_close(round_id=r.pk)
    # After round 1 the winners of table 1 (North-South) lead, so they meet a pair from the top in round 2.
    second = rounds[1].tables.get(number=1)
    first_winners = {rounds[0].tables.get(number=1).north_id}
    assert first_winners & {second.north_id, second.east_id}


@pytest.mark.django_db
def test_fixed_pairs_with_rounds_for_a_round_robin_meet_every_pair_once():
    event = tournament(8, mode=Event.Mode.PAIRS, rounds=3)
    rounds = schedule_make(event=event)
    meetings = Counter(frozenset((t.north_id, t.east_id)) for r in rounds for t in r.tables.all())
    assert len(meetings) == 6 and set(meetings.values()) == {1}


@pytest.mark.django_db
@pytest.mark.parametrize(("count", "mode", "rounds", "code"), [
    (3, Event.Mode.INDIVIDUALS, 3, "too_few_players"),
    (8, Event.Mode.INDIVIDUALS, 8, "no_schedule"),  # at most 7 rounds
    (8, Event.Mode.PAIRS, 4, "no_schedule"),
])
def test_impossible_schedules_are_refused_with_a_reason(count, mode, rounds, code):
    event = tournament(count, mode=mode, rounds=rounds)
    with refusal(code):
        schedule_make(event=event)
    assert not Round.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_a_swiss_round_that_cannot_be_paired_is_refused_in_the_engines_words_capitals_kept(monkeypatch):
    def unpaired(*args, **kwargs):
        raise ValueError("round 1: pair 2 (North-South in every round so far) has met every other pair; NS 3 too")

    monkeypatch.setattr("scoring.rounds.services.swiss_round", unpaired)
    event = tournament(12, mode=Event.Mode.PAIRS, rounds=3)
    with pytest.raises(ValidationError) as refused:
        schedule_make(event=event)
    assert refused.value.messages == [
        "Round 1: pair 2 (North-South in every round so far) has met every other pair; NS 3 too."]


@pytest.mark.django_db
def test_the_room_costs_the_same_queries_for_4_tables_as_for_12(django_assert_max_num_queries):
    def started(count):
        event = tournament(count, rounds=1)
        r = schedule_make(event=event)[0]
        round_start(round_id=r.pk)
        for n, t in enumerate(r.tables.all()):
            record(t.rubber, maker="N", tricks=5)
            t.rubber.refresh_from_db()
            reported = hand_report(rubber_id=t.rubber.pk, by=AtTable(t.north),
                                   play={"dealer": t.rubber.next_dealer, "maker": "N", "tricks": 3})
            if n % 2:
                report_answer(rubber_id=t.rubber.pk, report_id=reported.pk, by=AtTable(t.east), agree=False,
                              dispute="Three tricks, not four")
        return event

    small, large = started(16), started(48)
    for event in (small, large):
        with django_assert_max_num_queries(10):
            the_room = room(event)
            assert all(t.rubber.hand_count == 1 and len(t.waiting + t.disputed) == 1 for t in the_room.tables)
            assert all(t.minutes_since_hand == 0 for t in the_room.tables)
    assert len(room(large).tables) == 12 and room(large).tables[0].games == (0, 0)
    assert sum(len(t.disputed) for t in room(large).tables) == 6


@pytest.mark.django_db
def test_the_room_flags_a_law_6_mismatch_and_shows_games_and_the_next_dealer():
    event = tournament(4, rounds=1)
    r = schedule_make(event=event)[0]
    round_start(round_id=r.pk)
    rubber = r.tables.get().rubber
    play_game(rubber)
    rubber.refresh_from_db()
    from scoring.services.hands import HandExtras, hand_record

    hand_record(rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, "maker": "E", "tricks": 5},
                extras=HandExtras(announced_ns=3, announced_ew=2), by=None)
    table = room(event).tables[0]
    assert table.games == (1, 0) and table.mismatches == [4]
    assert table.next_dealer is not None


@pytest.mark.django_db
def test_only_the_secretary_runs_rounds(client, member, secretary):
    event = tournament(8, rounds=2)
    first = schedule_make(event=event)[0]
    start = reverse("round_start", args=[first.pk])
    assert client.post(start).status_code == 302 and "login" in client.post(start)["Location"]
    client.force_login(member)
    assert client.post(start).status_code == 403
    assert client.get(reverse("entrants", args=[event.slug])).status_code == 403
    first.refresh_from_db()
    assert first.status == Round.Status.PLANNED
    client.force_login(secretary)
    response = client.post(start, {"next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == reverse("event_rounds", args=[event.slug])
    first.refresh_from_db()
    assert first.status == Round.Status.IN_PLAY
    again = client.post(start, follow=True)
    assert "already started" in again.content.decode()
    assert RoundTable.objects.filter(round=first, rubber__isnull=False).count() == 2


@pytest.mark.django_db
def test_the_secretary_enters_players_and_makes_the_schedule_through_the_pages(client, secretary):
    event = EventFactory(mode=Event.Mode.INDIVIDUALS, rounds=2)
    players = PlayerFactory.create_batch(9)
    client.force_login(secretary)
    page = client.post(reverse("entrants", args=[event.slug]), {"players": [p.pk for p in players]})
    assert page.status_code == 302
    assert event.entrants.count() == 9
    client.post(reverse("schedule_make", args=[event.slug]), {"seed": "4"})
    assert event.event_rounds.count() == 2 and RoundBye.objects.filter(round__event=event).count() == 2
    rounds_page = client.get(reverse("event_rounds", args=[event.slug])).content.decode()
    assert "Start round 1" in rounds_page and "Start round 2" not in rounds_page
    bad = client.post(reverse("entrants", args=[event.slug]), {"players": [players[0].pk]})
    assert "can no longer change" in bad.content.decode()


@pytest.mark.django_db
def test_pairs_entry_names_the_row_of_a_player_entered_twice(client, secretary):
    event = EventFactory(mode=Event.Mode.PAIRS, rounds=1)
    a, b, c = PlayerFactory.create_batch(3)
    client.force_login(secretary)
    page = client.post(reverse("entrants", args=[event.slug]),
                       {"pair_1_a": a.pk, "pair_1_b": b.pk, "pair_2_a": a.pk, "pair_2_b": c.pk})
    assert page.status_code == 200
    assert f"{a} is already in pair 1" in page.content.decode()
    assert not event.entrants.exists()


@pytest.mark.django_db
def test_the_room_answers_htmx_with_its_body_only_and_the_projector_with_standings(client):
    event = tournament(8, rounds=1)
    r = schedule_make(event=event)[0]
    round_start(round_id=r.pk)
    url = reverse("room", args=[event.slug])
    full = client.get(url).content.decode()
    assert "htmx.min.js" in full and 'hx-trigger="every 5s"' in full
    body = client.get(url, HTTP_HX_REQUEST="true")
    assert body.content.decode().lstrip().startswith('<div id="room"') and "<html" not in body.content.decode()
    assert "HX-Request" in body["Vary"]
    projector = client.get(url + "?projector=1").content.decode()
    assert "Standings" in projector and "room-projector" in projector
    private = EventFactory(is_public=False, mode=Event.Mode.INDIVIDUALS, rounds=1)
    assert client.get(reverse("room", args=[private.slug])).status_code == 404


@pytest.mark.django_db
def test_the_walls_poll_costs_what_the_rooms_poll_costs_once_its_standings_are_kept(client):
    """The wall redraws its standings with the tables; every poll after the first after a result reads them
    from the cache."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = tournament(8, rounds=1)
    round_start(round_id=schedule_make(event=event)[0].pk)
    url = reverse("room", args=[event.slug])
    counts = []
    for path in (url, url + "?projector=1"):
        client.get(path, HTTP_HX_REQUEST="true")  # the first poll after a result keeps the standings
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path, HTTP_HX_REQUEST="true").status_code == 200
        counts.append(len(queries))
        assert not any("scoring_rubberplayerresult" in q["sql"] for q in queries.captured_queries), path
    assert counts[0] == counts[1]
