"""What a write costs in queries, however long the club's past: the secretary's hand save (its form's POST), and a
phone's report and the other side's confirmation. `bench/growth.py` gives the figures at 1,000 to 100,000
rubbers."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.reporting.services import working_code
from scoring.seeding.bulk import seed_bulk
from scoring.services.rubbers import rubber_start
from tests.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

HAND_SAVE_MOST = 17
"""The page's session, user and permissions, the rubber and its substitutes, its lock, the hand and its history row,
the rubber's result, its maker's kept figures (the night's first hand of his: a row for the day added), the results'
version, a report answered."""
REPORT_MOST = 13
"""A fresh phone's code counted as a try and let through, the table, its lock, the report, the phone's session."""
CONFIRM_MOST = 16
"""Recording the hand, storing what it moved of the rubber's result and its maker's kept figures, on top of the
report's own reads."""
PAIR_MOST = 30


def tonight(rubbers: int):
    """A rubber begun tonight in an event with `rubbers` complete ones behind it, and its four players."""
    event = EventFactory()
    four = PlayerFactory.create_batch(4)
    seed_bulk(rubbers=rubbers, event=event, players=four, seed=rubbers)
    return rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3],
                        first_dealer="N"), four


@pytest.mark.parametrize("past", [0, 80])
def test_a_hand_saved_by_the_secretary_costs_the_same_few_queries_whatever_the_past(client, secretary, past):
    rubber, _four = tonight(past)
    client.force_login(secretary)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/rubbers/{rubber.pk}/hands/", {"dealer": "N", "maker": "E", "tricks": "3",
                                                                 "result": "played"})
    assert response.status_code == 302 and rubber.hands.count() == 1
    assert len(queries) <= HAND_SAVE_MOST, "\n".join(q["sql"][:150] for q in queries.captured_queries)


@pytest.mark.parametrize("past", [0, 80])
def test_a_phones_report_and_its_confirmation_cost_the_same_few_queries_whatever_the_past(past):
    rubber, four = tonight(past)
    code = working_code(rubber)
    assert code is not None
    phone = Client()
    with CaptureQueriesContext(connection) as reported:
        response = phone.post(f"/t/{code.code}/report/", {"reporter": four[0].pk, "maker": "E", "tricks": 3})
    assert response.status_code == 302
    waiting = rubber.hand_reports.get()
    with CaptureQueriesContext(connection) as confirmed:
        response = phone.post(f"/t/{code.code}/reports/{waiting.pk}/answer/",
                              {"answer": "confirm", "player": four[1].pk})
    assert response.status_code == 302 and rubber.hands.count() == 1
    counts = (len(reported), len(confirmed))
    assert counts[0] <= REPORT_MOST and counts[1] <= CONFIRM_MOST and sum(counts) <= PAIR_MOST, counts
