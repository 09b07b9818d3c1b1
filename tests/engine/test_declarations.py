"""Laws 74-76, 93-95: a declaration must fit the seats when the hand's dealer is known."""

from __future__ import annotations

import pytest

from scoring.engine import Declaration, IllegalReport, ReportedHand, Seat, score_rubber


def hand(dealer: Seat, maker: Seat, declaration: Declaration) -> ReportedHand:
    return ReportedHand(dealer=dealer, maker=maker, tricks=3, declaration=declaration)


@pytest.mark.parametrize(("dealer", "maker", "declaration"), [
    (Seat.N, Seat.E, Declaration.ORDERED_UP),  # an adversary orders the dealer up (law 74)
    (Seat.N, Seat.W, Declaration.ORDERED_UP),
    (Seat.N, Seat.S, Declaration.ASSISTED),  # the dealer's partner assists (law 75)
    (Seat.N, Seat.N, Declaration.ADOPTED),  # the dealer takes it up himself (law 76)
    (Seat.N, Seat.N, Declaration.ASSISTED),  # the side is checked: the dealer may play alone on an assist
    (Seat.N, Seat.S, Declaration.ADOPTED),
    (Seat.E, Seat.N, Declaration.MADE),  # anyone may make a suit after the turn-down (law 77)
    (Seat.E, Seat.E, Declaration.MADE),
])
def test_a_declaration_that_fits_the_seats_scores(dealer, maker, declaration):
    result = score_rubber([hand(dealer, maker, declaration)], explain=False)
    assert sum(result.current_score or (0, 0)) == 1


@pytest.mark.parametrize(("dealer", "maker", "declaration", "laws"), [
    (Seat.N, Seat.N, Declaration.ORDERED_UP, "74, 93"),
    (Seat.N, Seat.S, Declaration.ORDERED_UP, "74, 93"),
    (Seat.N, Seat.E, Declaration.ASSISTED, "75, 94"),
    (Seat.W, Seat.S, Declaration.ADOPTED, "76, 95"),
])
def test_a_declaration_from_the_wrong_side_is_refused_naming_hand_and_field(dealer, maker, declaration, laws):
    good = ReportedHand(dealer=dealer.left.left.left, maker=Seat.N, tricks=3)
    with pytest.raises(IllegalReport) as refused:
        score_rubber([good, hand(dealer, maker, declaration)], explain=False)
    assert (refused.value.hand, refused.value.field) == (2, "declaration")
    assert f"laws {laws}" in refused.value.message and maker.value in refused.value.message


def test_without_dealers_a_declaration_is_not_checked():
    result = score_rubber([ReportedHand(maker=Seat.N, tricks=3, declaration=Declaration.ORDERED_UP)])
    assert result.current_score == (1, 0)

