"""House rules of the standard game: the contract's examples, a table of cases for every rule, what is refused and
how, and the properties (no house rules is the standard game; a rule changes only the hands it concerns)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import IllegalReport, MalformedRubber, parse_rubber, score_rubber
from scoring.engine.explain import explain_rubber
from scoring.engine.interchange import loads, rubber_to_document
from scoring.engine.rulebook import HOUSE_RULES, STANDARD, HouseRules, read_house_rules


def current(house: dict[str, Any], *hands: dict[str, Any]) -> tuple[int, int]:
    report = parse_rubber({"rulebook": "standard", "house_rules": house, "hands": list(hands)})
    result = score_rubber(report.hands, report.rulebook)
    assert result.current_score is not None
    return result.current_score


def refusal(house: Any, *hands: dict[str, Any], rulebook: str = "standard") -> tuple[str, int | None, str | None]:
    with pytest.raises((MalformedRubber, IllegalReport)) as caught:
        report = parse_rubber({"rulebook": rulebook, "house_rules": house, "hands": list(hands)})
        score_rubber(report.hands, report.rulebook)
    return str(caught.value), caught.value.hand, caught.value.field


# The contract's worked examples (game to 10, one game).
def test_a_lone_hand_euchred_gives_four_under_the_house_rule_and_two_without():
    assert current({"lone_euchre": 4}, {"maker": "E", "alone": True, "tricks": 2}) == (4, 0)
    assert current({}, {"maker": "E", "alone": True, "tricks": 2}) == (2, 0)


def test_a_lone_defender_euchres_for_four_and_a_lone_point_is_still_one():
    assert current({"defend_alone": True}, {"maker": "N", "alone": True, "defended_alone": "E", "tricks": 1}) == (0, 4)
    assert current({"defend_alone": True}, {"maker": "N", "alone": True, "defended_alone": "E", "tricks": 3}) == (1, 0)


def test_table_talk_gives_two_and_the_talkers_count_nothing():
    assert current({"table_talk": 2}, {"maker": "N", "tricks": 5, "signal": "NS"}) == (0, 2)


def test_a_pass_all_round_is_refused_when_the_dealer_is_stuck():
    message, hand, field = refusal({"stick_the_dealer": True}, {"maker": "N", "tricks": 3}, {"result": "passed"})
    assert (hand, field) == (2, "result")
    assert "house rule: stick the dealer" in message


def test_the_canadian_loner_plays_alone_and_is_refused_with_his_partner():
    canadian = {"canadian_loner": True}
    assert current(canadian, {"dealer": "N", "maker": "S", "declaration": "assisted", "alone": True,
                              "tricks": 5}) == (4, 0)
    message, hand, field = refusal(canadian, {"dealer": "N", "maker": "S", "declaration": "assisted", "tricks": 5})
    assert (hand, field) == (1, "declaration")
    assert "South plays the hand alone himself (house rule: the Canadian loner)" in message


# A table of cases for every rule: (house rules, hands, NS-EW after them).
CASES = [
    # lone_euchre: only a lone hand held to 0-2 tricks changes; a partnership euchre stays 2.
    ({"lone_euchre": 4}, [{"maker": "N", "alone": True, "tricks": 0}], (0, 4)),
    ({"lone_euchre": 4}, [{"maker": "N", "alone": True, "tricks": 3}], (1, 0)),
    ({"lone_euchre": 4}, [{"maker": "N", "alone": True, "tricks": 5}], (4, 0)),
    ({"lone_euchre": 4}, [{"maker": "N", "tricks": 2}], (0, 2)),
    ({"lone_euchre": 2}, [{"maker": "W", "alone": True, "tricks": 1}], (2, 0)),
    # A revoke award is the standard game's whatever the lone euchre: 4 against the lone hand's defenders.
    ({"lone_euchre": 4}, [{"maker": "N", "alone": True, "tricks": 1, "revokes": {"EW": 1}}], (4, 0)),
    ({"lone_euchre": 4}, [{"maker": "N", "alone": True, "tricks": 1, "revokes": {"NS": 1}}], (0, 2)),
    # table_talk: a signal gives 2 (1 without); the other side's own points still count.
    ({"table_talk": 2}, [{"maker": "N", "tricks": 3, "signal": "EW"}], (3, 0)),
    ({"table_talk": 1}, [{"maker": "N", "tricks": 3, "signal": "EW"}], (2, 0)),
    ({}, [{"maker": "N", "tricks": 3, "signal": "EW"}], (2, 0)),
    # stick_the_dealer: played hands, new deals and misdeals score as ever.
    ({"stick_the_dealer": True}, [{"result": "misdeal"}, {"maker": "E", "tricks": 5}], (0, 2)),
    ({"stick_the_dealer": True}, [{"result": "new_deal"}, {"maker": "S", "tricks": 4}], (1, 0)),
    # canadian_loner: an order-up or an adoption is as ever, alone or not.
    ({"canadian_loner": True}, [{"dealer": "N", "maker": "E", "declaration": "ordered_up", "tricks": 3}], (0, 1)),
    ({"canadian_loner": True}, [{"dealer": "N", "maker": "N", "declaration": "adopted", "alone": True,
                                 "tricks": 2}], (0, 2)),
    ({"canadian_loner": True}, [{"dealer": "N", "maker": "S", "declaration": "assisted", "alone": True,
                                 "tricks": 2}], (0, 2)),
    # defend_alone: its euchre is 4 by default, or the club's 5 or 6; the lone hand's march is 4.
    ({"defend_alone": True}, [{"maker": "E", "alone": True, "defended_alone": "S", "tricks": 5}], (0, 4)),
    ({"defend_alone": True, "defend_alone_euchre": 5}, [{"maker": "E", "alone": True, "defended_alone": "N",
                                                         "tricks": 0}], (5, 0)),
    ({"defend_alone": True, "defend_alone_euchre": 6}, [{"maker": "E", "alone": True, "defended_alone": "N",
                                                         "tricks": 2}], (6, 0)),
    ({"defend_alone": True, "defend_alone_euchre": 6, "lone_euchre": 4},
     [{"maker": "E", "alone": True, "tricks": 2}], (4, 0)),
    ({"defend_alone": True}, [{"maker": "E", "alone": True, "defended_alone": "N", "tricks": 2,
                               "revokes": {"NS": 1}}], (0, 4)),
]


@pytest.mark.parametrize(("house", "hands", "expected"), CASES)
def test_each_rule_scores_its_cases(house, hands, expected):
    assert current(house, *hands) == expected


REFUSED = [
    ({"lone": 4}, [], "house_rules", "unknown house rule 'lone'"),
    ({"lone_euchre": 3}, [], "house_rules", "house rule lone_euchre is 2 or 4, not 3"),
    ({"lone_euchre": 4.0}, [], "house_rules", "house rule lone_euchre is 2 or 4, not 4.0"),
    ({"table_talk": True}, [], "house_rules", "house rule table_talk is 1 or 2, not True"),
    ({"stick_the_dealer": 1}, [], "house_rules", "house rule stick_the_dealer is true or false, not 1"),
    ({"defend_alone_euchre": 5}, [], "house_rules", "defend_alone_euchre needs defend_alone: true"),
    ({"defend_alone": False, "defend_alone_euchre": 4}, [], "house_rules", "needs defend_alone: true"),
    ({"defend_alone": True, "defend_alone_euchre": 7}, [], "house_rules", "is 4 or 5 or 6, not 7"),
    ([4], [], "house_rules", "house_rules must be an object"),
    ({}, [{"maker": "N", "alone": True, "defended_alone": "E", "tricks": 1}], "defended_alone",
     "needs the house rule defend_alone"),
    ({"defend_alone": True}, [{"maker": "N", "defended_alone": "E", "tricks": 1}], "defended_alone",
     "only a lone hand may be defended alone"),
    ({"defend_alone": True}, [{"maker": "N", "alone": True, "defended_alone": "S", "tricks": 1}], "defended_alone",
     "the side that did not make trump (E or W), not S"),
    ({"defend_alone": True}, [{"result": "passed", "defended_alone": "E"}], "defended_alone", "only a played hand"),
    ({"defend_alone": True}, [{"maker": "N", "alone": True, "defended_alone": "Q", "tricks": 1}], "defended_alone",
     "'Q' is not a seat"),
    ({"canadian_loner": True}, [{"dealer": "N", "maker": "N", "declaration": "assisted", "declared_by": "S",
                                 "alone": True, "tricks": 5}], "declaration", "South plays the hand alone himself"),
    ({"canadian_loner": True}, [{"dealer": "E", "maker": "N", "declaration": "assisted", "alone": True,
                                 "tricks": 5}], "declaration", "West plays the hand alone himself"),
]


@pytest.mark.parametrize(("house", "hands", "field", "words"), REFUSED)
def test_what_the_contract_refuses_is_refused_naming_the_key_or_the_hand(house, hands, field, words):
    message, hand, named = refusal(house, *hands)
    assert named == field and words in message, message
    assert hand == (1 if hands else None)


@pytest.mark.parametrize("code", ["somerset-1888", "official-1862", "rules-1877"])
def test_house_rules_are_refused_under_any_other_code_naming_it(code):
    message, hand, field = refusal({"lone_euchre": 4}, rulebook=code)
    assert field == "house_rules" and f"({code})" in message and hand is None
    assert refusal({}, rulebook=code)[2] == "house_rules"


def test_explain_names_the_house_rule_that_gave_each_point():
    report = parse_rubber({"rulebook": "standard", "house_rules": {"lone_euchre": 4, "table_talk": 2,
                                                                   "defend_alone": True, "defend_alone_euchre": 5},
                           "hands": [{"maker": "E", "alone": True, "tricks": 2},
                                     {"maker": "N", "tricks": 3, "signal": "EW"},
                                     {"maker": "W", "alone": True, "defended_alone": "S", "tricks": 1}]})
    lines = explain_rubber(score_rubber(report.hands, report.rulebook), report.rulebook).splitlines()
    assert "NS +4 lone hand euchred (house rule: 4 for euchring a lone hand)" in lines[0]
    assert "NS +2 signal across the table (house rule: 2 for table talk)" in lines[1]
    assert "defended alone by South" in lines[2]
    assert "NS +5 lone hand euchred by a lone defender (house rule: 5 for euchring a lone hand defended alone)" \
        in lines[2]


def test_the_rules_fields_are_the_table_of_house_rules_keys_in_its_order():
    assert tuple(f.name for f in dataclasses.fields(HouseRules)) == tuple(HOUSE_RULES)
    for key, rule in HOUSE_RULES.items():
        default = getattr(HouseRules(), key)
        assert rule.key == key and default in rule.values and type(default) is type(rule.values[0])
        assert rule.switch == isinstance(default, bool)
        assert not rule.needs or HOUSE_RULES[rule.needs].switch


def test_a_document_carries_its_house_rules_out_and_back_defaults_left_out():
    text = json.dumps({"rulebook": "standard", "game_points": 11, "games": 3,
                       "house_rules": {"lone_euchre": 4, "table_talk": 1, "defend_alone": True},
                       "hands": [{"maker": "N", "alone": True, "defended_alone": "W", "tricks": 4}]})
    report = loads(text)
    document = rubber_to_document(report)
    assert document["house_rules"] == {"lone_euchre": 4, "defend_alone": True}
    assert document["hands"][0]["defended_alone"] == "W"
    again = loads(json.dumps(document))
    assert again.rulebook is report.rulebook and again.hands == report.hands
    assert "house_rules" not in rubber_to_document(loads('{"rulebook": "standard", "house_rules": {}, "hands": []}'))


def test_the_rules_in_force_are_stated_in_plain_words():
    rules = read_house_rules({"lone_euchre": 4, "stick_the_dealer": True, "defend_alone": True,
                              "defend_alone_euchre": 6})
    assert rules.stated() == (
        "A lone hand euchred gives the defenders 4.",
        "Stick the dealer: no deal is passed all round; the dealer must name trump.",
        "A defender may play alone against a lone hand; if he euchres it his side scores 6.",
    )
    assert HouseRules().stated() == ()
    assert set(HOUSE_RULES) == {"lone_euchre", "table_talk", "stick_the_dealer", "canadian_loner", "defend_alone",
                                "defend_alone_euchre"}


# Properties.
SEATS, SIDES = ["N", "E", "S", "W"], ["NS", "EW"]


@st.composite
def standard_hands(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Standard-game hands with every key the code knows (no dealers, so no declaration is checked)."""
    hands = []
    for _ in range(draw(st.integers(0, 25))):
        if draw(st.integers(0, 7)) == 0:
            hands.append({"result": draw(st.sampled_from(["new_deal", "misdeal"]))})
            continue
        hand: dict[str, Any] = {"maker": draw(st.sampled_from(SEATS)), "tricks": draw(st.integers(0, 5))}
        if draw(st.booleans()):
            hand["alone"] = True
        for key in ("signal", "wrong_cards"):
            if draw(st.integers(0, 4)) == 0:
                hand[key] = draw(st.sampled_from(SIDES))
        if draw(st.integers(0, 5)) == 0:
            hand["revokes"] = {draw(st.sampled_from(SIDES)): 1}
        hands.append(hand)
    return hands


def per_hand(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each hand's awards, scored from 0-0 on its own so that a game won earlier does not move the others."""
    report = parse_rubber(document)
    return [tuple((a.side, a.points, a.reason, a.counted)
                  for a in score_rubber([hand], report.rulebook).hands[0].awards) for hand in report.hands]


@given(standard_hands(), st.sampled_from([5, 7, 10, 11]), st.sampled_from([1, 3]))
def test_no_house_rules_score_exactly_as_the_standard_game(hands, points, games):
    plain = {"rulebook": "standard", "game_points": points, "games": games, "hands": hands}
    housed = {**plain, "house_rules": {"lone_euchre": 2, "table_talk": 1, "stick_the_dealer": False}}
    assert parse_rubber(housed).rulebook is parse_rubber(plain).rulebook is STANDARD.playing(points, games)
    assert per_hand(housed) == per_hand(plain)


CONCERNS = {
    "lone_euchre": (4, lambda h: h.get("alone") and h["tricks"] < 3),
    "table_talk": (2, lambda h: "signal" in h),
    "stick_the_dealer": (True, lambda h: False),
    "canadian_loner": (True, lambda h: False),
    "defend_alone": (True, lambda h: False),
}


@given(standard_hands(), st.sampled_from(sorted(CONCERNS)))
def test_a_house_rule_never_changes_a_hand_it_does_not_concern(hands, key):
    value, concerns = CONCERNS[key]
    plain = per_hand({"rulebook": "standard", "hands": hands})
    housed = per_hand({"rulebook": "standard", "house_rules": {key: value}, "hands": hands})
    for hand, before, after in zip(hands, plain, housed, strict=True):
        if not hand.get("result") and concerns(hand):
            continue
        assert before == after, (key, hand)


def test_a_ruling_under_house_rules_uses_their_values_and_says_so():
    from scoring.engine import ReportedHand, Seat
    from scoring.engine.rulings import rule

    hand = ReportedHand(dealer=Seat.N, maker=Seat.S, tricks=3)
    facts = {"offender": "E", "what": "signalled", "claimed": "in_play"}
    housed = STANDARD.housed(read_house_rules({"table_talk": 2}))
    ruled = rule([hand], 1, "signal", facts, None, rulebook=housed)
    assert ruled.hand_points_after == (3, 0), ruled.decision.text  # 2 for the signal and the makers' own point
    assert "North-South score two points" in ruled.decision.text or "score two points" in ruled.decision.text
    assert [law.cited for law in ruled.decision.laws][-1] == "house rule: 2 for table talk"
    plain = rule([hand], 1, "signal", facts, None, rulebook=STANDARD)
    assert plain.hand_points_after == (2, 0) and "score one point" in plain.decision.text
    assert all("house rule" not in law.cited for law in plain.decision.laws)

