"""Games, laps, doubles, law 4 precedence, the fourth game and the rubber (laws 1, 4, 7)."""

from __future__ import annotations

import pytest

from scoring.engine import IllegalReport
from tests.engine.helpers import alone, games, made, score

NS_GAME = [made("N", 5), made("N", 5), made("N", 3)]  # NS 5-0 from 0-0: a double
EW_GAME = [made("E", 5), made("E", 5), made("E", 3)]


def test_revoke_ending_game_loses_the_other_sides_points():
    # law 4: EW at 2; NS march with an NS revoke. The 3 revoke points come first and win
    # the game for EW 5-0 (a double); NS's march is lost.
    result = score(made("E", 5), made("N", 5, revokes={"NS": 1}))
    assert games(result) == [("EW", (0, 5), 0, 2)]
    assert result.current_score == (0, 0)
    lost = [a for a in result.hands[1].awards if not a.counted]
    assert [(a.side.value, a.points) for a in lost] == [("NS", 2)]
    assert 4 in lost[0].laws


def test_revoke_short_of_game_lets_both_score():
    result = score(made("N", 5, revokes={"NS": 1}))
    assert result.current_score == (2, 3)


def test_revoke_ending_game_keeps_the_same_sides_points_as_lap():
    # worked example's last hand: NS 4-1, EW revoke, NS point: 4+3=7, then +1 = 8, lap 3.
    hands = [made("N", 5), made("N", 5), made("E", 3), made("N", 4, revokes={"EW": 1})]
    result = score(*hands)
    assert games(result) == [("NS", (8, 1), 3, 1)]
    assert result.current_score == (3, 0)


def test_lap_carried_counts_as_a_score_so_the_next_game_is_single():
    # NS win game 1 with a lap of 1; EW then win game 2 5-1: not a double.
    hands = [made("N", 5), made("N", 5), made("N", 5), *EW_GAME]
    result = score(*hands)
    assert games(result)[1] == ("EW", (1, 5), 0, 1)


def test_a_lap_of_a_whole_game_wins_the_next_at_once():
    # NS lone march with two EW revokes: 10 + 4 = 14. Game 1 14-0 (lap 9); game 2 won at
    # once 9-0 (lap 4); game 3 opens NS 4-0. NS have the rubber after one hand.
    result = score(alone("N", 5, revokes={"EW": 2}))
    assert games(result) == [("NS", (14, 0), 9, 2), ("NS", (9, 0), 4, 2)]
    assert result.games[1].closed_by_hand is None
    assert result.current_score == (4, 0)
    assert result.rubber_winner is not None and result.rubber_winner.value == "NS"
    assert result.rubber_won_at_hand == 1
    assert result.rubber_points == (2 + 2 + 2, 0)
    assert not result.complete


def test_third_game_is_played_after_two_wins():
    result = score(*NS_GAME, *NS_GAME)
    assert result.rubber_winner is not None and result.rubber_winner.value == "NS"
    assert not result.complete
    assert result.current_score == (0, 0)


def test_third_game_without_lap_completes_the_rubber():
    result = score(*NS_GAME, *EW_GAME, *EW_GAME)
    assert result.complete
    assert result.current_score is None
    assert result.rubber_winner is not None and result.rubber_winner.value == "EW"
    assert result.rubber_points == (2, 2 + 2 + 2)


def test_third_game_lap_brings_a_fourth_game():
    third = [made("N", 5), made("N", 5), made("N", 5)]  # 6-0, lap 1
    result = score(*NS_GAME, *EW_GAME, *third)
    assert not result.complete
    assert result.current_score == (1, 0)
    result = score(*NS_GAME, *EW_GAME, *third, *EW_GAME)
    assert result.complete
    assert games(result)[3] == ("EW", (1, 5), 0, 1)
    assert result.rubber_points == (2 + 2 + 2, 2 + 1)


def test_lap_in_fourth_game_is_not_carried_and_the_rubber_ends():
    third = [made("N", 5), made("N", 5), made("N", 5)]
    fourth = [alone("E", 5), alone("E", 5)]  # EW 8: lap 3, carried nowhere
    result = score(*NS_GAME, *EW_GAME, *third, *fourth)
    assert result.complete
    assert games(result)[3] == ("EW", (1, 8), 3, 1)
    assert result.current_score is None


def test_lap_of_a_whole_game_in_game_three_wins_game_four_and_ends():
    result = score(*NS_GAME, *EW_GAME, made("N", 5), alone("N", 5, revokes={"EW": 1}))
    # game 3: NS 2 + 5 + 4 = 11, lap 6; game 4 won at once 6-0, rubber over.
    assert games(result)[2:] == [("NS", (11, 0), 6, 2), ("NS", (6, 0), 1, 2)]
    assert result.complete
    assert result.rubber_points == (2 + 2 + 2 + 2, 2)


def test_four_doubles_and_the_bonus_make_ten():
    third = [made("N", 5), made("N", 5), alone("N", 5)]  # 8-0: lap 3, double
    fourth = [made("N", 5)]  # 3 + 2 = 5-0: a double (the lap is NS's score)
    result = score(*NS_GAME, *NS_GAME, *third, *fourth)
    assert result.complete
    assert [g.value for g in result.games] == [2, 2, 2, 2]
    assert result.rubber_points == (10, 0)


def test_hand_after_a_complete_rubber_is_refused():
    with pytest.raises(IllegalReport) as err:
        score(*NS_GAME, *EW_GAME, *EW_GAME, made("N", 3))
    assert err.value.hand == 10
    assert "hand 10" in str(err.value)


def test_unplayed_hands_score_nothing():
    result = score({"result": "passed"}, {"result": "misdeal"}, {"result": "new_deal"}, made("N", 3))
    assert result.current_score == (1, 0)
    assert [h.awards for h in result.hands[:3]] == [(), (), ()]


def test_a_rubber_without_hands_is_in_progress_at_love():
    result = score()
    assert result.to_document() == {
        "complete": False, "rubber_winner": None, "rubber_points": {"NS": 0, "EW": 0},
        "games": [], "current_score": {"NS": 0, "EW": 0},
    }
