"""One wizard run makes at most one ruling, and wizards in two tabs keep their own answers."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Ruling
from scoring.services.rulings import ruling_make
from tests.helpers import record

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def open_wizard(client: Client, url: str) -> str:
    """GET the wizard's first page; returns the URL its form posts to (its tab)."""
    page = client.get(url)
    assert page.status_code == 200
    action = re.search(r'action="(\?tab=[0-9a-f]+)" novalidate data-testid="ruling-form"', page.content.decode())
    assert action is not None
    return url + action.group(1).replace("&amp;", "&")


def tab_prefix(rubber_pk: int, post_url: str) -> str:
    return f"ruling_{rubber_pk}_{post_url.rsplit('tab=', 1)[1]}"


@pytest.mark.django_db
def test_two_tabs_on_one_rubber_keep_their_own_answers(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="E", tricks=4)
    url = reverse("ruling_new", args=[rubber.pk])
    first, second = open_wizard(client, url), open_wizard(client, url)
    assert first != second
    response = client.post(first, {f"{tab_prefix(rubber.pk, first)}-current_step": "case", "case-hand": 1,
                                   "case-irregularity": "revoke"})
    assert response.context["wizard"]["steps"].current == "facts_revoke"
    response = client.post(second, {f"{tab_prefix(rubber.pk, second)}-current_step": "case", "case-hand": 1,
                                    "case-irregularity": "lead_out_of_turn"})
    assert response.context["wizard"]["steps"].current == "facts_lead_out_of_turn"
    # The first tab still rules on its revoke, whatever the second tab chose since.
    response = client.post(first, {f"{tab_prefix(rubber.pk, first)}-current_step": "facts_revoke",
                                   **{f"facts_revoke-{k}": v for k, v in REVOKE.items()}})
    assert response.context["wizard"]["steps"].current == "review"
    assert response.context["irregularity"].key == "revoke"
    response = client.post(first, {f"{tab_prefix(rubber.pk, first)}-current_step": "review"})
    assert response.status_code == 302
    assert list(Ruling.objects.values_list("irregularity", flat=True)) == ["revoke"]


@pytest.mark.django_db
def test_confirming_one_run_twice_stores_one_ruling(secretary, rubber):
    record(rubber, maker="E", tricks=4)
    made = [ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                        by=secretary, request_key="run-1") for _ in range(2)]
    assert made[0].pk == made[1].pk and Ruling.objects.count() == 1
    other = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                        by=secretary, request_key="run-2")
    assert other.pk != made[0].pk and Ruling.objects.count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_confirms_of_one_run_store_one_ruling(secretary, rubber):
    record(rubber, maker="E", tricks=4)
    start = threading.Barrier(4)
    made: list[int] = []

    def confirm() -> None:
        start.wait()
        try:
            ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE,
                                 election=None, by=secretary, request_key="double-click")
            made.append(ruling.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(made) == 4 and len(set(made)) == 1
    assert Ruling.objects.count() == 1
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (3, 1)  # the revoke charged once, not four times


@pytest.mark.django_db
def test_a_ruling_on_a_complete_rubber_shows_the_standings_it_changes(client, secretary, rubber):
    from tests.helpers import play_game

    for maker in ("N", "N", "E"):
        play_game(rubber, maker=maker)  # NS win two games, EW the third: the rubber is complete
    rubber.refresh_from_db()
    assert rubber.status == "complete" and (rubber.ns_points, rubber.ew_points) == (6, 2)
    client.force_login(secretary)
    post = open_wizard(client, reverse("ruling_new", args=[rubber.pk]))
    prefix = tab_prefix(rubber.pk, post)
    client.post(post, {f"{prefix}-current_step": "case", "case-hand": rubber.hand_count,
                       "case-irregularity": "score_error"})
    # The hand that won EW the third game was in fact euchred: NS score 2 instead (law 5, claimed in time).
    facts = {"offender": "E", "maker": "E", "alone": "no", "tricks": 0, "claimed": "before_trump"}
    response = client.post(post, {f"{prefix}-current_step": "facts_score_error",
                                  **{f"facts_score_error-{k}": v for k, v in facts.items()}})
    assert response.context["wizard"]["steps"].current == "review"
    body = response.content.decode()
    assert 'data-testid="complete-rubber"' in body and "This rubber is complete." in body
    assert 'data-testid="standings-changes"' in body and 'data-testid="reopens"' in body
    changes = {row.player: row for row in response.context["standings_changes"]}
    assert set(changes) == {p.display_name for _, p in rubber.seats}
    # Game 3 is no longer won, so EW lose its point and the rubber is in play again: it leaves the
    # standings of all four until its last game is played.
    assert {(row.side, row.points_before, row.points_after, row.counted_after) for row in changes.values()} == {
        ("NS", 6, 6, False), ("EW", 2, 0, False)}
    assert all(row.changes for row in changes.values())
    assert not Ruling.objects.exists()
