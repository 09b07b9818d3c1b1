"""The club evening at the desk: taking back a hand, a correction's preview, the rubber page's words."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine import SOMERSET_1888
from scoring.models import Hand, HandTakenBack, Rubber
from scoring.rulings.guide import worked_rubber
from scoring.services.hands import hand_take_back
from scoring.services.rulings import ruling_make
from tests.helpers import play_game, record, refusal

pytestmark = pytest.mark.django_db

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def test_the_last_hand_is_taken_back_after_a_confirmation_and_stays_on_record(client, secretary, rubber):
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="E", tricks=3, revokes={"NS": 1})
    client.force_login(secretary)
    url = reverse("hand_take_back", args=[rubber.pk, 2])
    confirm = client.get(url)
    assert b'data-testid="take-back-hand"' in confirm.content
    assert f"{rubber.east}&#x27;s side took the trump, 3 tricks".encode() in confirm.content
    assert Hand.objects.filter(rubber=rubber).count() == 2  # asking is not taking back
    response = client.post(url, {"reason": "entered twice"}, follow=True)
    assert b"Hand 2 taken back" in response.content
    rubber.refresh_from_db()
    assert (rubber.hand_count, rubber.current_ns, rubber.current_ew) == (1, 2, 0)
    taken = HandTakenBack.objects.get()
    assert taken.number == 2 and taken.reason == "entered twice" and taken.made_by == secretary
    assert taken.hand["maker"] == "E" and taken.hand["revokes"] == {"NS": 1}
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "Hand 2 taken back" in page and "entered twice" in page


def test_only_the_last_hand_and_never_a_ruled_one_is_taken_back(client, secretary, rubber):
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="E", tricks=3)
    with refusal("not_last_hand"):
        hand_take_back(rubber_id=rubber.pk, number=1, reason="", by=secretary)
    ruling_make(rubber_id=rubber.pk, hand_number=2, irregularity="revoke", facts=REVOKE, election=None, by=secretary)
    client.force_login(secretary)
    response = client.post(reverse("hand_take_back", args=[rubber.pk, 2]), {"reason": ""})
    assert "has a ruling on it" in response.content.decode()
    assert Hand.objects.filter(rubber=rubber).count() == 2 and not HandTakenBack.objects.exists()


def test_taking_back_the_hand_that_ended_the_rubber_reopens_it(secretary, rubber):
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE
    hand_take_back(rubber_id=rubber.pk, number=rubber.hand_count, reason="wrong rubber", by=secretary)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.IN_PROGRESS


def test_a_correction_shows_the_score_before_and_after_and_saves_only_when_confirmed(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    url = reverse("hand_correct", args=[rubber.pk, 1])
    entry = {"maker": "N", "tricks": 5, "result": "played", "dealer": "N", "revokes_ns": 0, "revokes_ew": 0}
    preview = client.post(url, entry)
    assert preview.status_code == 200
    before, after = preview.context["preview"]
    assert (before.hand_points, after.hand_points) == ((1, 0), (2, 0))
    assert (before.current, after.current) == ((1, 0), (2, 0))
    assert Hand.objects.get(rubber=rubber).tricks == 3  # nothing saved yet
    changed = client.post(url, {**entry, "tricks": 4, "previewed": preview.context["digest"]})
    assert changed.status_code == 200 and Hand.objects.get(rubber=rubber).tricks == 3  # changed: previewed again
    saved = client.post(url, {**entry, "tricks": 4, "previewed": changed.context["digest"]})
    assert saved.status_code == 302 and Hand.objects.get(rubber=rubber).tricks == 4


def test_a_game_row_shows_its_final_tally_and_the_games_read_as_words(client, rubber):
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="E", tricks=3)
    record(rubber, maker="N", tricks=5)  # NS 6-1: game 1 with a lap of 1
    page = client.get(reverse("rubber", args=[rubber.pk]))
    rows = page.context["page"].rows
    assert rows[-1].score_shown == (6, 1) and rows[-1].score_after == (1, 0)
    assert page.context["page"].game_lines == ["Game 1: NS won 6\u20131, lap 1 carried, single game (1 rubber point)"]
    assert "made (made)" not in page.content.decode()


def test_a_revoke_is_described_once_on_the_rubber_page(client, rubber):
    record(rubber, maker="N", tricks=3, revokes={"EW": 1})
    row = client.get(reverse("rubber", args=[rubber.pk])).context["page"].rows[0]
    assert "revoke" not in row.report.lower() and [str(p) for p in row.penalties] == ["Revoke (laws 63, 71, 4) EW"]


def test_the_json_buttons_are_for_the_secretary_while_the_urls_stay_readable(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    export = reverse("rubber_export", args=[rubber.pk])
    assert export not in client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert client.get(export).status_code == 200
    client.force_login(secretary)
    assert export in client.get(reverse("rubber", args=[rubber.pk])).content.decode()


def test_how_scoring_works_is_worked_by_the_engine(client):
    page = client.get(reverse("how_scoring_works"))
    assert page.status_code == 200
    rows, result = worked_rubber(SOMERSET_1888)
    text = page.content.decode()
    for row in rows:
        for line in row.games:
            assert line in text
    # The page's sentence about the result holds for the engine's own scoring of the hands.
    assert result.complete and result.rubber_winner.value == "NS" and result.rubber_points == (5, 1)
    assert [(g.winner.value, g.value) for g in result.games] == [("NS", 1), ("NS", 2), ("EW", 1)]
    assert "rubber points NS 5" in " ".join(text.split())


def test_correcting_an_all_passed_hand_by_picking_its_maker_makes_it_played(client, secretary, rubber):
    record(rubber, result="passed")
    client.force_login(secretary)
    url = reverse("hand_correct", args=[rubber.pk, 1])
    entry = {"maker": "E", "tricks": 3, "result": "passed", "dealer": "N", "revokes_ns": 0, "revokes_ew": 0}
    preview = client.post(url, entry)
    assert preview.status_code == 200 and "cannot have" not in preview.content.decode()
    saved = client.post(url, {**entry, "previewed": preview.context["digest"]})
    assert saved.status_code == 302
    hand = Hand.objects.get(rubber=rubber)
    assert (hand.result, hand.maker, hand.tricks) == ("played", "E", 3)


def test_hand_rows_and_the_take_back_page_name_the_dealer(client, secretary, rubber):
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert f"<td>{rubber.north}</td>" in page and f"first dealer North ({rubber.north})" in page
    take_back = client.get(reverse("hand_take_back", args=[rubber.pk, 1])).content.decode()
    assert f"dealt by {rubber.north}:" in take_back
