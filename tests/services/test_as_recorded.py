"""Rows a restore inserts keep the values they hold, get the ids the database gives, and link to rows
written just before, as `bulk_create` would store them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from scoring.models import Hand, Penalty, Player
from scoring.services.as_recorded import insert_as_recorded
from tests.builders import a_rubber

pytestmark = pytest.mark.django_db


def test_rows_keep_their_values_and_times_and_take_the_ids_given(event, players):
    rubber = a_rubber(event, players[:4])
    long_ago = timezone.make_aware(dt.datetime(1888, 11, 24, 20, 15))
    hands = [Hand(rubber=rubber, number=n, dealer="NESW"[n % 4], result="played", maker="N", tricks=3 + n % 3,
                  alone=n == 2, notes=f"hand {n}", entered_at=long_ago) for n in range(1, 4)]
    penalty = Penalty(hand=hands[1], kind="revoke", side="EW", count=2, note="", entered_at=long_ago)
    insert_as_recorded(Hand, hands)
    insert_as_recorded(Penalty, [penalty])
    assert all(hand.pk for hand in hands) and penalty.hand_id == hands[1].pk
    stored = {hand.number: hand for hand in Hand.objects.filter(rubber=rubber)}
    for hand in hands:
        again = stored[hand.number]
        assert (again.pk, again.tricks, again.alone, again.notes, again.entered_at) == (
            hand.pk, hand.tricks, hand.alone, hand.notes, long_ago)  # not the time of the insert
    again_penalty = Penalty.objects.get(pk=penalty.pk)
    assert (again_penalty.count, again_penalty.side, again_penalty.entered_at) == (2, "EW", long_ago)


def test_a_row_with_its_own_id_keeps_it_and_a_value_of_another_type_is_prepared_by_its_field(db):
    given = Player(pk=4321, display_name="Given Id", member_number=[])  # type: ignore[misc]
    made = Player(display_name="New Id", member_number=77)  # type: ignore[misc]
    insert_as_recorded(Player, [given, made])
    assert Player.objects.get(pk=4321).display_name == "Given Id"
    assert made.pk is not None and made.pk != 4321
    # As bulk_create would store them: the field turns the value into its own type.
    assert Player.objects.get(pk=4321).member_number == str([])
    assert Player.objects.get(pk=made.pk).member_number == "77"
