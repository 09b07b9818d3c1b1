"""Two secretaries entering hands into the same rubber at once: no duplicate number, no lost hand."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Hand, Rubber
from scoring.services.scoring import rubber_result
from tests.builders import a_rubber
from tests.helpers import together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def post_all(secretary, url: str, bodies: list[dict]) -> list[int]:
    def logged_in(_: int) -> Client:
        client = Client()
        client.force_login(secretary)
        return client

    return together(len(bodies), logged_in, lambda i, client: client.post(url, bodies[i]).status_code)


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


def stored_agrees_with_a_fresh_rescore(rubber: Rubber) -> None:
    """Every stored figure of the rubber equals what scoring its hands afresh gives."""
    from scoring.engine import Side
    from scoring.models import GameRecord, RubberPlayerResult

    rubber = Rubber.objects.get(pk=rubber.pk)
    hands = list(Hand.objects.filter(rubber=rubber).order_by("number"))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))  # none lost, none doubled
    result = rubber_result(rubber)
    assert rubber.hand_count == len(hands) == len(result.hands)
    assert (rubber.ns_points, rubber.ew_points) == result.rubber_points
    assert (rubber.current_ns, rubber.current_ew) == (result.current_score or (None, None))
    assert rubber.rubber_winner == (result.rubber_winner.value if result.rubber_winner else "")
    for hand, scored in zip(hands, result.hands, strict=True):
        assert (hand.ns_points, hand.ew_points) == (scored.points(Side.NS), scored.points(Side.EW))
        assert (hand.ns_after, hand.ew_after) == scored.score_after
    games = list(GameRecord.objects.filter(rubber=rubber).order_by("number")
                 .values_list("number", "winner", "ns_score", "ew_score", "double", "value"))
    assert games == [(g.number, g.winner.value, *g.score, g.double, g.value) for g in result.games]
    for row in RubberPlayerResult.objects.filter(rubber=rubber):
        side = Side(row.side)
        assert row.points_for == result.points_of(side) and row.points_against == result.points_of(side.other)


def test_many_clients_enter_hands_and_rule_at_once(secretary, event, players):
    """Eight clients at once: two to each of three rubbers entering hands, and two making and
    withdrawing revoke rulings (law 63) on the first rubber while its hands come in."""

    from django.core.exceptions import ValidationError

    from scoring.services.rulings import ruling_make, ruling_withdraw

    rubbers = [a_rubber(event, players[:4]) for _ in range(3)]
    # Law 40: a deal out of turn that stood, so every hand is lawful in whatever order it lands.
    body = {"result": "played", "dealer": "W", "out_of_turn": "on", "maker": "N", "tricks": "3",
            "revokes_ns": 0, "revokes_ew": 0}
    hands_each = 5  # at most 11 NS points a rubber, 14 with a revoke ruled: never a complete rubber
    client = Client()
    client.force_login(secretary)
    assert client.post(reverse("hand_new", args=[rubbers[0].pk]), body).status_code == 302  # a hand to rule on
    saved: list[int] = [0] * len(rubbers)
    outcomes: list[str] = []
    refusals: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(rubbers) * 2 + 2)

    def enter(index: int) -> None:
        client = Client()
        client.force_login(secretary)
        start.wait()
        try:
            for _ in range(hands_each):
                response = client.post(reverse("hand_new", args=[rubbers[index].pk]), body)
                with lock:
                    saved[index] += response.status_code == 302
                    if response.status_code != 302:
                        errors = response.context["form"].errors if response.context else response.content[:300]
                        refusals.append(f"{response.status_code}: {errors}")
        finally:
            connection.close()

    def rule(offender: str) -> None:
        start.wait()
        try:
            for _ in range(3):
                try:
                    ruling = ruling_make(rubber_id=rubbers[0].pk, hand_number=1, irregularity="revoke",
                                         facts=REVOKE | {"offender": offender}, election=None, by=secretary)
                    ruling_withdraw(ruling_id=ruling.pk, reason="Recorded twice", by=secretary)
                    with lock:
                        outcomes.append("made and withdrawn")
                except ValidationError as exc:
                    with lock:
                        outcomes.append(f"refused: {exc.messages}")
        finally:
            connection.close()

    workers = [threading.Thread(target=enter, args=(i,)) for i in range(len(rubbers)) for _ in range(2)]
    # One revokes for each side, so however they overlap no rubber is won early (law 63: three points).
    workers += [threading.Thread(target=rule, args=(offender,)) for offender in ("W", "N")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert not any(w.is_alive() for w in workers)

    assert refusals == []
    assert saved == [2 * hands_each] * len(rubbers)  # every lawful hand saved, whatever the interleaving
    for rubber in rubbers:
        stored_agrees_with_a_fresh_rescore(rubber)
    from scoring.models import Ruling

    made = Ruling.objects.filter(rubber=rubbers[0])
    assert made.count() == outcomes.count("made and withdrawn") >= 1
    assert not made.filter(withdrawn_at__isnull=True).exists()


def test_parallel_wrong_codes_are_counted_one_by_one(monkeypatch, rubber):
    """Forty phones guessing at once from one address: never more than the allowance gets an answer."""
    from scoring.reporting import services

    monkeypatch.setattr(services, "GUESSES_ALLOWED", 20)
    statuses = together(40, lambda _: Client(),
                        lambda i, client: client.get(f"/t/QQQQQ{'ACDEFGHJKMNPQRTUVWXY'[i % 20]}/").status_code)
    assert set(statuses) <= {404, 429} and 1 <= statuses.count(404) <= 20, statuses
