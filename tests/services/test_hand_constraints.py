"""A hand the laws' check accepts always meets the hand table's check constraints, which `hand_clean` leaves
to the database: checked here against the constraints themselves, for every code."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.rulebook import RULEBOOKS
from scoring.models import Hand
from scoring.services.play import check_hand, play_fields
from tests.engine.test_interchange_readers import hand_documents

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@settings(deadline=None)  # the database checks each example, on both databases (the suite's count each)
@given(document=hand_documents(), code=st.sampled_from(sorted(RULEBOOKS)), number=st.integers(1, 40))
def test_a_hand_the_laws_accept_meets_every_check_constraint(document: Any, code: str, number: int) -> None:
    from django.core.exceptions import ValidationError

    try:
        reported = check_hand(document, number, RULEBOOKS[code])
    except ValidationError:
        return  # refused by the laws with a message on its field: nothing reaches the table
    hand = Hand(number=number, **play_fields(reported))
    hand.validate_constraints(exclude={"rubber"})  # raises, naming the constraint, if any fails
