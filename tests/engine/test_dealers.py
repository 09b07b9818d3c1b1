"""Dealer rotation when dealers are given (laws 28, 33, 40, 41, 77)."""

from __future__ import annotations

import pytest

from scoring.engine import IllegalReport, MalformedRubber, Seat, score_rubber
from scoring.engine.interchange import parse_rubber
from tests.engine.helpers import made, score


def test_deal_passes_left_after_every_result_but_a_new_deal():
    result = score(
        {"dealer": "N", "result": "passed"},
        {"dealer": "E", "result": "misdeal"},
        {"dealer": "S", "result": "new_deal"},
        {"dealer": "S", **made("N", 3)},
    )
    assert result.next_dealer is not None and result.next_dealer.value == "W"


def test_dealer_out_of_turn_is_refused_naming_the_hand():
    with pytest.raises(IllegalReport) as err:
        score({"dealer": "N", **made("N", 3)}, {"dealer": "S", **made("N", 3)})
    assert (err.value.hand, err.value.field) == (2, "dealer")
    assert "out of turn" in str(err.value)


def test_deal_out_of_turn_that_stood_continues_from_that_dealer():
    result = score(
        {"dealer": "N", **made("N", 3)},
        {"dealer": "S", "out_of_turn": True, **made("N", 3)},
        {"dealer": "W", **made("N", 3)},
    )
    assert result.next_dealer is not None and result.next_dealer.value == "N"
    assert any(reason.value == "deal_out_of_turn" for reason, _ in result.hands[1].notes)


def test_after_a_new_deal_the_next_seat_deals_out_of_turn():
    with pytest.raises(IllegalReport) as err:
        score({"dealer": "N", "result": "new_deal"}, {"dealer": "E", **made("N", 3)})
    assert (err.value.hand, err.value.field) == (2, "dealer")
    assert "it was North's deal" in err.value.message and "out_of_turn" not in err.value.message


@pytest.mark.parametrize("missing_at", [0, 1])
def test_every_hand_or_none_names_a_dealer(missing_at):
    hands = [{"dealer": "N", **made("N", 3)}, {"dealer": "E", **made("N", 3)}]
    del hands[missing_at]["dealer"]
    with pytest.raises(MalformedRubber) as err:
        score(*hands)
    assert err.value.hand == 2  # the first hand sets the pattern; the second breaks it
    assert err.value.field == "dealer"


def test_first_dealer_is_checked_when_given():
    report = parse_rubber({"hands": [{"dealer": "E", **made("N", 3)}]})
    with pytest.raises(IllegalReport) as err:
        score_rubber(report.hands, first_dealer=Seat.N)
    assert (err.value.hand, err.value.field) == (1, "dealer")
    assert score_rubber(report.hands, first_dealer=Seat.E).next_dealer == Seat.S
