"""The revoke award has one home, `Rulebook.revoke_award`: the scorer, the match scorer and a ruling's words all
give what it gives, under every code and every switch of the rulebook."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from scoring.engine import RULEBOOKS, SOMERSET_1888, ReportedHand, Rulebook, Seat, Side
from scoring.engine.rulings import rule

LONE_POINT = ReportedHand(dealer=Seat.N, maker=Seat.E, alone=True, tricks=3)  # East alone takes three
SOMERSET_REVOKE = {"cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}
OFFICIAL_REVOKE = {"stage": "established", "claimed": "before_cut"}

EACH_PAID_BY_DEFENDERS = dataclasses.replace(
    SOMERSET_1888, penalties=dataclasses.replace(SOMERSET_1888.penalties, lone_revoke_by_defenders=True))
"""Somerset's numbers, each revoke scored, with the Official Laws' rule that only the lone player's adversaries pay
the lone hand's award: no code the club plays, but one the rulebook's switches allow."""


@pytest.mark.parametrize(("offender", "text", "after"), [
    ("E", "So North-South score 2 points", (2, 0)),  # the lone player's side revoked: the partnership award
    ("N", "So East-West score 4 points", (0, 5)),  # his adversaries revoked: the lone hand's, and his point
])
def test_under_the_official_laws_the_lone_hands_award_is_paid_only_by_his_adversaries(
        offender: str, text: str, after: tuple[int, int]) -> None:
    ruled = rule([LONE_POINT], 1, "revoke", {**OFFICIAL_REVOKE, "offender": offender}, None,
                 rulebook=RULEBOOKS["official-1862"])
    assert text in ruled.decision.text
    assert ruled.hand_points_after == after


@pytest.mark.parametrize("rulebook", [SOMERSET_1888, EACH_PAID_BY_DEFENDERS], ids=["somerset", "paid-by-defenders"])
@pytest.mark.parametrize("offender", ["E", "N"])
def test_a_rulings_words_and_the_scorer_give_the_rulebooks_revoke_award(rulebook: Rulebook, offender: str) -> None:
    revoked = Seat(offender).side
    award = rulebook.revoke_award(revoked, Side.EW, alone=True)
    ruled = rule([LONE_POINT], 1, "revoke", {**SOMERSET_REVOKE, "offender": offender}, None, rulebook=rulebook)
    assert f"each revoke is worth {award} points" in ruled.decision.text
    assert f"score {award} points" in ruled.decision.text
    scored = ruled.hand_points_after[0] if revoked is Side.EW else ruled.hand_points_after[1] - 1
    assert scored == award


def test_the_lone_players_side_pays_the_partnership_award_only_where_the_code_says() -> None:
    assert SOMERSET_1888.revoke_award(Side.EW, Side.EW, alone=True) == SOMERSET_1888.points.lone_revoke
    assert EACH_PAID_BY_DEFENDERS.revoke_award(Side.EW, Side.EW, alone=True) == SOMERSET_1888.points.revoke
    assert EACH_PAID_BY_DEFENDERS.revoke_award(Side.NS, Side.EW, alone=True) == SOMERSET_1888.points.lone_revoke


def test_how_many_awards_a_sides_revokes_pay_has_one_home():
    """Law 63 scores each revoke left over; XXV one award whatever the count: both scorers ask the rulebook."""
    from scoring.engine import RULEBOOKS

    somerset, official = RULEBOOKS["somerset-1888"], RULEBOOKS["official-1862"]
    assert [somerset.awards_for(n) for n in (0, 1, 3)] == [0, 1, 3]
    assert [official.awards_for(n) for n in (0, 1, 3)] == [0, 1, 1]
    engine = Path(__file__).resolve().parents[2] / "scoring" / "engine"
    asking = [path.name for path in engine.rglob("*.py") if "revoke_each else" in path.read_text()]
    assert asking == ["book.py"]  # Rulebook.awards_for
