"""What a report may hold: revokes a side could make, and deals a rubber could last."""

from __future__ import annotations

import pytest


def test_a_revoke_count_past_what_a_side_can_play_is_refused_naming_hand_and_field():
    from scoring.engine import SOMERSET_1888, MalformedRubber
    from scoring.engine.interchange import loads, parse_rubber

    most = SOMERSET_1888.limits.most_revokes
    fine = {"hands": [{"maker": "N", "tricks": 3}, {"maker": "E", "tricks": 3, "revokes": {"NS": most}}]}
    assert parse_rubber(fine).hands[1].revokes.ns == most
    absurd = {"hands": [{"maker": "N", "tricks": 3}, {"maker": "E", "tricks": 3, "revokes": {"NS": 1000000}}]}
    for read in (lambda: parse_rubber(absurd), lambda: loads(__import__("json").dumps(absurd))):
        with pytest.raises(MalformedRubber) as refused:
            read()
        assert (refused.value.hand, refused.value.field) == (2, "revokes")


def test_a_rubber_of_more_deals_than_were_ever_played_is_refused_at_once():
    import json

    from scoring.engine import SOMERSET_1888, MalformedRubber
    from scoring.engine.interchange import loads

    most = SOMERSET_1888.limits.most_deals
    dealers = "NESW"
    hands = [{"dealer": dealers[i % 4], "result": "passed"} for i in range(most + 1)]
    assert len(loads(json.dumps({"hands": hands[:most]})).hands) == most
    with pytest.raises(MalformedRubber) as refused:
        loads(json.dumps({"hands": hands}))
    assert (refused.value.hand, refused.value.field) == (most + 1, "hands")
