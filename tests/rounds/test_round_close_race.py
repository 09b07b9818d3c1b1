"""A round closed while every table's phone confirms its last report at the same moment: on PostgreSQL the
two kinds of writer queue on the event's row, so nobody gets a server error, every hand confirmed is
recorded on its rubber, and no report is left open on a stopped rubber."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Hand, HandReport, Rubber
from scoring.reporting.services import AtTable, hand_report, working_code
from scoring.rounds.services import round_start, schedule_make
from tests.helpers import together
from tests.rounds.test_rounds import tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]
TRIES = 4
PLAYERS = 16


def race_once(secretary, tries: int) -> list[int]:  # type: ignore[no-untyped-def]
    event = tournament(PLAYERS, rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    answers = []
    for table in first.tables.select_related("rubber", "north", "east"):
        report = hand_report(rubber_id=table.rubber_id, play={"dealer": table.first_dealer, "maker": "N",
                                                              "tricks": 3}, by=AtTable(table.north))
        code = working_code(table.rubber)
        assert code is not None
        answers.append((f"/t/{code.code}/reports/{report.pk}/answer/",
                        {"answer": "confirm", "player": table.east_id}))
    close = reverse("round_close", args=[first.pk])

    def prepare(i: int) -> Client:
        client = Client()
        if i == len(answers):
            client.force_login(secretary)
        else:
            client.get(answers[i][0].split("reports/")[0])  # the phone opens its table first
        return client

    def send(i: int, client: Client) -> int:
        if i == len(answers):
            time.sleep(0.01 * (tries % 3))  # the close a moment after the phones, on some tries
        url, body = answers[i] if i < len(answers) else (close, {})
        return client.post(url, body).status_code

    statuses = together(len(answers) + 1, prepare, send)
    assert all(s in (200, 302, 400, 410) for s in statuses), statuses  # no server error, no deadlock
    rubbers = Rubber.objects.filter(round_table__round=first)
    assert set(rubbers.values_list("status", flat=True)) == {Rubber.Status.STOPPED}
    assert not HandReport.objects.filter(rubber__in=rubbers, status__in=HandReport.OPEN).exists()
    for rubber in rubbers:  # a hand is recorded exactly when its report was confirmed before the close
        confirmed = rubber.hand_reports.filter(status=HandReport.Status.CONFIRMED).count()
        assert Hand.objects.filter(rubber=rubber).count() == confirmed == rubber.hand_count == rubber.deal_limit
    return statuses


def test_closing_a_round_while_every_table_confirms_never_deadlocks(secretary):
    for tries in range(TRIES):
        race_once(secretary, tries)
