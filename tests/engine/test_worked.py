"""The worked game How scoring works shows: under every combination of house rules and every game, each deal is one
the rules allow (read back through the interchange format and scored), the game is played until a side wins it and
no further, and each rule in force is shown where it applies."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from scoring.engine import RULEBOOKS, Declaration, HandResult, Reason, RubberResult, Rulebook, Seat, score_rubber
from scoring.engine.interchange import RubberReport, parse_rubber, rubber_to_document
from scoring.engine.rulebook import HOUSE_RULES, NO_HOUSE_RULES, STANDARD, HouseRules
from scoring.engine.worked import worked_game


def every_house() -> list[HouseRules]:
    """Every value of every house rule, each with each: a lone defender's euchre is set only where a defender may
    play alone (`read_house_rules` refuses it otherwise)."""
    keys = [f.name for f in fields(HouseRules)]
    assert set(keys) == set(HOUSE_RULES)
    chosen = []
    for values in itertools.product(*(HOUSE_RULES[key].values for key in keys)):
        rules = HouseRules(**dict(zip(keys, values, strict=True)))
        if rules.defend_alone or rules.defend_alone_euchre == NO_HOUSE_RULES.defend_alone_euchre:
            chosen.append(rules)
    return chosen


HOUSES = every_house()


def test_every_combination_is_counted():
    # lone_euchre 2, table_talk 2, stick_the_dealer 2, canadian_loner 2, defend_alone: no, or yes at 4, 5 or 6.
    assert len(HOUSES) == 2 * 2 * 2 * 2 * (1 + 3) == 64
    assert len(set(HOUSES)) == len(HOUSES)


def played(rulebook: Rulebook) -> RubberResult:
    """The worked game read back as a document under the rulebook (each hand's own checks), then scored (the deal,
    the declarations, the game): an IllegalReport or a MalformedRubber here is a deal the rules forbid."""
    hands = worked_game(rulebook)
    report = parse_rubber(rubber_to_document(RubberReport(hands=hands, rulebook=rulebook)))
    assert report.hands == hands and report.rulebook == rulebook
    return score_rubber(report.hands, report.rulebook, first_dealer=Seat.N)


def awards(result: RubberResult, reason: Reason) -> list[tuple[int, bool]]:
    """Each award for `reason`: its points, and whether it went to the side that did not make trump."""
    return [(a.points, a.side is not scored.hand.makers) for scored in result.hands for a in scored.awards
            if a.reason is reason and a.counted]


def assert_played_to_the_end(result: RubberResult) -> None:
    """A side won the first game with the last deal, and no deal came after it."""
    assert len(result.games) == 1
    assert result.hands[-1].games_closed == (1,)
    assert all(not scored.games_closed for scored in result.hands[:-1])


@pytest.mark.parametrize("game_points", STANDARD.winning.game_choices)
@pytest.mark.parametrize("house", HOUSES, ids=lambda h: "-".join(f"{k}={v}" for k, v in h.document().items()) or "none")
def test_the_worked_game_shows_each_house_rule_in_force_and_plays_to_the_end(house, game_points):
    rulebook = STANDARD.housed(house).playing(game_points)
    result = played(rulebook)
    assert_played_to_the_end(result)
    hands = [scored.hand for scored in result.hands]
    # A lone hand euchred, at the house's figure, to the defenders; and a march.
    assert (house.lone_euchre, True) in awards(result, Reason.LONE_EUCHRE)
    assert awards(result, Reason.MARCH)
    # The stuck dealer names trump, and no deal is passed all round; or, where he is not stuck, a deal is passed.
    passed = [hand for hand in hands if hand.result is HandResult.PASSED]
    stuck = [hand for hand in hands if hand.maker is hand.dealer and hand.declaration is Declaration.MADE]
    assert (bool(stuck), bool(passed)) == ((True, False) if house.stick_the_dealer else (False, True))
    # The dealer's partner who orders him up plays alone.
    assists = [hand for hand in hands if hand.declaration is Declaration.ASSISTED]
    if house.canadian_loner:
        assert assists and all(h.alone and h.dealer is not None and h.maker is h.dealer.partner for h in assists)
    # A lone defender euchres a lone hand, for the house's figure.
    defended = awards(result, Reason.DEFENDED_LONE_EUCHRE)
    assert defended == ([(house.defend_alone_euchre, True)] if house.defend_alone else [])
    # Table talk at the house's figure, when the house changes it.
    if house.table_talk != NO_HOUSE_RULES.table_talk:
        assert house.table_talk in [points for points, _ in awards(result, Reason.SIGNAL)]


@pytest.mark.parametrize("house", [HouseRules(), HouseRules(lone_euchre=4, stick_the_dealer=True)])
def test_a_best_of_three_works_its_first_game(house):
    result = played(STANDARD.housed(house).playing(10, 3))
    assert_played_to_the_end(result)
    assert not result.complete and result.games[0].score[0] != result.games[0].score[1]


@pytest.mark.parametrize(("code", "game_points"), [(code.key, points) for code in RULEBOOKS.values()
                                                   for points in code.winning.game_choices])
def test_every_code_works_a_game_with_a_lone_euchre_and_a_march(code, game_points):
    rulebook = RULEBOOKS[code].playing(game_points)
    result = played(rulebook)
    assert_played_to_the_end(result)
    assert (rulebook.points.lone_euchre, True) in awards(result, Reason.LONE_EUCHRE)
    assert awards(result, Reason.MARCH)


def test_the_standard_game_as_written_shows_a_point_a_revoke_a_pass_a_signal_and_a_euchre():
    """With room to spare (a game to ten and no house rules), the worked game shows the code's other laws too."""
    result = played(STANDARD)
    for reason in (Reason.POINT, Reason.REVOKE, Reason.LONE_MARCH, Reason.SIGNAL, Reason.EUCHRE):
        assert awards(result, reason), reason
    assert any(scored.hand.result is HandResult.PASSED for scored in result.hands)


def test_a_progressive_nights_code_shows_its_deals_and_wins_no_game():
    rulebook = STANDARD.housed(HouseRules(lone_euchre=4)).tallied()
    result = score_rubber(worked_game(rulebook), rulebook, first_dealer=Seat.N)
    assert not result.games and (4, True) in awards(result, Reason.LONE_EUCHRE)


def test_the_worked_game_is_chosen_once_for_each_rulebook():
    rulebook = STANDARD.housed(HouseRules(canadian_loner=True)).playing(7)
    assert worked_game(rulebook) is worked_game(rulebook)
    assert worked_game(rulebook) != worked_game(STANDARD.playing(7))
