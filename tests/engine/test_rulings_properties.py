"""No ruling ever leaves a hand the scorer refuses: for random rubbers, a random hand, a random irregularity
and random answers drawn from the table, `rule` either refuses with a `RulingError` or returns a ruling
whose rubber scored (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import SOMERSET_1888, IllegalReport, ReportedHand, Seat, score_rubber
from scoring.engine.hands import Declaration, HandResult
from scoring.engine.rulings import (
    FactKind,
    Irregularity,
    LaterHandError,
    Offender,
    RulingError,
    adjudicate,
    irregularities,
    rule,
)
from tests.engine.strategies import played_hands, rubbers, seats

TABLE = irregularities(SOMERSET_1888)
TURNED = {Declaration.ORDERED_UP: False, Declaration.ASSISTED: True, Declaration.ADOPTED: True}


def fits(declaration: Declaration | None, maker: Seat | None, dealer: Seat) -> bool:
    """Whether the declaration could come from the maker's seat (laws 74-76; anyone may make a suit)."""
    if declaration not in TURNED or maker is None:
        return True
    return (maker.side is dealer.side) is TURNED[declaration]


@st.composite
def dealt_rubbers(draw: st.DrawFn) -> tuple[Seat, list[ReportedHand]]:
    """A rubber naming every dealer in turn (now and then a deal out of turn that stood), each declaration
    one the maker's seat allows, cut where the rubber is complete."""
    first = draw(seats)
    dealer, hands = first, []
    for _ in range(draw(st.integers(1, 45))):
        out_of_turn = draw(st.integers(0, 24)) == 0
        if out_of_turn:
            dealer = draw(st.sampled_from([s for s in Seat if s is not dealer]))
        if draw(st.integers(0, 5)) == 0:
            result = draw(st.sampled_from([HandResult.PASSED, HandResult.NEW_DEAL, HandResult.MISDEAL]))
            hand = ReportedHand(result=result, dealer=dealer, out_of_turn=out_of_turn)
        else:
            played = draw(played_hands())
            declaration = played.declaration if fits(played.declaration, played.maker, dealer) else None
            hand = ReportedHand(dealer=dealer, out_of_turn=out_of_turn, maker=played.maker, declaration=declaration,
                                alone=played.alone, tricks=played.tricks, revokes=played.revokes,
                                wrong_cards=played.wrong_cards, adversary_abandoned=played.adversary_abandoned,
                                partner_exposed=played.partner_exposed)
        hands.append(hand)
        dealer = dealer if hand.result is HandResult.NEW_DEAL else dealer.left
    try:
        score_rubber(hands, SOMERSET_1888, explain=False, first_dealer=first)
    except IllegalReport as exc:  # the rubber was complete before the last hands
        assert exc.hand is not None and "complete" in exc.message
        hands = hands[: exc.hand - 1]
    return first, hands


any_rubber = st.one_of(dealt_rubbers(), rubbers.filter(bool).map(lambda hands: (None, hands)))


def answer(fact_kind: FactKind, choices: tuple[str, ...], low: int, high: int) -> st.SearchStrategy[Any]:
    if fact_kind is FactKind.CHOICE:
        return st.sampled_from(choices)
    if fact_kind is FactKind.SEAT:
        return st.sampled_from([s.value for s in Seat])
    if fact_kind is FactKind.FLAG:
        return st.booleans()
    return st.integers(low, high)


@st.composite
def facts_for(draw: st.DrawFn, irregularity: Irregularity) -> dict[str, Any]:
    """Valid answers to every question (the offender among them), the optional ones sometimes left out."""
    facts: dict[str, Any] = {}
    if irregularity.offender is Offender.ASKED and draw(st.integers(0, 19)):
        facts["offender"] = draw(st.sampled_from([s.value for s in Seat]))
    for fact in irregularity.facts:
        if (not fact.required or fact.default is not None) and not draw(st.integers(0, 9)):
            continue
        facts[fact.key] = draw(answer(fact.kind, fact.values(), fact.low, fact.high))
    return facts


@settings(max_examples=400, deadline=None)
@given(rubber=any_rubber, key=st.sampled_from(list(TABLE)), data=st.data())
def test_no_ruling_yields_a_hand_the_scorer_refuses(rubber: tuple[Seat | None, list[ReportedHand]], key: str,
                                                     data: st.DataObject) -> None:
    first, hands = rubber
    number = data.draw(st.integers(1, len(hands)), label="hand")
    facts = data.draw(facts_for(TABLE[key]), label="facts")
    try:
        pending = adjudicate(key, facts, hands[number - 1], number=number)
    except RulingError as exc:  # facts the laws cannot rule on: refused, naming the question
        assert exc.field and exc.hand == number
        return
    election = None
    if pending.options:
        election = data.draw(st.none() | st.sampled_from([o.key for o in pending.options]), label="election")
    try:
        ruled = rule(hands, number, key, facts, election, rulebook=SOMERSET_1888, first_dealer=first)
    except LaterHandError as exc:  # the ruled hand scores; a later one no longer does
        assert exc.hand is not None and exc.hand > number
        return
    except RulingError as exc:
        # Only laws 45 and 40 move the ruled hand's dealer: the rotation may say he was not the one whose deal
        # was taken (law 45), or the hand's declaration may not fit the player who really dealt (law 40); and
        # a lone hand that already carries law 50 or 102 cannot be made a partnership hand (elected, or by law
        # 100 when the choice is lost), for those laws apply only to a lone hand. Every other ruling leaves a
        # hand the scorer accepts.
        dealer_moved = (((key, facts.get("what")) == ("misdeal", "partner_dealt") and exc.field == "dealer")
                        or ((key, facts.get("what")) == ("misdeal", "out_of_turn_stands")
                            and exc.field in ("dealer", "declaration")))
        lone_laws_kept = (election in ("partnership", "consulted")
                          and exc.field in ("partner_exposed", "adversary_abandoned")
                          and "applies only to a lone hand" in exc.message)
        assert dealer_moved or lone_laws_kept, exc
        return
    assert len(ruled.after.hands) == len(hands)
    decision = ruled.decision
    if decision.too_late or not decision.effect:
        assert decision.hand_after == decision.hand_before
        assert ruled.after.to_document() == ruled.before.to_document()
    if decision.awaiting_election:
        assert election is None
