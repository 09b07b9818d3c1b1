"""People come and go at a progressive night: a late arrival is seated from the next round, a player gone home
is seated no more and keeps the tally made so far, the tables are as many as the players make, and nobody keeps a
partner."""

from __future__ import annotations

import re

import pytest
from django.db.models import Q

from scoring.models import Event, Round, RoundBye, RubberPlayerResult
from scoring.rounds.services import entrants_set, gone_home, late_arrival, round_close, round_start, schedule_make
from scoring.standings import cache
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db


def night(players: int, rounds: int = 6, **more) -> Event:
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=rounds, deal_limit=4, rulebook="standard", **more)
    entrants_set(event=event, players=PlayerFactory.create_batch(players))
    return event


def play(round_: Round) -> None:
    """Each table's four deals, a different winner at each (so winners and losers move differently)."""
    for table in round_.tables.order_by("number").select_related("rubber"):
        makers = "NNES" if table.number % 2 else "EEWN"
        for maker in makers:
            record(table.rubber, maker=maker, tricks=3 + table.number % 3)


def seated(round_: Round) -> list[int]:
    return [p for t in round_.tables.all() for p in (t.north_id, t.east_id, t.south_id, t.west_id)]


def partners(round_: Round) -> set[frozenset[int]]:
    return {frozenset(pair) for t in round_.tables.all() for pair in ((t.north_id, t.south_id), (t.east_id, t.west_id))}


def test_a_late_arrival_and_a_player_gone_home_at_a_night_of_nineteen():
    event = night(19)
    rounds = schedule_make(event=event)
    arrival = PlayerFactory(display_name="Arrived At Round Three")
    present = {e.player_id for e in event.entrants.all()}
    leaver = None
    for number, round_ in enumerate(rounds, start=1):
        round_start(round_id=round_.pk)
        round_.refresh_from_db()
        sitting = list(RoundBye.objects.filter(round=round_).values_list("player_id", flat=True))
        at_tables = seated(round_)
        assert len(at_tables) == len(set(at_tables)) and not set(at_tables) & set(sitting)
        assert set(at_tables) | set(sitting) == present, number  # everyone present plays or sits out, once
        assert len(at_tables) == 4 * (len(present) // 4) and len(sitting) == len(present) % 4
        if number > 1:
            assert not partners(round_) & partners(rounds[number - 2]), number  # nobody keeps a partner
        if number == 2:
            late_arrival(event_id=event.pk, player=arrival)  # seated from round 3
            present.add(arrival.pk)
        if number == 4:
            leaver = round_.tables.get(number=2).east_id
            gone_home(event_id=event.pk, player_id=leaver)
        play(round_)
        round_close(round_id=round_.pk)
        if number == 4:
            present.discard(leaver)
    assert RoundBye.objects.filter(round__event=event, player=arrival).count() == 2  # rounds 1 and 2: averages
    assert not RoundBye.objects.filter(round__event=event, round__number__gt=4, player_id=leaver).exists()
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    kept = sum(r.points_for for r in RubberPlayerResult.objects.filter(player_id=leaver))
    byes = [b for b in RoundBye.objects.filter(round__event=event, player_id=leaver)]
    assert rows[leaver]["rubbers"] == 4 - len(byes) and rows[leaver]["scored_for"] >= kept  # his tally stays
    assert rows[arrival.pk]["byes"] == 2 and rows[arrival.pk]["rubbers"] == 4


def test_comings_and_goings_are_refused_where_they_cannot_be():
    event = night(8, rounds=3, movement="rotation")
    schedule_make(event=event)
    with refusal("night_not_moving"):
        late_arrival(event_id=event.pk, player=PlayerFactory())
    moving = night(8, rounds=2)
    with refusal("schedule_not_made"):
        late_arrival(event_id=moving.pk, player=PlayerFactory())
    first, second = schedule_make(event=moving)
    someone = first.tables.get(number=1).north_id
    with refusal("first_round_unstarted") as refused:
        gone_home(event_id=moving.pk, player_id=someone)
    named = moving.entrants.get(player_id=someone).player.display_name
    assert refused.value.messages == [f"Round 1 is seated and has not started: {named} plays it, or a substitute "
                                      "takes the seat."]
    with refusal("entered_already"):
        late_arrival(event_id=moving.pk, player=first.tables.get(number=1).north)
    round_start(round_id=first.pk)
    gone_home(event_id=moving.pk, player_id=someone)
    with refusal("gone_home_already"):
        gone_home(event_id=moving.pk, player_id=someone)
    play(first)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    with refusal("every_round_seated"):
        late_arrival(event_id=moving.pk, player=PlayerFactory())
    assert someone not in seated(second) and len(seated(second)) == 4  # seven present: one table, three out


def test_the_secretary_enters_a_late_arrival_and_a_player_gone_home_from_the_rounds_page(client, secretary):
    event = night(8, rounds=3, missed_rounds="nothing")
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    client.force_login(secretary)
    rounds_page = client.get(f"/events/{event.slug}/rounds/").content.decode()
    assert "A late arrival" in rounds_page and "A player gone home" in rounds_page
    url = f"/events/{event.slug}/late-arrival/"
    form = client.get(url).content.decode()
    assert "The late arrival is seated from round 2; the rounds missed score nothing" in form
    assert "Enter the late arrival" in form and "The full name: the player is added to the roll" in form
    gone_form = client.get(f"/events/{event.slug}/gone-home/").content.decode()
    assert "The player is seated in no round after the one in play" in gone_form and "Mark as gone home" in gone_form
    for page in (form, gone_form):  # the player by name or as "the player", never "he"
        words = re.sub(r"<[^>]*>", " ", page[page.index("<main"):page.index("</main>")])
        assert not re.search(r"\b(he|him|his)\b", words, re.IGNORECASE), words
    refused = client.post(url, {"new_name": "x" * 81})
    assert refused.status_code == 200 and "at most 80 characters" in refused.content.decode()
    assert client.post(url, {"new_name": "  Nora   Newcomer "}).status_code == 302
    arrived = event.entrants.get(player__display_name="Nora Newcomer")
    assert (arrived.number, arrived.first_round) == (9, 2) and not RoundBye.objects.filter(player=arrived.player)
    leaving = first.tables.get(number=1).west
    assert client.post(f"/events/{event.slug}/gone-home/", {"player": leaving.pk}).status_code == 302
    assert event.entrants.get(player=leaving).last_round == 1
    listed = client.get(f"/events/{event.slug}/rounds/").content.decode()
    assert "Nora Newcomer <span class=\"text-muted\">(from round 2)" in listed
    assert f"{leaving} <span class=\"text-muted\">(went home after round 1)" in listed


def test_a_phone_finds_its_next_seat_from_a_finished_tables_code_or_by_name(client):
    """A phone that never opened the table (or closed the page) types its code after the table finished: until
    the next round starts it shows where each of the four sits next; after, the code tells a stranger nothing.
    The event's "Find your seat" page finds anyone by part of his name, in the round in play or the next."""
    from scoring.reporting import services

    event = night(8, rounds=2)
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    one = first.tables.get(number=1).rubber
    code = services.working_code(one).code
    play(first)
    stranger = client.get(f"/t/{code}/")
    assert stranger.status_code == 410 and 'data-testid="next-preview"' in stranger.content.decode()
    name = one.north.display_name
    found = client.get(f"/events/{event.slug}/my-seat/", {"name": name[-5:]}).content.decode()
    assert f"<strong>{name}</strong>: round 2, table" in found  # worked out from the finished round's results
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    assert client.get(f"/t/{code}/").status_code == 404  # round 2 has started: an old code tells nothing
    there = second.tables.get(Q(north=one.north) | Q(east=one.north) | Q(south=one.north) | Q(west=one.north))
    found = client.get(f"/events/{event.slug}/my-seat/", {"name": name}).content.decode()
    assert f"<strong>{name}</strong>: round 2, table {there.number}," in found
    nobody = client.get(f"/events/{event.slug}/my-seat/", {"name": "Nobody Such"}).content.decode()
    assert 'data-testid="nobody-found"' in nobody
    assert client.get(f"/events/{event.slug}/my-seat/", {"name": "x" * 200}).status_code == 200
