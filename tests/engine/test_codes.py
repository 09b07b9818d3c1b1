"""Each code beyond Somerset scores as the rulebooks note fixes: a table of cases per rule, per code."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import IllegalReport, MalformedRubber, Reason, parse_rubber, rubber_to_document, score_rubber
from scoring.engine.explain import explain_rubber
from scoring.engine.interchange import loads
from tests.engine.helpers import alone, made, score

MATCH_CODES = ("official-1862", "rules-1877", "standard")


def tally(*hands: dict[str, Any], code: str, **document: Any) -> tuple[int, int] | None:
    return score(*hands, rulebook=code, **document).current_score


def counted(result: Any, hand: int) -> list[tuple[str, int, Reason]]:
    return [(a.side.value, a.points, a.reason) for a in result.hands[hand - 1].awards if a.counted]


# --- a played hand: the summary's points, the same in every code without laps -------------------------------

@pytest.mark.parametrize("code", MATCH_CODES)
@pytest.mark.parametrize(("hand", "expected"), [
    (made("N", 5), (2, 0)),
    (made("N", 4), (1, 0)),
    (made("N", 3), (1, 0)),
    (made("N", 2), (0, 2)),
    (made("N", 0), (0, 2)),
    (alone("E", 5), (0, 4)),
    (alone("E", 3), (0, 1)),
    (alone("E", 2), (2, 0)),  # a lone euchre gives two, not Somerset's four
    (alone("E", 0), (2, 0)),
])
def test_a_hands_points_under_each_code(code, hand, expected):
    assert tally(hand, code=code, game_points=10) == expected


def test_the_game_is_ten_in_the_standard_game_and_five_under_the_old_codes():
    assert tally(alone("N", 5), code="official-1862") == (4, 0)
    assert score(made("N", 5), made("N", 5), made("N", 5), rulebook="standard").current_score == (6, 0)
    assert score(made("N", 5), made("N", 5), made("N", 5), rulebook="official-1862").complete


# --- revokes ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("code", ["official-1862", "rules-1877"])
def test_a_revoke_gives_two_and_the_other_side_keeps_its_own_points(code):
    result = score(made("N", 3, revokes={"EW": 1}), rulebook=code, game_points=10)
    assert counted(result, 1) == [("NS", 2, Reason.REVOKE), ("NS", 1, Reason.POINT)]
    assert result.current_score == (3, 0)


@pytest.mark.parametrize("code", MATCH_CODES)
def test_the_revoking_side_counts_nothing_it_made(code):
    result = score(made("N", 5, revokes={"NS": 1}), rulebook=code, game_points=10)
    assert result.current_score == (0, 2)
    (voided,) = [a for a in result.hands[0].awards if not a.counted]
    assert voided.side.value == "NS" and voided.points == 2


@pytest.mark.parametrize("code", MATCH_CODES)
def test_many_revokes_by_one_side_give_one_award(code):
    assert tally(made("N", 1, revokes={"NS": 3}), code=code, game_points=10) == (0, 2 if code == "standard" else 4)


@pytest.mark.parametrize("code", MATCH_CODES)
def test_a_revoke_against_a_lone_hand_gives_four_but_the_lone_players_own_revoke_gives_two(code):
    assert tally(alone("N", 3, revokes={"EW": 1}), code=code, game_points=10) == ((4, 0) if code == "standard"
                                                                                    else (5, 0))
    assert tally(alone("N", 3, revokes={"NS": 1}), code=code, game_points=10) == (0, 2)


def test_in_the_standard_game_the_revoke_ends_the_hand():
    result = score(made("N", 5, revokes={"EW": 1}), rulebook="standard")
    assert result.current_score == (2, 0)
    assert [a.void_reason for a in result.hands[0].awards] == [None, Reason.REVOKE_ENDED_HAND]


@pytest.mark.parametrize("code", MATCH_CODES)
def test_revokes_by_both_sides_offset_and_the_same_dealer_deals_again(code):
    result = score({"dealer": "N", **made("N", 5, revokes={"NS": 2, "EW": 1})}, {"dealer": "N", **made("E", 3)},
                   rulebook=code)
    assert result.hands[0].awards == () and result.hands[0].next_dealer.value == "N"
    assert result.hands[0].notes[0][0] is Reason.REVOKES_OFFSET
    assert result.current_score == (0, 1)
    with pytest.raises(IllegalReport, match="out of turn"):
        score({"dealer": "N", **made("N", 5, revokes={"NS": 1, "EW": 1})}, {"dealer": "E", **made("E", 3)},
              rulebook=code)


def test_somerset_still_nets_revokes_and_scores_each_one_left():
    result = score(made("E", 3, revokes={"NS": 1, "EW": 3}))
    assert result.games[0].score == (6, 0) and result.games[0].lap == 1  # two revokes left, three each (law 63)


# --- signals, wrong cards, cards thrown in ---------------------------------------------------------------

@pytest.mark.parametrize("code", MATCH_CODES)
def test_a_signal_gives_the_other_side_one_and_the_signallers_count_nothing(code):
    assert tally(made("N", 5, signal="NS"), code=code, game_points=10) == (0, 1)
    assert tally(made("N", 4, signal="EW"), code=code, game_points=10) == (2, 0)


def test_under_somerset_a_signal_is_etiquette_and_scores_nothing():
    assert score(made("N", 5, signal="NS")).current_score == (2, 0)


@pytest.mark.parametrize("code", MATCH_CODES)
def test_wrong_cards_cost_the_offenders_their_points_and_no_more(code):
    assert tally(made("N", 5, wrong_cards="NS"), code=code, game_points=10) == (0, 0)
    assert tally(made("N", 1, wrong_cards="NS"), code=code, game_points=10) == (0, 2)
    assert tally(made("N", 5, wrong_cards="EW"), code=code, game_points=10) == (2, 0)


@pytest.mark.parametrize(("hand", "expected"), [
    (made("N", 3, thrown_in="EW"), (2, 0)),  # the makers count the march in place of their point
    (alone("N", 3, thrown_in="EW"), (4, 0)),  # a lone maker's march is four
    (made("N", 4, thrown_in="NS"), (0, 2)),  # the defenders count the euchre, and the makers nothing
    (alone("N", 5, thrown_in="NS"), (0, 2)),
])
def test_cards_thrown_in_give_the_other_side_what_all_five_tricks_would(hand, expected):
    assert tally(hand, code="rules-1877", game_points=10) == expected


@pytest.mark.parametrize("code", ["somerset-1888", "official-1862", "standard"])
def test_cards_thrown_in_are_refused_outside_the_1877_rules_naming_the_code(code):
    with pytest.raises(MalformedRubber, match=code) as refused:
        parse_rubber({"rulebook": code, "hands": [made("N", 3, thrown_in="EW")]})
    assert refused.value.field == "thrown_in" and refused.value.hand == 1


@pytest.mark.parametrize("key", ["adversary_abandoned", "partner_exposed"])
@pytest.mark.parametrize("code", MATCH_CODES)
def test_somersets_own_penalties_are_refused_under_the_other_codes(code, key):
    with pytest.raises(MalformedRubber, match=code):
        parse_rubber({"rulebook": code, "hands": [alone("N", 3, **{key: True})]})


# --- the order of a hand's points, and the game won part way through it ----------------------------------

def test_the_revoke_award_that_wins_the_game_loses_the_rest_of_the_hand():
    result = score(made("N", 3), alone("E", 2), made("N", 4, revokes={"EW": 1}), rulebook="official-1862")
    assert [(g.winner.value, g.score) for g in result.games] == [("NS", (5, 0))]
    assert result.hands[2].awards[-1].void_reason is Reason.GAME_ALREADY_WON
    assert result.complete and result.rubber_winner.value == "NS"


def test_the_points_that_reach_the_game_are_all_kept_in_the_tally():
    result = score(made("N", 3), made("N", 3), made("N", 3), made("N", 3), alone("N", 5), rulebook="official-1862")
    assert result.games[0].score == (8, 0) and result.games[0].lap == 0 and not result.games[0].double


def test_best_of_three_ends_when_a_side_has_two_and_no_hand_may_follow():
    marches = [made("N", 5)] * 3
    with pytest.raises(IllegalReport, match="match was complete after hand 6") as refused:
        score(*marches, *marches, made("E", 3), rulebook="official-1862", games=3)
    assert refused.value.hand == 7
    result = score(*marches, *marches, rulebook="official-1862", games=3)
    assert result.complete and result.rubber_points == (2, 0) and len(result.games) == 2


def test_best_of_three_goes_to_a_third_game_at_one_all():
    result = score(*[made("N", 5)] * 3, *[made("E", 5)] * 3, made("N", 3), rulebook="standard", games=3,
                   game_points=5)
    assert not result.complete and result.rubber_points == (1, 1) and result.current_score == (1, 0)


# --- the document's game and match ------------------------------------------------------------------------

@pytest.mark.parametrize(("document", "field"), [
    ({"rulebook": "somerset-1888", "game_points": 10}, "game_points"),
    ({"rulebook": "somerset-1888", "games": 1}, "games"),
    ({"rulebook": "standard", "game_points": 9}, "game_points"),
    ({"rulebook": "standard", "game_points": True}, "game_points"),
    ({"rulebook": "official-1862", "games": 2}, "games"),
    ({"rulebook": "official-1862", "games": "3"}, "games"),
])
def test_a_game_or_match_the_code_does_not_allow_is_refused(document, field):
    with pytest.raises(MalformedRubber) as refused:
        parse_rubber({**document, "hands": []})
    assert refused.value.field == field
    import json
    with pytest.raises(MalformedRubber):
        loads(json.dumps({**document, "hands": []}))


@pytest.mark.parametrize(("code", "points"), [("standard", 10), ("official-1862", 5), ("rules-1877", 5)])
def test_each_codes_default_game(code, points):
    report = parse_rubber({"rulebook": code, "hands": []})
    assert report.rulebook.winning.game_points == points and report.rulebook.games == 1


def test_export_writes_the_code_the_game_and_the_match_and_reads_them_back():
    report = parse_rubber({"rulebook": "rules-1877", "game_points": 7, "games": 3,
                           "hands": [alone("N", 5, declared_by="S", declaration="made", dealer="E"),
                                     {"dealer": "S", **made("E", 3, thrown_in="NS", signal="EW")}]})
    document = rubber_to_document(report)
    assert (document["rulebook"], document["game_points"], document["games"]) == ("rules-1877", 7, 3)
    assert document["hands"][0]["declared_by"] == "S" and document["hands"][1]["thrown_in"] == "NS"
    import json
    again = loads(json.dumps(document))
    assert again == report
    assert "game_points" not in rubber_to_document(parse_rubber({"hands": []}))


def test_the_explanation_cites_each_code_in_its_own_numbering():
    report = parse_rubber({"rulebook": "rules-1877", "hands": [made("N", 3, revokes={"EW": 1}),
                                                               made("N", 4, thrown_in="NS")]})
    text = explain_rubber(score_rubber(report.hands, report.rulebook), report.rulebook)
    assert "law XXV" not in text and "the 1862 summary" in text and "1877 §9" in text and "law XXXIV" in text
    assert "rubber point" not in text and "Match in progress: games won NS 0 – EW 0" in text


# --- declarations ------------------------------------------------------------------------------------------

def declared(code: str, dealer: str, hand: dict[str, Any]) -> tuple[int, int] | None:
    return score({"dealer": dealer, **hand}, rulebook=code, game_points=10).current_score


@pytest.mark.parametrize(("declaration", "maker", "allowed"), [
    ("adopted", "N", True), ("adopted", "S", False),
    ("assisted", "S", True), ("assisted", "N", False),
    ("ordered_up", "E", True), ("ordered_up", "S", True), ("ordered_up", "N", False),
    ("made", "N", True), ("made", "W", True),
])
def test_the_standard_game_checks_who_may_make_each_declaration(declaration, maker, allowed):
    hand = made(maker, 3, declaration=declaration)
    if allowed:
        assert declared("standard", "N", hand) is not None
    else:
        with pytest.raises(IllegalReport) as refused:
            declared("standard", "N", hand)
        assert refused.value.field == "declaration"


@pytest.mark.parametrize(("declaration", "maker", "declared_by", "allowed"), [
    ("assisted", "N", "S", True),  # the dealer may play alone on his partner's assist
    ("ordered_up", "W", "E", True),  # the dealer's right may take the dealer's left's order-up
    ("ordered_up", "E", "W", False),  # the dealer's left may not take his partner's order-up
    ("adopted", "S", "N", False),  # the dealer's partner may not take the dealer's adoption
    ("made", "W", "E", True),
    ("made", "E", "W", False),
    ("ordered_up", "E", None, True),
    ("ordered_up", "S", None, False),  # the dealer's partner does not order up; he assists
    ("assisted", "N", None, False),  # nor does the dealer assist
])
def test_the_1877_privileges(declaration, maker, declared_by, allowed):
    extra = {"declared_by": declared_by} if declared_by else {}
    hand = alone(maker, 5, declaration=declaration, **extra)
    if allowed:
        assert declared("rules-1877", "N", hand) is not None
    else:
        with pytest.raises(IllegalReport, match="1877 §") as refused:
            declared("rules-1877", "N", hand)
        assert refused.value.field == "declaration"


@pytest.mark.parametrize("code", ["somerset-1888", "official-1862"])
def test_the_side_check_applies_to_the_player_who_declared(code):
    # East ordered up against North's deal and West, his partner, took it alone: East's side may order up.
    assert score({"dealer": "N", **alone("W", 5, declared_by="E", declaration="ordered_up")},
                 rulebook=code).hands[0].awards
    with pytest.raises(IllegalReport, match="cannot have"):
        score({"dealer": "N", **alone("N", 5, declared_by="S", declaration="ordered_up")}, rulebook=code)


@pytest.mark.parametrize(("hand", "message"), [
    (made("N", 3, declared_by="S"), "only a lone hand"),
    (alone("N", 3, declared_by="E"), "partner"),
])
def test_declared_by_must_be_the_lone_players_partner(hand, message):
    with pytest.raises(IllegalReport, match=message):
        parse_rubber({"rulebook": "rules-1877", "hands": [hand]})


# --- the counter's error and a refused penalty ------------------------------------------------------------

@pytest.mark.parametrize("code", MATCH_CODES)
def test_points_a_counter_wrongly_added_go_to_the_other_side(code):
    result = score(made("N", 3, miscount={"NS": 2}), rulebook=code, game_points=10)
    assert result.current_score == (1, 2)
    assert counted(result, 1)[0] == ("EW", 2, Reason.COUNTER_ERROR)


def test_a_side_that_refuses_a_penalty_loses_the_game_in_play():
    result = score(made("E", 5), made("N", 3, refused_penalty="NS"), made("N", 5), rulebook="standard", games=3)
    # XXXVI with XXXIV: North-South refused, so their own point from that hand is not counted either.
    assert [(g.winner.value, g.score) for g in result.games] == [("EW", (0, 10))]
    assert result.current_score == (2, 0)
    assert result.hands[1].awards[-1].reason is Reason.PENALTY_REFUSED and result.hands[1].awards[-1].points == 8


@pytest.mark.parametrize("key", ["miscount", "refused_penalty"])
def test_the_counters_error_and_a_refused_penalty_are_not_somersets(key):
    with pytest.raises(MalformedRubber, match="somerset-1888"):
        parse_rubber({"hands": [made("N", 3, **{key: {"NS": 1} if key == "miscount" else "NS"})]})
