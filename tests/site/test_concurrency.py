"""Two secretaries entering hands into the same rubber at once: no duplicate number, no lost hand."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Hand, Rubber
from scoring.services.scoring_store import rubber_result

pytestmark = pytest.mark.django_db(transaction=True)


def post_all(secretary, url: str, bodies: list[dict]) -> list[int]:
    statuses: list[int] = [0] * len(bodies)
    start = threading.Barrier(len(bodies))

    def work(i: int) -> None:
        client = Client()
        client.force_login(secretary)
        start.wait()
        try:
            statuses[i] = client.post(url, bodies[i]).status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return statuses


def test_simultaneous_hands_get_consecutive_numbers(secretary, rubber):
    # Each deal is marked as one that stood out of turn (law 40), so every hand is lawful
    # whatever order the requests are served in: all must be saved.
    body = {"result": "played", "dealer": "W", "out_of_turn": "on", "maker": "N", "tricks": "3",
            "revokes_ns": 0, "revokes_ew": 0}
    statuses = post_all(secretary, reverse("hand_new", args=[rubber.pk]), [body] * 6)
    assert statuses == [302] * 6
    assert sorted(Hand.objects.filter(rubber=rubber).values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    rubber.refresh_from_db()
    assert rubber.hand_count == 6
    assert (rubber.current_ns, rubber.current_ew) == rubber_result(rubber).current_score == (1, 0)


def test_racing_the_same_deal_saves_one_and_refuses_the_other(secretary, rubber):
    body = {"result": "played", "dealer": "N", "maker": "E", "tricks": "4", "revokes_ns": 0, "revokes_ew": 0}
    statuses = post_all(secretary, reverse("hand_new", args=[rubber.pk]), [body] * 4)
    assert sorted(statuses) == [302, 400, 400, 400]  # the others are told the deal has moved on
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    stored = Rubber.objects.get(pk=rubber.pk)
    assert (stored.current_ns, stored.current_ew) == (0, 1)
