"""A player's printed record gives his line in each season he played a night of, in the words of his page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine.words import ordinal
from scoring.standings.season import season_view
from tests.factories import PlayerFactory
from tests.printing.test_house_rules_stated import one_text
from tests.seasons.test_seasons import NAMES, a_night, a_season

pytestmark = pytest.mark.django_db


def test_the_printed_record_and_the_page_give_his_line_in_each_season(client):
    players = [PlayerFactory(display_name=name) for name in NAMES[:8]]
    season = a_season(qualify=1, best=1)
    a_night(season, 7, players, [(7, 1), (2, 6)])
    a_night(season, 14, players, [(3, 5), (8, 0)])
    line = next(line for line in season_view(season).table.lines if line.player == NAMES[0])
    kept = sorted(line.figures.values(), reverse=True)[0]
    figures = ", ".join(str(line.figures[name]) if name in line.counted else f"({line.figures[name]})"
                        for name in ("2026-01-07", "2026-01-14"))
    words = f"Winter league: {ordinal(line.place)}"
    response = client.get(reverse("player_record_pdf", args=[players[0].pk]))
    text = one_text(response.content)
    assert response.status_code == 200 and "Seasons" in text
    assert words in text and f"{kept} points ({figures})" in text
    page = client.get(reverse("player", args=[players[0].pk])).content.decode()
    assert f"{kept} points ({figures})" in page
    alone = PlayerFactory(display_name="Played no night of any season")
    assert "Seasons" not in one_text(client.get(reverse("player_record_pdf", args=[alone.pk])).content)
