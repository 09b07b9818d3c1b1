"""The rulings table exact under every law: lone hands from every door, time limits on every claim that
changes a score, the rulings the table lacked, both sides' revokes in one ruling, and the dealer who did
not discard."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.engine import SOMERSET_1888, HandResult, ReportedHand, Seat, Side, score_rubber
from scoring.engine.hands import Declaration, Revokes
from scoring.engine.rulings import (
    Chooser,
    Deal,
    LaterHandError,
    Remedy,
    RulingError,
    ScoreEffect,
    adjudicate,
    claim_limit,
    irregularities,
    irregularity_catalogue,
    rule,
)
from scoring.engine.rulings.options import CLAIMED
from tests.engine.test_rulings_table import HANDS, answers

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
TABLE = irregularities(SOMERSET_1888)
PARTNERSHIP = ReportedHand(dealer=N, maker=E, tricks=4)  # East-West make a point
LONE = ReportedHand(dealer=N, maker=E, alone=True, tricks=5)  # East marches alone; West lies down
LONE_POINT = ReportedHand(dealer=N, maker=E, alone=True, tricks=3)  # East alone takes three: one point


def points(hand: ReportedHand) -> tuple[int, int]:
    scored = score_rubber([hand], SOMERSET_1888).hands[0]
    return scored.points(Side.NS), scored.points(Side.EW)


def in_time(**facts: Any) -> dict[str, Any]:
    return {"claimed": "in_play", **facts}


# 1. Law 50 (and every other lone-hand ruling) from whichever kind the secretary picks.

LONE_DOORS = [
    # (kind, facts, hand, election, effect, laws, the hand's points after)
    ("exposed_card", in_time(offender="N", how="thrown_down"), LONE_POINT, None,
     {"adversary_abandoned": True}, (48, 50), (0, 5)),
    ("exposed_card", in_time(offender="S", how="all_four_down"), LONE_POINT, None,
     {"adversary_abandoned": True}, (49, 50), (0, 5)),
    ("exposed_card", in_time(offender="E", how="all_four_down"), LONE_POINT, None,
     {"adversary_abandoned": True}, (49, 50), (0, 5)),
    ("lone_hand", in_time(offender="N", what="abandoned"), LONE_POINT, None,
     {"adversary_abandoned": True}, (50,), (0, 5)),
    ("omitted_play", in_time(offender="S"), LONE_POINT, None, {"adversary_abandoned": True}, (50,), (0, 5)),
    ("exposed_card", in_time(offender="W", how="shown"), LONE, None, {"partner_exposed": True}, (101, 102), (0, 2)),
    ("exposed_card", in_time(offender="W", how="thrown_down"), LONE, None, {"partner_exposed": True}, (101, 102),
     (0, 2)),
    ("lead_out_of_turn", in_time(offender="W", followed="none"), LONE, None, {"partner_exposed": True}, (101, 102),
     (0, 2)),
    ("lone_hand", in_time(offender="N", what="partner_exposed"), LONE, None, {"partner_exposed": True},
     (101, 102), (0, 2)),
    ("play_out_of_turn", in_time(offender="W", what="fourth_before_partner"), LONE, "partnership",
     {"corrections": {"alone": False}}, (101, 100, 85), (0, 2)),
    ("lone_hand", in_time(offender="W", what="partner_played"), LONE, "partnership",
     {"corrections": {"alone": False}}, (100, 85), (0, 2)),
    ("play_out_of_turn", in_time(offender="N", what="third_before_second"), LONE, None, {}, (105,), (0, 4)),
    ("wrong_cards", in_time(offender="S", what="counted"), LONE, None, {"wrong_cards": "EW"}, (103, 90), (4, 0)),
    ("wrong_cards", in_time(offender="E", what="too_many"), LONE, None, {"wrong_cards": "EW"}, (90,), (4, 0)),
]


@pytest.mark.parametrize(("key", "facts", "hand", "election", "effect", "laws", "after"), LONE_DOORS,
                         ids=[f"{d[0]}-{d[1].get('how') or d[1].get('what') or d[1].get('followed') or 'missed'}"
                              f"-{d[1].get('offender')}" for d in LONE_DOORS])
def test_a_lone_hand_ruling_is_reached_from_every_kind_that_describes_it(
        key: str, facts: dict[str, Any], hand: ReportedHand, election: str | None, effect: dict[str, Any],
        laws: tuple[int, ...], after: tuple[int, int]) -> None:
    ruling = adjudicate(key, facts, hand, number=1, election=election)
    assert ruling.effect.to_document() == effect
    assert ruling.law_numbers == laws
    assert points(ruling.hand_after) == after


def test_an_adversary_who_lays_his_hand_down_gives_the_lone_player_five_under_law_50() -> None:
    ruling = adjudicate("exposed_card", in_time(offender="N", how="thrown_down"), LONE_POINT, number=1)
    assert points(LONE_POINT) == (0, 1) and points(ruling.hand_after) == (0, 5)
    assert "abandoned" in ruling.text and "scores 5" in ruling.text
    # The same hands thrown down in a partnership hand only expose the cards (law 48).
    partnership = adjudicate("exposed_card", in_time(offender="N", how="thrown_down"), PARTNERSHIP, number=1)
    assert not partnership.effect and partnership.law_numbers == (48, 56)


@pytest.mark.parametrize(("key", "facts"), [
    ("revoke", in_time(offender="W", cause="not_following", stage="established", count=1)),
    ("two_cards", in_time(offender="W", found="after_hand", count=1)),
    ("omitted_play", in_time(offender="W")),
])
def test_laws_62_and_101_the_lone_players_partner_plays_no_card(key: str, facts: dict[str, Any]) -> None:
    with pytest.raises(RulingError, match="plays no card") as refused:
        adjudicate(key, facts, LONE, number=3)
    assert refused.value.field == "offender" and refused.value.hand == 3


# 2. Time limits: laws 5 and 68 on every claim that changes a score.

def score_changing(key: str) -> bool:
    return any(p.outcome is not None and p.outcome.changes_score for p in TABLE[key].paths)


@pytest.mark.parametrize("key", list(TABLE))
def test_every_irregularity_that_can_change_a_score_asks_when_the_claim_was_made(key: str) -> None:
    irregularity = TABLE[key]
    asks = CLAIMED in irregularity.facts
    assert asks is score_changing(key) is (irregularity.limit is not None)


@pytest.mark.parametrize("key", [k for k in TABLE if score_changing(k)])
def test_a_late_claim_is_too_late_exactly_where_the_ruling_would_change_the_score(key: str) -> None:
    irregularity = TABLE[key]
    checked = 0
    for hand in HANDS:
        for facts in answers(irregularity):
            if facts["claimed"] != "in_play":
                continue
            try:
                timely = adjudicate(key, facts, hand, number=1)
            except RulingError:
                continue
            changes = bool(timely.effect) or any(o.outcome.changes_score for o in timely.options)
            for claimed in ("before_cut", "before_trump", "after_trump"):
                late_laws = claim_limit(key, claimed)
                ruling = adjudicate(key, {**facts, "claimed": claimed}, hand, number=1)
                if changes and late_laws:
                    assert ruling.too_late and ruling.law_numbers == late_laws and not ruling.effect
                    assert ruling.hand_after == hand and not ruling.options
                    assert "too late" in ruling.text
                    checked += 1
                elif key != "revoke":  # law 68 bars any claim of a revoke after the cut, even a failed one
                    assert (ruling.text, ruling.effect) == (timely.text, timely.effect)
    assert checked


@pytest.mark.parametrize(("key", "facts", "hand"), [
    ("deal", {"offender": "N", "what": "imperfect_pack"}, PARTNERSHIP),
    ("deal", {"offender": "E", "what": "exposed_untouched"}, PARTNERSHIP),
    ("misdeal", {"what": "misdeal"}, PARTNERSHIP),
    ("misdeal", {"what": "out_of_turn_stands", "dealt_by": "E"}, PARTNERSHIP),
    ("exposed_card", {"offender": "W", "how": "shown"}, LONE),
    ("lone_hand", {"offender": "W", "what": "partner_exposed"}, LONE),
    ("making_trump", {"offender": "N", "what": "all_passed"}, PARTNERSHIP),
    ("shuffle_and_cut", {"offender": "N", "what": "dealer_reshuffled", "noticed": "before_trump"}, PARTNERSHIP),
])
def test_the_deal_misdeal_and_law_102_rows_are_limited_by_law_5(key: str, facts: dict[str, Any],
                                                                 hand: ReportedHand) -> None:
    late = adjudicate(key, {**facts, "claimed": "after_trump"}, hand, number=1)
    assert late.too_late and late.law_numbers == (5,) and not late.effect and not late.options
    with pytest.raises(RulingError) as unanswered:
        adjudicate(key, facts, hand, number=1)
    assert unanswered.value.field == "claimed"


def test_a_late_revoke_claim_cites_law_68_and_law_5_once_the_next_trump_is_turned() -> None:
    facts = {"offender": "N", "cause": "not_following", "stage": "established", "count": 1}
    after_cut = adjudicate("revoke", {**facts, "claimed": "before_trump"}, PARTNERSHIP, number=1)
    after_trump = adjudicate("revoke", {**facts, "claimed": "after_trump"}, PARTNERSHIP, number=1)
    assert after_cut.law_numbers == (68,) and after_trump.law_numbers == (68, 5)
    assert after_cut.too_late and after_trump.too_late


def test_the_time_of_a_claim_is_needed_only_where_the_ruling_depends_on_it() -> None:
    ruling = adjudicate("lead_out_of_turn", {"offender": "S", "followed": "all"}, PARTNERSHIP, number=1)
    assert ruling.law_numbers == (53,) and "claimed" not in ruling.facts
    with pytest.raises(RulingError) as unanswered:
        adjudicate("lead_out_of_turn", {"offender": "W", "followed": "all"}, LONE, number=1)
    assert unanswered.value.field == "claimed"


@pytest.mark.parametrize(("kind", "claimed", "laws"), [
    ("revoke", "in_play", ()),
    ("revoke", "before_cut", ()),
    ("revoke", "before_trump", (68,)),
    ("revoke", "after_trump", (68, 5)),
    ("two_cards", "before_trump", (68,)),
    ("wrong_cards", "before_trump", ()),
    ("wrong_cards", "after_trump", (5,)),
    ("abandoned", "after_trump", (5,)),
    ("partner_exposed", "after_trump", (5,)),
    ("deal", "after_trump", (5,)),
    ("misdeal", "after_trump", (5,)),
    ("etiquette", "after_trump", ()),
    ("discard", "after_trump", ()),
])
def test_claim_limit_gives_the_laws_that_end_a_claim(kind: str, claimed: str, laws: tuple[int, ...]) -> None:
    assert claim_limit(kind, claimed) == laws


def test_claim_limit_refuses_an_unknown_moment() -> None:
    with pytest.raises(RulingError) as refused:
        claim_limit("revoke", "yesterday")
    assert refused.value.field == "claimed"


# 3. Rulings the table lacked.

def test_law_31_a_dealer_who_shuffles_after_the_cut_loses_the_deal() -> None:
    ruling = adjudicate("shuffle_and_cut", in_time(offender="E", what="dealer_reshuffled", noticed="before_trump"),
                        PARTNERSHIP, number=1)
    assert ruling.law_numbers == (31,) and ruling.offender is N  # the dealer, whoever was named
    assert ruling.effect.to_document() == {"result": "misdeal"} and ruling.deal is Deal.PASSES
    assert score_rubber([ruling.hand_after], SOMERSET_1888).next_dealer is E


def test_law_31_claimed_after_the_trump_was_turned_leaves_the_played_hand_standing() -> None:
    ruling = adjudicate("shuffle_and_cut", in_time(offender="E", what="dealer_reshuffled", noticed="after_trump"),
                        PARTNERSHIP, number=1)
    assert not ruling.effect and ruling.deal is Deal.STANDS and points(ruling.hand_after) == points(PARTNERSHIP)
    assert set(ruling.law_numbers) == {31, 38, 40} and "stands" in ruling.text
    with pytest.raises(RulingError) as unanswered:
        adjudicate("shuffle_and_cut", in_time(offender="E", what="dealer_reshuffled"), PARTNERSHIP, number=1)
    assert unanswered.value.field == "noticed"


@pytest.mark.parametrize(("key", "facts"), [
    ("shuffle_and_cut", {"offender": "W", "what": "bad_cut"}),
    ("fresh_cards", {"what": "before_cut"}),
    ("fresh_cards", {"what": "after_cut"}),
    ("fresh_cards", {"what": "torn_or_marked"}),
])
def test_laws_29_72_and_73_are_recorded_with_no_effect_on_the_score(key: str, facts: dict[str, Any]) -> None:
    ruling = adjudicate(key, facts, PARTNERSHIP, number=1)
    assert not ruling.effect and ruling.hand_after == PARTNERSHIP and "score is unchanged" in ruling.text
    assert set(ruling.law_numbers) <= {29, 72, 73}


def every_outcome(key: str) -> list[Any]:
    outcomes = [p.outcome for p in TABLE[key].paths if p.outcome is not None]
    return outcomes + [o.outcome for outcome in outcomes for o in outcome.options]


@pytest.mark.parametrize("key", list(TABLE))
def test_law_85_every_choice_of_the_non_offending_side_can_be_lost_by_consulting(key: str) -> None:
    for outcome in every_outcome(key):
        keys = [o.key for o in outcome.options]
        if outcome.options and outcome.chooser is Chooser.CLAIMANTS:
            assert keys[-1] == "consulted" and keys.count("consulted") == 1
            consulted = outcome.options[-1].outcome
            assert consulted.laws[0] == 85 and "lost the choice (law 85)" in consulted.text
            # What then applies is what the law gives when nobody chooses: never a choice of theirs that
            # only they could make, such as a new deal claimed or a card called.
            assert consulted.score is not ScoreEffect.NEW_DEAL
            assert Remedy.CARD_CALLED not in consulted.remedies and Remedy.SUIT_CALLED not in consulted.remedies
        else:
            assert "consulted" not in keys


def test_law_85_a_side_that_consulted_exacts_no_penalty_where_the_law_only_lets_them() -> None:
    missed = adjudicate("omitted_play", in_time(offender="N"), PARTNERSHIP, number=1, election="consulted")
    assert not missed.effect and missed.deal is Deal.STANDS and not missed.awaiting_election
    assert "consulted" in missed.text and "the deal stands" in missed.text
    assert "made the choice" not in missed.text
    led = adjudicate("lead_out_of_turn", in_time(offender="S", followed="none"), PARTNERSHIP, number=1,
                     election="consulted")
    assert led.remedies == () and 85 in led.law_numbers and "no penalty is exacted" in led.text


def test_law_85_consulting_on_law_100_leaves_the_laws_own_penalty_the_lone_hand_is_lost() -> None:
    """Law 100: the lone player's partner played to the first lead, so the lone player must play with his
    partner unless the adversaries elect otherwise. Consulting loses the election, not the penalty."""
    lone = ReportedHand(dealer=E, maker=N, alone=True, tricks=5)  # North's lone march: 4 points
    ruling = adjudicate("lone_hand", in_time(offender="S", what="partner_played"), lone, number=1,
                        election="consulted")
    assert ruling.effect.to_document() == {"corrections": {"alone": False}} and 100 in ruling.law_numbers
    assert points(ruling.hand_after) == (2, 0)  # a partnership march, not a lone one
    assert "lone hand is lost" not in ruling.text.split("(law 85)")[0]
    assert "played and scored with his partner" in ruling.text


def test_law_85_consulting_on_law_80_leaves_the_partner_held_to_a_pass() -> None:
    ruling = adjudicate("making_trump", in_time(offender="N", what="ordered_after_passing"), PARTNERSHIP,
                        number=1, election="consulted")
    assert Remedy.PARTNER_MUST_PASS in ruling.remedies and 80 in ruling.law_numbers
    assert "South (South) must pass" not in ruling.text and "South must pass" in ruling.text


def test_law_85_consulting_on_law_97_leaves_the_lone_hand_standing() -> None:
    ruling = adjudicate("lone_hand", in_time(offender="E", what="named_trump_first"), LONE, number=1,
                        election="consulted")
    assert not ruling.effect and points(ruling.hand_after) == points(LONE)


def test_law_77_a_hand_recorded_as_played_that_was_passed_twice_round_is_void() -> None:
    ruling = adjudicate("making_trump", in_time(offender="N", what="all_passed"), PARTNERSHIP, number=1)
    assert ruling.effect.to_document() == {"result": "passed"} and ruling.deal is Deal.PASSES
    assert ruling.hand_after.result is HandResult.PASSED and points(ruling.hand_after) == (0, 0)
    assert score_rubber([ruling.hand_after], SOMERSET_1888).next_dealer is E


def test_law_44_the_dealer_interrupted_by_a_failed_claim_chooses_to_deal_again() -> None:
    misdealt = ReportedHand(result=HandResult.MISDEAL, dealer=S)
    pending = adjudicate("misdeal", in_time(what="interrupted"), misdealt, number=1)
    assert [o.key for o in pending.options] == ["deal_again", "lose_deal"]
    assert pending.chooser is Side.NS and "South's alone (law 44)" in pending.text and 85 not in pending.law_numbers
    again = adjudicate("misdeal", in_time(what="interrupted"), misdealt, number=1, election="deal_again")
    assert again.effect.to_document() == {"result": "new_deal"} and again.deal is Deal.SAME_DEALER
    lost = adjudicate("misdeal", in_time(what="interrupted"), misdealt, number=1, election="lose_deal")
    assert lost.effect.to_document() == {"result": "misdeal"} and lost.deal is Deal.PASSES


def test_law_45_the_player_whose_deal_was_taken_bears_the_misdeal_and_his_left_hand_adversary_deals() -> None:
    # North dealt hand 1; East's partner West took East's deal for hand 2 and misdealt (recorded as his deal
    # out of turn). Law 45: the misdeal is East's, and South, on East's left, deals next.
    hands = [ReportedHand(dealer=N, maker=E, tricks=3),
             ReportedHand(result=HandResult.MISDEAL, dealer=W, out_of_turn=True)]
    assert score_rubber(hands, SOMERSET_1888, first_dealer=N).next_dealer is N  # as recorded: wrong
    ruled = rule(hands, 2, "misdeal", in_time(what="partner_dealt"), rulebook=SOMERSET_1888, first_dealer=N)
    assert ruled.decision.hand_after.dealer is E and not ruled.decision.hand_after.out_of_turn
    assert ruled.after.next_dealer is S and ruled.decision.law_numbers == (45, 41)


@pytest.mark.parametrize("key", list(TABLE))
def test_laws_66_and_70_are_cited_where_their_remedies_are_used(key: str) -> None:
    for outcome in every_outcome(key):
        if Remedy.TRICKS_SEARCHED in outcome.remedies:
            assert 66 in outcome.laws
        if Remedy.PLAYED_OUT in outcome.remedies:
            assert 70 in outcome.laws


# 4. Revokes by both sides in one hand (law 71): one ruling.

REVOKED = {"cause": "not_following", "stage": "established", "claimed": "before_cut"}


@pytest.mark.parametrize(("count", "other", "effect", "after", "words"), [
    (2, 1, {"NS": 2, "EW": 1}, (0, 4), "the one revoke left over gives East-West 3 points"),
    (1, 1, {"NS": 1, "EW": 1}, (0, 1), "the revokes cancel one for one, and no revoke points are scored"),
    (1, 3, {"NS": 1, "EW": 3}, (6, 0), "the 2 revokes left over give North-South 6 points"),
])
def test_law_71_revokes_by_both_sides_are_one_ruling_whose_words_agree_with_its_score(
        count: int, other: int, effect: dict[str, int], after: tuple[int, int], words: str) -> None:
    ruling = adjudicate("revoke", {**REVOKED, "offender": "N", "count": count, "other_count": other}, PARTNERSHIP,
                        number=1)
    assert ruling.effect.to_document() == {"revokes": effect}
    assert points(ruling.hand_after) == after
    assert words in ruling.text


def test_law_71_both_sides_revoking_once_leaves_the_rubber_as_it_was() -> None:
    """One ruling, so no false rubber winner in between: NS lead a game to nil and are at 4-0 in the second;
    an NS revoke alone would hand EW 3 points, but both sides revoked once and nothing changes."""
    hands = [ReportedHand(dealer=N, maker=N, tricks=5), ReportedHand(dealer=E, maker=N, tricks=5),
             ReportedHand(dealer=S, maker=S, tricks=3), ReportedHand(dealer=W, maker=N, tricks=5),
             ReportedHand(dealer=N, maker=S, tricks=5), ReportedHand(dealer=E, maker=E, tricks=0)]
    ruled = rule(hands, 6, "revoke", {**REVOKED, "offender": "W", "count": 1, "other_count": 1},
                 rulebook=SOMERSET_1888, first_dealer=N)
    assert ruled.after.to_document() == ruled.before.to_document()
    assert ruled.decision.effect.to_document() == {"revokes": {"NS": 1, "EW": 1}}


def test_law_71_the_other_sides_revokes_count_only_beside_an_established_revoke() -> None:
    with pytest.raises(RulingError) as refused:
        adjudicate("revoke", {**REVOKED, "offender": "N", "stage": "corrected", "count": 1, "other_count": 1},
                   PARTNERSHIP, number=1)
    assert refused.value.field == "other_count"


def test_revokes_already_on_the_hand_are_counted_in_the_words() -> None:
    reported = ReportedHand(dealer=N, maker=E, tricks=4, revokes=Revokes(ns=0, ew=1))
    ruling = adjudicate("revoke", {**REVOKED, "offender": "N", "count": 2}, reported, number=1)
    assert "North-South revoked twice in this hand and East-West once" in ruling.text
    assert points(ruling.hand_after) == (0, 4)


# 5. The dealer who played without discarding is the offender, whoever is named.

def test_law_90_no_discard_charges_the_dealers_side_whoever_is_named() -> None:
    ruling = adjudicate("wrong_cards", in_time(offender="E", what="no_discard"), PARTNERSHIP, number=1)
    assert ruling.offender is N and ruling.effect.to_document() == {"wrong_cards": "NS"}
    assert points(ruling.hand_after) == (0, 3)
    assert ruling.text.startswith("North, the dealer, played without discarding")


def test_law_90_no_discard_without_a_recorded_dealer_takes_the_seat_named() -> None:
    undealt = ReportedHand(maker=E, tricks=4)
    assert adjudicate("wrong_cards", in_time(offender="S", what="no_discard"), undealt, number=1).offender is S
    with pytest.raises(RulingError) as refused:
        adjudicate("wrong_cards", in_time(what="no_discard"), undealt, number=1)
    assert refused.value.field == "offender"


# 6. The law summaries.

def test_every_law_has_a_summary_in_our_own_words() -> None:
    assert sorted(SOMERSET_1888.laws) == list(range(1, 117))
    assert all(law.summary and law.title for law in SOMERSET_1888.laws.values())


@pytest.mark.parametrize(("number", "words"), [
    (4, "all other scores"),
    (50, "every trick"),
    (35, "dealer's partner"),
    (90, "any lone hand"),
    (31, "loses the deal"),
])
def test_law_summaries_say_what_the_law_says(number: int, words: str) -> None:
    assert words in SOMERSET_1888.law(number).summary


# 7. One path for ruling on a hand of a rubber.

RUBBER = [ReportedHand(dealer=N, maker=E, tricks=4), ReportedHand(dealer=E, maker=N, tricks=3)]


def test_rule_gives_the_decision_and_the_rubber_before_and_after() -> None:
    ruled = rule(RUBBER, 1, "revoke", {**REVOKED, "offender": "W", "count": 1}, rulebook=SOMERSET_1888,
                 first_dealer=N, names={W: "Wells"})
    assert ruled.decision.text.startswith("Wells (West) revoked once")
    assert (ruled.hand_points_before, ruled.hand_points_after) == ((0, 1), (3, 1))
    assert ruled.before.current_score == (1, 1) and ruled.after.current_score == (4, 1)
    assert ruled.changes_score
    json.dumps(ruled.to_document())


def test_rule_names_the_fact_it_cannot_rule_on() -> None:
    with pytest.raises(RulingError) as refused:
        rule(RUBBER, 1, "revoke", {**REVOKED, "offender": "W", "count": 9}, rulebook=SOMERSET_1888)
    assert refused.value.field == "count"
    with pytest.raises(RulingError) as missing:
        rule(RUBBER, 3, "revoke", {**REVOKED, "offender": "W", "count": 1}, rulebook=SOMERSET_1888)
    assert missing.value.field == "hand"


def test_rule_names_the_later_hand_a_ruling_would_leave_impossible_to_score() -> None:
    with pytest.raises(LaterHandError) as refused:  # a new deal by North leaves East's hand 2 out of turn
        rule(RUBBER, 1, "deal", in_time(offender="N", what="imperfect_pack"), rulebook=SOMERSET_1888, first_dealer=N)
    assert refused.value.hand == 2 and refused.value.later_field == "dealer"
    assert isinstance(refused.value, RulingError)


def test_a_decision_is_json_ready_with_its_open_options() -> None:
    pending = adjudicate("lead_out_of_turn", in_time(offender="S", followed="none"), PARTNERSHIP, number=1)
    document = json.loads(json.dumps(pending.to_document()))
    assert {"irregularity", "text", "laws", "too_late", "options", "chooser", "deal", "effect"} <= set(document)
    assert document["options"] == ["call_card", "call_suit", "consulted"] and document["chooser"] == "EW"
    assert document["ruling"] == document["text"] and document["laws"] == [52, 85]
    made = adjudicate("lead_out_of_turn", in_time(offender="S", followed="none"), PARTNERSHIP, number=1,
                      election="call_card")
    assert made.to_document()["options"] == [] and made.to_document()["election"] == "call_card"


def test_the_catalogue_lists_every_irregularity_with_its_questions() -> None:
    catalogue = json.loads(json.dumps(irregularity_catalogue(SOMERSET_1888)))
    assert [entry["key"] for entry in catalogue] == list(TABLE)
    for entry in catalogue:
        irregularity = TABLE[entry["key"]]
        assert entry["title"] == irregularity.title and entry["laws"] == list(irregularity.laws)
        keys = [fact["key"] for fact in entry["facts"]]
        assert keys == (["offender"] if irregularity.offender.value == "asked" else []) + [
            f.key for f in irregularity.facts]
        assert all(fact["question"] and fact["choices"] for fact in entry["facts"])
    revoke = catalogue[0]
    assert revoke["claim_limit"] == {"kind": "revoke", "late": {"before_trump": [68], "after_trump": [68, 5]}}
    other = next(f for f in revoke["facts"] if f["key"] == "other_count")
    assert other["default"] == 0 and not other["required"]
    wrong = next(entry for entry in catalogue if entry["key"] == "wrong_cards")
    assert {"when": {"what": ["no_discard"]}, "offender": "dealer"} in wrong["offender_from_hand"]


# 8. A correction of the maker keeps the declaration true to the new maker's seat (laws 74-76).

@pytest.mark.parametrize(("declared", "maker", "fits"), [
    (Declaration.ORDERED_UP, "N", Declaration.ADOPTED),
    (Declaration.ORDERED_UP, "S", Declaration.ASSISTED),
    (Declaration.ORDERED_UP, "W", None),  # still an adversary of the dealer: unchanged
    (Declaration.ADOPTED, "E", Declaration.ORDERED_UP),
    (Declaration.MADE, "N", None),  # making a suit may come from anyone
])
def test_a_corrected_maker_keeps_a_declaration_that_fits_his_seat(declared: Declaration, maker: str,
                                                                   fits: Declaration | None) -> None:
    hand = ReportedHand(dealer=N, maker=E if declared is not Declaration.ADOPTED else N, tricks=4,
                        declaration=declared)
    ruled = rule([hand], 1, "score_error", in_time(maker=maker, alone=False, tricks=3),
                 rulebook=SOMERSET_1888, first_dealer=N)
    corrections = ruled.decision.effect.to_document()["corrections"]
    assert corrections.get("declaration") == (fits.value if fits else None)
    assert ruled.decision.hand_after.declaration is (fits or declared)
    assert ruled.after.hands[0].points(Seat(maker).side) == 1


def test_law_40_asks_who_dealt_out_of_turn_records_him_and_goes_on_to_his_left() -> None:
    """North's deal by the rotation; East dealt, found after the trump was turned: the deal stands as East's,
    East is the offender, and South deals next."""
    hand = ReportedHand(dealer=N, maker=E, tricks=3)
    with pytest.raises(RulingError) as unanswered:
        adjudicate("misdeal", in_time(what="out_of_turn_stands"), hand, number=1)
    assert unanswered.value.field == "dealt_by"
    ruling = adjudicate("misdeal", in_time(what="out_of_turn_stands", dealt_by="E"), hand, number=1)
    assert ruling.offender is E and ruling.hand_after.dealer is E and ruling.hand_after.out_of_turn
    assert "East dealt out of turn" in ruling.text and "goes on to his left" in ruling.text
    assert score_rubber([ruling.hand_after], SOMERSET_1888, first_dealer=N).next_dealer is S


@pytest.mark.parametrize(("count", "other", "scorer", "points_words"), [
    (1, 2, "North-South", "the one revoke left over gives North-South 3 points"),  # the named side revoked less
    (2, 2, None, "no revoke points are scored"),  # level
    (2, 1, "East-West", "the one revoke left over gives East-West 3 points"),
])
def test_revokes_by_both_sides_never_say_one_side_scores_what_the_other_gets(count, other, scorer, points_words):
    ruling = adjudicate("revoke", in_time(offender="N", cause="not_following", stage="established", count=count,
                                          other_count=other, claimed="before_cut"), PARTNERSHIP, number=1)
    assert points_words in ruling.text
    assert "for each revoke of" not in ruling.text  # no claim that the claimants score, whoever revoked more
    ns, ew = points(ruling.hand_after)
    if scorer == "North-South":
        assert ns >= 3
    elif scorer == "East-West":
        assert ew >= 3


def test_law_100_does_not_read_as_a_euchre() -> None:
    lone = ReportedHand(dealer=E, maker=N, alone=True, tricks=5)
    ruling = adjudicate("lone_hand", in_time(offender="S", what="partner_played"), lone, number=1)
    assert "lone hand is lost" not in ruling.text and "loses his right to play alone" in ruling.text
