"""A stored hand's interchange document (what a backup writes) is the one the laws' reading of it gives
back, for every hand every code accepts."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.interchange import hand_to_document
from scoring.engine.rulebook import RULEBOOKS
from scoring.models import Hand
from scoring.services.play import as_played, check_hand, hand_document, penalties_from, play_fields
from tests.engine.test_interchange_readers import hand_documents

RULED = {"miscount", "uncounted", "refused_penalty"}
"""What a ruling's effect puts on a hand: kept with the ruling, never in the hand's own row."""


@settings(max_examples=400, deadline=None)
@given(document=hand_documents(), code=st.sampled_from(sorted(RULEBOOKS)), number=st.integers(1, 40))
def test_a_stored_hands_document_is_what_the_laws_read_back(document: Any, code: str, number: int) -> None:
    rulebook = RULEBOOKS[code]
    assume(not isinstance(document, dict) or not set(document) & RULED)
    try:
        reported = check_hand(document, number, rulebook)
    except ValidationError:
        return
    penalties = penalties_from(hand_to_document(reported))
    hand = Hand(number=number, **play_fields(reported))
    written = hand_document(hand, penalties)
    assert written == hand_to_document(as_played(hand, rulebook, penalties))
    assert written == hand_to_document(reported)  # and the hand as the table reported it


@pytest.mark.django_db
def test_the_demo_clubs_hands_are_written_as_the_laws_read_them(demo_club):
    for hand in Hand.objects.select_related("rubber__event").prefetch_related("penalties"):
        rulebook = hand.rubber.rulebook
        assert hand_document(hand) == hand_to_document(as_played(hand, rulebook)), hand
