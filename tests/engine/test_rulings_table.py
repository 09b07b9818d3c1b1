"""The rulings table as a whole: every path can be reached, every answer gives a ruling or a clear
refusal, and rulings keep the laws' invariants whatever the facts."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import SOMERSET_1888, HandResult, ReportedHand, Rulebook, Seat, Side, score_rubber
from scoring.engine.rulings import (
    DERIVED_FACTS,
    Chooser,
    Deal,
    FactKind,
    Irregularity,
    Offender,
    Path,
    RulingError,
    ScoreEffect,
    adjudicate,
    irregularities,
)
from scoring.engine.rulings.adjudicate import _derived, _won, offender_seat

TABLE = irregularities(SOMERSET_1888)
HANDS = (
    ReportedHand(dealer=Seat.N, maker=Seat.E, tricks=4),
    ReportedHand(dealer=Seat.N, maker=Seat.S, tricks=1),
    ReportedHand(dealer=Seat.W, maker=Seat.E, alone=True, tricks=5),
    ReportedHand(dealer=Seat.S, maker=Seat.N, alone=True, tricks=2),
    ReportedHand(dealer=Seat.W, out_of_turn=True, maker=Seat.W, tricks=3),
    ReportedHand(result=HandResult.PASSED, dealer=Seat.E),
)


def answers(irregularity: Irregularity) -> Iterator[dict[str, Any]]:
    """Every combination of answers to an irregularity's questions (and offender)."""
    columns: list[list[tuple[str, Any]]] = []
    if irregularity.offender is Offender.ASKED:
        columns.append([("offender", s.value) for s in Seat])
    for fact in irregularity.facts:
        if fact.kind is FactKind.CHOICE:
            values: list[Any] = list(fact.values())
        elif fact.kind is FactKind.SEAT:
            values = [s.value for s in Seat]
        elif fact.kind is FactKind.FLAG:
            values = [True, False]
        else:
            values = list(range(fact.low, fact.high + 1))
        columns.append([(fact.key, v) for v in values])
    for combination in itertools.product(*columns):
        yield dict(combination)


def offender_of(irregularity: Irregularity, facts: dict[str, Any], hand: ReportedHand) -> Seat | None:
    """Who the ruling holds at fault: the seat named, unless the irregularity or what happened fixes him."""
    source = irregularity.offender
    for rule in irregularity.offender_from:
        if all(str(facts.get(key)) in accepted for key, accepted in rule.when.items()):
            source = rule.offender
    if source is Offender.NOBODY:
        return None
    if source is Offender.ASKED:
        return Seat(facts["offender"])
    seat = offender_seat(source, hand)
    return seat if seat is not None or irregularity.offender is not Offender.ASKED else Seat(facts["offender"])


def which_path(irregularity: Irregularity, facts: dict[str, Any], hand: ReportedHand,
               rulebook: Rulebook = SOMERSET_1888) -> Path:
    offender = offender_of(irregularity, facts, hand)
    matched = {k: ("yes" if v is True else "no" if v is False else str(v)) for k, v in facts.items()
               if k != "offender"}
    matched |= _derived(hand, offender, facts, _won(hand, offender, facts, rulebook, None))
    return next(p for p in irregularity.paths if p.matches(matched))


@pytest.mark.parametrize("key", list(TABLE))
def test_every_answer_gives_a_ruling_or_a_named_refusal_and_every_path_is_reached(key: str) -> None:
    irregularity = TABLE[key]
    reached: set[int] = set()
    for hand in HANDS:
        for facts in answers(irregularity):
            elections = [None]
            try:
                ruling = adjudicate(key, facts, hand, number=1)
                elections += [o.key for o in ruling.options]
            except RulingError as exc:
                assert exc.field, f"{key} {facts}: a refusal must name the question at fault"
                if exc.field == "hand":
                    continue
            path = which_path(irregularity, facts, hand)
            reached.add(irregularity.paths.index(path))
            for election in elections[1:]:
                try:
                    chosen = adjudicate(key, facts, hand, number=1, election=election)
                except RulingError as exc:
                    assert exc.field
                    continue
                assert not chosen.awaiting_election
    unreached = [irregularity.paths[i] for i in range(len(irregularity.paths)) if i not in reached]
    assert unreached == []


@pytest.mark.parametrize("key", list(TABLE))
def test_paths_only_test_facts_that_exist(key: str) -> None:
    irregularity = TABLE[key]
    known = {f.key for f in irregularity.facts} | set(DERIVED_FACTS)
    for path in irregularity.paths:
        assert set(path.when) <= known
        for fact_key, accepted in path.when.items():
            if fact_key in {f.key for f in irregularity.facts} and irregularity.fact(fact_key).choices:
                assert accepted <= set(irregularity.fact(fact_key).values())


@pytest.mark.parametrize("key", list(TABLE))
def test_who_offends_is_fixed_only_by_answers_that_exist(key: str) -> None:
    irregularity = TABLE[key]
    for fixed in irregularity.offender_from:
        assert fixed.offender is not Offender.ASKED
        for fact_key, accepted in fixed.when.items():
            assert accepted <= set(irregularity.fact(fact_key).values())


@pytest.mark.parametrize("key", list(TABLE))
def test_outcomes_agree_with_themselves(key: str) -> None:
    """A void deal says so in both its score and its deal; too-late claims change nothing."""
    for path in TABLE[key].paths:
        outcomes = [path.outcome] if path.outcome else []
        outcomes += [o.outcome for out in list(outcomes) for o in out.options]
        for outcome in outcomes:
            if outcome.score is ScoreEffect.NEW_DEAL:
                assert outcome.deal is Deal.SAME_DEALER
            if outcome.score is ScoreEffect.MISDEAL:
                assert outcome.deal is Deal.PASSES
            if outcome.too_late:
                assert outcome.score is ScoreEffect.NONE and not outcome.options
            if outcome.options and outcome.chooser is Chooser.CLAIMANTS:
                # law 85: the non-offending side chooses, and loses the choice if they consult
                assert 85 in outcome.laws
                assert [o.key for o in outcome.options].count("consulted") == 1
            if outcome.score in (ScoreEffect.PASSED, ScoreEffect.PARTNERS_MISDEAL):
                assert outcome.deal is Deal.PASSES


def hand_points(hand: ReportedHand) -> tuple[int, int]:
    scored = score_rubber([hand], SOMERSET_1888).hands[0]
    return scored.points(Side.NS), scored.points(Side.EW)


played_hands = st.builds(
    ReportedHand,
    dealer=st.sampled_from(list(Seat)),
    maker=st.sampled_from(list(Seat)),
    alone=st.booleans(),
    tricks=st.integers(0, 5),
)


@given(hand=played_hands, offender=st.sampled_from(list(Seat)), count=st.integers(1, 5),
       stage=st.sampled_from(["established", "mixed"]), cause=st.sampled_from(["not_following", "call_ignored"]))
def test_an_upheld_revoke_never_helps_the_revoking_side(hand: ReportedHand, offender: Seat, count: int,
                                                        stage: str, cause: str) -> None:
    if hand.alone and hand.maker is not None and offender is hand.maker.partner:
        with pytest.raises(RulingError) as refused:  # laws 62, 101: his cards lie face down; he cannot revoke
            adjudicate("revoke", {"offender": offender.value, "count": count, "stage": stage, "cause": cause,
                                  "claimed": "before_cut"}, hand, number=1)
        assert refused.value.field == "offender"
        return
    ruling = adjudicate("revoke", {"offender": offender.value, "count": count, "stage": stage, "cause": cause,
                                   "claimed": "before_cut"}, hand, number=1)
    before, after = hand_points(hand), hand_points(ruling.hand_after)
    side = 0 if offender.side is Side.NS else 1
    assert after[side] <= before[side]
    assert after[1 - side] > before[1 - side]
    per_revoke = SOMERSET_1888.points.lone_revoke if hand.alone else SOMERSET_1888.points.revoke
    assert ruling.effect.revokes.by(offender.side) == count
    assert f" {per_revoke} " in ruling.text


@given(hand=played_hands, offender=st.sampled_from(list(Seat)),
       what=st.sampled_from(["too_many", "too_few", "no_discard"]))
def test_law_90_leaves_the_offenders_nothing(hand: ReportedHand, offender: Seat, what: str) -> None:
    ruling = adjudicate("wrong_cards", {"offender": offender.value, "what": what, "claimed": "in_play"}, hand,
                        number=1)
    after = hand_points(ruling.hand_after)
    offending = hand.dealer if what == "no_discard" else offender  # law 90: a dealer who did not discard
    assert ruling.offender is offending
    side = 0 if offending is not None and offending.side is Side.NS else 1
    assert after[side] == 0
    assert after[1 - side] >= (SOMERSET_1888.points.lone_wrong_cards_forfeit if hand.alone
                               else SOMERSET_1888.points.wrong_cards_forfeit)


WITH_A_CLAIM = [key for key, irregularity in TABLE.items() if any(f.key == "claimed" for f in irregularity.facts)]


@given(hand=st.one_of(played_hands, st.just(HANDS[-1])), key=st.sampled_from(WITH_A_CLAIM), data=st.data())
def test_a_claim_too_late_never_changes_the_score(hand: ReportedHand, key: str, data: st.DataObject) -> None:
    irregularity = TABLE[key]
    facts = data.draw(st.sampled_from(list(itertools.islice(answers(irregularity), 0, 400))))
    facts["claimed"] = "after_trump"
    try:
        ruling = adjudicate(key, facts, hand, number=1)
    except RulingError:
        return
    assert not ruling.effect
    assert ruling.hand_after == hand
