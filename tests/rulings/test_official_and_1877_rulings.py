"""Rulings under the Official Laws and the 1877 rules as a director meets them: each citation stored and shown
with its own code, §9's claim at once and its lead out of turn, the headings a revoke and a choice carry, and a
refused penalty counting nothing from the hand."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.engine import RULEBOOKS, Declaration, ReportedHand, Seat, Side, parse_rubber, score_rubber
from scoring.engine.laws import SECTION_1877
from scoring.engine.rulings import Chooser, Remedy, RulingError, irregularity_catalogue, rule
from scoring.models import Ruling
from tests.builders import a_rubber
from tests.factories import EventFactory
from tests.helpers import record
from tests.rulings.test_rulings import make, walk

HAND = ReportedHand(dealer=Seat.W, maker=Seat.N, tricks=3)
R1877 = RULEBOOKS["rules-1877"]


def ruled(key: str, facts: dict[str, Any], code: str = "rules-1877", election: str | None = None) -> Any:
    return rule([HAND], 1, key, facts, election, rulebook=RULEBOOKS[code])


def test_an_1877_ruling_cites_its_sections_as_the_1877_rules_number_them_in_rule_and_rule_list():
    decision = ruled("thrown_in", {"offender": "E", "claimed": "in_play"}).decision
    document = decision.to_document()
    assert document["laws"] == [SECTION_1877 + 9, 34] and document["cited"] == ["1877 §9", "XXXIV"]
    listed = {entry["key"]: entry for entry in irregularity_catalogue(R1877)}
    assert listed["thrown_in"]["laws"] == [SECTION_1877 + 9, 34]
    assert listed["thrown_in"]["cited"] == ["1877 §9", "XXXIV"]
    assert listed["privileges"]["cited"] == ["1877 §6", "1877 §7", "1877 §8"]
    assert listed["deal"]["cited"][-2:] == ["IX", "XI"]  # the Official Laws' own, under their numerals


@pytest.mark.django_db
def test_a_confirmed_1877_ruling_reads_back_as_its_section_on_its_page_and_pdf(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="N", tricks=3)
    ruling = make(rubber, 1, "thrown_in", {"offender": "E", "claimed": "in_play"}, by=secretary)
    assert ruling.laws == [SECTION_1877 + 9, 34]
    client.force_login(secretary)
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    assert "1877 §9 · the play" in page and "Law IX" not in page
    pdf = client.get(reverse("ruling_pdf", args=[ruling.pk])).content
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "1877 §9" in text and "imperfect pack" not in text


@pytest.mark.django_db
def test_rulings_stored_with_bare_section_numbers_are_read_again_as_their_sections(secretary, players):
    from importlib import import_module

    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="N", tricks=3)
    thrown = make(rubber, 1, "thrown_in", {"offender": "E", "claimed": "in_play"}, by=secretary)
    Ruling.objects.filter(pk=thrown.pk).update(laws=[9, 34])  # as stored before
    # The models as the migrations leave them (the rows' own rules, such as a ruling never edited, are not theirs).
    state = MigrationLoader(connection).project_state()
    import_module("scoring.migrations.0032_rulings_cite_1877_sections").cite_sections(state.apps, None)
    assert Ruling.objects.get(pk=thrown.pk).laws == [SECTION_1877 + 9, 34]


def test_cards_thrown_in_are_counted_only_when_claimed_at_once():
    at_once = ruled("thrown_in", {"offender": "E", "claimed": "in_play"})
    assert at_once.hand_points_after == (2, 0)  # North-South count the march in place of their point
    for late in ("before_cut", "before_trump", "after_trump"):
        after_cut = ruled("thrown_in", {"offender": "E", "claimed": late})
        assert after_cut.decision.too_late and after_cut.hand_points_after == (1, 0), late
        assert "must be claimed at once" in after_cut.decision.text


@pytest.mark.parametrize(("played_on", "taken_back", "words"), [
    ("none", True, "taken back and left face up"),
    ("both", False, "the lead stands"),
    ("partner", True, "he may not have it taken back"),
])
def test_an_1877_lead_out_of_turn_is_taken_back_only_by_those_who_have_not_played_on_it(played_on, taken_back,
                                                                                         words):
    decision = ruled("lead_out_of_turn", {"offender": "E", "what": "before_all", "played_on": played_on}).decision
    assert words in decision.text
    assert bool(decision.remedies) is taken_back
    assert decision.law_numbers[-1] == SECTION_1877 + 9


def test_an_1877_lead_out_of_turn_an_adversary_played_on_is_the_offenders_partners_to_call_back():
    # §9: once an adversary has played on the card, neither adversary may have it taken back; the offender's
    # partner, who has not played on it, still may: his election.
    facts = {"offender": "E", "what": "before_all", "played_on": "adversary"}
    choosing = ruled("lead_out_of_turn", facts).decision
    assert [o.key for o in choosing.options] == ["take_back", "lead_stands"] and choosing.awaiting_election
    assert choosing.chosen_by is Chooser.PARTNER and choosing.chooser is Side.EW  # West, East's partner
    assert "West, who has not played on it, may call it back or let the lead stand" in choosing.text
    assert "The choice is West's alone, as the offender's partner (1877 §9)." in choosing.text
    called = ruled("lead_out_of_turn", facts, election="take_back").decision
    assert called.remedies == (Remedy.CARDS_TAKEN_BACK, Remedy.CARD_CALLED) and not called.open_options
    assert "West calls the card back" in called.text and "West made the choice" in called.text
    assert called.law_numbers == (SECTION_1877 + 9,)
    stands = ruled("lead_out_of_turn", facts, election="lead_stands").decision
    assert stands.remedies == () and "West lets the lead stand" in stands.text


@pytest.mark.django_db
def test_the_wizard_stores_the_partners_election_on_an_1877_lead_out_of_turn(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    facts = {"offender": "E", "what": "before_all", "played_on": "adversary"}
    response = walk(client, rubber, 1, "lead_out_of_turn", facts, election="take_back")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.election, ruling.chooser, ruling.remedies) == ("take_back", "EW",
                                                                  ["cards_taken_back", "card_called"])
    assert ruling.facts == {"offender": "E", "what": "before_all", "played_on": "adversary"}
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    west = players[3].display_name
    assert f"West: {west}, the offender&#x27;s partner, chose (1877 §9)" in page


@pytest.mark.parametrize("code", ["official-1862", "rules-1877", "standard"])
def test_a_completed_revoke_and_a_called_card_not_played_are_not_headed_as_mixing_the_cards(code):
    for key, facts in (("revoke", {"offender": "E", "stage": "established", "claimed": "in_play"}),
                       ("exposed_card", {"offender": "E", "how": "call_refused", "claimed": "in_play"})):
        cited = [law.own for law in ruled(key, facts, code).decision.laws]
        assert "XXV" not in cited, (code, key, cited)
        assert ("the standard game" if code == "standard" else "the 1862 summary") in cited
        assert ("XXXIV" in cited) is (code != "standard")  # the standard game's revoke ends the hand instead
    mixed = ruled("revoke", {"offender": "E", "stage": "mixed", "claimed": "in_play"}, code).decision
    assert "XXV" in [law.own for law in mixed.laws]


def test_a_corrected_revokes_choice_is_the_offenders_left_hand_adversarys_alone():
    facts = {"offender": "N", "stage": "corrected", "claimed": "in_play"}
    choosing = ruled("revoke", facts, "official-1862").decision
    assert "East may require" in choosing.text and "The choice is East's alone" in choosing.text
    assert "North-South" not in choosing.text and "East-West choose" not in choosing.text
    chosen = ruled("revoke", facts, "official-1862", election="highest").decision
    assert "East requires the highest card" in chosen.text and "East made the choice" in chosen.text


def test_a_side_that_refuses_a_penalty_counts_nothing_from_the_hand_and_loses_the_game():
    report = parse_rubber({"rulebook": "official-1862", "hands": [
        {"dealer": "W", "maker": "N", "tricks": 3, "refused_penalty": "NS"}]})
    result = score_rubber(report.hands, report.rulebook)
    assert [(g.winner.value, g.score) for g in result.games] == [("EW", (0, 5))]  # not 1-5: XXXIV


def test_an_award_is_paid_whoever_counts_nothing_signal_and_cards_thrown_in_in_one_hand():
    report = parse_rubber({"rulebook": "rules-1877", "hands": [
        {"dealer": "W", "maker": "N", "tricks": 3, "signal": "NS", "thrown_in": "EW"}]})
    assert score_rubber(report.hands, report.rulebook).current_score == (2, 1)


@pytest.mark.django_db
def test_the_command_prints_the_same_citations_as_its_list(tmp_path):
    dispute = {"rubber": {"format": "euchre-rubber/1", "rulebook": "rules-1877",
                          "hands": [{"dealer": "W", "maker": "N", "tricks": 3}]},
               "hand": 1, "irregularity": "thrown_in", "facts": {"offender": "E", "claimed": "in_play"}}
    path = tmp_path / "dispute.json"
    path.write_text(json.dumps(dispute))
    out = io.StringIO()
    call_command("rule", str(path), stdout=out)
    printed = json.loads(out.getvalue())
    listed = io.StringIO()
    call_command("rule", "--list", "--rulebook", "rules-1877", stdout=listed)
    entry = next(e for e in json.loads(listed.getvalue()) if e["key"] == "thrown_in")
    assert printed["laws"] == entry["laws"] == [SECTION_1877 + 9, 34]
    assert printed["cited"] == entry["cited"] == ["1877 §9", "XXXIV"]


LONE = ReportedHand(dealer=Seat.W, maker=Seat.N, alone=True, tricks=5)


def on(hand: ReportedHand, key: str, facts: dict[str, Any], code: str, election: str | None = None) -> Any:
    return rule([hand], 1, key, facts, election, rulebook=RULEBOOKS[code])


@pytest.mark.parametrize("code", ["official-1862", "rules-1877", "standard"])
def test_a_lone_hand_announced_in_doubtful_words_is_played_with_the_partner_once_a_lead_is_made(code):
    after_lead = on(LONE, "ambiguous_alone", {"lead": "made", "claimed": "in_play"}, code)
    assert after_lead.hand_points_before == (4, 0) and after_lead.hand_points_after == (2, 0)  # a march, not alone
    assert [law.cited for law in after_lead.decision.laws] == ["Official Laws, XXI" if code == "standard" else "XXI"]
    before_lead = on(LONE, "ambiguous_alone", {"lead": "not_made", "claimed": "in_play"}, code)
    assert before_lead.hand_points_after == (4, 0) and "says plainly" in before_lead.decision.text
    with pytest.raises(Exception, match="not played alone"):
        on(HAND, "ambiguous_alone", {"lead": "made", "claimed": "in_play"}, code)


LONE_MADE = ReportedHand(dealer=Seat.W, maker=Seat.N, declaration=Declaration.MADE, alone=True, tricks=5)


def test_under_1877_the_adversaries_may_make_a_player_slow_to_say_alone_play_with_his_partner():
    choosing = on(LONE_MADE, "alone_not_at_once", {"claimed": "in_play"}, "rules-1877")
    assert choosing.decision.awaiting_election and choosing.decision.law_numbers == (SECTION_1877 + 6,)
    compelled = on(LONE_MADE, "alone_not_at_once", {"claimed": "in_play"}, "rules-1877", election="with_partner")
    assert compelled.hand_points_after == (2, 0)
    allowed = on(LONE_MADE, "alone_not_at_once", {"claimed": "in_play"}, "rules-1877", election="alone_stands")
    assert allowed.hand_points_after == (4, 0)
    assert "alone_not_at_once" not in {e["key"] for e in irregularity_catalogue(RULEBOOKS["official-1862"])}


def test_a_misdeal_after_an_adversary_took_up_his_cards_does_not_cost_the_dealer_his_deal():
    ruled_deal = on(HAND, "deal", {"what": "taken_up", "claimed": "in_play"}, "official-1862").decision
    assert ruled_deal.deal.value == "same_dealer" and ruled_deal.effect.result is not None
    assert [law.cited for law in ruled_deal.laws] == ["VI"]
    misdeal = on(HAND, "deal", {"what": "misdeal", "claimed": "in_play"}, "official-1862").decision
    assert misdeal.deal.value == "passes"  # his own misdeal loses it (XI)


def test_naming_the_suit_turned_down_is_a_pass_and_a_named_suit_stands():
    passed = on(HAND, "suit_named", {"offender": "N", "what": "turned_down"}, "official-1862").decision
    assert "has passed, and the right to make the trump goes to East" in passed.text
    changed = on(HAND, "suit_named", {"offender": "N", "what": "changed"}, "official-1862").decision
    assert "may not change it" in changed.text and not changed.effect


def test_a_lead_before_the_dealer_discarded_stands_and_he_may_still_play_alone():
    stands = on(HAND, "lead_out_of_turn", {"offender": "S", "what": "before_discard"}, "standard").decision
    assert "The lead stands" in stands.text and "keeps his right to play alone" in stands.text
    assert [law.cited for law in stands.laws] == ["Official Laws, XIII"] and not stands.remedies


MARCH = ReportedHand(dealer=Seat.W, maker=Seat.N, tricks=5)


@pytest.mark.parametrize(("claimed", "after"), [("in_play", (2, 0)), ("before_trump", (2, 0)), ("after_trump", (0, 0))])
def test_points_a_side_failed_to_count_are_lost_once_the_next_deal_is_made(claimed, after):
    facts = {"offender": "S", "which": "failed", "points": 2, "claimed": claimed}
    ruled_count = on(MARCH, "counter_error", facts, "official-1862")
    assert ruled_count.hand_points_after == after and not ruled_count.decision.too_late
    effect = ruled_count.decision.effect
    assert effect.from_document(effect.to_document()) == effect  # stored and read back alike


def test_uncounted_points_are_taken_from_what_the_side_counted_and_never_more():
    report = parse_rubber({"rulebook": "official-1862", "hands": [
        {"dealer": "W", "maker": "N", "tricks": 5, "uncounted": {"NS": 1}},
        {"dealer": "N", "maker": "E", "tricks": 3, "revokes": {"NS": 1}, "uncounted": {"EW": 5}}]})
    result = score_rubber(report.hands, report.rulebook)
    assert result.current_score == (1, 0)  # a march less one; East-West's award and point, all lost
    with pytest.raises(Exception, match="somerset-1888"):
        parse_rubber({"hands": [{"dealer": "W", "maker": "N", "tricks": 5, "uncounted": {"NS": 1}}]})
    with pytest.raises(Exception, match="failed to count must be a whole number"):
        parse_rubber({"rulebook": "official-1862", "hands": [
            {"dealer": "W", "maker": "N", "tricks": 5, "uncounted": {"NS": -1}}]})


@pytest.mark.django_db
def test_the_ruling_page_says_the_left_hand_adversary_chose(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="N", tricks=3)
    ruling = make(rubber, 1, "revoke", {"offender": "N", "stage": "corrected", "claimed": "in_play"},
                  election="lowest", by=secretary)
    client.force_login(secretary)
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    east = players[1].display_name
    assert f"East: {east}, the offender&#x27;s left-hand adversary, chose" in page
    assert "requires the lowest card of the suit led" in page


# Issue 50: 1877 §6's "alone" said at once is the rule of a suit named after the turn-down, and only of that.
ORDERED_UP_ALONE = {"format": "euchre-rubber/1", "rulebook": "rules-1877", "hands": [
    {"dealer": "N", "maker": "E", "declaration": "ordered_up", "alone": True, "tricks": 5}]}


def _lone_1877(declaration: str | None) -> ReportedHand:
    hand = {**ORDERED_UP_ALONE["hands"][0], "declaration": declaration}
    return parse_rubber({**ORDERED_UP_ALONE, "hands": [{k: v for k, v in hand.items() if v is not None}]}).hands[0]


@pytest.mark.parametrize("declaration", ["ordered_up", "assisted", "adopted"])
def test_alone_not_said_at_once_is_refused_for_a_lone_hand_on_the_turned_card(declaration):
    seat = {"ordered_up": "E", "assisted": "S", "adopted": "N"}[declaration]
    hand = parse_rubber({**ORDERED_UP_ALONE, "hands": [
        {"dealer": "N", "maker": seat, "declaration": declaration, "alone": True, "tricks": 5}]}).hands[0]
    with pytest.raises(RulingError) as refused:
        on(hand, "alone_not_at_once", {"claimed": "in_play"}, "rules-1877", election="with_partner")
    assert refused.value.field == "irregularity"
    assert "suit named after the trump card was turned down" in refused.value.message
    assert "took up the turned card in the first round" in refused.value.message


def test_alone_not_said_at_once_rules_on_a_suit_named_and_asks_for_the_declaration_when_unrecorded():
    named = on(_lone_1877("made"), "alone_not_at_once", {"claimed": "in_play"}, "rules-1877",
               election="with_partner")
    assert (named.hand_points_before, named.hand_points_after) == ((0, 4), (0, 2))
    with pytest.raises(RulingError, match="does not say how the trump was made") as unrecorded:
        on(_lone_1877(None), "alone_not_at_once", {"claimed": "in_play"}, "rules-1877")
    assert unrecorded.value.field == "irregularity"


@pytest.mark.django_db
def test_the_wizard_stores_no_ruling_on_alone_not_said_at_once_for_an_ordered_up_lone_hand(client, secretary,
                                                                                            players):
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="E", declaration="ordered_up", alone=True, tricks=5)
    client.force_login(secretary)
    response = walk(client, rubber, 1, "alone_not_at_once", {"claimed": "in_play"}, election="with_partner")
    assert response.status_code == 200 and not Ruling.objects.exists()
    assert "suit named after the trump card was turned down" in response.content.decode()
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (0, 4)


# Issue 50: a fact the laws cannot rule on is refused, never dropped.
@pytest.mark.parametrize(("facts", "named"), [
    ({"othercount": 1}, "othercount"),  # once dropped: North-South's revoke scored East-West 3
    ({"zzz": "anything"}, "zzz"),
    ({"lone": "yes"}, "lone"),  # worked out from the hand, never asked
    ({"offender": {"seat": "N"}}, "offender"),  # an object where a seat is asked
    ({"other_count": [1]}, "other_count"),
    ({"other_count": 1.5}, "other_count"),
])
def test_a_fact_the_revoke_does_not_ask_or_cannot_read_is_refused_naming_it(facts, named):
    with pytest.raises(RulingError) as refused:
        ruled("revoke", {"offender": "N", "stage": "established", "claimed": "before_cut", **facts},
              "official-1862")
    assert refused.value.field == named


def test_the_revokes_own_other_count_voids_the_hand():
    offset = ruled("revoke", {"offender": "N", "stage": "established", "other_count": 1, "claimed": "before_cut"},
                   "official-1862")
    assert (offset.hand_points_before, offset.hand_points_after) == ((1, 0), (0, 0))


def test_an_offender_the_laws_name_from_the_hand_is_accepted_only_as_they_name_him():
    card_shown = {"what": "card_shown", "claimed": "in_play"}
    assert ruled("deal", {**card_shown, "offender": "W"}, "official-1862").decision.offender is Seat.W  # the dealer
    with pytest.raises(RulingError, match="the dealer, West") as refused:
        ruled("deal", {**card_shown, "offender": "N"}, "official-1862")
    assert refused.value.field == "offender"


@pytest.mark.django_db
def test_the_service_and_the_wizard_store_only_the_disputes_own_questions(client, secretary, players):
    from django.core.exceptions import ValidationError

    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="N", tricks=3)
    facts = {"offender": "E", "stage": "established", "claimed": "in_play"}
    with pytest.raises(ValidationError) as refused:
        make(rubber, 1, "revoke", {**facts, "othercount": 1}, by=secretary)
    assert list(refused.value.error_dict) == ["othercount"] and not Ruling.objects.exists()
    client.force_login(secretary)
    assert walk(client, rubber, 1, "revoke", {**facts, "other_count": 0}).status_code == 302
    assert Ruling.objects.get().facts == {"offender": "E", "stage": "established", "other_count": 0,
                                          "claimed": "in_play"}


# Issue 50: XXXI, points a side failed to count are points it won; a count it could not have won is refused.
@pytest.mark.parametrize("claimed", ["in_play", "after_trump"])
def test_a_side_cannot_have_failed_to_count_more_than_it_won_in_the_hand(claimed):
    facts = {"offender": "S", "which": "failed", "points": 3, "claimed": claimed}
    with pytest.raises(RulingError) as refused:
        ruled("counter_error", facts, "official-1862")  # North made 3 tricks: North-South won 1 point
    assert refused.value.field == "points"
    assert refused.value.message == ("North-South counted 1 point from this hand, so they cannot have failed to "
                                     "count 3 points (XXXI)")
    lost = ruled("counter_error", {**facts, "points": 1}, "official-1862")
    assert lost.hand_points_after == ((0, 0) if claimed == "after_trump" else (1, 0))


def test_the_count_a_side_won_is_read_from_the_rubber_as_it_scored_the_hand():
    # East-West stand at 4: North-South's revoke gives them 2 and the game there, so their march is lost; alone,
    # from love, the hand would give them 4.
    report = parse_rubber({"rulebook": "official-1862", "hands": [
        {"dealer": "N", "maker": "E", "alone": True, "tricks": 5},
        {"dealer": "E", "maker": "W", "tricks": 5, "revokes": {"NS": 1}}]})
    assert score_rubber(report.hands, report.rulebook).hands[1].points(Side.EW) == 2
    facts = {"offender": "E", "which": "failed", "points": 2, "claimed": "after_trump"}
    assert not rule(list(report.hands), 2, "counter_error", facts, rulebook=report.rulebook).decision.too_late
    with pytest.raises(RulingError, match="East-West counted 2 points from this hand"):
        rule(list(report.hands), 2, "counter_error", {**facts, "points": 3}, rulebook=report.rulebook)


@pytest.mark.django_db
def test_the_wizard_stores_no_count_a_side_could_not_have_failed_to_make(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="E", tricks=3)
    client.force_login(secretary)
    response = walk(client, rubber, 1, "counter_error",
                    {"offender": "W", "which": "failed", "points": 3, "claimed": "after_trump"})
    assert response.status_code == 200 and not Ruling.objects.exists()
    assert response.context["form"].errors["points"] == [
        "East-West counted 1 point from this hand, so they cannot have failed to count 3 points (XXXI)"]


# Issue 50: XXXVI offers the game to the side that did not refuse: they may throw down their cards and claim it.
def test_a_refused_penalty_offers_the_game_to_the_other_side_as_their_election():
    facts = {"offender": "N", "what": "refused", "claimed": "in_play"}
    offered = ruled("refused_penalty", facts, "official-1862")
    assert [o.key for o in offered.decision.options] == ["claim_game", "play_on"]
    assert offered.decision.chooser is Side.EW and offered.decision.awaiting_election
    assert offered.hand_points_after == (1, 0) and offered.decision.effect.refused_penalty is None
    assert "East-West may throw down their cards and claim the game in play" in offered.decision.text
    claimed = ruled("refused_penalty", facts, "official-1862", election="claim_game")
    assert claimed.hand_points_after == (0, 5) and [g.winner for g in claimed.after.games] == [Side.EW]
    assert [law.cited for law in claimed.decision.laws] == ["XXXVI"]
    played_on = ruled("refused_penalty", facts, "official-1862", election="play_on")
    assert played_on.hand_points_after == (1, 0) and not played_on.decision.effect


@pytest.mark.django_db
def test_the_wizard_stores_the_game_claimed_under_xxxvi_as_the_other_sides_election(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    response = walk(client, rubber, 1, "refused_penalty", {"offender": "N", "what": "refused", "claimed": "in_play"},
                    election="claim_game")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.election, ruling.chooser, ruling.effect) == ("claim_game", "EW", {"refused_penalty": "NS"})
    rubber.refresh_from_db()
    assert list(rubber.games.values_list("winner", "ns_score", "ew_score")) == [("EW", 0, 5)]


# Issue 50: each ruling cites the law that rules it, and each law's gloss agrees with the ruling beside it.
@pytest.mark.parametrize("what", ["taken_up", "misdeal"])
def test_a_deal_claimed_under_vi_after_the_next_trump_is_refused_citing_vi_not_the_counters_law(what):
    late = on(HAND, "deal", {"what": what, "claimed": "after_trump"}, "official-1862").decision
    assert late.too_late and not late.effect
    assert [law.cited for law in late.laws] == ["VI"]
    assert late.text == ("The claim comes too late: a deal gone wrong is dealt again only while that deal is in "
                         "hand; once the trump card of the next deal is turned, it stands with the hand played on it "
                         "(VI). The claim is recorded and the score stands.")


@pytest.mark.parametrize("code", ["official-1862", "rules-1877"])
def test_the_official_laws_revoke_cites_the_points_with_a_gloss_that_plays_the_hand_on(code):
    for key, facts in (("revoke", {"offender": "E", "stage": "established", "claimed": "in_play"}),
                       ("exposed_card", {"offender": "E", "how": "call_refused", "claimed": "in_play"})):
        decision = ruled(key, facts, code).decision
        points = next(law for law in decision.laws if law.cited == "the 1862 summary")
        assert "stops there" not in points.summary and "ends" not in points.summary
        assert points.summary == (
            "A side that revokes gives the other side two points, or four when it was defending against a lone "
            "player; under the Official Laws the hand is still counted, the other side scoring its own points "
            "from it as well and the revoking side none (XXXIV).")
        assert "their own points from the hand as well" in decision.text


def test_the_1877_play_section_states_the_conditions_of_the_count_for_cards_thrown_in():
    section = R1877.law(SECTION_1877 + 9).summary
    assert "claimed at once" in section and "partner is not playing alone" not in section  # our words, not §9's
    assert "only when his partner does not play alone" in section


@pytest.mark.django_db
def test_the_laws_page_and_the_ruling_pdf_state_section_9s_conditions_and_the_revokes_gloss(client, secretary,
                                                                                            players):
    laws = client.get(reverse("laws"), {"code": "rules-1877"}).content.decode()
    assert "only when his partner does not play alone" in laws and "claimed at once" in laws
    assert "and the hand stops there" not in laws
    rubber = a_rubber(EventFactory(rulebook="rules-1877"), players[:4])
    record(rubber, maker="N", tricks=3)
    ruling = make(rubber, 1, "thrown_in", {"offender": "E", "claimed": "in_play"}, by=secretary)
    client.force_login(secretary)
    pdf = client.get(reverse("ruling_pdf", args=[ruling.pk])).content
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "only when his partner does not play alone" in text and "claimed at once" in text


@pytest.mark.django_db
def test_the_wizard_stores_a_late_claim_under_vi_with_vi_as_its_law(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    assert walk(client, rubber, 1, "deal", {"what": "taken_up", "claimed": "after_trump"}).status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.too_late and ruling.laws == [6] and "XXXI" not in ruling.summary


# Issue 50: under the standard game the Official Laws' penalties are cited as theirs, never by a bare numeral.

@pytest.mark.django_db
def test_the_standard_game_cites_the_official_laws_as_theirs_on_its_pages_and_wizard(client, secretary, players):
    import re

    laws = client.get(reverse("laws"), {"code": "standard"}).content.decode()
    assert "Official Laws, VII · too few or too many cards" in laws and "Law VII" not in laws
    assert "(Official Laws, XXII)" in laws and "(Official Laws, XXVI)" in laws
    assert not re.search(r"\((?:[IVXL]+)(?:, [IVXL]+)*\)", laws)  # no bracketed bare numeral anywhere
    rubber = a_rubber(EventFactory(rulebook="standard"), players[:4])
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    url = reverse("ruling_new", args=[rubber.pk])
    client.get(url)
    facts = client.post(url, {f"ruling_{rubber.pk}-current_step": "case", "case-hand": 1,
                              "case-irregularity": "revoke"}).content.decode()
    assert "his side played again (Official Laws, XXII)" in facts
    assert not re.search(r"\((?:[IVXL]+)(?:, [IVXL]+)*\)", facts)
    response = walk(client, rubber, 1, "deal", {"what": "wrong_count", "claimed": "after_trump"})
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.summary.endswith("in the next deal (Official Laws, XXXI). The claim is recorded and the score "
                                   "stands.")
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    assert "Official Laws, XXXI · the counter" in page
    assert "(Official Laws, VII)" in page and not re.search(r"\((?:[IVXL]+)(?:, [IVXL]+)*\)", page)
