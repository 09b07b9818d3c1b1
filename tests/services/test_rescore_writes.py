"""What a stored hand writes: only the hands whose result moved, no history row for a running score, and no
fresh standings for a deal that changes nothing they read (a pass in a rubber still in play)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Event, Hand
from tests.builders import a_rubber
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db


def version(event: Event) -> int:
    return Event.objects.values_list("results_version", flat=True).get(pk=event.pk)


def test_a_pass_in_a_rubber_in_play_leaves_the_standings_as_they_were_and_a_made_hand_does_not():
    rubber = a_rubber()
    record(rubber, maker="N", tricks=3)
    before = version(rubber.event)
    record(rubber, result="passed")
    assert version(rubber.event) == before  # nothing the standings or a player's page read has moved
    record(rubber, maker="E", tricks=3)
    assert version(rubber.event) == before + 1  # East's side made it: his maker figures move


def test_the_hand_that_ends_a_rubber_refreshes_the_standings():
    rubber = a_rubber()
    play_game(rubber)
    before = version(rubber.event)
    record(rubber, result="passed")
    assert version(rubber.event) == before
    play_game(rubber, "E")
    play_game(rubber, "E")  # the third game: the rubber (law 2)
    rubber.refresh_from_db()
    assert rubber.status == "complete" and version(rubber.event) > before


def test_a_new_hand_rewrites_only_the_hands_whose_result_moved():
    rubber = a_rubber()
    for _ in range(6):
        record(rubber, result="passed")
    record(rubber, maker="N", tricks=3)
    with CaptureQueriesContext(connection) as queries:
        record(rubber, maker="E", tricks=3)
    updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "scoring_hand"')]
    assert len(updates) == 1
    newest = Hand.objects.get(rubber=rubber, number=8).pk
    assert f'"id" = {newest}' in updates[0] or f'"id" IN ({newest})' in updates[0]
    assert updates[0].count("WHEN") <= 7  # one hand's seven fields, not eight hands'


def test_a_running_score_writes_no_history_row_and_a_change_of_status_does():
    rubber = a_rubber()
    rows = rubber.history.count()
    record(rubber, maker="N", tricks=3)
    assert rubber.history.count() == rows
    for side in "NEE":
        play_game(rubber, side)  # three games: the rubber (law 2)
    rubber.refresh_from_db()
    assert rubber.status == "complete" and rubber.history.count() == rows + 1
