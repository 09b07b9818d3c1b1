"""Two phones at one table at once, each its own session on its own connection: one report of a deal,
one hand from one report, whatever order the database serves them in (run on PostgreSQL by `make test`)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client

from scoring.models import Hand, HandReport, Rubber
from scoring.reporting import services
from tests.services.test_concurrency import stored_agrees_with_a_fresh_rescore

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]
PHONES = 4


def at_once(work: Callable[[Client, int], int]) -> list[int]:
    """Run `work` on PHONES phones (clients with their own sessions) released together; their statuses."""
    statuses = [0] * PHONES
    start = threading.Barrier(PHONES)

    def phone(i: int) -> None:
        client = Client()
        start.wait()
        try:
            statuses[i] = work(client, i)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return statuses


def test_phones_reporting_the_same_deal_at_once_make_one_report(rubber, players):
    code = services.working_code(rubber)
    assert code is not None
    url = f"/t/{code.code}/report/"

    def report(client: Client, i: int) -> int:
        return client.post(url, {"reporter": players[i].pk, "maker": "N", "tricks": 3 + i % 3}).status_code

    assert at_once(report) == [302] * PHONES  # each phone is sent back to the table page
    reports = list(HandReport.objects.filter(rubber=rubber))
    assert len(reports) == 1 and reports[0].number == 1 and reports[0].status == HandReport.Status.WAITING
    assert not Hand.objects.exists()


def test_both_players_of_the_other_side_confirming_at_once_make_one_hand(rubber, players):
    code = services.working_code(rubber)
    assert code is not None
    waiting = services.hand_report(rubber_id=rubber.pk, play={"dealer": "N", "maker": "N", "tricks": 4},
                                   by=services.AtTable(players[0]))
    url = f"/t/{code.code}/reports/{waiting.pk}/answer/"

    def confirm(client: Client, i: int) -> int:
        east_or_west = players[1] if i % 2 else players[3]
        return client.post(url, {"answer": "confirm", "player": east_or_west.pk}).status_code

    assert at_once(confirm) == [302] * PHONES
    assert list(Hand.objects.filter(rubber=rubber).values_list("number", flat=True)) == [1]
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.CONFIRMED and waiting.hand is not None
    stored_agrees_with_a_fresh_rescore(Rubber.objects.get(pk=rubber.pk))


def test_a_confirmation_racing_a_dispute_and_a_withdrawal_settles_the_report_once(rubber, players):
    code = services.working_code(rubber)
    assert code is not None
    waiting = services.hand_report(rubber_id=rubber.pk, play={"dealer": "N", "maker": "N", "tricks": 3},
                                   by=services.AtTable(players[0]))
    base = f"/t/{code.code}/reports/{waiting.pk}/"
    bodies = [("answer/", {"answer": "confirm", "player": players[1].pk}),
              ("answer/", {"answer": "dispute", "player": players[3].pk, "dispute": "three tricks, not four"}),
              ("withdraw/", {"player": players[2].pk}),
              ("answer/", {"answer": "confirm", "player": players[3].pk})]

    def act(client: Client, i: int) -> int:
        tail, body = bodies[i]
        return client.post(base + tail, body).status_code

    assert at_once(act) == [302] * PHONES
    waiting.refresh_from_db()
    hands = Hand.objects.filter(rubber=rubber).count()
    # Whichever came first decided: a hand only if a confirmation won, and never two.
    assert waiting.status in (HandReport.Status.CONFIRMED, HandReport.Status.DISPUTED,
                              HandReport.Status.WITHDRAWN)
    assert hands == (1 if waiting.status == HandReport.Status.CONFIRMED else 0)
