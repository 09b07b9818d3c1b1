"""The fast reader keeps the careful reader's verdict on each distinct hand; a hand equal in value but told apart by
the careful reader (an empty count given, a house rule's value of another type) gets a verdict of its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.engine import MalformedRubber, RubberError
from scoring.engine.interchange import _checked_rubber, loads


def outcome(document: dict[str, Any]) -> Any:
    try:
        return loads(json.dumps(document))
    except RubberError as exc:
        return type(exc), str(exc)


def careful(document: dict[str, Any]) -> Any:
    try:
        return _checked_rubber(document)
    except RubberError as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize(("first", "then"), [
    ({"result": "passed", "dealer": "N"}, {"result": "passed", "dealer": "N", "revokes": {}}),
    ({"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 3, "miscount": {"NS": 0}}),
    ({"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 3, "uncounted": {}}),
    ({"maker": "N", "tricks": 3}, {"maker": "N", "tricks": 3, "revokes": {"NS": 0}}),
])
def test_a_hand_read_once_does_not_answer_for_its_twin_with_an_empty_count(first: dict[str, Any],
                                                                           then: dict[str, Any]) -> None:
    for hand in (first, then, first):
        for code in ("somerset-1888", "official-1862"):
            document = {"rulebook": code, "hands": [hand]}
            assert outcome(document) == careful(document)


def test_the_same_hand_is_judged_under_each_code_apart() -> None:
    hand = {"maker": "N", "tricks": 3, "thrown_in": "EW"}
    assert loads(json.dumps({"rulebook": "rules-1877", "hands": [hand]})).hands[0].thrown_in is not None
    with pytest.raises(MalformedRubber, match="hand 1, thrown_in: 'thrown_in' is not in"):
        loads(json.dumps({"rulebook": "official-1862", "hands": [hand]}))


def test_a_house_rule_of_another_type_is_a_choice_of_its_own() -> None:
    good = {"rulebook": "standard", "house_rules": {"stick_the_dealer": True}, "hands": [{"maker": "N", "tricks": 3}]}
    bad = {**good, "house_rules": {"stick_the_dealer": 1}}
    assert loads(json.dumps(good)).rulebook.house.stick_the_dealer
    assert outcome(bad) == careful(bad)
    assert isinstance(careful(bad), tuple)
