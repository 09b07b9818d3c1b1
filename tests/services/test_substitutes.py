"""Law 18 substitutes: only while the rubber is in play, from a hand that exists, never on both sides."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import RubberPlayerResult, SeatChange
from scoring.services.rubbers import rubber_abandon, seat_change_add
from tests.builders import a_rubber
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db


def test_a_substitute_sits_from_a_recorded_hand_or_the_next(rubber, players):
    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="called away")
    assert RubberPlayerResult.objects.filter(rubber=rubber, player=players[4], side="NS").exists()
    with pytest.raises(ValidationError) as refused:
        seat_change_add(rubber_id=rubber.pk, seat="W", player=players[5], from_hand=9, reason="")
    assert "from_hand" in refused.value.message_dict


def test_one_player_is_never_a_substitute_on_both_sides(rubber, players):
    record(rubber, maker="N", tricks=3)
    seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=2, reason="")
    with pytest.raises(ValidationError) as refused:
        seat_change_add(rubber_id=rubber.pk, seat="E", player=players[4], from_hand=2, reason="")
    assert "player" in refused.value.message_dict
    assert not RubberPlayerResult.objects.filter(rubber=rubber, player=players[4], side="EW").exists()


def test_no_substitute_in_a_complete_or_abandoned_rubber(rubber, players, event):
    for maker in ("N", "N", "E"):
        play_game(rubber, maker=maker)
    rubber.refresh_from_db()
    assert rubber.status == "complete"
    with pytest.raises(ValidationError, match="complete"):
        seat_change_add(rubber_id=rubber.pk, seat="S", player=players[4], from_hand=1, reason="")

    other = a_rubber(event, players[:4])
    rubber_abandon(rubber_id=other.pk, reason="the room closed")
    with pytest.raises(ValidationError, match="abandoned"):
        seat_change_add(rubber_id=other.pk, seat="S", player=players[4], from_hand=1, reason="")
    assert not SeatChange.objects.exists()


@pytest.mark.parametrize("name", ["seat_change", "rubber_abandon"])
def test_forms_about_a_rubber_that_does_not_exist_are_404(client, secretary, name, players):
    client.force_login(secretary)
    url = reverse(name, args=[99999])
    assert client.get(url).status_code == 404
    data = {"seat": "N", "player": players[0].pk, "from_hand": 1, "reason": "gone"}
    assert client.post(url, data).status_code == 404
