"""Each way one played hand can score, from a 0-0 start (laws 2, 3, 50, 63, 71, 90, 102)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import alone, made, score

# (what the table reported, the score after it as (NS, EW))
CASES = [
    pytest.param(made("N", 3), (1, 0), id="law2-point-3-tricks"),
    pytest.param(made("S", 4), (1, 0), id="law2-point-4-tricks"),
    pytest.param(made("N", 5), (2, 0), id="law2-march"),
    pytest.param(made("E", 5), (0, 2), id="law2-march-by-EW"),
    pytest.param(made("N", 2), (0, 2), id="law2-euchre-2-tricks"),
    pytest.param(made("N", 0), (0, 2), id="law2-euchre-0-tricks"),
    pytest.param(made("W", 1), (2, 0), id="law2-euchre-of-EW"),
    pytest.param(alone("N", 5), (4, 0), id="law3-lone-march"),
    pytest.param(alone("N", 4), (1, 0), id="law3-lone-point"),
    pytest.param(alone("N", 3), (1, 0), id="law3-lone-point-3"),
    pytest.param(alone("N", 2), (0, 4), id="law3-lone-euchre"),
    pytest.param(alone("E", 0), (4, 0), id="law3-lone-euchre-of-EW"),
    pytest.param(alone("N", 5, partner_exposed=True), (2, 0), id="law102-march-capped"),
    pytest.param(alone("N", 4, partner_exposed=True), (1, 0), id="law102-point-unchanged"),
    pytest.param(alone("N", 1, partner_exposed=True), (0, 4), id="law102-euchre-still-four"),
    pytest.param(made("N", 5, wrong_cards="NS"), (0, 2), id="law90-makers-offend-lose-march"),
    pytest.param(made("N", 5, wrong_cards="EW"), (4, 0), id="law90-defenders-offend"),
    pytest.param(made("N", 1, wrong_cards="NS"), (0, 4), id="law90-euchred-makers-offend"),
    pytest.param(made("N", 1, wrong_cards="EW"), (2, 0), id="law90-defenders-offend-lose-euchre"),
    pytest.param(alone("N", 4, wrong_cards="NS"), (0, 4), id="law90-lone-forfeit-four"),
    pytest.param(made("N", 3, revokes={"EW": 1}), (4, 0), id="law63-revoke-by-defenders"),
    pytest.param(made("N", 3, revokes={"NS": 1}), (1, 3), id="law63-revoke-by-makers"),
    pytest.param(made("N", 3, revokes={"NS": 1, "EW": 1}), (1, 0), id="law71-revokes-cancel"),
    pytest.param(made("N", 3, revokes={"NS": 2, "EW": 1}), (1, 3), id="law71-one-left-over"),
    pytest.param(made("N", 0, revokes={"NS": 0, "EW": 1}), (3, 2), id="law63-revoke-and-euchre"),
    pytest.param(made("E", 3, revokes={"NS": 1}), (0, 4), id="law63-makers-EW-gain-revoke"),
]


@pytest.mark.parametrize(("hand", "after"), CASES)
def test_one_hand_scores_what_its_law_gives(hand, after):
    result = score(hand)
    assert result.current_score == after
    assert result.games == ()


@pytest.mark.parametrize(
    ("hand", "winner", "tally", "lap"),
    [
        pytest.param(alone("N", None, adversary_abandoned=True), "NS", (5, 0), 0, id="law50-five-no-tricks"),
        pytest.param(alone("N", 1, adversary_abandoned=True), "NS", (5, 0), 0, id="law50-whatever-the-tricks"),
        pytest.param(alone("N", 3, revokes={"EW": 1}), "NS", (6, 0), 1, id="law63-lone-revoke-five"),
        pytest.param(alone("N", 3, revokes={"NS": 1}), "EW", (0, 5), 0, id="law4-lone-revoke-ends-game"),
        pytest.param(alone("E", 2, wrong_cards="EW"), "NS", (8, 0), 3, id="law90-lone-euchre-plus-forfeit"),
    ],
)
def test_one_hand_wins_a_game(hand, winner, tally, lap):
    result = score(hand)
    (game,) = result.games
    assert (game.winner.value, game.score, game.lap) == (winner, tally, lap)
    assert game.double  # the losers scored nothing
    assert game.value == 2
