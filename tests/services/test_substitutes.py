"""Law 18 substitutes: only while the rubber is in play, from a hand that exists, never on both sides."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import RubberPlayerResult, SeatChange
from scoring.services.rubbers import rubber_abandon, seat_change_add
from tests.builders import a_rubber
from tests.factories import PlayerFactory
from tests.helpers import play_game, record, refusal

pytestmark = pytest.mark.django_db


def test_a_substitute_sits_from_a_recorded_hand_or_the_next(rubber, players):
    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="called away", consented=True)
    assert RubberPlayerResult.objects.filter(rubber=rubber, player=players[4], side="NS").exists()
    with refusal("from_hand_out_of_range", field="from_hand"):
        seat_change_add(rubber_id=rubber.pk, seat="W", player=players[5], from_hand=9, reason="", consented=True)


def test_one_player_is_never_a_substitute_on_both_sides(rubber, players):
    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="", consented=True)
    with refusal("sat_here_already", field="player"):
        seat_change_add(rubber_id=rubber.pk, seat="E", player=players[4], from_hand=2, reason="", consented=True)
    assert not RubberPlayerResult.objects.filter(rubber=rubber, player=players[4], side="EW").exists()


def test_no_substitute_in_a_complete_or_abandoned_rubber(rubber, players, event):
    for maker in ("N", "N", "E"):
        play_game(rubber, maker=maker)
    rubber.refresh_from_db()
    assert rubber.status == "complete"
    with refusal("rubber_ended"):
        seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=1, reason="", consented=True)

    other = a_rubber(event, players[:4])
    rubber_abandon(rubber_id=other.pk, reason="the room closed")
    with refusal("rubber_abandoned"):
        seat_change_add(rubber_id=other.pk, seat="S", player=players[4], from_hand=1, reason="", consented=True)
    assert not SeatChange.objects.exists()


@pytest.mark.parametrize("name", ["seat_change", "rubber_abandon"])
def test_forms_about_a_rubber_that_does_not_exist_are_404(client, secretary, name, players):
    client.force_login(secretary)
    url = reverse(name, args=[99999])
    assert client.get(url).status_code == 404
    data = {"seat": "N", "player": players[0].pk, "from_hand": 1, "reason": "gone"}
    assert client.post(url, data).status_code == 404


# Issue 50: law 18, a substitute is appointed with the other three's consent, and is not a player at another table.

def test_a_substitute_is_appointed_only_with_the_other_three_players_consent_which_is_kept(rubber, players):
    record(rubber, maker="N", tricks=3)
    with refusal("consent_needed", field="consented"):
        seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="", consented=False)
    assert not SeatChange.objects.exists()
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="", consented=True)
    assert list(SeatChange.objects.values_list("player", "consented")) == [(players[4].pk, True)]


def test_a_player_seated_at_another_table_in_play_is_no_substitute(rubber, players, event):
    others = [*players[4:6], *PlayerFactory.create_batch(2)]
    other = a_rubber(event, others, table="2")
    with refusal("seated_elsewhere", field="player"):
        seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=1, reason="", consented=True)
    # Nor one who sits there himself as a substitute; once that table is over, either may sit here.
    stranger = PlayerFactory()
    seat_change_add(rubber_id=other.pk, seat="E", player=stranger, from_hand=1, reason="", consented=True)
    with refusal("seated_elsewhere"):
        seat_change_add(rubber_id=rubber.pk, seat="S", player=stranger, from_hand=1, reason="", consented=True)
    rubber_abandon(rubber_id=other.pk, reason="the room closed")
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=1, reason="", consented=True)
    assert SeatChange.objects.filter(rubber=rubber, player=players[4]).exists()


def test_the_substitute_form_asks_the_consent_and_stores_it(client, secretary, rubber, players):
    client.force_login(secretary)
    url = reverse("seat_change", args=[rubber.pk])
    data = {"seat": "S", "player": players[4].pk, "from_hand": 1, "reason": "called away"}
    response = client.post(url, data)
    assert response.status_code == 200 and "consented" in response.context["form"].errors
    assert not SeatChange.objects.exists()
    assert client.post(url, {**data, "consented": "on"}).status_code == 302
    assert SeatChange.objects.get().consented is True
