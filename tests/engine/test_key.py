"""The scoring key printed on every sheet follows the rulebook's numbers (laws 2, 3 and 7)."""

from __future__ import annotations

import dataclasses

from scoring.engine import SOMERSET_1888
from scoring.engine.key import scoring_key


def test_key_states_the_somerset_values():
    key = {(line.law, line.case): line.scores for line in scoring_key(SOMERSET_1888)}
    assert key[("2", "Makers take all 5 tricks (a march)")] == "2 points to the makers"
    assert key[("2", "Makers take 3 or 4 tricks")] == "1 point to the makers"
    assert key[("2", "Makers take 2 or fewer (euchred)")] == "2 points to the defenders"
    assert key[("3", "Lone hand takes all 5 tricks")] == "4 points to the lone player"
    assert key[("3", "Lone hand euchred")] == "4 points to the defenders"
    assert key[("7", "Game won, the losers on nothing")] == "double: 2 rubber points"
    assert key[("7", "Rubber won (2 games of 3)")] == "2 more rubber points; 10 at most"


def test_key_changes_with_the_rulebook():
    other = dataclasses.replace(SOMERSET_1888, points=dataclasses.replace(SOMERSET_1888.points, march=3, lone_euchre=5,
                                                                        rubber_bonus=3))
    scores = " / ".join(line.scores for line in scoring_key(other))
    assert "3 points to the makers" in scores
    assert "5 points to the defenders" in scores
    assert f"3 more rubber points; {other.max_rubber_points} at most" in scores
    assert other.max_rubber_points == 11


def test_the_standard_games_key_has_a_line_for_a_lone_defenders_euchre_only_where_the_house_rules_allow_it():
    from scoring.engine.interchange import house_ruled
    from scoring.engine.rulebook import STANDARD

    housed = house_ruled(STANDARD, {"defend_alone": True, "defend_alone_euchre": 6})
    key = {line.case: line.scores for line in scoring_key(housed)}
    assert key["Lone hand euchred by a defender playing alone (a house rule)"] == "6 points to the defenders"
    assert key["Lone hand euchred"] == "2 points to the defenders"
    plain = [line.case for line in scoring_key(STANDARD)]
    assert not any("defender playing alone" in case for case in plain)


def test_the_standard_games_key_names_the_book_of_a_penalty_it_borrows():
    from scoring.engine.rulebook import OFFICIAL_1862, STANDARD

    standard = {line.case: line.law for line in scoring_key(STANDARD)}
    assert standard["A signal across the table (Official Laws)"] == "XXXIII"
    assert standard["A side paying a penalty (Official Laws)"] == "XXXIV"
    assert standard["A revoke"] == ""  # the standard game's own summary
    official = {line.case: line.law for line in scoring_key(OFFICIAL_1862)}
    assert official["A signal across the table"] == "XXXIII"
