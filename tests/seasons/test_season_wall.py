"""The room's wall between nights shows the season the night counts in: before the night's first round (beside
where everyone sits) and once its rounds are over; never while a round is in play, nor for a night in no season."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pytest
from django.urls import reverse

from scoring.models import Event
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from scoring.standings.season import season_view
from tests.factories import EventFactory, PlayerFactory
from tests.progressive.test_comings_and_goings import play
from tests.seasons.test_seasons import NAMES, a_night, a_season

pytestmark = pytest.mark.django_db


def wall(client, event: Event) -> str:
    return client.get(reverse("room", args=[event.slug]), {"projector": "1"}).content.decode()


def season_rows(html: str) -> list[list[str]]:
    table = html[html.index('data-testid="wall-season"'):]
    table = table[:table.index("</table>")].split("<tbody")[1]
    return [[unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", row)] for row in re.findall(r"<tr>(.*?)</tr>",
                                                                                                    table)]


def test_the_wall_shows_the_season_before_the_night_and_after_it_but_not_in_play(client):
    players = [PlayerFactory(display_name=name) for name in NAMES[:8]]
    season = a_season(qualify=1)
    a_night(season, 7, players, [(7, 1), (2, 6)])
    tonight = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard",
                           starts_on=dt.date(2026, 1, 14), season=season)
    entrants_set(event=tonight, players=players)
    first = schedule_make(event=tonight)[0]
    before = wall(client, tonight)
    lines = season_view(season).table.lines
    assert 'data-testid="next-seats"' in before and season.name in before
    assert season_rows(before) == [[str(line.place), line.player, str(line.total), str(line.played)]
                                   for line in lines]
    round_start(round_id=first.pk)
    assert 'data-testid="wall-season"' not in wall(client, tonight)
    play(first)
    round_close(round_id=first.pk)
    after = wall(client, tonight)
    assert [row[3] for row in season_rows(after)] == ["2"] * 8  # the night counted at once
    plain = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard")
    entrants_set(event=plain, players=players)
    schedule_make(event=plain)
    assert 'data-testid="wall-season"' not in wall(client, plain)
