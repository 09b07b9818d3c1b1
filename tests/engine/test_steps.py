"""The bulk scorer's steps: a rubber of hands the readers kept, scored a step a hand, comes out exactly as the same
hands read afresh and scored hand by hand, under every code, with every penalty the code knows, dealers right and
wrong, and hands after the end; and it is the steps that scored it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import RULEBOOKS, RubberError, RubberResult, Seat, score_rubber
from scoring.engine.interchange import _checked_rubber, loads, parse_rubber
from scoring.engine.scorer import _by_steps
from scoring.engine.steps import known_hands

SEAT_ORDER = ["N", "E", "S", "W"]
SIDES = st.sampled_from(["NS", "EW"])
# Each penalty key with the values it takes; a hand draws one now and then (the code may refuse it, and then the
# rubber goes the careful way under both readers).
PENALTIES: dict[str, st.SearchStrategy[Any]] = {
    "revokes": st.fixed_dictionaries({"NS": st.integers(0, 2), "EW": st.integers(0, 2)}),
    "wrong_cards": SIDES,
    "signal": SIDES,
    "thrown_in": SIDES,
    "miscount": st.fixed_dictionaries({"NS": st.integers(0, 3)}),
    "uncounted": st.fixed_dictionaries({"EW": st.integers(0, 3)}),
    "refused_penalty": SIDES,
    "declaration": st.sampled_from(["ordered_up", "assisted", "adopted", "made"]),
    "out_of_turn": st.just(True),
}
CHOICES = st.sampled_from([
    {"rulebook": "somerset-1888"}, {"rulebook": "official-1862", "game_points": 5, "games": 3},
    {"rulebook": "official-1862", "game_points": 10, "games": 1}, {"rulebook": "rules-1877"},
    {"rulebook": "standard"}, {"rulebook": "standard", "games": 3},
    {"rulebook": "standard", "house_rules": {"stick_the_dealer": True, "lone_euchre": 4, "canadian_loner": True}},
])


@st.composite
def rubbers(draw: st.DrawFn) -> dict[str, Any]:
    """A rubber document: mostly plain hands dealt in turn, now and then a penalty, an unplayed deal, a wrong
    dealer or a hand too many."""
    document = dict(draw(CHOICES))
    dealer = draw(st.integers(0, 3))
    hands = []
    for _ in range(draw(st.integers(0, 45))):
        roll = draw(st.integers(0, 19))
        if roll == 0:
            hand: dict[str, Any] = {"result": draw(st.sampled_from(["passed", "misdeal", "new_deal"]))}
        else:
            hand = {"maker": draw(st.sampled_from(SEAT_ORDER)), "tricks": draw(st.integers(0, 5)),
                    "alone": draw(st.booleans())}
            if roll == 1:
                key = draw(st.sampled_from(sorted(PENALTIES)))
                hand[key] = draw(PENALTIES[key])
        if draw(st.integers(0, 40)) == 0:
            dealer += 1  # a dealer out of turn
        hand["dealer"] = SEAT_ORDER[dealer % 4]
        hands.append(hand)
        if hand.get("result") != "new_deal":
            dealer += 1
    document["hands"] = hands
    return document


def scored(hands: Any, rulebook: Any, first_dealer: Seat | None) -> RubberResult | tuple[Any, ...]:
    try:
        return score_rubber(hands, rulebook, explain=False, first_dealer=first_dealer)
    except RubberError as exc:
        return type(exc), str(exc), exc.hand, exc.field


@given(rubbers(), st.sampled_from([None, *Seat]))
def test_kept_hands_score_by_steps_as_fresh_hands_do_hand_by_hand(document: dict[str, Any],
                                                                   first_dealer: Seat | None) -> None:
    try:
        fresh = _checked_rubber(document)
    except RubberError:
        return
    for read in (loads(json.dumps(document)), parse_rubber(document)):
        assert read == fresh
        assert scored(read.hands, read.rulebook, first_dealer) == scored(fresh.hands, fresh.rulebook, first_dealer)


def test_a_rubber_of_kept_hands_is_scored_by_its_steps_and_a_fresh_one_is_not() -> None:
    document = {"rulebook": "standard", "hands": [
        {"dealer": "N", "maker": "E", "tricks": 5}, {"dealer": "E", "maker": "N", "tricks": 3, "alone": True},
        {"dealer": "S", "result": "new_deal"}, {"dealer": "S", "result": "misdeal"},
        {"dealer": "W", "result": "passed"}, {"dealer": "N", "maker": "S", "tricks": 4, "revokes": {"EW": 1}}]}
    kept = loads(json.dumps(document))
    stepped = _by_steps(kept.hands, kept.rulebook, None)
    assert stepped is not None
    assert (stepped.current_score, stepped.next_dealer) == ((3, 2), Seat.E)  # 2 + 1, then a revoke ends the last
    fresh = _checked_rubber(document)
    assert _by_steps(fresh.hands, fresh.rulebook, None) is None
    assert score_rubber(fresh.hands, fresh.rulebook, explain=False) == stepped


def test_a_hand_kept_under_one_code_has_no_step_under_another() -> None:
    hand = {"dealer": "N", "maker": "E", "tricks": 3}
    standard = loads(json.dumps({"rulebook": "standard", "hands": [hand]}))
    somerset = RULEBOOKS["somerset-1888"]
    assert id(standard.hands[0]) in known_hands(standard.rulebook).steps
    assert id(standard.hands[0]) not in known_hands(somerset).steps
    assert _by_steps(standard.hands, somerset, None) is None
    assert score_rubber(standard.hands, somerset, explain=False).current_score == (0, 1)
