"""What a stored hand writes: only the hands whose result moved, no history row for a running score, and no
fresh standings for a deal that changes nothing they read (a pass in a rubber still in play)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scoring.models import Event, Hand, Rubber
from scoring.services.kept import totals_rebuild
from scoring.services.scoring import HAND_RESULT_STORED, rubber_lock, rubber_rescore
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


def test_a_new_hand_is_stored_with_its_result_and_rewrites_no_other_hand():
    rubber = a_rubber()
    for _ in range(6):
        record(rubber, result="passed")
    record(rubber, maker="N", tricks=3)
    with CaptureQueriesContext(connection) as queries:
        record(rubber, maker="E", tricks=3)
    assert not [q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "scoring_hand"')]
    newest = Hand.objects.get(rubber=rubber, number=8)
    assert (newest.ns_after, newest.ew_after, newest.maker_player_id) == (1, 1, rubber.east_id)


def stored(rubber: Rubber) -> tuple[list[tuple], ...]:
    """What a rubber stores of its result: its hands' figures, its games and its players' results."""
    return (list(rubber.hands.order_by("number").values_list(*HAND_RESULT_STORED)),
            list(rubber.games.order_by("number").values_list("number", "winner", "ns_score", "ew_score", "lap",
                                                               "double", "value", "closed_by_hand")),
            list(rubber.player_results.order_by("player_id").values_list(
                "player_id", "side", "partner_id", "points_for", "points_against", "games_won", "doubles_won", "won",
                "lone_hands", "euchres")))


def test_deals_stored_one_at_a_time_store_what_a_rescore_of_the_whole_rubber_stores():
    rubber = a_rubber()
    deals = [{"maker": "N", "tricks": 2}, {"maker": "E", "tricks": 5, "alone": True}, {"result": "passed"},
             {"maker": "W", "tricks": 4}, {"maker": "S", "tricks": 5}]
    while rubber.status == "in_progress":  # euchres, a lone march, a pass, games closed, to the rubber's end
        record(rubber, **deals[rubber.hand_count % len(deals)])
        rubber.refresh_from_db()
        assert totals_rebuild([rubber.event_id]) == []  # the kept figures as the stored results and hands give them
    assert rubber.status == "complete" and rubber.games.count() >= 2
    one_at_a_time = stored(rubber)
    with transaction.atomic():
        rubber_rescore(rubber_lock(rubber.pk))
    assert stored(rubber) == one_at_a_time


def test_a_running_score_writes_no_history_row_and_a_change_of_status_does():
    rubber = a_rubber()
    rows = rubber.history.count()
    record(rubber, maker="N", tricks=3)
    assert rubber.history.count() == rows
    for side in "NEE":
        play_game(rubber, side)  # three games: the rubber (law 2)
    rubber.refresh_from_db()
    assert rubber.status == "complete" and rubber.history.count() == rows + 1
