"""One interchange hand built from plain values, as a form or a database row holds them."""

from __future__ import annotations

from hypothesis import given

from scoring.engine.interchange import hand_document, hand_to_document, parse_hand
from tests.engine.strategies import any_hand


def test_empty_values_and_defaults_are_left_out():
    assert hand_document(dealer="", result="played", declaration="", maker="N", tricks=3, revokes_ns=None,
                         revokes_ew=0, wrong_cards="") == {"maker": "N", "tricks": 3}
    assert hand_document(dealer=None, result="passed") == {"result": "passed"}


def test_every_field_set():
    assert hand_document(dealer="W", out_of_turn=True, declaration="ordered_up", maker="E", alone=True, tricks=0,
                         revokes_ns=0, revokes_ew=2, wrong_cards="NS", adversary_abandoned=True,
                         partner_exposed=True) == {
        "dealer": "W", "out_of_turn": True, "maker": "E", "declaration": "ordered_up", "alone": True, "tricks": 0,
        "revokes": {"EW": 2}, "wrong_cards": "NS", "adversary_abandoned": True, "partner_exposed": True,
    }


@given(any_hand)
def test_plain_values_give_the_document_of_the_hand_and_read_back_as_it(hand):
    document = hand_document(
        dealer=hand.dealer.value if hand.dealer else "",
        result=hand.result.value,
        out_of_turn=hand.out_of_turn,
        declaration=hand.declaration.value if hand.declaration else "",
        maker=hand.maker.value if hand.maker else "",
        alone=hand.alone,
        tricks=hand.tricks,
        revokes_ns=hand.revokes.ns,
        revokes_ew=hand.revokes.ew,
        wrong_cards=hand.wrong_cards.value if hand.wrong_cards else "",
        adversary_abandoned=hand.adversary_abandoned,
        partner_exposed=hand.partner_exposed,
    )
    assert document == hand_to_document(hand)
    assert parse_hand(document, 1) == hand


def test_every_hand_key_is_written_back_as_it_was_read():
    from scoring.engine import parse_rubber
    from scoring.engine.interchange import hand_to_document

    hand = {"maker": "N", "tricks": 3, "miscount": {"EW": 1}, "uncounted": {"NS": 1}, "refused_penalty": "EW",
            "signal": "NS", "declared_by": "S", "alone": True}
    report = parse_rubber({"rulebook": "official-1862", "hands": [hand]})
    assert hand_to_document(report.hands[0]) == hand
