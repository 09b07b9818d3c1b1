"""The rulings table, law by law: each scenario states the facts and asserts the ruling and its score effect."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from scoring.engine import SOMERSET_1888, HandResult, ReportedHand, Seat, Side, score_rubber
from scoring.engine.rulings import Deal, Remedy, RulingError, adjudicate

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PARTNERSHIP = ReportedHand(dealer=N, maker=E, tricks=4)  # East-West make a point
MARCH = ReportedHand(dealer=N, maker=E, tricks=5)  # East-West march
LONE = ReportedHand(dealer=N, maker=E, alone=True, tricks=5)  # East marches alone
PASSED = ReportedHand(result=HandResult.PASSED, dealer=N)


def points(hand: ReportedHand) -> tuple[int, int]:
    scored = score_rubber([hand], SOMERSET_1888).hands[0]
    return scored.points(Side.NS), scored.points(Side.EW)


@dataclass(frozen=True)
class Case:
    name: str
    key: str
    facts: dict[str, Any]
    hand: ReportedHand
    laws: tuple[int, ...]
    after: tuple[int, int] | None = None  # the hand's (NS, EW) points once ruled; None: unchanged
    effect: dict[str, Any] = field(default_factory=dict)
    election: str | None = None
    options: tuple[str, ...] = ()
    deal: Deal = Deal.STANDS
    remedies: tuple[Remedy, ...] = ()
    too_late: bool = False
    chooser: Side | None = None  # who chooses, when not the non-offending side


def claim(**facts: Any) -> dict[str, Any]:
    return {"claimed": "before_cut", **facts}


CASES = [
    # The revoke (laws 62-71, 4, 54, 57).
    Case("revoke established", "revoke",
         claim(offender="N", cause="not_following", stage="established", count=1), PARTNERSHIP,
         (62, 63, 64, 71, 4, 66, 70), after=(0, 4), effect={"revokes": {"NS": 1}},
         remedies=(Remedy.PLAYED_OUT, Remedy.TRICKS_SEARCHED)),
    Case("revoke against a lone hand is five", "revoke",
         claim(offender="N", cause="not_following", stage="established", count=1), LONE,
         (62, 63, 64, 71, 4, 66, 70), after=(0, 9), effect={"revokes": {"NS": 1}},
         remedies=(Remedy.PLAYED_OUT, Remedy.TRICKS_SEARCHED)),
    Case("makers revoke twice: law 4 ends the game before their march", "revoke",
         claim(offender="W", cause="not_following", stage="established", count=2), MARCH,
         (62, 63, 64, 71, 4, 66, 70), after=(6, 0), effect={"revokes": {"EW": 2}},
         remedies=(Remedy.PLAYED_OUT, Remedy.TRICKS_SEARCHED)),
    Case("failing a lawful call is a revoke", "revoke",
         claim(offender="S", cause="call_ignored", stage="established", count=1), PARTNERSHIP,
         (54, 63, 64, 71, 4, 70), after=(0, 4), effect={"revokes": {"NS": 1}}, remedies=(Remedy.PLAYED_OUT,)),
    Case("cards mixed before the search", "revoke",
         claim(offender="E", cause="not_following", stage="mixed", count=1), PARTNERSHIP,
         (62, 67, 63, 71, 4), after=(3, 1), effect={"revokes": {"EW": 1}}),
    Case("failed call, cards mixed", "revoke",
         claim(offender="E", cause="call_ignored", stage="mixed", count=1), PARTNERSHIP,
         (54, 67, 63, 71, 4), after=(3, 1), effect={"revokes": {"EW": 1}}),
    Case("revoke saved in time", "revoke",
         claim(offender="N", cause="not_following", stage="corrected", count=1), PARTNERSHIP, (64, 69),
         remedies=(Remedy.CARD_CALLED, Remedy.CARDS_TAKEN_BACK)),
    Case("partner asked in time", "revoke",
         claim(offender="N", cause="not_following", stage="asked", count=1), PARTNERSHIP, (65, 69),
         remedies=(Remedy.CARD_CALLED, Remedy.CARDS_TAKEN_BACK)),
    Case("called on to lead a suit not held", "revoke",
         claim(offender="N", cause="called_suit_not_held", stage="established", count=1), PARTNERSHIP, (57, 55)),
    Case("revoke claimed after the cut", "revoke",
         claim(offender="N", cause="not_following", stage="established", count=1, claimed="before_trump"),
         PARTNERSHIP, (68,), too_late=True),
    Case("revoke claimed after the next trump was turned", "revoke",
         claim(offender="N", cause="not_following", stage="established", count=1, claimed="after_trump"),
         PARTNERSHIP, (68, 5), too_late=True),
    # Leads and plays out of turn (laws 52, 53, 58, 59, 83, 104, 105).
    Case("lead out of turn: adversaries elect", "lead_out_of_turn", claim(offender="S", followed="none"),
         PARTNERSHIP, (52, 85), options=("call_card", "call_suit", "consulted")),
    Case("lead out of turn: card called", "lead_out_of_turn", claim(offender="S", followed="none"),
         PARTNERSHIP, (52, 85, 55, 56), election="call_card", options=("call_card", "call_suit", "consulted"),
         remedies=(Remedy.CARD_CALLED,)),
    Case("lead out of turn: suit called", "lead_out_of_turn", claim(offender="S", followed="none"),
         PARTNERSHIP, (52, 85, 55, 57), election="call_suit", options=("call_card", "call_suit", "consulted"),
         remedies=(Remedy.SUIT_CALLED,)),
    Case("lead out of turn, some followed", "lead_out_of_turn", claim(offender="S", followed="some"),
         PARTNERSHIP, (52, 53, 85), options=("call_card", "call_suit", "consulted"),
         remedies=(Remedy.CARDS_TAKEN_BACK,)),
    Case("lead out of turn, all followed", "lead_out_of_turn", claim(offender="S", followed="all"),
         PARTNERSHIP, (53,)),
    Case("lone player leads out of turn", "lead_out_of_turn", claim(offender="E", followed="none"),
         LONE, (104, 46), remedies=(Remedy.CARD_CALLED,)),
    Case("lone player leads out of turn, some followed", "lead_out_of_turn",
         claim(offender="E", followed="some"), LONE, (53, 104, 46),
         remedies=(Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED)),
    Case("third hand before second", "play_out_of_turn", claim(offender="S", what="third_before_second"),
         PARTNERSHIP, (58,)),
    Case("fourth hand before partner", "play_out_of_turn", claim(offender="W", what="fourth_before_partner"),
         PARTNERSHIP, (59, 85), election="lose", options=("win", "lose", "consulted"), remedies=(Remedy.LOSE_TRICK,)),
    Case("partner prompted", "play_out_of_turn", claim(offender="N", what="prompted"), PARTNERSHIP, (83, 85),
         election="highest", options=("highest", "lowest", "win", "lose", "consulted"), remedies=(Remedy.HIGHEST,)),
    Case("adversary plays out of turn to a lone hand", "play_out_of_turn",
         claim(offender="N", what="third_before_second"), LONE, (105,), remedies=(Remedy.HANDS_LAID_DOWN,)),
    # Exposed and called cards (laws 46-51, 56, 91, 102, 104).
    Case("card shown", "exposed_card", claim(offender="N", how="shown"), PARTNERSHIP, (46, 56, 55),
         remedies=(Remedy.CARD_CALLED,)),
    Case("two cards at once", "exposed_card", claim(offender="N", how="two_at_once"), PARTNERSHIP,
         (46, 56, 55), remedies=(Remedy.CARD_CALLED,)),
    Case("dropped below the table", "exposed_card", claim(offender="N", how="below_table"), PARTNERSHIP, (46,)),
    Case("trump card lifted", "exposed_card", claim(offender="N", how="trump_lifted"), PARTNERSHIP,
         (91, 46, 56), remedies=(Remedy.CARD_CALLED,)),
    Case("winning cards run off", "exposed_card", claim(offender="E", how="winning_run"), PARTNERSHIP,
         (47, 46), remedies=(Remedy.WIN_CALLED_TRICK, Remedy.CARD_CALLED)),
    Case("cards thrown down", "exposed_card", claim(offender="E", how="thrown_down"), PARTNERSHIP, (48, 56),
         remedies=(Remedy.CARD_CALLED,)),
    Case("all four throw down", "exposed_card", claim(offender="E", how="all_four_down"), PARTNERSHIP, (49,)),
    Case("detached card named", "exposed_card", claim(offender="E", how="detached_named"), PARTNERSHIP,
         (51, 56), remedies=(Remedy.CARD_CALLED,)),
    Case("detached card named wrongly", "exposed_card", claim(offender="N", how="detached_misnamed"),
         PARTNERSHIP, (51,), remedies=(Remedy.SUIT_CALLED,)),
    Case("lone player's partner shows a card", "exposed_card", claim(offender="W", how="shown"), LONE,
         (101, 102), after=(0, 2), effect={"partner_exposed": True}),
    Case("lone player shows a card", "exposed_card", claim(offender="E", how="shown"), LONE, (104,)),
    # Omitted plays and two cards to a trick (laws 60, 61).
    Case("trick missed: new deal", "omitted_play", claim(offender="N"), PARTNERSHIP, (60, 85), after=(0, 0),
         effect={"result": "new_deal"}, election="new_deal", options=("new_deal", "stands", "consulted"),
         deal=Deal.SAME_DEALER),
    Case("trick missed: deal stands", "omitted_play", claim(offender="N"), PARTNERSHIP, (60, 85),
         election="stands", options=("new_deal", "stands", "consulted")),
    Case("trick missed, claimed too late", "omitted_play", claim(offender="N", claimed="after_trump"),
         PARTNERSHIP, (5,), too_late=True),
    Case("two cards found in play", "two_cards", claim(offender="S", found="in_play", count=0), PARTNERSHIP,
         (61,), remedies=(Remedy.CARD_RESTORED,)),
    Case("two cards found after, no revoke", "two_cards", claim(offender="S", found="after_hand", count=0),
         PARTNERSHIP, (61,)),
    Case("two cards found in play, one revoke", "two_cards", claim(offender="S", found="in_play", count=1),
         PARTNERSHIP, (61, 63, 71, 4), after=(0, 4), effect={"revokes": {"NS": 1}},
         remedies=(Remedy.CARD_RESTORED,)),
    Case("two cards, two revokes", "two_cards", claim(offender="S", found="after_hand", count=2), PARTNERSHIP,
         (61, 63, 71, 4), after=(0, 7), effect={"revokes": {"NS": 2}}),
    Case("two cards, revokes found after the cut", "two_cards",
         claim(offender="S", found="after_hand", count=1, claimed="before_trump"), PARTNERSHIP, (68,),
         too_late=True),
    # The wrong number of cards and the discard (laws 86-90, 103).
    Case("too many cards", "wrong_cards", claim(offender="N", what="too_many"), PARTNERSHIP, (90,),
         after=(0, 3), effect={"wrong_cards": "NS"}),
    Case("makers short a card", "wrong_cards", claim(offender="E", what="too_few"), PARTNERSHIP, (90,),
         after=(2, 0), effect={"wrong_cards": "EW"}),
    Case("no discard", "wrong_cards", claim(offender="N", what="no_discard"), PARTNERSHIP, (86, 90),
         after=(0, 3), effect={"wrong_cards": "NS"}),
    Case("lone partner's cards counted", "wrong_cards", claim(offender="W", what="counted"), LONE, (103, 90),
         after=(4, 0), effect={"wrong_cards": "EW"}),
    Case("wrong cards found too late", "wrong_cards", claim(offender="N", what="too_many", claimed="after_trump"),
         PARTNERSHIP, (5,), too_late=True),
    Case("lead before the discard", "discard", {"offender": "E", "what": "lead_before_discard"}, PARTNERSHIP,
         (87,), remedies=(Remedy.DISCARD_CHANGED,)),
    Case("trump card discarded", "discard", {"offender": "N", "what": "trump_discarded"}, PARTNERSHIP, (88, 86)),
    Case("discard changed after quitting", "discard", {"offender": "N", "what": "changed_after_quitting"},
         PARTNERSHIP, (86,)),
    Case("lead before discard against a lone hand", "discard", {"offender": "W", "what": "lone_lead_before_discard"},
         LONE, (89, 85), election="win", options=("highest", "lowest", "win", "lose", "consulted"),
         remedies=(Remedy.WIN_TRICK,)),
    # Lone hands (laws 50, 93-103, 105).
    Case("adversary abandons a lone hand", "lone_hand", claim(offender="N", what="abandoned"),
         ReportedHand(dealer=N, maker=E, alone=True, tricks=3), (50,), after=(0, 5),
         effect={"adversary_abandoned": True}),
    Case("lone partner exposes", "lone_hand", claim(offender="W", what="partner_exposed"), LONE, (101, 102),
         after=(0, 2), effect={"partner_exposed": True}),
    Case("lone partner plays: partnership elected", "lone_hand", claim(offender="W", what="partner_played"),
         LONE, (100, 85), after=(0, 2), effect={"corrections": {"alone": False}}, election="partnership",
         options=("partnership", "alone", "consulted")),
    Case("lone partner plays: lone hand allowed", "lone_hand", claim(offender="W", what="partner_played"),
         LONE, (100, 85), election="alone", options=("partnership", "alone", "consulted")),
    Case("adversary out of turn to a lone lead", "lone_hand", claim(offender="S", what="adversary_out_of_turn"),
         LONE, (105,), remedies=(Remedy.HANDS_LAID_DOWN,)),
    Case("not entitled to go alone", "lone_hand", claim(offender="E", what="not_entitled"), LONE, (93, 95),
         after=(0, 2), effect={"corrections": {"alone": False}}),
    Case("double declaration", "lone_hand", claim(offender="E", what="double_declaration"), LONE, (98,),
         after=(0, 2), effect={"corrections": {"alone": False}}),
    Case("late takeover", "lone_hand", claim(offender="W", what="late_takeover"), LONE, (99, 94),
         after=(0, 2), effect={"corrections": {"alone": False}}),
    Case("dealer alone too late", "lone_hand", claim(offender="E", what="dealer_late"), LONE, (96,),
         after=(0, 2), effect={"corrections": {"alone": False}}),
    Case("named the trump first", "lone_hand", claim(offender="E", what="named_trump_first"), LONE, (97, 85),
         after=(0, 2), effect={"corrections": {"alone": False}}, election="partnership",
         options=("partnership", "alone", "consulted")),
    # Making the trump (laws 74-82).
    Case("declaration out of turn", "making_trump", claim(offender="S", what="out_of_turn"), PASSED,
         (82, 74, 75, 76)),
    Case("named the turned-down suit", "making_trump", claim(offender="S", what="named_turned_down"), PASSED,
         (78, 77)),
    Case("changed the suit", "making_trump", claim(offender="S", what="changed_suit"), PARTNERSHIP, (78,)),
    Case("named after passing", "making_trump", claim(offender="S", what="named_after_passing"), PARTNERSHIP,
         (79,), remedies=(Remedy.PARTNER_MUST_PASS,)),
    Case("ordered after passing", "making_trump", claim(offender="S", what="ordered_after_passing"), PASSED,
         (80, 85), election="partner_passes", options=("partner_passes", "played", "consulted"),
         remedies=(Remedy.PARTNER_MUST_PASS,)),
    Case("unheard declaration", "making_trump", claim(offender="S", what="unheard"), PARTNERSHIP, (81,)),
    Case("dealer turned down", "making_trump", claim(offender="N", what="dealer_turned_down"), PASSED, (82,)),
    Case("all passed", "making_trump", claim(offender="N", what="all_passed"), PASSED, (77,),
         effect={"result": "passed"}, deal=Deal.PASSES),
    # The deal (laws 33-45).
    Case("imperfect pack", "deal", claim(offender="N", what="imperfect_pack"), PARTNERSHIP, (33,),
         after=(0, 0), effect={"result": "new_deal"}, deal=Deal.SAME_DEALER),
    Case("faced card before the lead", "deal", claim(offender="N", what="faced_before_lead"), PARTNERSHIP,
         (34,), after=(0, 0), effect={"result": "new_deal"}, deal=Deal.SAME_DEALER),
    Case("faced card after a lead", "deal", claim(offender="N", what="faced_after_lead"), PARTNERSHIP, (34,)),
    Case("card shown in turning", "deal", claim(offender="N", what="exposed_in_turning"), PARTNERSHIP, (39,),
         after=(0, 0), effect={"result": "new_deal"}, deal=Deal.SAME_DEALER),
    Case("card exposed in dealing: new deal", "deal", claim(offender="N", what="exposed_untouched"),
         PARTNERSHIP, (35, 36, 37, 85), after=(0, 0), effect={"result": "new_deal"}, election="new_deal",
         options=("new_deal", "stands", "consulted"), deal=Deal.SAME_DEALER),
    Case("card exposed, claimants had touched", "deal", claim(offender="N", what="exposed_touched"),
         PARTNERSHIP, (35,)),
    Case("wrong pack before the trump", "deal", claim(offender="N", what="wrong_pack_before_trump"),
         PARTNERSHIP, (38, 85), election="stands", options=("new_deal", "stands", "consulted")),
    Case("wrong pack after the trump", "deal", claim(offender="N", what="wrong_pack_after_trump"),
         PARTNERSHIP, (38,)),
    Case("misdeal", "misdeal", claim(what="misdeal"), PARTNERSHIP, (42, 41), after=(0, 0),
         effect={"result": "misdeal"}, deal=Deal.PASSES),
    Case("misdeal, adversary touched first", "misdeal", claim(what="adversary_touched"), PASSED, (43,),
         effect={"result": "new_deal"}, deal=Deal.SAME_DEALER),
    Case("misdeal, partner touched first", "misdeal", claim(what="partner_touched"), PASSED, (43, 41),
         effect={"result": "misdeal"}, deal=Deal.PASSES),
    Case("misdeal after an unfounded claim: the dealer deals again", "misdeal", claim(what="interrupted"), PASSED,
         (44,), effect={"result": "new_deal"}, deal=Deal.SAME_DEALER, election="deal_again",
         options=("deal_again", "lose_deal"), chooser=Side.NS),
    Case("misdeal after an unfounded claim: the dealer lets it stand", "misdeal", claim(what="interrupted"),
         PASSED, (44, 41), effect={"result": "misdeal"}, deal=Deal.PASSES, election="lose_deal",
         options=("deal_again", "lose_deal"), chooser=Side.NS),
    Case("partner's deal taken", "misdeal", claim(what="partner_dealt"), PASSED, (45, 41),
         effect={"result": "misdeal"}, deal=Deal.PASSES),
    Case("deal out of turn stopped", "misdeal", claim(what="out_of_turn_stopped"), PASSED, (40,),
         deal=Deal.RIGHTFUL_DEALER),
    Case("deal out of turn stands", "misdeal", claim(what="out_of_turn_stands", dealt_by="E"), PARTNERSHIP, (40,),
         effect={"corrections": {"out_of_turn": True, "dealer": "E"}}),
    Case("partner's deal taken, recorded as dealt out of turn by him", "misdeal", claim(what="partner_dealt"),
         ReportedHand(dealer=S, out_of_turn=True, maker=E, tricks=3), (45, 41),
         effect={"result": "misdeal", "corrections": {"dealer": "N", "out_of_turn": False}}, after=(0, 0),
         deal=Deal.PASSES),
    # Shuffling and cutting (laws 22-31), fresh and torn cards (laws 72, 73).
    Case("shuffled wrongly", "shuffle_and_cut", claim(offender="N", what="shuffled_wrongly"), PARTNERSHIP,
         (22, 23)),
    Case("a card seen in the dealer's shuffle", "shuffle_and_cut", claim(offender="N", what="seen_in_shuffle"),
         PARTNERSHIP, (27,)),
    Case("a bad cut", "shuffle_and_cut", claim(offender="W", what="bad_cut"), PARTNERSHIP, (29,)),
    Case("a cut changed", "shuffle_and_cut", claim(offender="W", what="recut"), PARTNERSHIP, (30,)),
    Case("the dealer shuffled after the cut", "shuffle_and_cut",
         claim(offender="W", what="dealer_reshuffled", noticed="before_trump"),
         PARTNERSHIP, (31,), after=(0, 0), effect={"result": "misdeal"}, deal=Deal.PASSES),
    Case("the dealer shuffled after the cut, claimed too late", "shuffle_and_cut",
         claim(offender="N", what="dealer_reshuffled", noticed="before_trump", claimed="after_trump"), PARTNERSHIP,
         (5,), too_late=True),
    Case("the dealer shuffled after the cut, claimed after the trump was turned", "shuffle_and_cut",
         claim(offender="N", what="dealer_reshuffled", noticed="after_trump"), PARTNERSHIP, (31, 38, 40)),
    Case("fresh cards called before the cut", "fresh_cards", {"what": "before_cut"}, PARTNERSHIP, (72,)),
    Case("fresh cards called after the cut", "fresh_cards", {"what": "after_cut"}, PARTNERSHIP, (72,)),
    Case("a torn card", "fresh_cards", {"what": "torn_or_marked"}, PASSED, (73,)),
    # Score errors and announcing (laws 5, 6).
    Case("score put right", "score_error", claim(maker="W", alone=False, tricks=2), PARTNERSHIP,
         (5,), after=(2, 0), effect={"corrections": {"maker": "W", "alone": False, "tricks": 2}}),
    Case("score put right: lone march", "score_error", claim(maker="E", alone=True, tricks=5),
         PARTNERSHIP, (5,), after=(0, 4), effect={"corrections": {"maker": "E", "alone": True, "tricks": 5}}),
    Case("score error too late", "score_error",
         claim(maker="W", alone=False, tricks=2, claimed="after_trump"), PARTNERSHIP, (5,),
         too_late=True),
    Case("points not announced", "announcement", {"offender": "E", "what": "not_announced"}, PARTNERSHIP, (6,)),
    Case("points announced wrongly", "announcement", {"offender": "E", "what": "announced_wrongly"},
         PARTNERSHIP, (6, 5)),
    # Etiquette (laws 106-116): recorded, no score effect.
    *[Case(f"etiquette, law {law}", "etiquette", {"offender": "S", "breach": str(law)}, PARTNERSHIP, (106, law))
      for law in range(107, 117)],
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_case_gets_the_laws_effect_deal_and_remedies_of_its_row(case: Case) -> None:
    ruling = adjudicate(case.key, case.facts, case.hand, number=1, election=case.election)

    assert ruling.law_numbers == case.laws
    assert ruling.effect.to_document() == case.effect
    assert ruling.deal is case.deal
    assert ruling.remedies == case.remedies
    assert ruling.too_late is case.too_late
    assert tuple(o.key for o in ruling.options) == case.options
    assert ruling.awaiting_election is (bool(case.options) and case.election is None)
    if case.options:
        assert ruling.chooser is (case.chooser or ruling.offending_side.other)
    assert points(ruling.hand_after) == (case.after if case.after is not None else points(case.hand))
    # Every law cited has a summary in the project's own words.
    assert all(law.summary for law in ruling.laws)
    assert "{" not in ruling.text


def test_every_listed_law_is_cited_by_some_ruling() -> None:
    listed = {4, 5, 6, 22, 23, 27, 29, 30, 31, *range(33, 83), 85, 86, 87, 88, 89, 90, *range(93, 117)}
    listed -= {84}  # asking to have the cards placed: no dispute to rule on
    cited = {n for case in CASES for n in adjudicate(
        case.key, case.facts, case.hand, number=1, election=case.election).law_numbers}
    assert listed - cited == set()


def test_revoke_remedies_name_searching_and_playing_out() -> None:
    ruling = adjudicate("revoke", claim(offender="N", cause="not_following", stage="established", count=1),
                        PARTNERSHIP, number=1)
    words = " ".join(ruling.remedy_words)
    assert "search all the tricks" in words and "played out" in words


def test_text_names_players_and_points() -> None:
    ruling = adjudicate("revoke", claim(offender="N", cause="not_following", stage="established", count=2),
                        LONE, number=4, names={N: "Ames", S: "Cole"})
    assert ruling.text.startswith("Ames (North) revoked twice")
    assert "So East-West score 10 points." in ruling.text  # two lone-hand revokes at 5 each (law 4)


def test_election_text_says_the_choice_is_final() -> None:
    pending = adjudicate("lead_out_of_turn", claim(offender="S", followed="none"), PARTNERSHIP, number=1)
    assert "East-West choose (law 85)" in pending.text and "may not consult" in pending.text
    made = adjudicate("lead_out_of_turn", claim(offender="S", followed="none"), PARTNERSHIP, number=1,
                      election="call_suit")
    assert "a demand once made is final" in made.text and "call a suit" in made.text


@pytest.mark.parametrize(("key", "facts", "hand", "election", "field"), [
    ("hiding", {}, PARTNERSHIP, None, "irregularity"),
    ("revoke", {"offender": "N", "cause": "not_following", "stage": "established", "claimed": "before_cut"},
     PARTNERSHIP, None, "count"),
    ("revoke", claim(offender="N", cause="not_following", stage="established", count=9), PARTNERSHIP, None,
     "count"),
    ("revoke", claim(offender="X", cause="not_following", stage="established", count=1), PARTNERSHIP, None,
     "offender"),
    ("revoke", claim(offender="N", cause="sulking", stage="established", count=1), PARTNERSHIP, None, "cause"),
    ("revoke", claim(offender="N", cause="not_following", stage="established", count=1), PASSED, None, "hand"),
    ("lead_out_of_turn", claim(offender="S", followed="none"), PARTNERSHIP, "new_deal", "election"),
    ("lead_out_of_turn", claim(offender="S", followed="all"), PARTNERSHIP, "call_card", "election"),
    ("lone_hand", claim(offender="N", what="abandoned"), PARTNERSHIP, None, "irregularity"),
    ("lone_hand", claim(offender="W", what="abandoned"), LONE, None, "offender"),
    ("lone_hand", claim(offender="W", what="adversary_out_of_turn"), LONE, None, "offender"),
    ("wrong_cards", claim(offender="N", what="counted"), PARTNERSHIP, None, "what"),
    ("score_error", claim(maker="E", alone="perhaps", tricks=3), PARTNERSHIP, None, "alone"),
])
def test_bad_facts_name_the_question(key: str, facts: dict[str, Any], hand: ReportedHand, election: str | None,
                                     field: str) -> None:
    with pytest.raises(RulingError) as caught:
        adjudicate(key, facts, hand, number=7, election=election)
    assert caught.value.field == field
    assert caught.value.hand == 7


def test_a_ruling_the_hand_cannot_take_is_refused_with_the_reason() -> None:
    # The lone hand already carries law 102; ruling it a partnership hand would leave law 102 on a
    # partnership hand, which the laws do not allow.
    exposed = ReportedHand(dealer=N, maker=E, alone=True, tricks=5, partner_exposed=True)
    with pytest.raises(RulingError, match="law 102 applies only to a lone hand") as caught:
        adjudicate("lone_hand", claim(offender="E", what="not_entitled"), exposed, number=2)
    assert caught.value.field == "partner_exposed"


def test_law_4_precedence_when_a_ruled_revoke_ends_the_game() -> None:
    """NS at 3 and EW at 4; EW make a point, which would win them the game, but a revoke by West is
    upheld: the 3 revoke points bring NS to 6 and end the game first, and EW's point is lost."""
    before = [ReportedHand(dealer=N, maker=S, tricks=4), ReportedHand(dealer=E, maker=N, tricks=5),
              ReportedHand(dealer=S, maker=E, alone=True, tricks=5)]
    disputed = ReportedHand(dealer=W, maker=E, tricks=3)
    ruling = adjudicate("revoke", claim(offender="W", cause="not_following", stage="established", count=1),
                        disputed, number=4)
    unruled = score_rubber([*before, disputed], SOMERSET_1888)
    ruled = score_rubber([*before, ruling.hand_after], SOMERSET_1888)
    assert [(g.winner, g.score) for g in unruled.games] == [(Side.EW, (3, 5))]  # EW's point would win it
    game = ruled.games[0]
    assert (game.winner, game.score, game.closed_by_hand) == (Side.NS, (6, 4), 4)
    lost = [a for a in ruled.hands[3].awards if not a.counted]
    assert [(a.side, a.points) for a in lost] == [(Side.EW, 1)]
