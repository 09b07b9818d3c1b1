"""Bad documents are refused with a typed error naming the hand and field."""

from __future__ import annotations

import pytest

from scoring.engine import IllegalReport, MalformedRubber
from scoring.engine.interchange import loads, parse_rubber, rubber_to_document


@pytest.mark.parametrize(
    ("hand", "field", "error"),
    [
        ({"maker": "N", "tricks": 6}, "tricks", MalformedRubber),
        ({"maker": "N", "tricks": -1}, "tricks", MalformedRubber),
        ({"maker": "N", "tricks": True}, "tricks", MalformedRubber),
        ({"maker": "N", "tricks": 3.0}, "tricks", MalformedRubber),
        ({"maker": "N"}, "tricks", MalformedRubber),
        ({"tricks": 3}, "maker", MalformedRubber),
        ({"maker": "X", "tricks": 3}, "maker", MalformedRubber),
        ({"maker": "N", "tricks": 3, "dealer": "north"}, "dealer", MalformedRubber),
        ({"maker": "N", "tricks": 3, "result": "won"}, "result", MalformedRubber),
        ({"maker": "N", "tricks": 3, "declaration": "called"}, "declaration", MalformedRubber),
        ({"maker": "N", "tricks": 3, "alone": "yes"}, "alone", MalformedRubber),
        ({"maker": "N", "tricks": 3, "revokes": {"NS": -1}}, "revokes", MalformedRubber),
        ({"maker": "N", "tricks": 3, "revokes": {"N": 1}}, "revokes", MalformedRubber),
        ({"maker": "N", "tricks": 3, "revokes": [1]}, "revokes", MalformedRubber),
        ({"maker": "N", "tricks": 3, "wrong_cards": "N"}, "wrong_cards", MalformedRubber),
        ({"maker": "N", "tricks": 3, "trick": 3}, "trick", MalformedRubber),
        ({"result": "passed", "maker": "N"}, "maker", MalformedRubber),
        ({"result": "misdeal", "tricks": 0}, "tricks", MalformedRubber),
        ({"result": "new_deal", "alone": True}, "alone", MalformedRubber),
        ({"result": "passed", "revokes": {"NS": 1}}, "revokes", MalformedRubber),
        ({"maker": "N", "tricks": 3, "adversary_abandoned": True}, "adversary_abandoned", IllegalReport),
        ({"maker": "N", "tricks": 5, "partner_exposed": True}, "partner_exposed", IllegalReport),
    ],
)
def test_bad_hand_names_hand_and_field(hand, field, error):
    with pytest.raises(error) as err:
        parse_rubber({"hands": [{"maker": "S", "tricks": 3}, hand]})
    assert err.value.hand == 2
    assert err.value.field == field
    assert str(err.value).startswith(f"hand 2, {field}: ")


@pytest.mark.parametrize(
    "document",
    [[], "hands", {}, {"hands": {}}, {"hands": [], "format": "euchre-rubber/2"},
     {"hands": [], "rulebook": "hoyle-1862"}, {"hands": [], "players": ["Ames"]},
     {"hands": [], "players": {"Q": "Ames"}}, {"hands": [], "players": {"N": ""}}, {"hands": [1]}],
)
def test_bad_document_is_malformed(document):
    with pytest.raises(MalformedRubber):
        parse_rubber(document)


def test_text_that_is_not_json_is_malformed():
    with pytest.raises(MalformedRubber, match="not valid JSON"):
        loads("{hands: [")


def test_played_flags_set_false_on_unplayed_hands_are_accepted():
    report = parse_rubber({"hands": [{"result": "passed", "alone": False, "declaration": "made"}]})
    assert report.hands[0].result.value == "passed"


def test_a_document_read_and_written_back_is_unchanged():
    document = {
        "format": "euchre-rubber/1", "rulebook": "somerset-1888",
        "players": {"N": "Ames", "E": "Bell", "S": "Cole", "W": "Dunn"},
        "hands": [
            {"dealer": "N", "maker": "E", "declaration": "ordered_up", "alone": True, "tricks": 5,
             "partner_exposed": True, "revokes": {"NS": 1}},
            {"dealer": "E", "result": "new_deal"},
            {"dealer": "S", "out_of_turn": True, "maker": "W", "tricks": 2, "wrong_cards": "NS"},
            {"dealer": "W", "maker": "N", "alone": True, "adversary_abandoned": True},
        ],
    }
    report = parse_rubber(document)
    assert rubber_to_document(report) == document
    assert parse_rubber(rubber_to_document(report)) == report
