"""Hypothesis strategies for reported hands and whole rubbers."""

from __future__ import annotations

from hypothesis import strategies as st

from scoring.engine import IllegalReport, ReportedHand, score_rubber
from scoring.engine.hands import Declaration, HandResult, Revokes
from scoring.engine.seats import SEAT_ORDER, SIDES

seats = st.sampled_from(SEAT_ORDER)


@st.composite
def played_hands(draw: st.DrawFn) -> ReportedHand:
    alone = draw(st.booleans())
    abandoned = alone and draw(st.integers(0, 19)) == 0
    return ReportedHand(
        maker=draw(seats),
        declaration=draw(st.none() | st.sampled_from(list(Declaration))),
        alone=alone,
        tricks=None if abandoned and draw(st.booleans()) else draw(st.integers(0, 5)),
        revokes=draw(st.just(Revokes()) | st.builds(Revokes, ns=st.integers(0, 3), ew=st.integers(0, 3))),
        wrong_cards=draw(st.none() | st.none() | st.sampled_from(SIDES)),
        adversary_abandoned=abandoned,
        partner_exposed=alone and draw(st.booleans()),
    )


unplayed_hands = st.builds(ReportedHand, result=st.sampled_from([HandResult.PASSED, HandResult.NEW_DEAL,
                                                                 HandResult.MISDEAL]))
any_hand = st.one_of(played_hands(), played_hands(), played_hands(), unplayed_hands)


def cut_at_completion(hands: list[ReportedHand]) -> list[ReportedHand]:
    """The hands up to the one that completes the rubber."""
    try:
        score_rubber(hands, explain=False)
    except IllegalReport as exc:
        assert exc.hand is not None
        return hands[: exc.hand - 1]
    return hands


rubbers = st.lists(any_hand, max_size=60).map(cut_at_completion)
