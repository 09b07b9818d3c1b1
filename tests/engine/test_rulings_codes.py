"""The rulings tables of the Official Laws, the 1877 rules and the standard game: every answer gives a ruling
or a named refusal, every row is reached, and the rulings score as each code says."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring.engine import RULEBOOKS, Declaration, HandResult, ReportedHand, Revokes, Seat, parse_rubber, score_rubber
from scoring.engine.rulings import RulingError, adjudicate, irregularities, irregularity_catalogue, rule
from tests.engine.test_rulings_table import answers, which_path

CODES = ("official-1862", "rules-1877", "standard")
HANDS = (
    ReportedHand(dealer=Seat.N, maker=Seat.E, tricks=4),
    ReportedHand(dealer=Seat.N, maker=Seat.S, tricks=1),
    ReportedHand(dealer=Seat.W, maker=Seat.E, alone=True, tricks=5),
    ReportedHand(dealer=Seat.S, maker=Seat.N, alone=True, tricks=2),
    ReportedHand(dealer=Seat.W, out_of_turn=True, maker=Seat.W, tricks=3),
    ReportedHand(result=HandResult.PASSED, dealer=Seat.E),
    # How the trump was made, where a row asks it (1877 §6: "alone" said at once with a suit named).
    ReportedHand(dealer=Seat.N, maker=Seat.E, declaration=Declaration.MADE, alone=True, tricks=3),
    ReportedHand(dealer=Seat.N, maker=Seat.E, declaration=Declaration.ORDERED_UP, alone=True, tricks=5),
)
CASES = [(code, key) for code in CODES for key in irregularities(RULEBOOKS[code])]
BARE = re.compile(r"\((?:[IVXL]+)(?:, [IVXL]+)*\)")
"""A numeral of the Official Laws in brackets, bare of their name: never under the standard game."""


@pytest.mark.parametrize(("code", "key"), CASES)
def test_every_answer_gives_a_ruling_or_a_named_refusal_and_every_row_is_reached(code: str, key: str) -> None:
    rulebook = RULEBOOKS[code]
    irregularity = irregularities(rulebook)[key]
    reached: set[int] = set()
    for hand in HANDS:
        for facts in answers(irregularity):
            elections: list[Any] = [None]
            try:
                ruling = adjudicate(key, facts, hand, number=1, rulebook=rulebook)
                elections += [o.key for o in ruling.options]
                assert "{" not in ruling.text and "law 85" not in ruling.text and "law 44" not in ruling.text
                assert code != "standard" or not BARE.search(ruling.text), ruling.text
            except RulingError as exc:
                assert exc.field, f"{key} {facts}: a refusal must name the question at fault"
                assert code != "standard" or not BARE.search(exc.message), exc.message
                if exc.field == "hand":
                    continue
            reached.add(irregularity.paths.index(which_path(irregularity, facts, hand, rulebook)))
            for election in elections[1:]:
                try:
                    chosen = adjudicate(key, facts, hand, number=1, rulebook=rulebook, election=election)
                except RulingError as exc:
                    assert exc.field
                    continue
                assert not chosen.awaiting_election
    assert sorted(set(range(len(irregularity.paths))) - reached) == []


@pytest.mark.parametrize("code", CODES)
def test_every_law_a_ruling_cites_is_in_the_codes_own_table(code: str) -> None:
    rulebook = RULEBOOKS[code]
    for irregularity in irregularities(rulebook).values():
        cited = set(irregularity.laws)
        for path in irregularity.paths:
            for outcome in ([path.outcome] if path.outcome else []):
                cited |= set(outcome.laws) | {n for o in outcome.options for n in o.outcome.laws}
        assert all(rulebook.law(n).summary for n in cited), (code, irregularity.key)


HAND = ReportedHand(dealer=Seat.N, maker=Seat.E, tricks=3)


@pytest.mark.parametrize(("code", "points"), [("official-1862", (3, 0)), ("rules-1877", (3, 0)),
                                              ("standard", (2, 0))])
def test_a_completed_revoke_scores_as_the_code_says(code: str, points: tuple[int, int]) -> None:
    rulebook = RULEBOOKS[code]
    ruled = rule([HAND], 1, "revoke", {"offender": "N", "stage": "established", "claimed": "before_cut"}, None,
                 rulebook=rulebook)
    assert ruled.decision.effect.revokes == Revokes(ns=1)
    assert (ruled.hand_points_after[1], ruled.hand_points_after[0]) == points  # EW: the award (and their point)
    assert ("the hand ends there" in ruled.decision.text) is (code == "standard")
    # Completed (XXII), paid as the code's own revoke rule says; XXV is for mixing the cards, which nobody did.
    cited = [law.cited for law in ruled.decision.laws]
    assert cited[:2] == (["Official Laws, XXII", "the standard game"] if code == "standard"
                         else ["XXII", "the 1862 summary"])
    assert "XXV" not in cited


def test_revokes_by_both_sides_offset_and_the_same_dealer_deals_again() -> None:
    ruled = rule([HAND], 1, "revoke", {"offender": "N", "stage": "established", "other_count": 1,
                                       "claimed": "before_cut"}, None, rulebook=RULEBOOKS["official-1862"])
    assert ruled.hand_points_after == (0, 0) and ruled.decision.deal.value == "same_dealer"
    assert "offset" in ruled.decision.text and "XXVI" in [law.cited for law in ruled.decision.laws]


@pytest.mark.parametrize(("key", "facts", "after"), [
    ("signal", {"offender": "E", "what": "signalled", "claimed": "in_play"}, (1, 0)),
    ("counter_error", {"offender": "N", "points": 2, "claimed": "before_trump"}, (0, 3)),
    ("refused_penalty", {"offender": "N", "what": "left", "claimed": "in_play"}, (0, 5)),
    ("deal", {"what": "card_shown", "claimed": "in_play"}, (0, 0)),
    ("wrong_cards", {"offender": "E", "what": "six_cards", "claimed": "in_play"}, (0, 0)),
])
def test_the_official_laws_rulings_change_the_score_as_their_laws_say(key: str, facts: dict[str, Any],
                                                                      after: tuple[int, int]) -> None:
    ruled = rule([HAND], 1, key, facts, None, rulebook=RULEBOOKS["official-1862"])
    assert ruled.hand_points_after == after, ruled.decision.text


def test_a_claim_after_the_next_trump_is_too_late_under_xxxi() -> None:
    ruled = rule([HAND], 1, "signal", {"offender": "E", "what": "signalled", "claimed": "after_trump"}, None,
                 rulebook=RULEBOOKS["official-1862"])
    assert ruled.decision.too_late and ruled.hand_points_after == ruled.hand_points_before
    assert "XXXI" in ruled.decision.text


def test_under_1877_cards_thrown_in_and_a_lone_hand_out_of_privilege() -> None:
    rulebook = RULEBOOKS["rules-1877"]
    thrown = rule([HAND], 1, "thrown_in", {"offender": "N", "claimed": "in_play"}, None, rulebook=rulebook)
    assert thrown.hand_points_after == (0, 2)  # East's side counts the march
    report = parse_rubber({"rulebook": "rules-1877", "hands": [
        {"dealer": "N", "maker": "W", "alone": True, "declared_by": "E", "declaration": "ordered_up", "tricks": 5}]})
    lone = rule(list(report.hands), 1, "privileges", {"what": "passed_then_alone", "claimed": "in_play"}, None,
                rulebook=rulebook)
    assert lone.hand_points_after == (0, 2)  # scored as a partnership march
    assert score_rubber([lone.decision.hand_after], rulebook).current_score == (0, 2)
    with pytest.raises(RulingError, match="not played alone"):
        rule([HAND], 1, "privileges", {"what": "passed_then_alone", "claimed": "in_play"}, None, rulebook=rulebook)


def test_somersets_own_rulings_are_not_the_other_codes() -> None:
    for code in CODES:
        table = irregularities(RULEBOOKS[code])
        assert "lone_hand" not in table and "announcement" not in table
    assert "thrown_in" in irregularities(RULEBOOKS["rules-1877"])
    assert "thrown_in" not in irregularities(RULEBOOKS["official-1862"])


def test_under_the_standard_game_no_ruling_cites_a_bare_numeral_of_the_official_laws() -> None:
    rulebook = RULEBOOKS["standard"]
    late = rule([HAND], 1, "deal", {"what": "wrong_count", "claimed": "after_trump"}, None, rulebook=rulebook)
    assert [law.cited for law in late.decision.laws] == ["Official Laws, XXXI"]
    assert late.decision.text == (
        "The claim comes too late: a score wrongly counted can be put right only until the trump card is turned in "
        "the next deal (Official Laws, XXXI). The claim is recorded and the score stands.")
    chosen = rule([HAND], 1, "revoke", {"offender": "N", "stage": "corrected", "claimed": "in_play"}, "highest",
                  rulebook=rulebook).decision
    assert chosen.text.endswith("East made the choice, as the offender's left-hand adversary (Official Laws, XXIII, "
                                "XXIX).")
    with pytest.raises(RulingError, match=re.escape("Only completed revokes offset (Official Laws, XXVI)")):
        rule([HAND], 1, "revoke", {"offender": "N", "stage": "corrected", "other_count": 1, "claimed": "in_play"},
             None, rulebook=rulebook)
    for irregularity in irregularity_catalogue(rulebook):
        assert all(cited.startswith(("Official Laws, ", "the standard game")) for cited in irregularity["cited"])
        for fact in irregularity["facts"]:
            words = " ".join([fact["question"], fact["help"], *(c["label"] for c in fact["choices"])])
            assert not re.search(r"\((?!Official Laws, )[IVXL]+[,)]", words), (irregularity["key"], words)
