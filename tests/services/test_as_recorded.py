"""Rows a restore inserts keep the values they hold, get the ids the database gives, and link to rows
written just before, as `bulk_create` would store them; a row made from its values in the fields' order is
the row made by keyword."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db.models import Model
from django.db.models.signals import post_init
from django.utils import timezone

from scoring.models import Hand, Penalty, Player, Ruling
from scoring.services.as_recorded import insert_as_recorded, row_made
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


def _fields(row: Model) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}


def test_a_row_made_in_the_fields_order_is_the_row_made_by_keyword(event, players):
    rubber = a_rubber(event, players[:4])
    by_keyword = Hand(rubber=rubber, number=2, dealer="E", maker="S", tricks=4, reported_by=players[1], notes="x")
    made = row_made(Hand, {"number": 2, "dealer": "E", "maker": "S", "tricks": 4, "notes": "x"},
                    {"rubber": rubber, "reported_by": players[1], "entered_by": None})
    assert _fields(made) == _fields(by_keyword) and made._state.adding and made._state.db is None
    assert made.rubber is rubber and made.reported_by is players[1]  # linked without reading the database
    first, second = (row_made(Ruling, {}, {}) for _ in range(2))
    assert first.facts == {} and first.facts is not second.facts  # a default a callable gives, made afresh
    with pytest.raises(TypeError):
        row_made(Hand, {"no_such_field": 1}, {})


def test_a_row_made_while_something_listens_to_its_making_is_made_by_its_constructor(db):
    heard: list[Model] = []

    def listen(sender: type[Model], instance: Model, **kwargs: Any) -> None:
        heard.append(instance)

    post_init.connect(listen, sender=Player)
    try:
        player = row_made(Player, {"display_name": "Heard"}, {})
    finally:
        post_init.disconnect(listen, sender=Player)
    assert heard == [player] and player.display_name == "Heard"
