"""Invariants of the laws over random rubbers (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring.engine import SOMERSET_1888, IllegalReport, RubberReport, Side, score_rubber
from scoring.engine.hands import HandResult
from scoring.engine.interchange import loads, rubber_to_document
from tests.engine.strategies import any_hand, rubbers

RB = SOMERSET_1888
SIDES_ORDER = (Side.NS, Side.EW)


@given(rubbers)
def test_no_side_ever_has_more_than_ten_rubber_points(hands):
    result = score_rubber(hands)
    assert all(0 <= p <= RB.max_rubber_points == 10 for p in result.rubber_points)


@given(rubbers)
def test_game_winners_reach_five_losers_do_not(hands):
    for game in score_rubber(hands).games:
        tally = dict(zip(SIDES_ORDER, game.score, strict=True))
        assert tally[game.winner] >= RB.winning.game_points
        assert tally[game.winner] - RB.winning.game_points == game.lap
        assert tally[game.loser] < RB.winning.game_points
        assert game.double == (tally[game.loser] == 0)
        assert game.value == (2 if game.double else 1)


@given(rubbers)
def test_complete_rubber_has_three_or_four_games(hands):
    result = score_rubber(hands)
    if result.complete:
        assert len(result.games) in (3, 4)
        assert (len(result.games) == 4) == (result.games[2].lap > 0)
        assert result.current_score is None
    else:
        assert len(result.games) <= 3
        assert result.current_score is not None


@given(rubbers)
def test_rubber_winner_won_two_of_the_first_three(hands):
    result = score_rubber(hands)
    first_three = [g.winner for g in result.games[:3]]
    if result.rubber_winner is None:
        assert all(first_three.count(side) < 2 for side in SIDES_ORDER)
    else:
        assert first_three.count(result.rubber_winner) >= 2
    if result.complete:
        assert result.rubber_winner is not None


@given(rubbers)
def test_rubber_points_are_game_values_plus_bonus(hands):
    result = score_rubber(hands)
    for i, side in enumerate(SIDES_ORDER):
        values = sum(g.value for g in result.games if g.winner is side)
        bonus = RB.points.rubber_bonus if result.rubber_winner is side else 0
        assert result.rubber_points[i] == values + bonus


@given(rubbers, st.data())
def test_a_prefix_never_disagrees_with_the_whole(hands, data):
    cut = data.draw(st.integers(0, len(hands)))
    whole, prefix = score_rubber(hands), score_rubber(hands[:cut])
    assert whole.games[: len(prefix.games)] == prefix.games
    if prefix.rubber_winner is not None:
        assert whole.rubber_winner is prefix.rubber_winner
    if prefix.complete:
        assert cut == len(hands)


@given(rubbers)
def test_bulk_and_explained_scoring_agree_on_every_total(hands):
    bulk, explained = score_rubber(hands, explain=False), score_rubber(hands)
    assert bulk.to_document() == explained.to_document()
    assert [(g.number, g.winner, g.score, g.lap, g.double, g.value, g.closed_by_hand) for g in bulk.games] == [
        (g.number, g.winner, g.score, g.lap, g.double, g.value, g.closed_by_hand) for g in explained.games]
    assert (bulk.rubber_won_at_hand, bulk.complete_at_hand, bulk.next_dealer) == (
        explained.rubber_won_at_hand, explained.complete_at_hand, explained.next_dealer)
    last = explained.hands[-1].score_after if explained.hands else (0, 0)
    assert bulk.current_score == (None if explained.complete else last)


@given(rubbers)
def test_every_point_scored_is_explained(hands):
    """Counted awards add up to everything in the game tallies, laps carried counted once."""
    result = score_rubber(hands)
    for i, side in enumerate(SIDES_ORDER):
        awarded = sum(hs.points(side) for hs in result.hands)
        tallied = sum(g.score[i] for g in result.games)
        tallied += result.current_score[i] if result.current_score else 0
        carried = [g for g in result.games if g.winner is side and g.lap]
        if result.complete and carried and carried[-1] is result.games[-1]:
            carried = carried[:-1]  # the last game's lap is carried nowhere
        assert awarded == tallied - sum(g.lap for g in carried)


@given(rubbers)
def test_explained_hands_cite_laws(hands):
    for hs in score_rubber(hands).hands:
        assert all(award.laws for award in hs.awards)
        if hs.hand.result is HandResult.PLAYED:
            assert hs.awards
        else:
            assert hs.notes and all(laws for _, laws in hs.notes)


@given(st.lists(any_hand, min_size=40, max_size=60), any_hand)
def test_the_rubber_completes_at_one_hand_and_refuses_the_next(hands, extra):
    """Hand by hand, the first prefix that completes the rubber ends at its own last hand; one more is refused."""
    kept = []
    for hand in hands:
        kept.append(hand)
        result = score_rubber(kept, explain=False)
        if result.complete:
            break
    assume(result.complete)
    assert result.complete_at_hand == len(kept)
    with pytest.raises(IllegalReport) as refused:
        score_rubber([*kept, extra], explain=False)
    assert refused.value.hand == len(kept) + 1
    assert f"complete after hand {len(kept)}" in refused.value.message


@given(rubbers)
def test_a_rubber_read_back_from_its_json_keeps_its_hands_and_scores_the_same(hands):
    report = loads(json.dumps(rubber_to_document(RubberReport(hands=tuple(hands)))))
    assert report.hands == tuple(hands)
    assert score_rubber(report.hands, report.rulebook) == score_rubber(hands)
