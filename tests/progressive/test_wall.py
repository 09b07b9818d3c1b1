"""The wall (the room's projector view) for a progressive night and the other formats: the event's own figures
for everyone, redrawn with the tables, the prizes, and between rounds where each player sits next."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.engine import Seat
from scoring.engine.words import SEAT_WORDS
from scoring.models import Event, Round, RoundTable
from scoring.rounds.services import gone_home, late_arrival, round_close, round_start, schedule_make
from tests.builders import a_finished_round, a_tournament
from tests.factories import PlayerFactory
from tests.helpers import play_game
from tests.progressive.test_comings_and_goings import night, play

pytestmark = pytest.mark.django_db


def wall(client, event: Event, **headers: str) -> str:
    return client.get(reverse("room", args=[event.slug]), {"projector": "1"}, headers=headers).content.decode()


def standings(html: str) -> tuple[list[str], list[list[str]]]:
    """The wall's standings: its column headings, and each row's cells."""
    table = html[html.index('data-testid="wall-standings"'):]
    table = table[:table.index("</table>")]
    heads = [unescape(h) for h in re.findall(r"<th[^>]*>([^<]*)</th>", table)]
    rows = [[unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody")[1])]
    return heads, rows


def two_rounds_played(players: int, **more) -> tuple[Event, list[Round]]:
    event = night(players, **more)
    return event, rounds_played(event)


def rounds_played(event: Event, count: int = 2) -> list[Round]:
    """The event's schedule made and its first `count` rounds played and closed; every round, in order."""
    rounds = schedule_make(event=event)
    for round_ in rounds[:count]:
        round_start(round_id=round_.pk)
        play(round_)
        round_close(round_id=round_.pk)
    return rounds


def test_a_night_of_seventeen_shows_everyone_in_its_own_figures_in_its_own_order(client):
    event, _ = two_rounds_played(17, ranking="rounds,points,lone")
    heads, rows = standings(wall(client, event))
    assert heads == ["#", "Player", "Rounds won", "Points", "Lone hands made"]  # as the event ranks them
    assert len(rows) == 17  # everyone, not the first twelve
    from scoring.standings import cache
    for row, kept in zip(rows, cache.event_players(event), strict=True):
        assert row == [str(kept["rank"]), kept["player__display_name"], str(kept["wins"]),
                       str(kept["scored_for"]), str(kept["lone"] or 0)]
    assert "Net" not in heads


def test_the_wall_of_other_formats_shows_their_own_figures(client):
    somerset = a_tournament(8, rounds=2, rulebook="somerset-1888")
    schedule_make(event=somerset)
    a_finished_round(somerset.event_rounds.get(number=1))
    heads, rows = standings(wall(client, somerset))
    assert heads == ["#", "Player", "Net", "Won", "Doubles won", "Games won"] and len(rows) == 8
    standard = a_tournament(8, rounds=2, rulebook="official-1862", games=3)
    first = schedule_make(event=standard)[0]
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        for _ in range(2):  # North-South take the match two games to none
            play_game(table.rubber, "N")
    round_close(round_id=first.pk)
    heads, rows = standings(wall(client, standard))
    assert heads == ["#", "Player", "Won", "Games won", "Net"] and len(rows) == 8


def test_between_rounds_the_wall_lists_everyone_by_name_with_the_seat_the_round_gives_him(client):
    event, rounds = two_rounds_played(19)
    leaver = event.entrants.order_by("number").select_related("player")[3]
    gone_home(event_id=event.pk, player_id=leaver.player_id)
    arrival = PlayerFactory(display_name="Arrived Between Rounds Two And Three")  # 36 characters
    late_arrival(event_id=event.pk, player=arrival)
    html = wall(client, event)
    found = dict((unescape(name), unescape(where)) for name, where in re.findall(
        r'<span class="wall-seat-name"[^>]*>([^<]*)</span> <span class="wall-seat-where">([^<]*)</span>', html))
    assert "Round 3 of 6: where everyone sits" in html
    assert leaver.player.display_name not in found and found[arrival.display_name]
    round_start(round_id=rounds[2].pk)  # the seats the wall showed are those the round is given
    expected = {}
    for table in RoundTable.objects.filter(round=rounds[2]).select_related("north", "east", "south", "west"):
        for seat in Seat:
            expected[table.player_at(seat).display_name] = f"table {table.number} · {SEAT_WORDS[seat]}"
    expected |= {bye.player.display_name: "sits out" for bye in rounds[2].byes.select_related("player")}
    assert found == expected and len(found) == 19


def test_the_polled_wall_redraws_the_standings_and_prizes_with_the_tables(client):
    event, rounds = two_rounds_played(8)
    polled = wall(client, event, HX_Request="true")
    assert polled.startswith('<div id="wall"') and 'data-testid="wall-standings"' in polled
    assert 'data-testid="prizes"' in polled and 'data-testid="next-seats"' in polled
    round_start(round_id=rounds[2].pk)
    polled = wall(client, event, HX_Request="true")
    assert 'data-testid="room"' in polled and 'data-testid="next-seats"' not in polled


@pytest.mark.parametrize("between", [True, False])
def test_the_wall_costs_the_same_queries_for_eight_players_or_twenty_four(client, between):
    counts = []
    for players in (8, 24):
        event, rounds = two_rounds_played(players)
        if not between:
            round_start(round_id=rounds[2].pk)
        wall(client, event)  # the standings cached, as every poll after the first finds them
        with CaptureQueriesContext(connection) as queries:
            html = wall(client, event, HX_Request="true")
        assert html.count("<tr>") >= players
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
