"""Explanations: every point carries the laws that gave it."""

from __future__ import annotations

from scoring.engine import RULEBOOKS, SOMERSET_1888, Reason
from scoring.engine.explain import explain_rubber
from tests.engine.helpers import alone, made, score

# Reasons only the codes without laps give: a signal, cards thrown in, and what XXVI and XXXIV take away.
MATCH_ONLY = {Reason.SIGNAL, Reason.THROWN_IN, Reason.OFFENDERS_VOID, Reason.REVOKE_ENDED_HAND,
              Reason.REPLACED_BY_THROWN_IN, Reason.GAME_ALREADY_WON, Reason.REVOKES_OFFSET, Reason.COUNTER_ERROR,
              Reason.PENALTY_REFUSED, Reason.UNCOUNTED}
HOUSE_ONLY = {Reason.DEFENDED_LONE_EUCHRE}  # a house rule of the standard game


def test_each_somerset_reason_cites_a_law_with_a_summary():
    for reason in set(Reason) - MATCH_ONLY - HOUSE_ONLY:
        laws = SOMERSET_1888.laws_for(reason)
        assert laws, reason
        for number in laws:
            assert SOMERSET_1888.law(number).summary


def test_every_law_a_code_cites_is_in_its_own_table():
    for rulebook in RULEBOOKS.values():
        for reason, laws in rulebook.cites.items():
            for number in laws:
                assert rulebook.law(number).summary, (rulebook.key, reason, number)
        for _, laws in rulebook.declarers.values():
            assert all(rulebook.law(n).summary for n in laws)


def test_laws_one_to_seven_are_summarised():
    assert all(SOMERSET_1888.law(n).summary for n in range(1, 8))


def test_march_cites_law_two_and_lone_march_law_three():
    result = score(made("N", 5), alone("E", 5))
    assert [(a.reason, a.laws) for a in result.hands[0].awards] == [(Reason.MARCH, (2,))]
    assert [(a.reason, a.laws) for a in result.hands[1].awards] == [(Reason.LONE_MARCH, (3,))]


def test_revoke_cites_laws_63_and_4():
    (revoke, point) = score(made("N", 3, revokes={"EW": 1})).hands[0].awards
    assert revoke.reason is Reason.REVOKE and {63, 4} <= set(revoke.laws)
    assert point.reason is Reason.POINT and point.counted


def test_law_90_shows_the_voided_points():
    awards = score(made("N", 5, wrong_cards="NS")).hands[0].awards
    assert [(a.side.value, a.points, a.counted) for a in awards] == [("NS", 2, False), ("EW", 2, True)]
    assert 90 in awards[0].laws


def test_games_cite_laws_for_lap_and_double():
    result = score(made("N", 5), made("N", 5), made("N", 5))
    (game,) = result.games
    assert {2, 7, 1} <= set(game.laws)


def test_text_account_mentions_each_hand_and_law():
    result = score(made("N", 5), made("N", 5, revokes={"EW": 1}), {"result": "passed"})
    text = explain_rubber(result, SOMERSET_1888)
    assert "Hand 1" in text and "Hand 3" in text
    assert "law 2" in text and "laws 63, 71, 4" in text and "law 77" in text
    assert "Game 1: NS won" in text
