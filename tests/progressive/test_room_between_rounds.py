"""The room (the secretary's and the players' page, not the wall) between rounds: where everyone sits in the
next round, by name, with table, seat and partner or that he sits out, and the standings so far in the event's own
figures; polled, it costs the same queries for 8 players or 24."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.engine import Seat
from scoring.engine.words import SEAT_WORDS
from scoring.models import Event, RoundTable
from scoring.rounds.services import gone_home, round_start
from scoring.standings import cache
from tests.progressive.test_wall import standings, two_rounds_played

pytestmark = pytest.mark.django_db

SEAT = re.compile(r'<li><span class="room-next-name">([^<]*)</span> <span class="room-next-where">([^<]*)</span>'
                  r'(?: <span class="room-next-partner">partner ([^<]*)</span>)?</li>')


def the_room(client, event: Event, **headers: str) -> str:
    return client.get(reverse("room", args=[event.slug]), headers=headers).content.decode()


def seats(html: str) -> dict[str, tuple[str, str]]:
    return {unescape(name): (unescape(where), unescape(partner)) for name, where, partner in SEAT.findall(html)}


def test_between_rounds_the_room_shows_where_everyone_sits_next_and_the_standings_so_far(client, secretary):
    event, rounds = two_rounds_played(19)
    leaver = event.entrants.order_by("number").select_related("player")[3]
    gone_home(event_id=event.pk, player_id=leaver.player_id)
    client.force_login(secretary)
    html = the_room(client, event)
    assert "No table is in play" not in html and "Start round 3" in html
    assert "Round 3: where everyone sits" in html and "Standings after round 2" in html
    found = seats(html)
    assert leaver.player.display_name not in found and len(found) == 18
    heads, rows = standings(html.replace('data-testid="room-standings"', 'data-testid="wall-standings"'))
    assert heads == ["#", "Player", "Points", "Lone hands made", "Rounds won"]  # the event's own, as the wall's
    assert rows == [[str(kept["rank"]), kept["player__display_name"], str(kept["scored_for"]), str(kept["lone"] or 0),
                     str(kept["wins"])] for kept in cache.event_players(event)]
    round_start(round_id=rounds[2].pk)  # the seats the room showed are those the round is given
    expected = {}
    for table in RoundTable.objects.filter(round=rounds[2]).select_related("north", "east", "south", "west"):
        for seat in Seat:
            expected[table.player_at(seat).display_name] = (f"table {table.number} · {SEAT_WORDS[seat]}",
                                                            table.player_at(seat.left.left).display_name)
    expected |= {bye.player.display_name: ("sits out", "") for bye in rounds[2].byes.select_related("player")}
    assert found == expected
    in_play = the_room(client, event)
    assert 'data-testid="room-next-seats"' not in in_play and 'data-testid="room-standings"' not in in_play


def test_a_player_reads_the_same_room_between_rounds_and_the_poll_redraws_it(client):
    event, _ = two_rounds_played(8)
    polled = the_room(client, event, HX_Request="true")
    assert polled.startswith('<div id="room"') and len(seats(polled)) == 8
    assert 'data-testid="room-standings"' in polled and "Start round 3" not in polled  # the secretary's alone


def test_the_room_between_rounds_costs_the_same_queries_for_eight_players_or_twenty_four(client):
    counts = []
    for players in (8, 24):
        event, _ = two_rounds_played(players)
        the_room(client, event)  # the standings cached, as every poll after the first finds them
        with CaptureQueriesContext(connection) as queries:
            html = the_room(client, event, HX_Request="true")
        assert len(seats(html)) == players and html.count("<tr>") == players + 1
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
