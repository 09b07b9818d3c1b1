"""The rubber page, hand entry through HTTP, permissions, result.json and downloads."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.forms.hands import HandForm, PenaltyForm
from scoring.engine import RULEBOOKS, SOMERSET_1888
from scoring.models import Hand, Rubber
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db


def entry(**fields):
    base = {"result": "played", "revokes_ns": 0, "revokes_ew": 0}
    return {**base, **fields}


def correct(client, url: str, data: dict):
    """A correction as the secretary makes it: the preview of the score before and after, then the save."""
    preview = client.post(url, data)
    if "digest" not in (preview.context or {}):
        return preview  # refused: the form again, with the error
    assert b'data-testid="correction-preview"' in preview.content
    return client.post(url, {**data, "previewed": preview.context["digest"]})


def test_secretary_enters_a_hand_and_sees_the_score(client, secretary, rubber):
    client.force_login(secretary)
    response = client.post(reverse("hand_new", args=[rubber.pk]), entry(dealer="N", maker="N", tricks=5))
    assert response.status_code == 302
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "NS 2 – EW 0" in page
    assert "march (law 2)" in page
    east = rubber.east.display_name
    assert f"Next to deal: <strong data-testid=\"next-dealer\">East ({east})</strong>" in page


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"dealer": "N", "maker": "N", "tricks": 7}, "tricks"),
        ({"dealer": "S", "maker": "N", "tricks": 3}, "dealer"),
        ({"dealer": "N", "maker": "N", "tricks": 5, "partner_exposed": "on"}, "partner_exposed"),
        ({"dealer": "N", "tricks": 3}, "maker"),
        ({"dealer": "N", "result": "passed", "maker": "N"}, "tricks"),  # a maker picked: the hand was played
        ({"dealer": "N", "maker": "E", "tricks": 3, "declaration": "assisted"}, "declaration"),
    ],
)
def test_bad_hand_is_refused_at_its_field(client, secretary, rubber, fields, field):
    client.force_login(secretary)
    response = client.post(reverse("hand_new", args=[rubber.pk]), entry(**fields))
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert Hand.objects.count() == 0


def test_players_and_public_cannot_write(client, member, rubber):
    url = reverse("hand_new", args=[rubber.pk])
    response = client.post(url, entry(dealer="N", maker="N", tricks=3))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(member)
    assert client.post(url, entry(dealer="N", maker="N", tricks=3)).status_code == 403
    for name, args in [("rubber_abandon", [rubber.pk]), ("seat_change", [rubber.pk]), ("rubber_import", []),
                       ("event_new", []), ("rubber_new", [rubber.event.slug]), ("player_new", [])]:
        assert client.post(reverse(name, args=args), {}).status_code == 403, name
    assert Hand.objects.count() == 0
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Record hand" not in page


def test_csrf_is_enforced(secretary, rubber):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(secretary)
    assert client.post(reverse("hand_new", args=[rubber.pk]), entry(dealer="N", maker="N", tricks=3)).status_code == 403


def test_a_members_only_rubber_is_not_found_until_login(client, member, rubber):
    rubber.event.is_public = False
    rubber.event.save()
    for name in ("rubber", "rubber_result", "rubber_export"):
        response = client.get(reverse(name, args=[rubber.pk]))
        assert response.status_code == 404, name
    client.force_login(member)
    assert client.get(reverse("rubber_result", args=[rubber.pk])).status_code == 200


def test_rubber_page_query_count_is_constant(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="N", tricks=3)
    with CaptureQueriesContext(connection) as few:
        assert client.get(reverse("rubber", args=[rubber.pk])).status_code == 200
    for _ in range(20):
        record(rubber, maker="N", tricks=3)
        rubber.refresh_from_db()
        if not rubber.is_open:
            break
    hand = rubber.hands.last()
    from scoring.services.hands import penalty_add

    penalty_add(hand_id=hand.pk, kind="revoke", side="EW", count=1, note="", claimed="before_cut", by=secretary)
    with CaptureQueriesContext(connection) as many:
        assert client.get(reverse("rubber", args=[rubber.pk])).status_code == 200
    assert len(many) == len(few)


def test_result_json_matches_the_spec_shape(client, rubber):
    play_game(rubber, "N")
    record(rubber, maker="E", tricks=3)
    data = json.loads(client.get(reverse("rubber_result", args=[rubber.pk])).content)
    assert data["games"] == [{"number": 1, "winner": "NS", "score": {"NS": 5, "EW": 0}, "lap": 0,
                              "double": True, "value": 2}]
    assert data["current_score"] == {"NS": 0, "EW": 1}
    assert data["rubber_winner"] is None and data["complete"] is False
    assert data["rubber_points"] == {"NS": 2, "EW": 0}
    assert [h["points"] for h in data["hands"]][-1] == {"NS": 0, "EW": 1}
    assert data["hands"][0]["laws"] == [2]
    # The third hand won game 1 at 5-0: the score it made, and the next game from love (a game of 5 laps nothing).
    assert [(h["score_after"], h["games_closed"], h.get("next_game_from")) for h in data["hands"]] == [
        ({"NS": 2, "EW": 0}, [], None), ({"NS": 4, "EW": 0}, [], None),
        ({"NS": 5, "EW": 0}, [1], {"NS": 0, "EW": 0}), ({"NS": 0, "EW": 1}, [], None)]


def test_law_6_flag_until_resolved(client, secretary, rubber):
    client.force_login(secretary)
    client.post(reverse("hand_new", args=[rubber.pk]),
                entry(dealer="N", maker="N", tricks=3, announced_ns=2, announced_ew=0))
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Law 6: hand 1 was announced as NS 2 – EW 0" in page
    client.post(reverse("announcement_resolve", args=[rubber.pk, 1]))
    assert "Law 6: hand 1" not in client.get(reverse("rubber", args=[rubber.pk])).content.decode()


def test_correction_page_requires_reason_for_earlier_hand(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="N", tricks=3)
    record(rubber, maker="N", tricks=3)
    url = reverse("hand_correct", args=[rubber.pk, 1])
    response = client.post(url, entry(dealer="N", maker="N", tricks=5))
    assert "reason" in response.context["form"].errors
    response = correct(client, url, entry(dealer="N", maker="N", tricks=5, reason="Table said five."))
    assert response.status_code == 302
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Table said five." in page


def test_start_rubber_refuses_same_player_twice(client, secretary, event, players):
    client.force_login(secretary)
    response = client.post(reverse("rubber_new", args=[event.slug]), {
        "played_on": "2026-11-03", "north": players[0].pk, "east": players[1].pk, "south": players[0].pk,
        "west": players[3].pk, "first_dealer": "N"})
    assert "south" in response.context["form"].errors
    assert Rubber.objects.count() == 0


def test_names_with_markup_are_escaped(client, rubber, players):
    players[0].display_name = "<script>alert(1)</script>"
    players[0].save()
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page


def test_secretary_creates_an_event_with_a_slug(client, secretary):
    from scoring.models import Event

    client.force_login(secretary)
    response = client.post(reverse("event_new"), {"name": "Winter Ladder", "starts_on": "2026-12-01",
                                                  "rulebook": "somerset-1888", "is_public": "on",
                                                  "paper_size": "letter"})
    assert response.status_code == 302
    assert Event.objects.get().slug == "winter-ladder"
    response = client.post(reverse("event_new"), {"name": "Bad", "starts_on": "2026-12-01",
                                                  "ends_on": "2026-11-01", "rulebook": "somerset-1888",
                                                  "paper_size": "letter"})
    assert response.status_code == 200 and Event.objects.count() == 1


def test_a_members_only_event_is_not_found_until_login(client, member, event):
    event.is_public = False
    event.save()
    response = client.get(reverse("event", args=[event.slug]))
    assert response.status_code == 404 and b'data-testid="login-offer"' in response.content
    assert client.get(reverse("event", args=["no-such-event"])).status_code == 404
    client.force_login(member)
    assert client.get(reverse("event", args=[event.slug])).status_code == 200


def test_correction_page_loads_its_hand_once(client, secretary, rubber):
    client.force_login(secretary)
    record(rubber, maker="N", tricks=3)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("hand_correct", args=[rubber.pk, 1])).status_code == 200
    hand_loads = [q for q in queries if 'FROM "scoring_hand"' in q["sql"] and '"scoring_hand"."number" =' in q["sql"]]
    assert len(hand_loads) == 1


def test_an_entry_correction_is_told_apart_from_a_score_claim(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    record(rubber, maker="E", tricks=3)
    client.force_login(secretary)
    page = client.get(reverse("hand_correct", args=[rubber.pk, 1])).content.decode()
    assert "puts right what was entered" in page
    assert f'{reverse("ruling_new", args=[rubber.pk])}?hand=1' in page  # a player's claim is a ruling (law 5)
    refused = client.post(reverse("hand_correct", args=[rubber.pk, 1]), entry(dealer="N", maker="N", tricks=4))
    assert "say why this entry is corrected" in refused.content.decode()
    correct(client, reverse("hand_correct", args=[rubber.pk, 1]),
            entry(dealer="N", maker="N", tricks=4, reason="typed 3, the table said 4"))
    assert "Entry corrections" in client.get(reverse("rubber", args=[rubber.pk])).content.decode()


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"tricks": "7"}, "tricks", "Tricks: a whole number from 0 to 5."),
    ({"tricks": "-1"}, "tricks", "Tricks: a whole number from 0 to 5."),
    ({"revokes_ns": "99"}, "revokes_ns", "Revokes by NS: a whole number from 0 to"),
    ({"announced_ns": "x", "announced_ew": "1"}, "announced_ns", "Announced NS: a whole number"),
])
def test_a_number_out_of_range_is_refused_in_the_clubs_words(fields, field, words):
    form = HandForm({"dealer": "N", "maker": "N", "tricks": "3", "result": "played", **fields}, rulebook=SOMERSET_1888)
    assert not form.is_valid()
    message = " ".join(form.errors[field])
    assert message.startswith(words) and "Ensure" not in message


@pytest.mark.parametrize("code", sorted(RULEBOOKS))
def test_a_count_of_revokes_goes_to_the_most_the_code_in_force_allows(code):
    """The hand form and the penalty form read the most revokes from the rulebook they are given, not Somerset's."""
    book = replace(RULEBOOKS[code], limits=replace(RULEBOOKS[code].limits, most_revokes=3))
    hand = {"dealer": "N", "maker": "N", "tricks": "3", "result": "played"}
    assert HandForm({**hand, "revokes_ns": "3"}, rulebook=book).is_valid()
    refused = HandForm({**hand, "revokes_ns": "4"}, rulebook=book)
    assert not refused.is_valid()
    assert refused.errors["revokes_ns"] == ["Revokes by NS: a whole number from 0 to 3."]
    assert HandForm({**hand, "revokes_ew": "4"}, rulebook=RULEBOOKS[code]).is_valid()
    penalty = {"kind": "revoke", "side": "NS", "claimed": "before_cut"}
    assert "count" not in PenaltyForm({**penalty, "count": "3"}, rulebook=book).errors
    assert PenaltyForm({**penalty, "count": "4"}, rulebook=book).errors["count"] == [
        "Revokes: a whole number from 1 to 3."]
